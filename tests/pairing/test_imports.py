"""Entrant imports that never corrupt: encodings, delimiters, duplicates and size limits."""

from __future__ import annotations

import codecs
import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

LIST = (
    "name,fide_rating,federation,fide_id,national_id,birth_date\n"
    '"Müller, Jörg",2100,GER,,,1990-05-04\n'
    '"Muñoz, José",2050,ESP,,E-77,\n'
    '"Ørsted, Åse",1980,DEN,12345678,,\n'
    '"Keller, Anna",1900,SUI,,,\n'
)
NAMES = ["Müller, Jörg", "Muñoz, José", "Ørsted, Åse", "Keller, Anna"]


def upload(client, tournament, data: bytes, name: str = "players.csv"):
    url = reverse("arbiter:entrants-import", args=[tournament.slug])
    return client.post(url, {"file": SimpleUploadedFile(name, data)})


def confirm(client, tournament, preview) -> None:
    text = preview.context["form"].cleaned_data["text"]
    url = reverse("arbiter:entrants-import", args=[tournament.slug])
    assert client.post(url, {"text": text, "confirm": "on"}).status_code == 302


def imported(tournament) -> list[str]:
    return sorted(tournament.entrants.values_list("name", flat=True))


@pytest.mark.parametrize(
    ("encoding", "shown"),
    [
        ("latin-1", "Windows-1252 (Latin-1)"),
        ("cp1252", "Windows-1252 (Latin-1)"),
        ("utf-8", "UTF-8"),
        ("utf-8-sig", "UTF-8"),
        ("utf-16", "UTF-16"),
    ],
)
def test_each_encoding_excel_writes_imports_the_names_intact(arbiter_client, tournament, encoding, shown):
    preview = upload(arbiter_client, tournament, LIST.encode(encoding))
    page = preview.content.decode()
    assert f"Read as CSV with commas, {shown}." in page
    assert "Müller, Jörg" in page and "Import 4 entrants" in page
    confirm(arbiter_client, tournament, preview)
    assert imported(tournament) == sorted(NAMES)


def separated(separator: str) -> str:
    """LIST with another delimiter between the columns; the names keep their commas."""
    text = LIST.replace(",", separator)
    for name in NAMES:
        text = text.replace(name.replace(",", separator), name)
    return text


@pytest.mark.parametrize(("separator", "shown"), [(";", "semicolons"), ("\t", "tabs")])
def test_semicolon_and_tab_separated_files_are_read_as_such(arbiter_client, tournament, separator, shown):
    # Excel in a European locale writes semicolons, since the comma is its decimal mark.
    text = separated(separator)
    preview = upload(arbiter_client, tournament, text.encode("cp1252"))
    assert f"Read as CSV with {shown}, Windows-1252 (Latin-1)." in preview.content.decode()
    confirm(arbiter_client, tournament, preview)
    assert imported(tournament) == sorted(NAMES)
    assert tournament.entrants.get(name="Müller, Jörg").fide_rating == 2100


def test_importing_the_same_file_twice_flags_every_line_and_imports_nothing_more(arbiter_client, tournament):
    confirm(arbiter_client, tournament, upload(arbiter_client, tournament, LIST.encode()))
    again = upload(arbiter_client, tournament, LIST.encode())
    page = again.content.decode()
    assert page.count("Likely a duplicate, skipped") == 4
    assert "same name and birth date: already entered as Müller, Jörg" in page
    assert "same national id: already entered as Muñoz, José" in page
    assert "same FIDE id: already entered as Ørsted, Åse" in page
    assert "nothing new to import" in page and "do-import" not in page
    confirm(arbiter_client, tournament, again)
    assert imported(tournament) == sorted(NAMES)


def test_a_player_listed_twice_in_one_file_is_flagged_and_imported_once(arbiter_client, tournament):
    text = LIST + '"keller,  ANNA",1900,SUI,,,\n' + '"Someone, New",1500,SUI,,E-77,\n'
    preview = upload(arbiter_client, tournament, text.encode())
    page = preview.content.decode()
    assert "same name and birth date: line 5 of this file" in page
    assert "same national id: line 3 of this file" in page
    assert "Import 4 entrants" in page
    confirm(arbiter_client, tournament, preview)
    assert imported(tournament) == sorted(NAMES)


def test_what_cannot_be_decoded_is_refused_and_nothing_is_imported(arbiter_client, tournament):
    # 0x81 is neither UTF-8 here nor any character of Windows-1252.
    page = upload(arbiter_client, tournament, b"name\n\x81bc\n").content.decode()
    assert "not text in UTF-8, UTF-16 or Windows-1252" in page
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10"
    page = upload(arbiter_client, tournament, png, "photo.png").content.decode()
    assert "holds the control character U+001A: this is not a text file" in page
    assert not tournament.entrants.exists()


def test_an_oversize_upload_is_refused_with_the_limit_named(arbiter_client, tournament, settings):
    settings.IMPORT_MAX_BYTES = 10_000
    big = (LIST + "".join(f'"Player, No{n}",1500,SUI,,,\n' for n in range(1000))).encode()
    response = upload(arbiter_client, tournament, big)
    assert response.status_code == 200
    assert f"The file holds {len(big):,} bytes; at most 10,000 can be imported" in response.content.decode()
    assert not tournament.entrants.exists()


def test_a_20_mb_single_line_is_refused_quickly_and_cleanly(arbiter_client, tournament, settings):
    line = b"name," + b"x" * (20 * 1024 * 1024)
    start = time.process_time()
    page = upload(arbiter_client, tournament, line).content.decode()
    assert "can be imported at once (IMPORT_MAX_BYTES)" in page
    # Even under a limit raised past it, the line itself is refused before any parsing.
    settings.IMPORT_MAX_BYTES = 30 * 1024 * 1024
    page = upload(arbiter_client, tournament, line).content.decode()
    assert "Line 1 has 20,971,525 characters; one line may have at most 4,000" in page
    assert time.process_time() - start < 10
    assert not tournament.entrants.exists()


def test_more_rows_than_the_limit_are_refused(arbiter_client, tournament, settings):
    settings.IMPORT_MAX_ROWS = 3
    page = upload(arbiter_client, tournament, LIST.encode()).content.decode()
    assert "The file holds 4 players; at most 3 can be imported at once (IMPORT_MAX_ROWS)" in page
    assert not tournament.entrants.exists()


def test_a_utf_16_tab_separated_file_as_excel_saves_unicode_text(arbiter_client, tournament):
    data = codecs.BOM_UTF16_LE + separated("\t").encode("utf-16-le")
    preview = upload(arbiter_client, tournament, data)
    assert "Read as CSV with tabs, UTF-16." in preview.content.decode()
    confirm(arbiter_client, tournament, preview)
    assert imported(tournament) == sorted(NAMES)


def test_a_quoted_line_break_inside_a_name_is_refused_on_its_line(arbiter_client, tournament):
    text = 'name,fide_rating\n"Smith\r\n001    9 m     Forged, Line",2000\n"Keller, Anna",1900\n'
    page = upload(arbiter_client, tournament, text.encode()).content.decode()
    assert "1 line is wrong; nothing was imported" in page
    assert "name: Control characters" in page
    assert not tournament.entrants.exists()


def test_the_import_form_reports_its_progress_every_hundred_lines(tournament):
    from pairing.import_parser import ImportForm

    text = "name,fide_rating\n" + "".join(f"Player {n:03d},{1500 + n}\n" for n in range(250))
    calls = []
    form = ImportForm(
        {"text": text}, tournament=tournament, progress=lambda done, total: calls.append((done, total))
    )
    assert form.is_valid()
    assert calls == [(100, 250), (200, 250)]


LARGE = "name,fide_rating,fide_id\n" + "".join(
    f'"Player {n:04d}, Large",{1000 + n % 1700},{10000000 + n}\n' for n in range(2000)
)


@pytest.mark.django_db(transaction=True)
def test_a_large_file_is_checked_and_imported_by_a_worker_while_the_page_follows_the_job(
    settings, arbiter_client, tournament, start_worker
):
    from tournaments.models import Job

    settings.JOBS_IN_PROCESS = False
    address = reverse("arbiter:entrants-import", args=[tournament.slug])
    # One wrong line among 2000: the preview names it and nothing can be imported.
    wrong = LARGE.replace('"Player 1234, Large",', '"Player 1234, Large",strong,')
    response = arbiter_client.post(address, {"file": SimpleUploadedFile("players.csv", wrong.encode())})
    job = Job.objects.get(kind=Job.Kind.IMPORT)
    assert response.url == f"{address}?job={job.pk}"
    page = arbiter_client.get(response.url).content.decode()
    assert "Checking the file…" in page and "Waiting for a worker" in page
    start_worker()
    job = wait_for_job(job)
    assert job.status == Job.Status.FAILED
    # The page polled by htmx reloads itself once the job has ended, and then shows the preview.
    poll = arbiter_client.get(response.url, headers={"HX-Request": "true"})
    assert poll.headers["HX-Refresh"] == "true"
    page = arbiter_client.get(response.url).content.decode()
    assert "1 line is wrong; nothing was imported" in page and "do-import" not in page
    assert page.count('class="bad"') == 1 and "fide_rating" in page
    assert not tournament.entrants.exists()

    response = arbiter_client.post(address, {"file": SimpleUploadedFile("players.csv", LARGE.encode())})
    job = wait_for_job(Job.objects.get(pk=int(response.url.rsplit("=", 1)[1])))
    page = arbiter_client.get(response.url).content.decode()
    assert (
        job.status == Job.Status.DONE
        and "Import 2000 entrants" in page
        and "Read as CSV with commas, UTF-8." in page
    )
    assert not tournament.entrants.exists()
    response = arbiter_client.post(address, {"text": job.request["text"], "confirm": "on"})
    confirmed = wait_for_job(Job.objects.get(pk=int(response.url.rsplit("=", 1)[1])))
    assert confirmed.status == Job.Status.DONE and confirmed.request["confirm"]
    done = arbiter_client.get(response.url)
    assert done.status_code == 302 and done.url == reverse("arbiter:entrants", args=[tournament.slug])
    assert tournament.entrants.count() == 2000
    assert "2000 entrants imported." in arbiter_client.get(done.url).content.decode()


def wait_for_job(job, seconds: float = 180):
    deadline = time.monotonic() + seconds
    while job.is_active and time.monotonic() < deadline:
        time.sleep(0.2)
        job.refresh_from_db()
    assert not job.is_active, f"the import job is still {job.status} after {seconds} s"
    return job


@pytest.mark.django_db(transaction=True)
def test_an_import_whose_worker_is_killed_is_checked_again_by_another_worker(
    settings, arbiter_client, tournament, start_worker
):
    from tournaments.models import Job

    settings.JOBS_IN_PROCESS = False
    address = reverse("arbiter:entrants-import", args=[tournament.slug])
    first = start_worker()
    arbiter_client.post(address, {"file": SimpleUploadedFile("players.csv", LARGE.encode())})
    job = Job.objects.get(kind=Job.Kind.IMPORT)
    deadline = time.monotonic() + 60
    while job.status != Job.Status.RUNNING and time.monotonic() < deadline:
        time.sleep(0.05)
        job.refresh_from_db()
    first.kill()  # SIGKILL, in the middle of checking the lines
    first.wait()
    job.refresh_from_db()
    assert job.status == Job.Status.RUNNING
    start_worker()
    job = wait_for_job(job)
    assert job.status == Job.Status.DONE and job.attempts == 2 and job.result["new"] == 2000
    assert not tournament.entrants.exists()  # a preview saves nothing
