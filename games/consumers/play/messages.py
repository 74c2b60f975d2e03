"""Reading the program socket's messages (`/ws/play/`, see play.py).

A message is one text frame: a JSON object `{"command": NAME, ...}` or the
seed's positional form `[NAME, data, TYPE]` (Rat um Rad seed, "Der
Spielablauf": `BUILD_ROAD, roadId, STRING`). The positional form has
exactly three elements, and TYPE must name the data's type:

- `NONE`: null; `STRING`: a string; `STRING_LIST`: a list of strings;
  `GAME_STATUS`: a status name, a string (the seed's tags);
- `INTEGER`: a whole number; `OBJECT`: a JSON object (Spielpost's, for
  match ids as numbers and MOVE's moves).

It also holds the socket's vocabulary: GENERIC (the commands of every
game) and `error_code` (the answer's code of a service's refusal).

`message_read` turns the frame into the object form or raises PlayError:
`too_large` (over MAX_MESSAGE characters), `bad_json` (no JSON, nested
too deep, a binary frame) or `bad_message` (a positional form of another
length, an unknown TYPE, data of another type). Messages are translated
when the error is answered, in the player's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext_lazy as _

from games import exceptions
from games.parsers import loads

from .requests import PlayError

# The longest message read, in characters. Daphne itself drops the
# connection for a message over 1 MiB (its --websocket-max-message-size),
# before the consumer sees it: see the README.
MAX_MESSAGE = 65536

NOT_JSON = _("Send one JSON object per message.")
NOT_A_COMMAND = _('Send {"command": NAME, "data": ..., "id": ..., "match": ...}.')
UNKNOWN_COMMAND = _("There is no such command.")
TOO_LARGE = _("A message may have at most %(limit)d characters.")
NOT_THREE = _(
    "Send the positional form as three elements, [NAME, data, TYPE], e.g. "
    '["TAKE_WHEEL", null, "NONE"].'
)
UNKNOWN_TYPE = _("Unknown type %(type)s. Use one of: %(types)s.")
WRONG_TYPE = _("The data is not of the type %(type)s.")


# The socket's error codes of the services' refusals (games.exceptions).
_ERROR_CODES: list[tuple[type[exceptions.MatchError], str]] = [
    (exceptions.StaleMatch, "stale"),
    (exceptions.NotYourTurn, "not_your_turn"),
    (exceptions.NotSeated, "not_seated"),
    (exceptions.MatchNotActive, "not_active"),
    (exceptions.SeatUnavailable, "seat_unavailable"),
    (exceptions.InvalidMove, "illegal_move"),
    (exceptions.Suspended, "suspended"),
]

# The commands of every game (play.py's docstring).
GENERIC = frozenset(
    {
        "AUTH",
        "WHOAMI",
        "SELECT_GAME",
        "REQUEST_GAMES",
        "REQUEST_ALL_CONNECTED_PLAYERS",
        "WANT_TO_JOIN_GAME",
        "WANT_JOIN_GAME",
        "WATCH",
        "UNWATCH",
        "VIEW",
        "LEGAL_MOVES",
        "MOVE",
    }
)


def error_code(error: exceptions.MatchError) -> str:
    """Return the socket's error code of a service's refusal ("refused": others)."""
    return next((c for k, c in _ERROR_CODES if isinstance(error, k)), "refused")


def _is_string_list(data: Any) -> bool:
    return isinstance(data, list) and all(isinstance(item, str) for item in data)


# The positional form's types: TYPE -> whether the data is of it.
TYPES: dict[str, Callable[[Any], bool]] = {
    "NONE": lambda data: data is None,
    "STRING": lambda data: isinstance(data, str),
    "STRING_LIST": _is_string_list,
    "GAME_STATUS": lambda data: isinstance(data, str),
    "INTEGER": lambda data: isinstance(data, int) and not isinstance(data, bool),
    "OBJECT": lambda data: isinstance(data, dict),
}


def message_read(text: str | None) -> Any:
    """Return the message of a text frame (`text`; None: a binary frame).

    A positional form becomes `{"command": NAME, "data": data}`; any other
    JSON value is returned as it is (the consumer refuses what is not a
    command object). Raises PlayError as the module docstring says.
    """
    if text is None:
        raise PlayError("bad_json", NOT_JSON)
    if len(text) > MAX_MESSAGE:
        raise PlayError("too_large", TOO_LARGE, limit=MAX_MESSAGE)
    try:
        message = loads(text)
    except ValueError:
        raise PlayError("bad_json", NOT_JSON) from None
    if isinstance(message, list) and message and isinstance(message[0], str):
        return _positional(message)
    return message


def _positional(message: list[Any]) -> dict[str, Any]:
    """Return the object form of `[NAME, data, TYPE]`; NAME is a string."""
    if len(message) != 3:
        raise PlayError("bad_message", NOT_THREE, command=message[0])
    name, data, tag = message
    check = TYPES.get(tag) if isinstance(tag, str) else None
    if check is None:
        raise PlayError(
            "bad_message",
            UNKNOWN_TYPE,
            command=name,
            type=str(tag)[:40],
            types=", ".join(TYPES),
        )
    if not check(data):
        raise PlayError("bad_message", WRONG_TYPE, command=name, type=tag)
    return {"command": name, "data": data}
