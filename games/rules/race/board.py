"""Race's board helpers (templates/games/race/board.html): pure, no Django.

See games/rules/base/board.py for how templates call them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.rules.base.board import BoardHelpers, OfferedMove
from games.rules.base.messages import Message

from . import texts
from .cards import CARDS


def card_text(card: object) -> Message | str:
    """Return what the Race card `card` (an id) does, as a Message; "" if unknown."""
    if not isinstance(card, str) or card not in CARDS:
        return ""
    return texts.card_message(texts.TEXT, card)


@dataclass(frozen=True, slots=True)
class HandRow:
    """One card of the viewer's hand with the legal moves that use it.

    `card`: the view's hand entry (`RaceHandCard` as JSON); `plays`: the
    legal "play" moves of this card, `powers`: its "power" moves, each in
    the order of the legal moves.
    """

    card: Mapping[str, Any]
    plays: list[OfferedMove] = field(default_factory=list)
    powers: list[OfferedMove] = field(default_factory=list)


def hand_rows(
    hand: Iterable[Mapping[str, Any]], moves: Iterable[OfferedMove]
) -> list[HandRow]:
    """Return the hand's cards in order, each with its legal moves (`HandRow`).

    The board shows a card's play and power buttons under the card: found
    here once per render, not by the template looping over every legal move
    for every card.
    """
    rows = [HandRow(card) for card in hand]
    by_card = {row.card.get("card"): row for row in rows}
    for move in moves:
        row = by_card.get(move.data.get("card"))
        if row is None:
            continue
        kind = move.data.get("kind")
        if kind == "play":
            row.plays.append(move)
        elif kind == "power":
            row.powers.append(move)
    return rows


def knonsters_by_id(
    knonsters: Iterable[Mapping[str, Any]],
) -> dict[str, Mapping[str, Any]]:
    """Return the view's Knonsters (`RaceKnonster` as JSON) by id.

    The board names a Knonster from its id (the podium, favourites): one
    lookup, not a loop over the four Knonsters per name.
    """
    return {str(k["id"]): k for k in knonsters}


BOARD = BoardHelpers(
    board={
        "card_text": card_text,
        "hand_rows": hand_rows,
        "knonsters_by_id": knonsters_by_id,
    },
    stylesheets=("games/race/board.css",),
    scripts=("games/race/board.js",),
)
