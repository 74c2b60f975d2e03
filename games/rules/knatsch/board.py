"""Knatsch's board helpers (templates/games/knatsch/board.html): pure, no Django.

The view (engine.py, module docstring) gives cards as data and results as
[count, face, kicker]; these helpers name the cards with the engine's own
msgids (cards.py: `Card.name()`, `Card.effect()`, `ARMS_NAMES`,
`king_name()`), say what a result's small dice show (the template draws
them: partials `pips` and `combo`) and lay out the dice on the table for
the player who keeps some of them. Templates call them through the
platform's `boards` library (games/rules/base/board.py).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.rules.base.board import BoardHelpers
from games.rules.base.messages import Message

from .cards import ARMS_NAMES, CARDS, KING, king_name
from .rules_page import knatsch_cards
from .seat_view import combination_message

SIX = 6  # a blank: set aside at once, counts nothing


def _card_id(card: Any) -> str | None:
    if isinstance(card, dict):
        card = card.get("id")
    return card if isinstance(card, str) else None


def card_name(card: Any) -> Message | str:
    """Return the name of `card` (a view card dict or an id) as a Message.

    "Castle Lion", "Squire 3", "Catapult", "Tournament", "the King"; "" if unknown.
    """
    card_id = _card_id(card)
    if card_id == KING:
        return king_name()
    if card_id not in CARDS:
        return ""
    return CARDS[card_id].name()


def card_effect(card: Any) -> Message | str:
    """Return what the special card `card` does, as a Message; "" for other cards."""
    card_id = _card_id(card)
    if card_id not in CARDS:
        return ""
    effect = CARDS[card_id].effect()
    return "" if effect is None else effect


def arms_name(arms: Any) -> Message | str:
    """Return the name of the coat of arms `arms` ("lion" -> "Lion") as a Message."""
    if not isinstance(arms, str) or arms not in ARMS_NAMES:
        return ""
    return Message(ARMS_NAMES[arms])


def pips(face: Any) -> range:
    """Return one item per pip of a die showing `face` (0 to 6; 0 if not a face).

    The template draws an empty <i> for each; the CSS places them.
    """
    return range(max(0, min(face if isinstance(face, int) else 0, SIX)))


@dataclass(frozen=True, slots=True)
class Combo:
    """A result [count, face, kicker] as small dice: `dice` are the faces
    before the kicker (`count` times `face`); `kicker` 0 for none; `text`
    is the dice in words ("3 × 4 + 5", "nothing"), for screen readers."""

    count: int
    face: int
    kicker: int
    text: Message
    dice: tuple[int, ...]


def combo(value: Any) -> Combo | None:
    """Return the result `value` ([count, face, kicker]) as a `Combo`, None if not one.

    [3, 4, 5]: three dice showing 4 and a kicker die 5; [0, 0, 0]: nothing.
    """
    if not isinstance(value, list | tuple) or len(value) != 3:  # noqa: PLR2004
        return None
    if not all(isinstance(n, int) and n >= 0 for n in value):
        return None
    count, face, kicker = value
    return Combo(
        count=count,
        face=face,
        kicker=kicker,
        text=combination_message([count, face, kicker]),
        dice=(face,) * count,
    )


@dataclass(frozen=True, slots=True)
class TableDie:
    """One die on the table: its `face`, whether it was `kept` before the last
    throw (else thrown just now), and whether the keep form ticks it at first."""

    face: int
    kept: bool
    checked: bool


@dataclass(frozen=True, slots=True)
class KeepThrow:
    """A legal throw move with its keep as text ("4 4 5"): for the JS to match."""

    move: Any
    keep: str


@dataclass(frozen=True, slots=True)
class KeepPlan:
    """What the keep form needs: the dice, the first choice and every legal throw."""

    dice: list[TableDie]
    first: KeepThrow | None
    throws: list[KeepThrow]


def _keep_text(keep: Any) -> str:
    return " ".join(str(face) for face in sorted(keep or []))


def keep_plan(attempt: Any, legal_moves: Any) -> KeepPlan:
    """Return the keep form's plan for the attempt in progress.

    `legal_moves` are the board's legal moves (each with `.data`, the move
    JSON). The dice on the table are the kept ones (before the last throw),
    then the ones just thrown. At first the form keeps what was kept
    before, when that is still a legal throw (it is not when the last throw
    showed only sixes), else nothing. `throws` are the legal throw moves,
    fewest kept first.
    """
    attempt = attempt if isinstance(attempt, dict) else {}
    throws = [
        KeepThrow(move=move, keep=_keep_text(move.data.get("keep")))
        for move in legal_moves or ()
        if move.data.get("kind") == "throw"
    ]
    kept = sorted(attempt.get("kept") or [])
    rolled = sorted(attempt.get("rolled") or [])
    by_keep = {throw.keep: throw for throw in throws}
    first = by_keep.get(_keep_text(kept)) or by_keep.get("")
    ticked = Counter(
        int(face) for face in (first.keep.split() if first is not None else [])
    )
    dice = []
    for face, was_kept in [(f, True) for f in kept] + [(f, False) for f in rolled]:
        checked = ticked[face] > 0
        if checked:
            ticked[face] -= 1
        dice.append(TableDie(face=face, kept=was_kept, checked=checked))
    return KeepPlan(dice=dice, first=first, throws=throws)


BOARD = BoardHelpers(
    board={
        "name": card_name,
        "effect": card_effect,
        "arms": arms_name,
        "pips": pips,
        "combo": combo,
        "keep_plan": keep_plan,
    },
    rules_page={"cards": knatsch_cards},
    stylesheets=("games/knatsch/board.css",),
    scripts=("games/knatsch/board.js",),
)
