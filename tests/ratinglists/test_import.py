"""Importing a list into the database: the command, a newer list, single lists, all-or-nothing,
the type-ahead's search, and the staff's upload page."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from ratinglists.models import ListedPlayer, RatingList, UploadChunk
from ratinglists.search import search

from .test_formats import SAMPLES, SINGLE_HEADER, expected_players, single_line

pytestmark = pytest.mark.django_db


def command(path: Path, *args: str) -> str:
    out = StringIO()
    call_command("import_fide_list", str(path), *args, stdout=out)
    return out.getvalue()


def stored() -> list[tuple[Any, ...]]:
    columns = expected_players()[0]._fields
    return [tuple(getattr(p, c) for c in columns) for p in ListedPlayer.objects.order_by("fide_id")]


def test_the_command_imports_the_sample_with_every_field(tmp_path):
    out = command(SAMPLES / "fide-list-sample.txt")
    assert "10 players read, 10 new, 0 updated, 0 bad lines skipped" in out
    assert stored() == [tuple(p) for p in expected_players()]
    rating_list = RatingList.objects.get()
    assert (rating_list.status, rating_list.kind, rating_list.file_format) == ("done", "combined", "TXT")


def test_the_xml_sample_after_the_txt_changes_nothing():
    command(SAMPLES / "fide-list-sample.txt")
    out = command(SAMPLES / "fide-list-sample.xml")
    assert "10 players read, 0 new, 0 updated" in out
    assert stored() == [tuple(p) for p in expected_players()]


def test_a_malformed_line_is_printed_with_its_number_and_the_rest_is_imported(tmp_path):
    lines = (SAMPLES / "fide-list-sample.txt").read_text().splitlines()
    lines[6] = lines[6][:126] + "2O90  " + lines[6][132:]  # line 7: a letter O in the rapid rating
    path = tmp_path / "players_list_foa.txt"
    path.write_text("\n".join(lines) + "\n")
    out = command(path)
    assert "line 7: RRtng “2O90” is not a number the list can hold" in out
    assert "9 players read, 9 new, 0 updated, 1 bad lines skipped" in out
    assert not ListedPlayer.objects.filter(pk=90000061).exists()  # nothing of the bad line is kept
    assert RatingList.objects.get().report == ["line 7: RRtng “2O90” is not a number the list can hold"]


def test_a_newer_list_updates_ratings_without_duplicating_players(tmp_path):
    command(SAMPLES / "fide-list-sample.txt")
    lines = (SAMPLES / "fide-list-sample.txt").read_text().splitlines()
    lines[1] = lines[1][:113] + "2622  11  10" + lines[1][125:]  # Avenor: new standard rating
    lines.append(f"{'90000111':<15}{'Newcomer, Ada':<61}{'ISL':<4}F".ljust(162))
    newer = tmp_path / "players_list_foa.txt"
    newer.write_text("\n".join(lines) + "\n")
    out = command(newer, "--month", "OCT26")
    assert "11 players read, 1 new, 1 updated" in out
    assert ListedPlayer.objects.count() == 11
    avenor = ListedPlayer.objects.get(pk=90000011)
    assert (avenor.standard, avenor.standard_games, avenor.rapid) == (2622, 11, 2580)
    assert avenor.source.month == "OCT26"  # the import that changed the row
    assert ListedPlayer.objects.get(pk=90000029).source.month == ""  # unchanged: still the first's


def test_a_single_list_updates_only_its_rating_type_and_sets_inactivity(tmp_path):
    command(SAMPLES / "fide-list-sample.txt")
    blitz = tmp_path / "blitz_rating_list.txt"
    lines = [SINGLE_HEADER, single_line("90000011", "Avenor, Tomasz", "2650", "4", "10", "1988", "i")]
    blitz.write_text("\n".join(lines) + "\n")
    out = command(blitz)
    assert "Blitz list SEP26 (TXT): 1 players read, 0 new, 1 updated" in out
    avenor = ListedPlayer.objects.get(pk=90000011)
    assert (avenor.blitz, avenor.blitz_games, avenor.standard, avenor.rapid) == (2650, 4, 2611, 2580)
    assert (avenor.inactive_blitz, avenor.inactive_standard) == (True, None)


def test_a_file_that_breaks_off_keeps_the_list_as_it_was(tmp_path):
    command(SAMPLES / "fide-list-sample.txt")
    text = (SAMPLES / "fide-list-sample.xml").read_text().replace("2611", "2700")
    broken = tmp_path / "players_list_xml_foa.xml"
    broken.write_text(text.replace("</playerslist>", ""))
    with pytest.raises(CommandError, match="the XML ends early.*Nothing was imported"):
        command(broken)
    assert ListedPlayer.objects.get(pk=90000011).standard == 2611
    assert RatingList.objects.filter(status="failed").count() == 1


def test_the_search_is_accent_blind_and_finds_ids_by_their_start():
    command(SAMPLES / "fide-list-sample.txt")
    ListedPlayer.objects.filter(pk=90000037).update(name="Castellanos Ruíz, Pablo")  # name_key stays folded
    assert [p.pk for p in search("castellanos ruiz")] == [90000037]
    assert [p.pk for p in search("CASTELLANOS, P")] == [90000037]
    assert [p.pk for p in search("hoang thi")] == [90000088]
    assert [p.pk for p in search("90000029")] == [90000029]
    assert [p.pk for p in search("9000001")] == [90000011, 900000103]
    assert [p.name for p in search("e")] == ["Eriksen, Jonas"]
    assert search("nobody") == [] and search("  ") == []


def test_the_search_finds_a_word_anywhere_on_postgresql():
    command(SAMPLES / "fide-list-sample.txt")
    assert [p.pk for p in search("ruiz")] == [90000037]
    assert [p.pk for p in search("selma ibra")] == [90000096]


def test_the_upload_page_is_for_staff_and_runs_the_import_as_a_job(client, arbiter, django_user_model):
    player = django_user_model.objects.create_user("player", password="x")
    client.force_login(player)
    assert client.get("/rating-lists/").status_code == 403
    client.force_login(arbiter)
    upload = SimpleUploadedFile("players_list_foa.txt", (SAMPLES / "fide-list-sample.txt").read_bytes())
    response = client.post("/rating-lists/", {"file": upload, "month": "SEP26"})
    rating_list = RatingList.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(f"?list={rating_list.pk}")
    page = client.get(response["Location"]).content.decode()
    assert "Combined (standard, rapid and blitz) list SEP26 imported: 10 players read, 10 new" in page
    assert ListedPlayer.objects.count() == 10 and not UploadChunk.objects.exists()


def test_the_upload_page_says_why_a_file_is_not_a_list(arbiter_client):
    upload = SimpleUploadedFile("notes.txt", b"ID Number Something else entirely\n")
    response = arbiter_client.post("/rating-lists/", {"file": upload}, follow=True)
    assert "header line is not one of FIDE" in response.content.decode()
    assert "Nothing was imported." in response.content.decode()


@pytest.fixture
def arbiter_client(client: Any, arbiter: Any) -> Any:
    client.force_login(arbiter)
    return client


def zipped_list(rows: int) -> SimpleUploadedFile:
    """A combined list of `rows` players (the sample's ten again and again, with IDs of their own), zipped."""
    import io
    import zipfile

    sample = (SAMPLES / "fide-list-sample.txt").read_text().splitlines()
    lines = [sample[0]] + [f"{n:<15}{sample[1 + n % 10][15:]}" for n in range(1, rows + 1)]
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("players_list_foa.txt", "\n".join(lines) + "\n")
    return SimpleUploadedFile("players_list.zip", data.getvalue())


def wait_until(rating_list: RatingList, done: Any, seconds: float = 240) -> RatingList:
    import time

    for _ in range(int(seconds * 5)):
        rating_list.refresh_from_db()
        if done(rating_list):
            break
        time.sleep(0.2)
    return rating_list


@pytest.mark.django_db(transaction=True)
def test_a_worker_imports_an_uploaded_zip_while_the_page_follows_it(settings, client, arbiter, start_worker):
    settings.JOBS_IN_PROCESS = False
    client.force_login(arbiter)
    response = client.post("/rating-lists/", {"file": zipped_list(30_000)})
    assert (
        "Waiting for a worker."
        in client.get(response["Location"], headers={"HX-Request": "true"}).content.decode()
    )
    start_worker()
    rating_list = wait_until(RatingList.objects.get(), lambda r: not r.is_active)
    assert (rating_list.status, rating_list.rows, rating_list.created) == ("done", 30_000, 30_000)
    poll = client.get(response["Location"], headers={"HX-Request": "true"}).content.decode()
    assert "30000 players read, 30000 new" in poll and "hx-trigger" not in poll  # polling stops
    assert ListedPlayer.objects.count() == 30_000 and not UploadChunk.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_an_import_whose_worker_is_killed_is_done_again_by_another(settings, client, arbiter, start_worker):
    settings.JOBS_IN_PROCESS = False
    client.force_login(arbiter)
    response = client.post("/rating-lists/", {"file": zipped_list(150_000)})
    first = start_worker()
    # The progress is written on a connection of its own, so it is seen while the import runs.
    rating_list = wait_until(RatingList.objects.get(), lambda r: r.rows > 0 or not r.is_active)
    assert rating_list.status == "running" and 0 < rating_list.percent < 100
    page = client.get(response["Location"], headers={"HX-Request": "true"}).content.decode()
    assert "<progress" in page and "players read." in page
    first.kill()
    first.wait()
    assert ListedPlayer.objects.count() == 0  # the import's transaction died with its worker
    start_worker()
    rating_list = wait_until(rating_list, lambda r: not r.is_active)
    assert (rating_list.status, rating_list.attempts, rating_list.created) == ("done", 2, 150_000)
    assert ListedPlayer.objects.count() == 150_000
