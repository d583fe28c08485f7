"""What the event itself must satisfy for norms, and the 1.4.3(d) exemption of big Swisses."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from swiss.messages import Message, gettext_noop
from swiss.model import Code, Player, TournamentState
from swiss.norms import rules
from swiss.norms.player import Condition


class Exemption(enum.StrEnum):
    """Events the arbiter declares exempt from the federation rules (1.4.3 (a)-(c)); (d) is computed."""

    NONE = ""
    NATIONAL_CHAMPIONSHIP = "national-championship"
    NATIONAL_TEAM_CHAMPIONSHIP = "national-team-championship"
    ZONAL = "zonal"


@dataclass(frozen=True)
class NormEvent:
    """The event's facts the norms need beyond the games, and the certificate's header."""

    host_federation: str = ""
    min_games: int = rules.MIN_GAMES
    exemption: Exemption = Exemption.NONE
    name: str = ""
    city: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: tuple[str, ...] = ()
    rate_of_play: str = ""


def event_from_trf(text: str) -> NormEvent:
    """The TRF header lines the certificate uses: 012 name, 022 city, 032 host federation,
    042/052 dates, 102/112 arbiters, 122 rate of play (docs/trf.md section 2)."""
    fields: dict[str, list[str]] = {}
    for line in text.splitlines():
        fields.setdefault(line[:3], []).append(line[4:].strip())

    def first(code: str) -> str:
        return fields.get(code, [""])[0]

    return NormEvent(
        host_federation=first("032").upper()[:3],
        name=first("012"),
        city=first("022"),
        start_date=first("042"),
        end_date=first("052"),
        chief_arbiter=first("102"),
        deputy_arbiters=tuple(fields.get("112", [])),
        rate_of_play=first("122"),
    )


# Present in a round: at the board, or paired without an opponent (a forfeit loss is a no-show).
_PRESENT = frozenset(
    {Code.WIN, Code.DRAW, Code.LOSS, Code.WIN_UNRATED, Code.DRAW_UNRATED, Code.LOSS_UNRATED}
) | {Code.FORFEIT_WIN, Code.PAB}
BIG_SWISS_FOREIGNERS = 20
BIG_SWISS_FEDERATIONS = 3
BIG_SWISS_TITLED = 10
_BIG_SWISS_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})


@dataclass(frozen=True)
class RoundField:
    """One round's field for 1.4.3(d): rated foreigners, their federations and title-holders."""

    round: int
    foreigners: int
    federations: int
    titled: int

    @property
    def qualifies(self) -> bool:
        return (
            self.foreigners >= BIG_SWISS_FOREIGNERS
            and self.federations >= BIG_SWISS_FEDERATIONS
            and self.titled >= BIG_SWISS_TITLED
        )


def round_fields(players: Sequence[Player], host: str, rounds: int) -> tuple[RoundField, ...]:
    """Per round played, the FIDE-rated players not from the host federation who were present.

    Players under the FIDE flag are not from the host federation but add no federation."""
    result = []
    for number in range(1, rounds + 1):
        present = [
            p
            for p in players
            if len(p.history) >= number
            and p.history[number - 1].code in _PRESENT
            and p.rating
            and p.federation.strip()
            and p.federation.strip().upper() != host
        ]
        feds = {p.federation.strip().upper() for p in present} - {rules.NO_FEDERATION}
        titled = sum(1 for p in present if rules.title_of(p.title) in _BIG_SWISS_TITLES)
        result.append(RoundField(number, len(present), len(feds), titled))
    return tuple(result)


@dataclass(frozen=True)
class EventCheck:
    """The event as a whole: the conditions every norm rests on, and whether 1.4.3/1.4.4 apply."""

    conditions: tuple[Condition, ...]
    federation_rules: bool  # False: exempt (1.4.3)
    exemption: str  # which exemption applies, "" none
    fields: tuple[RoundField, ...]
    notes: tuple[Message, ...]

    @property
    def failed(self) -> tuple[Condition, ...]:
        """The conditions that fail for the event as a whole (the exemption's count is no condition)."""
        return tuple(c for c in self.conditions if not c.met and c.key != "big-swiss")


def check_event(state: TournamentState, event: NormEvent) -> EventCheck:
    host = event.host_federation.strip().upper()
    played = state.rounds_played
    notes: list[Message] = []
    fields = round_fields(state.players, host, played) if host else ()
    big_swiss = bool(fields) and all(f.qualifies for f in fields)
    exemption = ""
    if event.exemption is not Exemption.NONE:
        exemption = f"1.4.3: {event.exemption.value.replace('-', ' ')}"
    elif big_swiss:
        exemption = "1.4.3(d)"
    if not host:
        notes.append(
            Message(gettext_noop("The host federation is not given: the 1.4.3(d) exemption is not checked."))
        )
    conditions = [
        Condition(
            "rounds",
            "1.4.1",
            state.total_rounds >= event.min_games,
            Message(
                gettext_noop("rounds: %(rounds)s, at least %(needed)s needed"),
                {"rounds": state.total_rounds, "needed": event.min_games},
            ),
        )
    ]
    if fields:
        failing = next((f for f in fields if not f.qualifies), None)
        where = (
            Message(
                gettext_noop(
                    "round %(round)s: rated players not from %(host)s: %(foreigners)s, federations: "
                    "%(federations)s, GM/IM/WGM/WIM: %(titled)s"
                ),
                {
                    "round": failing.round,
                    "host": host,
                    "foreigners": failing.foreigners,
                    "federations": failing.federations,
                    "titled": failing.titled,
                },
            )
            if failing
            else Message(
                gettext_noop("every round: rated players not from %(host)s: at least %(foreigners)s"),
                {"host": host, "foreigners": min(f.foreigners for f in fields)},
            )
        )
        conditions.append(
            Condition(
                "big-swiss",
                "1.4.3(d)",
                big_swiss,
                Message(
                    gettext_noop(
                        "%(where)s; %(foreigners)s from %(federations)s federations with %(titled)s "
                        "GM/IM/WGM/WIM needed in every round for the exemption"
                    ),
                    {
                        "where": where,
                        "foreigners": BIG_SWISS_FOREIGNERS,
                        "federations": BIG_SWISS_FEDERATIONS,
                        "titled": BIG_SWISS_TITLED,
                    },
                ),
            )
        )
    if not exemption:
        feds = {p.federation.strip().upper() for p in state.players if p.federation.strip()}
        feds.discard(rules.NO_FEDERATION)
        conditions.append(
            Condition(
                "federations",
                "1.4.3",
                len(feds) >= 1 + rules.OTHER_FEDERATIONS_NEEDED,
                Message(
                    gettext_noop(
                        "federations in the field: %(count)s, at least %(needed)s needed (a player's own and "
                        "two others)"
                    ),
                    {"count": len(feds), "needed": 1 + rules.OTHER_FEDERATIONS_NEEDED},
                ),
            )
        )
        if host:
            n = event.min_games
            foreign = sum(1 for p in state.players if p.federation.strip().upper() not in ("", host))
            needed = n - rules.own_federation_allowed(n)
            conditions.append(
                Condition(
                    "foreigners",
                    "1.4.4",
                    foreign >= needed,
                    Message(
                        gettext_noop(
                            "players not from %(host)s: %(count)s; a player from %(host)s needs at least "
                            "%(needed)s of %(games)s opponents from other federations"
                        ),
                        {"host": host, "count": foreign, "needed": needed, "games": n},
                    ),
                )
            )
    titled = sum(1 for p in state.players if rules.title_of(p.title) in rules.COUNTING_TITLES)
    needed_titled = rules.titled_needed(event.min_games)
    conditions.append(
        Condition(
            "titled",
            "1.4.5",
            titled >= needed_titled,
            Message(
                gettext_noop("title-holders in the field: %(count)s, at least %(needed)s needed"),
                {"count": titled, "needed": needed_titled},
            ),
        )
    )
    unknown = sorted({p.title for p in state.players if p.title.strip() and rules.title_of(p.title) is None})
    if unknown:
        notes.append(
            Message(
                gettext_noop("Unknown title codes %(codes)s: those players are counted as untitled."),
                {"codes": ", ".join(unknown)},
            )
        )
    missing = [p.number for p in state.players if not p.federation.strip()]
    if missing:
        shown = ", ".join(str(n) for n in missing[:10]) + (" ..." if len(missing) > 10 else "")
        notes.append(
            Message(
                gettext_noop(
                    "No federation for players %(numbers)s: their opponents' federation rules are judged "
                    "at the worst case, and their own norms cannot be certified."
                ),
                {"numbers": shown},
            )
        )
    return EventCheck(tuple(conditions), not exemption, exemption, fields, tuple(notes))
