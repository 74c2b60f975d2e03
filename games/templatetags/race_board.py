"""Template helpers for the Race board (templates/games/race/board.html)."""

from __future__ import annotations

from django import template

from games.rules.race import texts
from games.rules.race.cards import CARDS
from games.text import message_text

register = template.Library()


@register.filter
def race_card_text(card: object) -> str:
    """Return what the Race card `card` (an id) does, translated; "" if unknown."""
    if not isinstance(card, str) or card not in CARDS:
        return ""
    return message_text(texts.card_message(texts.TEXT, card))
