"""What the arbiter prints for the wall and the desk: the starting list and the pairing cards."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import pgettext

from tournaments import standings
from tournaments.bridge.state import scores_after
from tournaments.models import Entrant, Round, Seat, Tournament


@dataclass(frozen=True)
class CardLine:
    """One round on a pairing card: blank until the round is published."""

    number: int
    colour: str  # "W", "B" (in the page's language) or ""
    opponent: Entrant | None
    result: str  # from the player's side, as the public card says it
    score: Decimal | None  # the points after this round, once it has every result


@dataclass(frozen=True)
class PairingCard:
    entrant: Entrant
    lines: list[CardLine]


def starting_list(tournament: Tournament) -> list[Entrant]:
    """Every entrant by pairing number, with the team of a team event."""
    return list(tournament.entrants.select_related("tournament", "team").order_by("pairing_number", "name"))


def pairing_cards(tournament: Tournament, entrants: list[Entrant]) -> list[PairingCard]:
    """A card per entrant (by pairing number): a line per round of the event, the published ones filled,
    with the score after each round that has every result in."""
    complete = list(
        tournament.rounds.filter(state=Round.State.COMPLETE)
        .order_by("number")
        .values_list("number", flat=True)
    )
    totals = {number: scores_after(tournament, number) for number in complete}
    cards = []
    for entrant in sorted(entrants, key=lambda e: e.pairing_number or 0):
        seats = (
            Seat.objects.filter(entrant=entrant)
            .exclude(round__state=Round.State.DRAFT)
            .select_related("round", "board")
            .order_by("round__number")
        )
        played = {
            line.number: line for line in standings.player_card(tournament, entrant, list(seats)).rounds
        }
        lines = []
        for number in range(1, tournament.total_rounds + 1):
            line = played.get(number)
            score = totals[number].get(entrant.pk) if number in totals else None
            lines.append(
                CardLine(
                    number,
                    _colour_letter(line.colour) if line else "",
                    line.opponent if line else None,
                    line.result if line else "",
                    score,
                )
            )
        cards.append(PairingCard(entrant, lines))
    return cards


def _colour_letter(colour: str) -> str:
    """The card's colour column: the card line's colour name ("" without a game) as one letter, which
    each language abbreviates its own way (German: W and S)."""
    if colour == str(Seat.Colour.WHITE.label):
        return pgettext("colour abbreviation", "W")
    if colour == str(Seat.Colour.BLACK.label):
        return pgettext("colour abbreviation", "B")
    return ""
