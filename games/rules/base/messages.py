"""Text for players, and the rules' refusals: `Message` and `RulesError`.

An engine marks its player-facing text with `gettext_noop` and sends it as
a `Message` (an English msgid and its parameters), so the platform can
translate it with Django's gettext without the engine importing Django.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

JSON: TypeAlias = dict[str, Any]


def gettext_noop(message: str) -> str:
    """Mark `message` for translation without translating it.

    Django's makemessages extracts calls to `gettext_noop`, so engines can
    mark player-facing text without importing Django.
    """
    return message


# A Message parameter under this key is a seat number (0-based): the platform
# shows that seat's player name, plain `str()` shows "Player <n>" (1-based).
# Msgids place it with `%(player)s`.
PLAYER = "player"


@dataclass(frozen=True, slots=True)
class Message:
    """Player-facing text: an English msgid and its %-format parameters.

    `str(message)` renders it in English; the platform translates `text`
    first and then applies `params`. A `PLAYER` parameter is a seat number
    that the renderer replaces by a name.
    """

    text: str
    params: JSON = field(default_factory=dict)

    def __str__(self) -> str:
        return self.render(lambda seat: f"Player {seat + 1}")

    def render(
        self,
        player_name: Callable[[int], str],
        text: str | None = None,
        translate: Callable[[str], str] | None = None,
    ) -> str:
        """Return `text` (default: the msgid) filled in, naming seats with `player_name`.

        A parameter may itself be a Message (or its JSON), or a list of them
        (joined with ", "): each is translated with `translate` and rendered
        the same way, so a colour name or a roll of dice gets translated too.
        """
        text = self.text if text is None else text
        if not self.params:
            return text
        params = {
            key: _nested(value, player_name, translate)
            for key, value in self.params.items()
        }
        if isinstance(params.get(PLAYER), int):
            params[PLAYER] = player_name(params[PLAYER])
        return text % params

    def to_json(self) -> JSON:
        """Return `{"text": str, "params": {...}}`."""
        return {"text": self.text, "params": dict(self.params)}


def _nested(
    value: Any,
    player_name: Callable[[int], str],
    translate: Callable[[str], str] | None,
) -> Any:
    """Render a Message parameter that is a Message, Message JSON or a list of them."""
    if isinstance(value, list):
        return ", ".join(str(_nested(item, player_name, translate)) for item in value)
    if isinstance(value, dict) and "text" in value:
        value = Message(value["text"], value.get("params") or {})
    if isinstance(value, Message):
        text = translate(value.text) if translate else value.text
        return value.render(player_name, text, translate)
    return value


class RulesError(Exception):
    """A refusal by the rules, worded for players.

    `message` is an English msgid (marked with `gettext_noop`) and `params`
    its %-format parameters; the platform shows the translation.
    """

    def __init__(self, message: str, **params: Any) -> None:
        self.message = message
        self.params = params
        super().__init__(str(self.as_message()))

    def as_message(self) -> Message:
        """Return the reason as a translatable `Message`."""
        return Message(self.message, self.params)


class IllegalMove(RulesError):
    """The move is not legal in this state."""


class InvalidOptions(RulesError, ValueError):
    """The options or seat count of a new match are not acceptable."""
