"""Template helpers for boards: translated engine text, option labels."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext

from games import selectors
from games.models import Match
from games.rules import Message
from games.text import message_text

register = template.Library()


@register.filter
def msg(value: Any) -> str:
    """Translate an engine message: a `Message`, its JSON or a msgid str."""
    if isinstance(value, Message):
        return message_text(value)
    if isinstance(value, dict) and "text" in value:
        return message_text(Message(value["text"], value.get("params") or {}))
    if isinstance(value, str):
        return gettext(value) if value else ""
    return "" if value is None else str(value)


@register.filter
def option_labels(match: Match) -> list[str]:
    """Return the translated labels of the options switched on for `match`."""
    labels = []
    for label, value in selectors.match_options_on(match):
        if value is None:
            labels.append(gettext(label))
        elif isinstance(value, int):
            labels.append(f"{gettext(label)}: {value}")
        else:
            labels.append(f"{gettext(label)}: {gettext(value)}")
    return labels


@register.filter
def robot_choices(match: Match) -> list[tuple[str, str, bool]]:
    """Return (name, translated label, is the default) for each robot of `match`'s game."""
    return [
        (name, gettext(label), default)
        for name, label, default in selectors.robot_choices(match.game_slug)
    ]


@register.filter
def ending_text(match: Match) -> str:
    """Return one sentence on how `match` ended ("" while it has not ended).

    Reads its seats from `match.seats.all()`: prefetch them with their players.
    """
    if not match.is_over:
        return ""
    return selectors.ending_text(match, match.seats.all())


@register.filter
def get_item(mapping: Any, key: Any) -> Any:
    """Look up `mapping[key]` (dicts and lists); None when missing."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None
