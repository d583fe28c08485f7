"""Names and exports that attack their readers: control characters, bidi overrides, spreadsheet formulas."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from fractions import Fraction
from io import StringIO

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import models

from pairing.forms import EntrantForm
from tournaments.bridge.trf import export_trf
from tournaments.csv_export import csv_text, neutralise
from tournaments.models import Entrant, Tournament

HOSTILE = ["Smith\r\n001    9 m     Forged, Line", "a\nb", "a\tb", "a\x00b", "a\x85b", "a\u2028b"]
BIDI = ["Smith\u202e0-1\u202c, John", "Smith\u2067x\u2069"]


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=StringIO())
    return Tournament.objects.get(slug="demo-open")


def text_fields():
    for model in apps.get_app_config("tournaments").get_models():
        for field in model._meta.get_fields():
            if isinstance(field, models.CharField | models.TextField):
                yield model, field


def test_every_text_field_of_every_model_refuses_control_and_bidi_characters():
    checked = 0
    for model, field in text_fields():
        for value in HOSTILE + BIDI:
            with pytest.raises(ValidationError) as refused:
                field.clean(value, model())
            codes = {error.code for error in refused.value.error_list}
            expected = (
                {"invalid_choice"} if field.choices else {"control_character", "bidi_control", "invalid"}
            )
            assert codes & expected, (model.__name__, field.name, value, codes)
        checked += 1
    assert checked >= 20  # every model of the app, not an empty loop


def test_the_entrant_form_refuses_a_name_that_would_show_another_result(tournament):
    form = EntrantForm({"name": BIDI[0]}, tournament=tournament)
    assert not form.is_valid()
    assert "text-direction" in form.errors["name"][0]
    assert not tournament.entrants.exists()


def test_the_admin_refuses_a_name_with_a_line_break_and_keeps_the_old_one(client, tournament, make_entrant):
    from django.contrib.auth.models import User

    entrant = make_entrant(name="Keller, Anna")
    client.force_login(User.objects.create_superuser("root", password="x"))
    response = client.post(
        f"/admin/tournaments/entrant/{entrant.pk}/change/",
        {"tournament": tournament.pk, "name": HOSTILE[0], "pairing_number": 1},
    )
    assert response.status_code == 200 and "Control characters" in response.content.decode()
    entrant.refresh_from_db()
    assert entrant.name == "Keller, Anna"


def test_names_sit_in_bdi_so_right_to_left_text_cannot_reorder_their_neighbours(client, demo):
    demo.rounds.get(number=5).publish(None)
    Entrant.objects.filter(tournament=demo, pairing_number=1).update(name="כהן, דוד")
    page = client.get("/t/demo-open/round/5/").content.decode()
    assert "<bdi>כהן, דוד</bdi>" in page


def test_the_trf_writer_refuses_to_write_a_control_character(demo):
    # Rows stored before validation existed, or written past it, must still not forge a record.
    Entrant.objects.filter(tournament=demo, pairing_number=3).update(name=HOSTILE[0])
    with pytest.raises(ValueError, match="inside a TRF record"):
        export_trf(demo)


FORMULAS = ['=HYPERLINK("http://evil","x")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3", "\tx=1", "\r=1"]


def test_the_standings_csv_neutralises_formulas_in_names_but_keeps_numbers(client, demo):
    for number, name in enumerate(FORMULAS, start=1):
        Entrant.objects.filter(tournament=demo, pairing_number=number).update(name=name, federation="=1")
    text = client.get("/t/demo-open/standings.csv").content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    names = {row[2] for row in rows[1:]}
    assert {"'" + name for name in FORMULAS} <= names
    assert all(row[4] == "'=1" for row in rows[1:] if row[2] in {"'" + n for n in FORMULAS})
    for line in text.splitlines()[1:]:
        assert '"=' not in line and '"+' not in line and '"@' not in line and '"-' not in line
    # A score the app writes is a bare number, neither quoted nor prefixed (negative ones too, below).
    points = [row[5] for row in csv.reader(io.StringIO(text), quoting=csv.QUOTE_NONNUMERIC) if row][1:]
    assert all(isinstance(value, float) for value in points) and max(points) > 0


def test_neutralise_prefixes_text_only():
    assert neutralise("-2") == "'-2" and neutralise("=A1") == "'=A1" and neutralise("Keller") == "Keller"
    assert neutralise(Decimal("-2.0")) == Decimal("-2") and neutralise(-2) == -2
    out = io.StringIO()
    out.write(csv_text([["-2", Decimal("-2"), Fraction(-5, 2), "x"]]))
    assert out.getvalue() == '"\'-2",-2,-2.5,"x"\r\n'
