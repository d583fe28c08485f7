"""The TRF writer cannot emit a control character: one inside a field would end its record there."""

from __future__ import annotations

from dataclasses import replace

import pytest

from swiss.trf import read_trf, write_trf

TRF = (
    "012 Small test\n"
    + "\n".join(
        f"001 {n:>4}      {f'Player{n:04d}':<33} {2400 - n:>4}".ljust(80) + f" 0.0 {n:>4}" for n in (1, 2)
    )
    + "\nXXR 5\n"
)


@pytest.mark.parametrize("bad", ["\r\n001    9", "\n", "\t", "\x00", "\x85", "\u2028"])
@pytest.mark.parametrize("where", ["name", "fide_id"])
def test_a_control_character_in_any_field_makes_the_writer_raise(bad: str, where: str) -> None:
    state = read_trf(TRF)
    first = replace(state.players[0], **{where: f"Smith{bad}, John" if where == "name" else f"1{bad}"})
    with pytest.raises(ValueError, match="inside a TRF record"):
        write_trf(replace(state, players=(first, *state.players[1:])))


def test_the_tournament_name_is_checked_too() -> None:
    state = replace(read_trf(TRF), name="Open\r\nXXR 1")
    with pytest.raises(ValueError, match="inside a TRF record"):
        write_trf(state)
    assert write_trf(replace(state, name="Open")).startswith("012 Open\r\n")
