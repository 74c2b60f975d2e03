"""The Dice Stars board tests' pages, matches and states (test_board*.py).

The fixtures `solo` and `duo` are registered for the directory by
conftest.py. States the dice would rarely produce are written into
`Match.state` from an engine `State` changed with
`games.rules.structs.replace` (`put_state`, `take_state`).
"""

from __future__ import annotations

import json

import pytest

from games import services
from games.rules.dice_stars.dice import ALL_DICE
from games.rules.dice_stars.sheet import Sheet, X
from games.rules.structs import replace
from tests.games.helpers import state_of
from tests.games.html_tree import Node, html_tree

N = None
# Dice (see games/rules/dice_stars/dice.py): 0-1 black, 2-4 pink, 5-8 light
# blue, 9-13 yellow.
BLACK, PINK, BLUE, YELLOW = 0, 2, 5, 9


def canonical(move: dict) -> str:
    return json.dumps(move, sort_keys=True)


def board_of(client, match) -> Node:
    """Return the board section of the match page as `client` sees it."""
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    page = html_tree(response.content.decode())
    return page.one("section", id="board").one("div", cls="dice-stars")


# ---------------------------------------------------------------------------
# Matches and states


@pytest.fixture
def solo(alice):
    """A solo match: it starts at once, with alice to draw."""
    return services.match_create(
        user=alice, game_slug="dice-stars", seats=1, options={}
    )


@pytest.fixture
def duo(alice, bob):
    """A running two-seat match of alice (0) and bob (1), alice to move."""
    match = services.match_create(
        user=alice, game_slug="dice-stars", seats=2, options={}
    )
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    put_state(match, current=0, start=0)
    return match


def sheet(rows, stars=(0, 0, 0, 0, 0), comet=None) -> Sheet:
    return Sheet(rows=tuple(tuple(r) for r in rows), stars=tuple(stars), comet=comet)


def put_state(match, **changes):
    """Write the match's state with `changes`; the bag holds every other die."""
    state = state_of(match)
    reserve = changes.get("reserve", state.reserve)
    discard = changes.get("discard", state.discard)
    used = {d.die for d in reserve} | set(discard)
    changes.setdefault("bag", tuple(d for d in ALL_DICE if d not in used))
    state = replace(state, **changes)
    match.state = state.to_json()
    match.save(update_fields=["state"])
    return state


def take_state(match, reserve, sheets=None, **changes):
    """Put `match` in the take step of seat 0 with `reserve` just rolled."""
    state = state_of(match)
    return put_state(
        match,
        step="take",
        current=0,
        reserve=tuple(sorted(reserve, key=lambda d: d.die)),
        rolled=tuple(sorted(d.die for d in reserve)),
        sheets=sheets or state.sheets,
        **changes,
    )


# Rows 2..6: 4 white cells (black, pink, light blue, yellow), then green ones.
PLAYED = sheet(
    [
        [X, 4, N, 3, N, N, N, N],
        [N, X, N, 4, N, N, N],
        [4, N, X, 9, X, N],
        [N, N, 7, N, N],
        [X, 11, X, N],
    ],
    stars=(2, 1, 0, 0, 0),
    comet=None,
)
