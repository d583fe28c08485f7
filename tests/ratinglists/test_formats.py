"""Reading FIDE's list files (ratinglists/formats.py): the spec's sample files, field by field,
single lists, bad lines with their numbers, and the layouts' edge cases. No database."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from ratinglists.formats import FormatError, Player, fold, open_list

SAMPLES = Path(__file__).resolve().parent / "samples"
NONE = None
# Every field of the ten invented players of the sample (docs/rating-lists.md, "Synthetic sample").
# fide_id, name, fed, sex, title, w_title, o_title, foa; standard (rating, games, K), rapid,
# blitz; born, flags.
EXPECTED = [
    (90000011, "Avenor, Tomasz", "POL", "M", "GM", "", "", "",
     2611, 9, 10, 2580, 0, 10, 2634, 0, 10, 1988, ""),
    (90000029, "Brightwell, Anna", "ENG", "F", "IM", "WGM", "FT", "",
     2405, 4, 10, 2351, 0, 10, 2377, 0, 10, 1995, "w"),
    (90000037, "Castellanos Ruiz, Pablo", "ESP", "M", "FM", "", "IA,FA", "",
     2296, 0, 20, 2250, 3, 20, 2301, 0, 20, 1979, "i"),
    (90000045, "Dragomir, Elena", "ROU", "F", "WIM", "WIM", "", "",
     2198, 7, 20, 2155, 0, 20, NONE, NONE, NONE, 2001, "w"),
    (90000053, "Eriksen, Jonas", "NOR", "M", "CM", "", "", "",
     2187, 12, 40, 2090, 0, 40, 2112, 5, 40, 2010, ""),
    (90000061, "Farouk, Layla", "EGY", "F", "WCM", "WCM", "", "",
     1795, 0, 40, 1802, 0, 40, 1766, 0, 40, 2012, "wi"),
    (90000070, "Gundersen, Per", "FID", "M", "", "", "", "AIM",
     1650, 5, 20, NONE, NONE, NONE, NONE, NONE, NONE, 1990, ""),
    (90000088, "Hoang Thi Mai", "VIE", "F", "", "", "", "",
     NONE, NONE, NONE, 1588, 9, 40, 1540, 0, 40, 2014, "w"),
    (90000096, "Ibrahimovic, Selma", "BIH", "F", "WFM", "WFM", "NA", "",
     2033, 0, 20, 1990, 0, 20, 2001, 0, 20, 1998, "wi"),
    (900000103, "Jovanovic, Marko", "SRB", "M", "IM", "", "", "",
     2452, 0, 10, 2398, 0, 10, 2420, 0, 10, 1969, "i"),
]  # fmt: skip


def expected_players() -> list[Player]:
    return [
        Player(*row[:2], fold(row[1]), *row[2:], None, None, None)  # type: ignore[misc]
        for row in EXPECTED
    ]


def read(data: bytes, name: str = "list.txt", kind: str = "") -> tuple[list[Player], list[str], str, str]:
    bad: list[str] = []
    opened = open_list(io.BytesIO(data), name, len(data), kind=kind)
    players = list(opened.players(lambda number, why: bad.append(f"line {number}: {why}")))
    return players, bad, opened.kind, opened.file_format


def test_the_combined_txt_sample_gives_every_field_of_every_player():
    players, bad, kind, file_format = read((SAMPLES / "fide-list-sample.txt").read_bytes())
    assert (kind, file_format, bad) == ("combined", "TXT", [])
    assert players == expected_players()


def test_the_xml_sample_gives_the_same_players_as_the_txt():
    players, bad, kind, file_format = read((SAMPLES / "fide-list-sample.xml").read_bytes(), "players.xml")
    assert (kind, file_format, bad) == ("combined", "XML", [])
    assert players == expected_players()


def test_fide_zips_are_read_from_their_member():
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("players_list_foa.txt", (SAMPLES / "fide-list-sample.txt").read_bytes())
    players, bad, kind, _ = read(data.getvalue(), "players_list.zip")
    assert (len(players), bad, kind) == (10, [], "combined")


SINGLE_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SEP26 Gms K  B-day Flag"
)


def single_line(fide_id: str, name: str, rating: str, games: str, k: str, born: str, flag: str) -> str:
    identity = f"{fide_id:<15}{name:<61}{'HUN':<4}{'F':<4}{'GM':<5}{'':<5}{'':<15}{'':<4}"
    return f"{identity}{rating:<6}{games:<4}{k:<3}{born:<6}{flag:<4}"


def test_a_single_list_fills_its_own_rating_type_and_its_inactive_flag():
    text = "\n".join(
        [
            SINGLE_HEADER,
            single_line("700070", "Polgar, Judit", "2736", "0", "10", "1976", "wi"),
            single_line("700088", "Polgar, Zsofia", "2450", "3", "20", "1974", "w"),
        ]
    )
    players, bad, kind, _ = read(text.encode(), "blitz_rating_list.txt")
    assert (kind, bad) == ("blitz", [])
    judit = players[0]
    assert (judit.blitz, judit.blitz_games, judit.blitz_k, judit.birth_year) == (2736, 0, 10, 1976)
    assert (judit.standard, judit.rapid, judit.inactive_blitz, judit.inactive_standard) == (
        None,
        None,
        True,
        None,
    )
    assert players[1].inactive_blitz is False
    assert len(SINGLE_HEADER) == 136 == len(single_line("1", "A", "", "", "", "", ""))


def test_a_single_list_without_its_rating_type_is_refused_with_a_reason():
    with pytest.raises(FormatError, match="standard, rapid or blitz"):
        read(SINGLE_HEADER.encode() + b"\n", "list.txt")
    players, _, kind, _ = read(SINGLE_HEADER.encode() + b"\n", "list.txt", kind="rapid")
    assert (players, kind) == ([], "rapid")


def test_bad_lines_are_skipped_and_reported_with_their_numbers():
    lines = (SAMPLES / "fide-list-sample.txt").read_text().splitlines()
    lines[3] = "12X45" + lines[3][5:]  # line 4: not an ID
    lines[5] = lines[5][:113] + "2x98  " + lines[5][119:]  # line 6: not a rating
    lines.insert(7, "90000999       Short, Line")  # line 8: cut off
    players, bad, _, _ = read("\r\n".join(lines).encode())
    assert len(players) == 8
    assert bad == [
        "line 4: the FIDE ID “12X45037” is not a number",
        "line 6: SRtng “2x98” is not a number the list can hold",
        "line 8: 26 characters, too short for the list's columns",
    ]


def test_other_titles_longer_than_their_column_push_the_rest_of_the_line_right():
    line = (SAMPLES / "fide-list-sample.txt").read_text().splitlines()[3]  # Castellanos Ruiz, IA,FA
    long = line[:94] + "LSI,FI,SI,SLI,NA" + line[108:]
    players, bad, _, _ = read((line[:0] + long).encode())
    assert bad == []
    assert (players[0].o_title, players[0].standard, players[0].blitz_k, players[0].birth_year) == (
        "LSI,FI,SI,SLI,NA",
        2296,
        20,
        1979,
    )


def test_latin1_lines_are_read_as_latin1_and_utf8_as_utf8():
    line = (SAMPLES / "fide-list-sample.txt").read_text().splitlines()[1]
    latin = line.replace("Avenor, Tomasz", "Muñoz, José   ").encode("latin-1")
    utf8 = line.replace("Avenor, Tomasz", "Dvořák, Jiří  ").encode("utf-8")
    players, bad, _, _ = read(latin + b"\n" + utf8)
    assert bad == [] and [p.name for p in players] == ["Muñoz, José", "Dvořák, Jiří"]
    assert [p.name_key for p in players] == ["munoz jose", "dvorak jiri"]


def test_broken_xml_fails_the_whole_file_at_its_line():
    text = (SAMPLES / "fide-list-sample.xml").read_text()
    broken = text.replace("<name>Eriksen, Jonas</name>", "<name>Eriksen, Jonas</nam>")
    with pytest.raises(FormatError, match="line 7: not well-formed XML"):
        read(broken.encode(), "players.xml")


def test_an_xml_player_without_an_id_is_a_bad_line_and_missing_elements_are_blank():
    text = (SAMPLES / "fide-list-sample.xml").read_text()
    text = text.replace("<fideid>90000053</fideid>", "<fideid></fideid>")
    text = text.replace("<title>GM</title><w_title></w_title><o_title></o_title>", "")
    players, bad, _, _ = read(text.encode(), "players.xml")
    assert bad == ["line 7: the FIDE ID “” is not a number"]
    assert len(players) == 9 and (players[0].title, players[0].standard) == ("", 2611)


def test_an_unknown_header_is_refused_rather_than_guessed():
    with pytest.raises(FormatError, match="header line"):
        read(b"ID number Name                            TitlFed  Mar11 GamesBorn  Flag\n")


def test_names_fold_without_accents_punctuation_or_case():
    assert fold("Castellanos Ruíz,  Pablo") == "castellanos ruiz pablo"
    assert fold("ŠŤASTNÝ, Zoë") == "stastny zoe"
