"""Rat um Rad scenario builders: hand-built states after setup.

`make_state` builds a turn-phase `State` (a `structs.replace` of a new
Basel match, setup finished) with chosen hands, display, deck, discard
pile, destination cards, built roads and wheels; the wheel cards not named
go to the deck (or, if the deck is given, to the discard pile), so the 90
cards always add up. Road and card ids are those of
games/rules/rat_um_rad/data/maps/basel.json.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from games.rules.base import Event
from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.cards import DECK, sort_hand
from games.rules.rat_um_rad.maps import MAPS
from games.rules.rat_um_rad.route import choose_route
from games.rules.rat_um_rad.state import State
from games.rules.rng import Rng
from games.rules.structs import replace

# The API tests' fixtures (test_api.py here), from tests/api/.
from tests.api.conftest import api_for, robots_via_celery  # noqa: F401

# The board tests' matches (test_board*.py), from board_helpers.py.
from tests.games.rat_um_rad.board_helpers import duo, finished, midgame  # noqa: F401

BASEL = MAPS["basel"]


def _rest(used: Iterable[str]) -> list[str]:
    """Return the wheel cards of the full deck left after `used` (ValueError if too many)."""
    left = Counter(DECK)
    left.subtract(Counter(used))
    if any(n < 0 for n in left.values()):
        raise ValueError("more copies of a card than the deck has")
    return sorted(left.elements())


def make_state(
    *,
    seats: int = 2,
    hands: dict[int, Iterable[str]] | None = None,
    display: Iterable[str] = ("red", "blue", "orange", "green", "yellow"),
    deck: Iterable[str] | None = None,
    discard: Iterable[str] | None = None,
    destinations: dict[int, Iterable[str]] | None = None,
    short_deck: Iterable[str] | None = None,
    built: Iterable[tuple[str, int]] = (),
    wheels: tuple[int, ...] | None = None,
    current: int = 0,
    seed: int = 1,
    **fields: Any,
) -> State:
    """Return a Rat um Rad state in the turn phase, seat `current` to act.

    `hands` maps a seat to its wheel cards (others: none); the cards not in
    hands, display, or the given `deck`/`discard` fill the deck (when the
    deck is given: the discard pile). `destinations` maps a seat to its card
    ids (others: none); `short_deck` defaults to every other short card.
    Seat colours: seat s has PLAYER_COLOURS[s]; seat 0 starts.
    """
    state = RULES.new_state(seats=seats, options={}, seed=seed)
    hand_lists = tuple(sort_hand(list((hands or {}).get(s, ()))) for s in range(seats))
    display = tuple(display)
    used = [c for hand in hand_lists for c in hand] + list(display)
    if deck is None:
        deck_t = tuple(_rest(used + list(discard or ())))
        discard_t = tuple(discard or ())
    else:
        deck_t = tuple(deck)
        discard_t = (
            tuple(_rest(used + list(deck_t))) if discard is None else tuple(discard)
        )
    kept = tuple(tuple((destinations or {}).get(s, ())) for s in range(seats))
    held = {c for cards in kept for c in cards}
    if short_deck is None:
        short_deck = [c for c in BASEL.short if c not in held]
    defaults: dict[str, Any] = {
        "phase": "turn",
        "colours": ("red", "blue", "green", "yellow", "black")[:seats],
        "start": 0,
        "round": 1,
        "picks": 0,
        "offers": ((),) * seats,
        "returned": (),
        "track": (0,) * seats,
        "done": (True,) * seats,
        "final": None,
        "idle": 0,
        "end_reason": None,
    }
    return replace(
        state,
        current=current,
        deck=deck_t,
        discard=discard_t,
        display=display,
        hands=hand_lists,
        destinations=kept,
        short_deck=tuple(short_deck),
        built=tuple(built),
        wheels=(30,) * seats if wheels is None else wheels,
        **{**defaults, **fields},
    )


def play(state: State, move: Any, seat: int | None = None) -> tuple[State, list[Event]]:
    """Apply `move` for `seat` (default: the one seat to move)."""
    if seat is None:
        (seat,) = RULES.to_move(state)
    return RULES.apply(state, seat, move)


def kinds(events: list[Event]) -> list[str]:
    """Return the kinds of `events`."""
    return [event.kind for event in events]


@pytest.fixture
def rur():
    """The Rat um Rad rules object."""
    return RULES


@pytest.fixture
def scenario():
    """The `make_state` builder."""
    return make_state


def route_game(seats: int, seed: int, *, robot_seed: int = 0) -> list[State]:
    """Return the states of one seeded game the route robot plays on every seat.

    From setup to the end; the lowest seat to move moves, with
    `Rng(robot_seed)`.
    """
    state = RULES.new_state(
        seats=seats, options=RULES.validate_options({}, seats), seed=seed
    )
    states = [state]
    while to_move := RULES.to_move(state):
        seat = min(to_move)
        move = choose_route(
            RULES.view(state, seat), RULES.legal_moves(state, seat), Rng(robot_seed)
        )
        state, _ = RULES.apply(state, seat, move)
        states.append(state)
    return states
