"""Knatsch's board, the small parts: card names and effects, dice, results.

The view (engine.py, module docstring) gives cards as data and results as
[count, face, kicker]; these name the cards with the engine's own msgids
(cards.py: `Card.name()`, `Card.effect()`, `ARMS_NAMES`, `king_name()`)
and say what a die or a result's small dice show (board.html draws them:
the partial `dice-combo`, and the pips of every other die). Numbers come
as the text the template prints (`as_text`, `one_based`). Pure, no Django.
"""

from __future__ import annotations

from functools import cache
from itertools import groupby
from typing import Any, TypedDict

from games.rules.base.messages import Message
from games.rules.knatsch.cards import ARMS_NAMES, CARDS, KING, king_name
from games.rules.knatsch.seat_view import combination_message

SIX = 6  # a blank: set aside at once, counts nothing
RESULT_LENGTH = 3  # a result is [count, face, kicker]


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


class Die(TypedDict):
    """A die as the template draws it: `face` as text (the attributes and
    sentences that name it), one item in `pips` per pip (an empty <i>)."""

    face: str
    pips: range


def as_text(value: Any) -> str:
    """Return `value` as the template prints it ("" for None).

    A number comes as text, str(n): what the template would print for the
    int (the site does not group thousands), without the number
    formatting, which costs as much as the rest of printing it.
    """
    return "" if value is None else str(value)


def one_based(index: Any) -> str:
    """Return the 0-based `index` + 1 as text, "" if it is not a number.

    As the template prints `index|add:1` (stack and seat numbers).
    """
    return str(index + 1) if isinstance(index, int) else ""


@cache
def die(face: int) -> Die:
    """Return the die showing `face` (an int; pips as `pips`).

    Shared between calls, as every result here: not to be changed.
    """
    return Die(face=str(face), pips=pips(face))


class DiceRun(TypedDict):
    """Dice side by side that show the same face: `face` as text, its
    `pips`, one item in `dice` per die (their sentence is said once)."""

    face: str
    pips: range
    dice: range


def dice_runs(faces: Any) -> tuple[DiceRun, ...]:
    """Return the dice showing `faces` (ints, in order) as runs of one face."""
    return tuple(
        DiceRun(face=str(face), pips=pips(face), dice=range(len(list(run))))
        for face, run in groupby(faces or ())
    )


class Combo(TypedDict):
    """A result [count, face, kicker] as small dice: one item in `dice` per
    die before the kicker (`count` dice showing `face`), `kicker` 0 for
    none; `key` is "count-face-kicker" (the `data-combo` attribute); `text`
    is the dice in words ("3 × 4 + 5", "nothing"), for screen readers."""

    count: int
    face: int
    kicker: int
    key: str
    text: Message
    dice: range


def combo(value: Any) -> Combo | None:
    """Return the result `value` ([count, face, kicker]) as a `Combo`, None if not one.

    [3, 4, 5]: three dice showing 4 and a kicker die 5; [0, 0, 0]: nothing.
    """
    if not isinstance(value, list | tuple) or len(value) != RESULT_LENGTH:
        return None
    if not all(isinstance(n, int) and n >= 0 for n in value):
        return None
    count, face, kicker = value
    return _combo(count, face, kicker)


@cache
def _combo(count: int, face: int, kicker: int) -> Combo:
    # A few dozen results occur in a match, each on many boards: built once
    # (and shared: not to be changed).
    return Combo(
        count=count,
        face=face,
        kicker=kicker,
        key=f"{count}-{face}-{kicker}",
        text=combination_message([count, face, kicker]),
        dice=range(count),
    )
