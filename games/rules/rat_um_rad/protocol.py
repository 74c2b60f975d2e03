"""Rat um Rad's commands for programs: the seed's command names as moves.

The platform's program socket (`/ws/play/`, games/consumers/play/) looks
up `COMMANDS` here by the command's name and calls the function with the
seat's view (engine.py's view JSON), its legal moves (move JSON, as the
rules list them) and the command's `data`. The function returns the move
JSON the command stands for; the platform then submits it through the same
move service as every other move, so the rules judge it as always. A
command that cannot stand for any move now raises `ProtocolError` with a
player-readable msgid.

Commands (Rat um Rad seed, "Protokoll"; Rat um Rad rulings, Protocol):

- `BUILD_ROAD` road id (a string, e.g. "Deutsch-to-Theologie") -> the legal
  build of that road with the fewest jokers; on a grey road the colour held
  most (ties: the first colour in the rules' order). The seed lets the
  player choose the colour of a grey road ("Bei grauen Streckenabschnitten
  kann eine Farbe beliebig ausgewählt werden"), and jokers stand for any
  colour: `data` may name the payment as a list of strings (the seed's
  STRING_LIST), `[road, colour]` or `[road, colour, jokers]` (jokers a
  whole number as a string, e.g. "1"), or as `{"road": id, "colour": c,
  "jokers": n}`; `colour` and `jokers` are optional. The server chooses
  only what is not given.
- `TAKE_WHEEL`, alias `REQUEST_WHEEL_CARDS`: `null` -> a blind pick from the
  deck (`take_deck`); a colour (e.g. "red", "joker") -> that card from the
  face-up display (`take_display`). One pick per command: taking wheel
  cards is two picks.
- `SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION` [card ids kept] ->
  `keep` in the setup phase (the long card is kept anyway).
- `DRAW_DESTINATION_CARDS` (`null`) -> `draw_destinations`.
- `KEEP_DESTINATION_CARDS` [card ids kept] -> `keep` (setup or after a
  draw).
- `PASS` (`null`) -> `pass` (only when no action is possible).

`state_name(status, view)` gives a match's protocol state in the seed's
words: PREPARATION while the players choose their short destination cards
(the seed: "im Spielstatus PREPARATION"), STARTED after, WAITING for an
open match, FINISHED and ABORTED.

Pure: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.rules.base import JSON, Message, RulesError, gettext_noop

from .cards import COLOURS, JOKER
from .texts import COLOUR_NAMES

Command = Callable[[JSON, Sequence[JSON], Any], JSON]

NOT_A_ROAD_ID = gettext_noop("Send the road's id as a string.")
BAD_PAYMENT_LIST = gettext_noop(
    'Send ["road", "colour"] or ["road", "colour", "jokers"], all strings.'
)
CANNOT_BUILD = gettext_noop("You cannot build road %(road)s now.")
NO_SUCH_PAYMENT = gettext_noop("You cannot pay for road %(road)s that way now.")
NOT_A_COLOUR = gettext_noop("Send null (a blind pick) or a wheel-card colour.")
CANNOT_TAKE_DECK = gettext_noop("You cannot take a wheel card from the deck now.")
CANNOT_TAKE_COLOUR = gettext_noop(
    "You cannot take a face-up wheel card of colour %(colour)s now."
)
NOT_A_CARD_LIST = gettext_noop("Send the ids of the destination cards as a list.")
NOT_IN_PREPARATION = gettext_noop(
    "The short destination cards are chosen in the preparation only."
)
CANNOT_KEEP = gettext_noop("You cannot keep these destination cards now.")
CANNOT_DRAW = gettext_noop("You cannot draw destination cards now.")
CANNOT_PASS = gettext_noop("You cannot pass now.")


class ProtocolError(RulesError):
    """A command that stands for no move now; `message` is a msgid for players."""


def _kind(moves: Sequence[JSON], kind: str) -> list[JSON]:
    return [m for m in moves if isinstance(m, Mapping) and m.get("kind") == kind]


def build_road(view: JSON, legal_moves: Sequence[JSON], data: Any) -> JSON:
    """BUILD_ROAD: the cheapest legal build of the road (see the module docstring)."""
    colour: Any = None
    jokers: Any = None
    road = data
    if isinstance(data, Mapping):
        road, colour, jokers = data.get("road"), data.get("colour"), data.get("jokers")
    elif isinstance(data, list):
        road, colour, jokers = _payment_list(data)
    if not isinstance(road, str) or not road:
        raise ProtocolError(NOT_A_ROAD_ID)
    builds = [m for m in _kind(legal_moves, "build") if m.get("road") == road]
    if not builds:
        raise ProtocolError(CANNOT_BUILD, road=road)
    if colour is not None:
        builds = [m for m in builds if m.get("colour") == colour]
    if jokers is not None:
        builds = [m for m in builds if m.get("jokers") == jokers]
    if not builds:
        raise ProtocolError(NO_SUCH_PAYMENT, road=road)
    hand = view.get("hand") or {}
    order = {c: i for i, c in enumerate((*COLOURS, JOKER))}

    def cost(move: JSON) -> tuple[int, int, int]:
        paid = str(move.get("colour"))
        return (
            int(move.get("jokers", 0)),
            -int(hand.get(paid, 0)),
            order.get(paid, 99),
        )

    best: JSON = min(builds, key=cost)
    return dict(best)


def _payment_list(data: list[Any]) -> tuple[Any, Any, Any]:
    """Return (road, colour, jokers) of BUILD_ROAD's `[road, colour, jokers?]`."""
    if not 1 <= len(data) <= 3 or not all(isinstance(item, str) for item in data):
        raise ProtocolError(BAD_PAYMENT_LIST)
    road, colour, jokers = (*data, None, None)[:3]
    if jokers is not None:
        if not jokers.isdigit() or len(jokers) > 2:
            raise ProtocolError(BAD_PAYMENT_LIST)
        jokers = int(jokers)
    return road, colour, jokers


def take_wheel(view: JSON, legal_moves: Sequence[JSON], data: Any) -> JSON:
    """TAKE_WHEEL / REQUEST_WHEEL_CARDS: null -> take_deck, a colour -> take_display."""
    if data is None:
        if not _kind(legal_moves, "take_deck"):
            raise ProtocolError(CANNOT_TAKE_DECK)
        return {"kind": "take_deck"}
    if not isinstance(data, str) or data not in (*COLOURS, JOKER):
        raise ProtocolError(NOT_A_COLOUR)
    if not any(m.get("colour") == data for m in _kind(legal_moves, "take_display")):
        raise ProtocolError(
            CANNOT_TAKE_COLOUR, colour=Message(COLOUR_NAMES[data]).to_json()
        )
    return {"kind": "take_display", "colour": data}


def _keep(legal_moves: Sequence[JSON], data: Any) -> JSON:
    if not isinstance(data, list) or not all(isinstance(c, str) for c in data):
        raise ProtocolError(NOT_A_CARD_LIST)
    cards = sorted(data)
    if not any(m.get("cards") == cards for m in _kind(legal_moves, "keep")):
        raise ProtocolError(CANNOT_KEEP)
    return {"kind": "keep", "cards": cards}


def keep_destinations(view: JSON, legal_moves: Sequence[JSON], data: Any) -> JSON:
    """KEEP_DESTINATION_CARDS [ids kept] -> keep."""
    return _keep(legal_moves, data)


def short_destinations_selected(
    view: JSON, legal_moves: Sequence[JSON], data: Any
) -> JSON:
    """SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION [ids kept] -> keep (setup only)."""
    if view.get("phase") != "setup":
        raise ProtocolError(NOT_IN_PREPARATION)
    return _keep(legal_moves, data)


def draw_destinations(view: JSON, legal_moves: Sequence[JSON], data: Any) -> JSON:
    """DRAW_DESTINATION_CARDS -> draw_destinations."""
    if not _kind(legal_moves, "draw_destinations"):
        raise ProtocolError(CANNOT_DRAW)
    return {"kind": "draw_destinations"}


def pass_turn(view: JSON, legal_moves: Sequence[JSON], data: Any) -> JSON:
    """PASS -> pass (only legal when no action is possible)."""
    if not _kind(legal_moves, "pass"):
        raise ProtocolError(CANNOT_PASS)
    return {"kind": "pass"}


STATES = {
    "open": "WAITING",
    "active": "STARTED",
    "finished": "FINISHED",
    "cancelled": "CANCELLED",
    "aborted": "ABORTED",
}


def state_name(status: str, view: JSON | None) -> str:
    """Return the seed's state of a match: `status` (the platform's) and a view.

    `view`: a seat's view or the stored state JSON; both have `phase`.
    """
    setup = isinstance(view, Mapping) and view.get("phase") == "setup"
    if status == "active" and setup:
        return "PREPARATION"
    return STATES.get(status, status.upper())


COMMANDS: dict[str, Command] = {
    "BUILD_ROAD": build_road,
    "TAKE_WHEEL": take_wheel,
    "REQUEST_WHEEL_CARDS": take_wheel,
    "SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION": short_destinations_selected,
    "DRAW_DESTINATION_CARDS": draw_destinations,
    "KEEP_DESTINATION_CARDS": keep_destinations,
    "PASS": pass_turn,
}
