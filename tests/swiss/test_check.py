"""The checker on generated tournaments: the engine's own pairings are clean, planted faults are found."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiss.check import check
from swiss.cli import main
from swiss.colours import colour_state
from swiss.dutch import pair, pair_with_notes
from swiss.explain import explain_board, relaxations
from swiss.generate import generate
from swiss.messages import Message
from swiss.model import Board, Code, Colour, Pairing, TournamentState
from swiss.pairing_text import format_pairing
from swiss.trf import read_trf, write_trf
from tests.swiss.conftest import CORPUS


def midway(seed: int = 11, players: int = 21) -> tuple[TournamentState, Pairing]:
    """A 7-round tournament after 4 rounds and the engine's pairing of round 5."""
    state = generate(seed, players, 7, played=4)
    return state, pair(state)


def board_of(pairing: Pairing, number: int) -> int:
    return next(i for i, b in enumerate(pairing.boards) if number in (b.white, b.black))


def messages(state: TournamentState, pairing: Pairing, **kwargs: object) -> list[str]:
    return [str(f) for f in check(state, pairing, **kwargs)]  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_engines_own_pairing_breaks_no_rule(seed: int) -> None:
    state, pairing = midway(seed)
    assert check(state, pairing, reference=pairing) == []


def test_a_planted_rematch_names_the_board_the_players_and_the_round() -> None:
    state, pairing = midway()
    boards = list(pairing.boards)
    first = next(b for b in boards if b.black is not None)
    opponent = next(p for p in state.players if p.number == first.white).history[0].opponent
    assert opponent is not None
    i, j = boards.index(first), board_of(pairing, opponent)
    other = boards[j]
    partner = other.black if other.white == opponent else other.white
    boards[i] = Board(first.white, opponent)
    boards[j] = Board(first.black, partner) if partner is not None else Board(first.black, None)  # type: ignore[arg-type]
    found = messages(state, Pairing(tuple(boards)))
    assert f"Board {i + 1}: {first.white} and {opponent} already played each other in round 1 (C1)" in found


def test_a_player_on_two_boards_and_the_one_left_out_are_both_reported() -> None:
    state, pairing = midway()
    boards = list(pairing.boards)
    left_out = boards[1].black
    boards[1] = Board(boards[1].white, boards[0].white)
    found = messages(state, Pairing(tuple(boards)))
    assert f"Board 2: {boards[0].white} is on more than one board (1, 2) (C1)" in found
    assert f"not paired: {left_out} (C1)" in found


def test_a_third_same_colour_in_a_row_is_reported() -> None:
    for seed in range(1, 30):
        state, pairing = midway(seed)
        for index, board in enumerate(pairing.boards):
            if board.black is None:
                continue
            history = next(p for p in state.players if p.number == board.black).history
            if colour_state(history).repeated is Colour.WHITE:
                boards = list(pairing.boards)
                boards[index] = Board(board.black, board.white)
                found = messages(state, Pairing(tuple(boards)))
                assert (
                    f"Board {index + 1}: {board.black} gets white a third time in a row (C.04.1 Art. 7)"
                    in found
                )
                return
    pytest.fail("no generated tournament had a player after two whites in a row")


def test_a_second_bye_is_reported() -> None:
    state, pairing = midway()
    had_bye = next(
        (p.number, rnd)
        for p in state.players
        for rnd, r in enumerate(p.history, start=1)
        if r.code is Code.PAB
    )
    boards = list(pairing.boards)
    bye = next(i for i, b in enumerate(boards) if b.black is None)
    j = board_of(pairing, had_bye[0])
    other = boards[j]
    partner = other.black if other.white == had_bye[0] else other.white
    assert partner is not None
    boards[j] = Board(boards[bye].white, partner)
    boards[bye] = Board(had_bye[0], None)
    found = messages(state, Pairing(tuple(boards)))
    assert f"Board {bye + 1}: {had_bye[0]} already had the bye in round {had_bye[1]} (C2)" in found


def test_swapping_opponents_is_compared_with_the_engine_on_scores_and_colours() -> None:
    state, pairing = midway()
    boards = list(pairing.boards)
    top, bottom = boards[0], boards[-2]
    assert top.black is not None and bottom.black is not None
    boards[0], boards[-2] = Board(top.white, bottom.black), Board(bottom.white, top.black)
    findings = check(state, Pairing(tuple(boards)), reference=pairing)
    assert any(f.rule == "C6-C7" and f.board == 1 and not f.absolute for f in findings)


def test_the_command_line_lists_the_findings_of_a_pairing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state, pairing = midway()
    boards = list(pairing.boards)
    boards[1] = Board(boards[1].white, boards[0].white)
    trf, proposal = tmp_path / "t.trf", tmp_path / "proposal.txt"
    trf.write_text(write_trf(state))
    proposal.write_text(format_pairing(state, Pairing(tuple(boards))))
    assert main(["check", str(trf), str(proposal)]) == 1
    assert "is on more than one board" in capsys.readouterr().out
    proposal.write_text(format_pairing(state, pairing))
    assert main(["check", str(trf), str(proposal)]) == 0
    assert capsys.readouterr().out == "0 finding(s)\n"


def test_a_board_is_explained_by_score_groups_and_colours() -> None:
    state, pairing = midway()
    sentences = [str(s) for s in explain_board(state, pairing.boards[0])]
    assert "score group" in sentences[0] or "floats down" in sentences[0]
    assert len(sentences) == 3
    assert all(isinstance(note, Message) for note in relaxations(state, pairing))


def test_the_engine_says_which_rule_kept_a_player_from_the_opponent_in_order() -> None:
    state = read_trf((CORPUS / "dutch" / "case-0002.trf").read_text())
    pairing, notes = pair_with_notes(state)
    assert pairing == pair(state)
    # Player 3 leads alone on 3 points and must float; 8 could not take 15, its S2 player in order.
    assert "floats down" in str(notes[3][0])
    assert [str(note) for note in notes[8]] == [
        "not paired in order with 15: pairing 8 with 15 would have made the bracket worse (C6-C21)"
    ]
    board = next(b for b in pairing.boards if 8 in (b.white, b.black))
    assert f"8: {notes[8][0]}." in [str(s) for s in explain_board(state, board, notes)]


def test_every_board_that_is_not_the_engines_is_named_even_when_no_criterion_suffers() -> None:
    state, pairing = midway()
    boards = list(pairing.boards)
    first = boards[0]
    assert first.black is not None
    boards[0] = Board(first.black, first.white)
    findings = check(state, Pairing(tuple(boards)), reference=pairing)
    manual = [f for f in findings if f.rule == "manual"]
    assert [f.board for f in manual] == [1] and "colours exchanged by hand" in str(manual[0].message)
    sentences = explain_board(state, boards[0], engine=pairing)
    assert str(sentences[0]).startswith("Colours exchanged by hand")
    assert explain_board(state, first, engine=pairing) == explain_board(state, first)
