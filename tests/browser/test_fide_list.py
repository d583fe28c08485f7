"""The FIDE list in Chromium, on a phone's width: a player typed in fills the entry form, and the
ratings refresh shows its differences and applies those left ticked."""

from __future__ import annotations

import os
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from .conftest import sign_in

expect.set_options(timeout=20_000)
PHONE = {"width": 390, "height": 844}
SAMPLES = Path(__file__).resolve().parent.parent / "ratinglists" / "samples"
# Where the screenshots go, to be looked at; nothing is compared with them.
SHOTS = Path(os.environ.get("SCREENSHOTS", "/tmp"))


@pytest.mark.django_db(transaction=True)
def test_the_type_ahead_fills_the_entry_form(live_server, page, tournament, players):
    call_command("import_fide_list", str(SAMPLES / "fide-list-sample.txt"), stdout=StringIO())
    page.set_viewport_size(PHONE)
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/entrants/")
    page.fill("#fide-lookup", "castellanos ruíz")  # the accent the list does not have
    choice = page.locator("#fide-found button", has_text="Castellanos Ruiz, Pablo")
    expect(choice).to_contain_text("FM Castellanos Ruiz, Pablo · ESP · 2296 · 90000037 · 1979")
    page.screenshot(path=str(SHOTS / "fide-lookup-390.png"), full_page=True)
    choice.click()
    form = page.locator("form.quick-entry")
    expect(form.locator("#id_name")).to_have_value("Castellanos Ruiz, Pablo")
    expect(form.locator("#id_fide_id")).to_have_value("90000037")
    expect(form.locator("#id_title")).to_have_value("FM")
    expect(form.locator("#id_federation")).to_have_value("ESP")
    expect(form.locator("#id_sex")).to_have_value("m")
    expect(form.locator("#id_birth_date")).to_have_value("1979-01-01")
    expect(form.locator("#id_fide_rating")).to_have_value("2296")
    expect(page.locator("#fide-found button")).to_have_count(0)
    form.locator("button[type=submit]").click()
    expect(page.locator("#messages")).to_contain_text("Castellanos Ruiz, Pablo entered.")
    row = page.locator("#entrants tr", has_text="Castellanos Ruiz, Pablo")
    expect(row).to_contain_text("2296")
    expect(row).to_contain_text("ESP")
    # The form is ready for the next player. htmx gives it the focus once the swap settles, after
    # the message shows: typing before then could land in the name field instead of the search.
    expect(form.locator("#id_name")).to_be_focused()

    page.fill("#fide-lookup", "9000002")  # an ID by its start
    expect(page.locator("#fide-found button")).to_have_count(1)
    expect(page.locator("#fide-found button")).to_contain_text("IM Brightwell, Anna")


@pytest.mark.django_db(transaction=True)
def test_the_ratings_refresh_is_reviewed_then_accepted(live_server, page, tournament, make_entrant):
    call_command(
        "import_fide_list", str(SAMPLES / "fide-list-sample.txt"), "--month", "SEP26", stdout=StringIO()
    )
    # Farouk is no. 1 now; Eriksen's refreshed rating puts him first.
    farouk = make_entrant(
        name="Farouk, Layla", fide_id="90000061", fide_rating=1700, title="WCM", federation="EGY"
    )
    eriksen = make_entrant(name="Eriksen, Jonas", fide_id="90000053", fide_rating=1650, federation="NOR")
    page.set_viewport_size(PHONE)
    sign_in(page, live_server.url)
    page.goto(f"{live_server.url}/arbiter/{tournament.slug}/entrants/")
    page.click("text=Refresh ratings from the list")
    expect(page.locator("h1")).to_have_text("Refresh ratings from the FIDE list")
    expect(page.locator(f"#refresh-{eriksen.pk}")).to_contain_text("rating: 1650 → 2187")
    expect(page.locator(f"#refresh-{eriksen.pk}")).to_contain_text("title: – → CM")
    expect(page.locator(f"#refresh-{farouk.pk}")).to_contain_text("rating: 1700 → 1795")
    page.screenshot(path=str(SHOTS / "fide-refresh-390.png"), full_page=True)
    page.locator(f"#refresh-{farouk.pk} input[type=checkbox]").uncheck()
    page.click("text=Accept the ticked changes")
    expect(page.locator("#messages")).to_contain_text("1 entrant updated from the FIDE list.")
    expect(page.locator("#messages")).to_contain_text("pairing numbers changed to keep the ranking order")
    expect(page.locator(f"#refresh-{eriksen.pk}")).to_have_count(0)
    expect(page.locator(f"#refresh-{farouk.pk}")).to_contain_text("rating: 1700 → 1795")
    eriksen.refresh_from_db()
    farouk.refresh_from_db()
    assert (eriksen.fide_rating, eriksen.title, farouk.fide_rating) == (2187, "CM", 1700)
    assert (eriksen.pairing_number, farouk.pairing_number) == (1, 2)


@pytest.mark.django_db(transaction=True)
def test_staff_upload_a_list_and_see_what_it_found(live_server, page, arbiter):
    page.set_viewport_size(PHONE)
    sign_in(page, live_server.url)
    page.click("text=Rating lists")
    expect(page.locator("h1")).to_have_text("Rating lists")
    page.set_input_files("#id_file", str(SAMPLES / "fide-list-sample.txt"))
    page.fill("#id_month", "SEP26")
    page.click("text=Import the list")
    expect(page.locator("#import-done")).to_contain_text("list SEP26 imported: 10 players read, 10 new")
    expect(page.locator("table")).to_contain_text("fide-list-sample.txt")
    page.screenshot(path=str(SHOTS / "rating-lists-390.png"), full_page=True)
