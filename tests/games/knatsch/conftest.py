"""Knatsch scenario builders: states with chosen cards, turns and dice.

Tests force the dice instead of rolling them (BG "Scenario Tests"):
`make_state` builds a `State` (a `structs.replace` of a new match) with the
cards each seat owns, the top cards of the stacks and the seat to move;
an attempt is started through the engine (its first throw is random) and
`with_dice` then puts chosen faces on the table, so that a Stop (`resolve`
does both) settles it with a known result. Card ids are the data file's ("castle-lion-1",
"squire-3-1", "tournament-4"); their combinations are in
games/rules/knatsch/data/knatsch-cards.json.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from games import services
from games.models import Match
from games.rules.base import Event
from games.rules.knatsch import RULES
from games.rules.knatsch.cards import ARMS, CARD_IDS, CARDS, CASTLE, CASTLES_BY_ARMS
from games.rules.knatsch.moves import Stop, Throw
from games.rules.knatsch.state import State
from games.rules.structs import replace

# The API tests' fixtures (test_api.py here), from tests/api/.
from tests.api.conftest import api_for, robots_via_celery  # noqa: F401

# The castle a seat owns unless a test says otherwise: one of each arms.
DEFAULT_CASTLES = tuple(CASTLES_BY_ARMS[arms][0] for arms in ARMS)


def make_state(
    *,
    seats: int = 2,
    owned: dict[int, Iterable[str]] | None = None,
    stacks: tuple[Iterable[str], Iterable[str]] = ((), ()),
    rest_to: tuple[int, ...] = (0, 1),
    current: int = 0,
    start: int = 0,
    seed: int = 1,
    king_ready: bool | None = None,
    **fields: Any,
) -> State:
    """Return a Knatsch state in the target phase, built by hand; seat 0 to move.

    `owned` maps a seat to its cards (a seat left out owns DEFAULT_CASTLES[seat]);
    `stacks` gives the top cards of each stack, top first. Every other card is
    dealt under them, alternately to the stacks in `rest_to`. `king_ready`
    defaults to what a turn start would say (the current seat holds 3 castles).
    Other State fields can be passed as keywords.
    """
    state = RULES.new_state(seats=seats, options={}, seed=seed)
    given = dict(owned or {})
    hands = tuple(
        tuple(given.get(seat, (DEFAULT_CASTLES[seat],))) for seat in range(seats)
    )
    tops = [list(stack) for stack in stacks]
    placed = {c for hand in hands for c in hand} | {c for top in tops for c in top}
    rest = [c for c in CARD_IDS if c not in placed]
    for i, card in enumerate(rest):
        tops[rest_to[i % len(rest_to)]].append(card)
    if king_ready is None:
        king_ready = sum(CARDS[c].type == CASTLE for c in hands[current]) == 3
    defaults: dict[str, Any] = {
        "phase": "target",
        "put_under_used": False,
        "attempt": None,
        "tournament": None,
        "last": None,
        "winner": None,
        "end_reason": None,
    }
    return replace(
        state,
        current=current,
        start=start,
        stacks=(tuple(tops[0]), tuple(tops[1])),
        owned=hands,
        king_ready=king_ready,
        **{**defaults, **fields},
    )


def play(state: State, move: Any, seat: int | None = None) -> tuple[State, list[Event]]:
    """Apply `move` for `seat` (default: the one seat to move)."""
    if seat is None:
        (seat,) = RULES.to_move(state)
    return RULES.apply(state, seat, move)


def with_dice(
    state: State, *faces: int, kept: tuple[int, ...] = (), throws: int | None = None
) -> State:
    """Return `state` with its attempt's table showing `kept` + `faces`.

    Faces of 6 and every die not named are sixes, set aside. The attempt
    counts at least one throw made (`throws` sets it).
    """
    attempt = state.attempt
    assert attempt is not None
    rolled = tuple(sorted(f for f in faces if f != 6))
    kept = tuple(sorted(kept))
    sixes = attempt.dice - len(rolled) - len(kept)
    assert sixes >= 0, "more faces than the attempt has dice"
    return replace(
        state,
        attempt=replace(
            attempt,
            throws=max(1, attempt.throws) if throws is None else throws,
            kept=kept,
            rolled=rolled,
            sixes=sixes,
        ),
    )


def resolve(state: State, *faces: int) -> tuple[State, list[Event]]:
    """Put `faces` on the table of the attempt in progress and stop there."""
    state = with_dice(state, *faces)
    assert state.attempt is not None
    return RULES.apply(state, state.attempt.roller, Stop())


def begin(state: State) -> State:
    """Make the first throw of a defence or tournament attempt (random dice)."""
    state, _ = play(state, Throw(keep=()))
    assert state.attempt is not None
    assert state.attempt.throws == 1
    return state


def kinds(events: list[Event]) -> list[str]:
    """Return the kinds of `events`."""
    return [event.kind for event in events]


@pytest.fixture
def knatsch():
    """The Knatsch rules object."""
    return RULES


@pytest.fixture
def scenario():
    """The `make_state` builder: `scenario(owned={0: ["castle-lion-1"]},
    stacks=...)`."""
    return make_state


# The board tests' matches (test_board*.py).

# A seed whose random play by the board's forms reaches an attack, a defence,
# a tournament host and a joust within 60 moves (test_board.py, the play
# through the board's own forms).
DUO_SEED = 1


@pytest.fixture
def duo(alice, bob):
    """A running two-seat match of alice (0) and bob (1), dealt from a fixed seed.

    The seed is drawn at creation and the cards are dealt from it when the
    last seat is taken: fixing it in between makes every test repeatable
    (no server seed: the int seed deals, the legacy scheme).
    """
    match = services.match_create(user=alice, game_slug="knatsch", seats=2, options={})
    Match.objects.filter(id=match.id).update(
        seed=DUO_SEED, server_seed="", seed_commitment=""
    )
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    return match


@pytest.fixture
def trio(alice, bob):
    """A running three-seat match: alice (0), bob (1) and a robot (2)."""
    match = services.match_create(user=alice, game_slug="knatsch", seats=3, options={})
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    return match
