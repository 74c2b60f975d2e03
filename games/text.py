"""Translate the rules engines' `Message`s into the active language."""

from __future__ import annotations

from django.utils.translation import gettext

from games.rules import Message


def message_text(message: Message) -> str:
    """Return `message` translated and filled in (English if untranslated)."""
    text = gettext(message.text)
    return text % message.params if message.params else text
