"""Dice Stars' texts in German: colours and dice nested in an engine message.

Moved from tests/test_translations.py, which checks the German catalogue
as a whole.
"""

from __future__ import annotations

from django.utils import translation


def test_nested_engine_messages_are_translated_too():
    """A colour name or a roll of dice travels as Message parameters (base.Message)."""
    from games.rules import Message
    from games.rules.dice_stars.dice import colour_message, die_message
    from games.text import message_text

    message = Message(
        "%(player)s takes colour %(colour)s (%(dice)s) and writes %(sum)d.",
        {
            "player": 0,
            "colour": colour_message("blue").to_json(),
            "dice": [die_message(5, 4).to_json(), die_message(6, 0).to_json()],
            "sum": 4,
        },
    )
    assert str(message) == (
        "Player 1 takes colour light blue (light blue 4, light blue star) and writes 4."
    )
    with translation.override("de"):
        text = message_text(message, {0: "Alice"})
    assert text.startswith("Alice ")
    assert "hellblau" in text
    assert "light blue" not in text
