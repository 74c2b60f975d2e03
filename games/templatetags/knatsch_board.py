"""Template helpers for the Knatsch board (templates/games/knatsch/board.html).

The view (games/rules/knatsch/engine.py, module docstring) gives cards as
data and results as [count, face, kicker]; these helpers name the cards in
the viewer's language with the engine's own msgids (cards.py: `Card.name()`,
`Card.effect()`, `ARMS_NAMES`, `king_name()`), draw a result as small dice
and lay out the dice on the table for the player who keeps some of them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.rules.knatsch.cards import ARMS_NAMES, CARDS, KING, king_name
from games.rules.knatsch.seat_view import combination_message
from games.text import message_text

register = template.Library()

SIX = 6  # a blank: set aside at once, counts nothing


def _card_id(card: Any) -> str | None:
    if isinstance(card, dict):
        card = card.get("id")
    return card if isinstance(card, str) else None


@register.filter
def kn_name(card: Any) -> str:
    """Return the translated name of `card` (a view card dict or an id).

    "Castle Lion", "Squire 3", "Catapult", "Tournament", "the King"; "" if unknown.
    """
    card_id = _card_id(card)
    if card_id == KING:
        return message_text(king_name())
    if card_id not in CARDS:
        return ""
    return message_text(CARDS[card_id].name())


@register.filter
def kn_effect(card: Any) -> str:
    """Return what the special card `card` does, translated; "" for other cards."""
    card_id = _card_id(card)
    if card_id not in CARDS:
        return ""
    effect = CARDS[card_id].effect()
    return "" if effect is None else message_text(effect)


@register.filter
def kn_arms(arms: Any) -> str:
    """Return the translated name of the coat of arms `arms` ("lion" -> "Lion")."""
    if not isinstance(arms, str) or arms not in ARMS_NAMES:
        return ""
    return gettext(ARMS_NAMES[arms])


def _result(value: Any) -> tuple[int, int, int] | None:
    """Return `value` as (count, face, kicker), or None if it is not one."""
    if not isinstance(value, list | tuple) or len(value) != 3:
        return None
    if not all(isinstance(n, int) and n >= 0 for n in value):
        return None
    count, face, kicker = value
    return (count, face, kicker)


def _pips(face: int) -> SafeString:
    # Constant markup: one empty <i> per pip.
    return mark_safe("<i></i>" * max(0, min(face, SIX)))


@register.filter
def kn_pips(face: Any) -> SafeString:
    """Return the pips of a die showing `face` (empty <i>s the CSS places)."""
    return _pips(face if isinstance(face, int) else 0)


@register.simple_tag
def kn_combo(value: Any, extra_class: str = "") -> SafeString:
    """Draw the result [count, face, kicker] as small dice: the kicker highlighted.

    [3, 4, 5]: three dice showing 4 and a kicker die 5; [0, 0, 0]: "nothing".
    The dice are one image for screen readers, named "3 × 4 + 5".
    """
    result = _result(value)
    if result is None:
        return mark_safe("")
    count, face, kicker = result
    text = message_text(combination_message(list(result)))
    classes = " ".join(filter(None, ["kn-combo", extra_class]))
    if count == 0:
        return format_html(
            '<span class="{} kn-nothing" data-combo="0-0-0">{}</span>', classes, text
        )
    dice = format_html_join(
        "",
        '<span class="kn-die kn-mini" data-face="{}">{}</span>',
        ((face, _pips(face)) for _ in range(count)),
    )
    if kicker:
        dice = format_html(
            '{}<span class="kn-plus">+</span>'
            '<span class="kn-die kn-mini kn-kicker" data-face="{}">{}</span>',
            dice,
            kicker,
            _pips(kicker),
        )
    return format_html(
        '<span class="{}" role="img" aria-label="{}" title="{}" data-combo="{}-{}-{}">'
        "{}</span>",
        classes,
        text,
        text,
        count,
        face,
        kicker,
        dice,
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


@register.simple_tag
def kn_keep_plan(attempt: Any, legal_moves: Any) -> KeepPlan:
    """Return the keep form's plan for the attempt in progress; use with `as`.

    The dice on the table are the kept ones (before the last throw), then the
    ones just thrown. At first the form keeps what was kept before, when that
    is still a legal throw (it is not when the last throw showed only sixes),
    else nothing. `throws` are the legal throw moves, fewest kept first.
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
