"""Dice Stars: the 14 dice, their colours and faces.

Dice Stars rules, Komponenten: yellow x5 with faces 3-4-5-6-star-star;
light blue x4, pink x3 and black x2 with faces 2-3-4-5-6-star; a star counts
0 in sums.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from games.rules.base import Message, gettext_noop

STAR = 0  # the face value of a star; it counts 0 in every sum

Colour: TypeAlias = Literal["black", "pink", "blue", "yellow"]

# Sheet column order, left to right, as on the score sheet (Dice Stars rules,
# reproduced on the rules page): black, pink, light blue, yellow.
COLOURS: tuple[Colour, ...] = ("black", "pink", "blue", "yellow")
DICE_PER_COLOUR = {"black": 2, "pink": 3, "blue": 4, "yellow": 5}
FACES: dict[str, tuple[int, ...]] = {
    "black": (STAR, 2, 3, 4, 5, 6),
    "pink": (STAR, 2, 3, 4, 5, 6),
    "blue": (STAR, 2, 3, 4, 5, 6),
    "yellow": (STAR, STAR, 3, 4, 5, 6),
}

# Die ids 0..13, grouped by colour in column order: DIE_COLOURS[die] is its colour.
DIE_COLOURS: tuple[Colour, ...] = tuple(
    colour for colour in COLOURS for _ in range(DICE_PER_COLOUR[colour])
)
ALL_DICE: tuple[int, ...] = tuple(range(len(DIE_COLOURS)))

COLOUR_NAMES = {
    "black": gettext_noop("black"),
    "pink": gettext_noop("pink"),
    "blue": gettext_noop("light blue"),
    "yellow": gettext_noop("yellow"),
}

# One msgid per colour and face kind, so a translation can inflect the colour.
_DIE_TEXTS = {
    "black": (gettext_noop("black %(face)d"), gettext_noop("black star")),
    "pink": (gettext_noop("pink %(face)d"), gettext_noop("pink star")),
    "blue": (gettext_noop("light blue %(face)d"), gettext_noop("light blue star")),
    "yellow": (gettext_noop("yellow %(face)d"), gettext_noop("yellow star")),
}


def colour_message(colour: str) -> Message:
    """Return the translatable name of `colour` (one of COLOURS)."""
    return Message(COLOUR_NAMES[colour])


def die_message(die: int, face: int) -> Message:
    """Return a rolled die as text, e.g. "pink 3" or "yellow star"."""
    number, star = _DIE_TEXTS[DIE_COLOURS[die]]
    if face == STAR:
        return Message(star)
    return Message(number, {"face": face})
