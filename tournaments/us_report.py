"""The rating report a US Chess director uploads: the three dBASE files of format 2C, zipped.

THEXPORT.DBF holds the event, TSEXPORT.DBF its section (one per tournament here),
TDEXPORT.DBF one record per player with a `D_RNDnn` cell per round: the result letter,
the opponent's pairing number and the player's colour ("W12B"), or a letter and 0 for a
round without a game (X forfeit win, F forfeit loss, B full-point bye, H half-point bye,
U no game). Every field is text, left-justified and space-filled. The README says why
this format and where its layout comes from.
"""

from __future__ import annotations

import datetime
import io
import zipfile
from dataclasses import dataclass

from anyascii import anyascii
from django.utils.translation import gettext, ngettext

from . import dbf
from .bridge.state import Code, round_results
from .models import Tournament

PROGRAM = "OPENSWISS"
HEADER_FIELDS = [
    *(dbf.Field("H_FORMAT", 5), dbf.Field("H_PROGRAM", 10), dbf.Field("H_EVENT_ID", 12)),
    *(dbf.Field("H_NAME", 35), dbf.Field("H_TOT_SECT", 2), dbf.Field("H_BEG_DATE", 8)),
    *(dbf.Field("H_END_DATE", 8), dbf.Field("H_AFF_ID", 8), dbf.Field("H_CITY", 21)),
    *(dbf.Field("H_STATE", 2), dbf.Field("H_ZIPCODE", 10), dbf.Field("H_COUNTRY", 21)),
    *(dbf.Field("H_SENDCROS", 1), dbf.Field("H_CTD_ID", 8), dbf.Field("H_ATD_ID", 8)),
    dbf.Field("H_OTHER_TD", 254),
]
SECTION_FIELDS = [
    *(dbf.Field("S_EVENT_ID", 12), dbf.Field("S_SEC_NUM", 2), dbf.Field("S_SEC_NAME", 30)),
    *(dbf.Field("S_R_SYSTEM", 1), dbf.Field("S_TIMECTL", 40), dbf.Field("S_CTD_ID", 8)),
    *(dbf.Field("S_ATD_ID", 8), dbf.Field("S_TRN_TYPE", 1), dbf.Field("S_TOT_RNDS", 2)),
    *(dbf.Field("S_LST_PAIR", 4), dbf.Field("S_BEG_DATE", 8), dbf.Field("S_END_DATE", 8)),
    *(dbf.Field("S_SCH_LVL", 1), dbf.Field("S_GR_PRIX", 1), dbf.Field("S_GP_PTS", 3)),
    dbf.Field("S_FIDE", 1),
]
DETAIL_FIELDS = [
    *(dbf.Field("D_EVENT_ID", 12), dbf.Field("D_SEC_NUM", 2), dbf.Field("D_PAIR_NUM", 4)),
    *(dbf.Field("D_MEM_ID", 8), dbf.Field("D_NAME", 30), dbf.Field("D_STATE", 2)),
    dbf.Field("D_RATING", 4),
]
ROUND_WIDTH = 7
# Results with a game: the letter before the opponent's number and the colour.
_GAME = {Code.WIN: "W", Code.DRAW: "D", Code.LOSS: "L"}
# Rounds without a game: the letter before opponent 0.
_NO_GAME = {
    Code.FORFEIT_WIN: "X",
    Code.FORFEIT_LOSS: "F",
    Code.PAB: "B",
    Code.FULL_BYE: "B",
    Code.HALF_BYE: "H",
    Code.ZERO_BYE: "U",
}


@dataclass(frozen=True)
class Event:
    """What the report needs beyond the tournament: the director's and affiliate's facts."""

    affiliate_id: str
    chief_td_id: str
    assistant_td_id: str
    city: str
    state: str
    zip_code: str
    country: str
    rating_system: str  # R regular, Q quick, D dual
    time_control: str
    section_name: str


class ReportError(ValueError):
    """The tournament cannot be reported yet; the message says why."""


def ascii_name(name: str) -> str:
    """The name in plain ASCII (transliterated: "Łukasz" is "Lukasz"), as the DBF's text fields take it."""
    return anyascii(name)


def report(tournament: Tournament, event: Event, today: datetime.date) -> bytes:
    """The zip of THEXPORT.DBF, TSEXPORT.DBF and TDEXPORT.DBF; ReportError when not every round is done."""
    rounds = tournament.total_rounds
    if len(tournament.rounds_with_standings()) < rounds:
        raise ReportError(
            ngettext(
                "The round must be published with all its results first.",
                "Every one of the %(rounds)s rounds must be published with all its results first.",
                rounds,
            )
            % {"rounds": rounds}
        )
    entrants = list(tournament.entrants.order_by("pairing_number"))
    too_long = [e.name for e in entrants if len(ascii_name(e.name)) > 30]
    if too_long:
        raise ReportError(
            gettext("US Chess takes names of at most 30 characters: %(names)s.")
            % {"names": ", ".join(too_long)}
        )
    dates = {"beg": tournament.start_date.strftime("%Y%m%d"), "end": tournament.end_date.strftime("%Y%m%d")}
    header = {
        **{"H_FORMAT": "2C", "H_PROGRAM": PROGRAM, "H_NAME": ascii_name(tournament.name)[:35]},
        **{"H_TOT_SECT": "1", "H_BEG_DATE": dates["beg"], "H_END_DATE": dates["end"]},
        **{"H_AFF_ID": event.affiliate_id, "H_CITY": event.city, "H_STATE": event.state},
        **{"H_ZIPCODE": event.zip_code, "H_COUNTRY": event.country, "H_SENDCROS": "N"},
        **{"H_CTD_ID": event.chief_td_id, "H_ATD_ID": event.assistant_td_id},
    }
    last = max((e.pairing_number or 0 for e in entrants), default=0)
    section = {
        **{"S_SEC_NUM": "1", "S_SEC_NAME": event.section_name, "S_R_SYSTEM": event.rating_system},
        **{"S_TIMECTL": event.time_control, "S_CTD_ID": event.chief_td_id, "S_ATD_ID": event.assistant_td_id},
        **{"S_TRN_TYPE": "S", "S_TOT_RNDS": str(rounds), "S_LST_PAIR": str(last)},
        **{"S_BEG_DATE": dates["beg"], "S_END_DATE": dates["end"], "S_SCH_LVL": "N", "S_GR_PRIX": "N"},
        "S_FIDE": "N",
    }
    results = round_results(tournament, rounds)
    details = []
    for entrant in entrants:
        own = results.get(entrant.pk, {})
        row = {
            **{"D_SEC_NUM": "1", "D_PAIR_NUM": str(entrant.pairing_number), "D_MEM_ID": entrant.us_chess_id},
            **{"D_NAME": ascii_name(entrant.name), "D_RATING": str(entrant.us_chess_rating or "")},
        }
        for number in range(1, rounds + 1):
            record = own.get(number)
            if record is None:  # before a late entry
                cell = "U0"
            elif record.code in _GAME:
                assert record.colour is not None
                cell = f"{_GAME[record.code]}{record.opponent}{record.colour.value.upper()}"
            else:
                cell = f"{_NO_GAME[record.code]}0"
            row[f"D_RND{number:02}"] = cell
        details.append(row)
    rounds_fields = [dbf.Field(f"D_RND{n:02}", ROUND_WIDTH) for n in range(1, rounds + 1)]
    files = {
        "THEXPORT.DBF": dbf.table(HEADER_FIELDS, [header], today),
        "TSEXPORT.DBF": dbf.table(SECTION_FIELDS, [section], today),
        "TDEXPORT.DBF": dbf.table(DETAIL_FIELDS + rounds_fields, details, today),
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return out.getvalue()
