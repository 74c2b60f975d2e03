"""Translate the rules engines' `Message`s into the active language."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext

from games.rules import Message


def message_text(message: Message, seat_names: Mapping[int, str] | None = None) -> str:
    """Return `message` translated and filled in (English if untranslated).

    A `player` parameter (a seat number) becomes that seat's name from
    `seat_names`, or "Player <n>" in the active language.
    """
    names = seat_names or {}
    return message.render(
        lambda seat: (
            names.get(seat) or gettext("Player %(number)d") % {"number": seat + 1}
        ),
        gettext(message.text),
        gettext,
    )
