"""The random tournament generator: `python -m swiss --dutch -g [CONFIG] -o OUT.trf -s SEED`."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiss.cli import main
from swiss.rtg import ConfigError, read_config
from swiss.trf import read_trf


def test_the_same_seed_gives_the_same_file_and_our_check_passes_it(tmp_path: Path) -> None:
    config = tmp_path / "config.txt"
    config.write_text(
        "PlayersNumber=21\nRoundsNumber=5\nDrawPercentage=40\nForfeitRate=10\nHalfPointByeRate=8\n"
    )
    first, second, other = (tmp_path / f"{name}.trf" for name in ("a", "b", "c"))
    for out, seed in ((first, "3"), (second, "3"), (other, "4")):
        assert main(["--dutch", "-g", str(config), "-o", str(out), "-s", seed]) == 0
    assert first.read_text() == second.read_text() != other.read_text()
    state = read_trf(first.read_text())
    assert (len(state.players), state.rounds_played, state.total_rounds) == (21, 5, 5)
    assert "Generated tournament 3" in first.read_text()
    assert main(["--dutch", str(first), "-c"]) == 0


def test_the_edition_is_written_and_defaults_apply_without_a_config(tmp_path: Path) -> None:
    out = tmp_path / "out.trf"
    assert main(["--dutch", "-g", "-o", str(out), "-s", "1", "--edition", "2017"]) == 0
    state = read_trf(out.read_text())
    assert state.edition.value == "2017" and len(state.players) == 40 and state.rounds_played == 9


def test_an_unknown_key_or_a_rate_below_one_is_refused_with_its_line(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="line 2: unknown key 'Players'"):
        read_config("RoundsNumber=5\nPlayers=4\n")
    with pytest.raises(ConfigError, match="line 1"):
        read_config("ForfeitRate=0.5\n")
    config = tmp_path / "config.txt"
    config.write_text("Nonsense\n")
    assert main(["--dutch", "-g", str(config), "-o", str(tmp_path / "x.trf")]) == 3


def test_more_rounds_than_the_field_can_pair_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Six players meet each other in five rounds at most (C1): a sixth round has no pairing.
    config = tmp_path / "config.txt"
    config.write_text("PlayersNumber=6\nRoundsNumber=10\n")
    assert main(["--dutch", "-g", str(config), "-o", str(tmp_path / "x.trf"), "-s", "1"]) == 1
    assert "a round cannot be paired" in capsys.readouterr().err
    assert not (tmp_path / "x.trf").exists()
