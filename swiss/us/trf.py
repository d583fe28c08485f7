"""The TRF extension lines of a US Chess section (README, "US Chess").

`XUS word ...` names the director's variations (`swiss.us.options.OPTION_NAMES`);
`XUT id id ...` lists the players of one team or club, kept apart under 28N.  Ratings
and US Chess IDs travel in the ordinary `001` fields (rating at 49-52, ID at 58-68).
Other engines skip these lines, as TRF readers skip every unknown record.
"""

from __future__ import annotations

import re

from swiss.model import TrfError
from swiss.us.options import OPTION_NAMES, USOptions, option_words, options_from_words

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def read_us_options(text: str) -> USOptions:
    """The options and teams that the file's XUS and XUT lines give; the defaults otherwise."""
    words: list[str] = []
    teams: dict[int, str] = {}
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        code = line[:3]
        if code not in ("XUS", "XUT"):
            continue
        for match in re.finditer(r"\S+", line[3:]):
            word, column = match.group(), match.start() + 4
            if code == "XUT":
                if not word.isdigit():
                    raise TrfError(number, column, f"expected a pairing number, found {word!r}")
                teams[int(word)] = f"team {number}"
            elif word in OPTION_NAMES:
                words.append(word)
            else:
                known = " ".join(OPTION_NAMES)
                raise TrfError(number, column, f"expected a US Chess option ({known}), found {word!r}")
    return options_from_words(words, teams)


def us_option_lines(options: USOptions) -> list[str]:
    """The XUS line of the variations in force (none with the defaults) and one XUT line per team."""
    words = option_words(options)
    lines = [f"XUS {' '.join(words)}"] if words else []
    teams: dict[str, list[int]] = {}
    for number, team in sorted(options.teams.items()):
        teams.setdefault(team, []).append(number)
    return lines + [f"XUT {' '.join(map(str, members))}" for members in teams.values() if len(members) > 1]
