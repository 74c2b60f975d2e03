"""The Rat um Rad board tests' pages and matches (test_board*.py).

The fixtures `duo`, `midgame` and `finished` are registered for the
directory by conftest.py. A position is reached by playing the engine's
own legal moves (a seeded choice, `play`).
"""

from __future__ import annotations

import random

import pytest

from games import services
from games.models import Match
from games.rules.rat_um_rad import RULES
from tests.games.helpers import legal_json, state_of, state_store
from tests.games.html_tree import Node, html_tree

DUO_SEED = 11


def page_of(client, match) -> str:
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    return response.content.decode()


def board_of(client, match) -> Node:
    """Return the Rat um Rad board of the match page as `client` sees it."""
    return html_tree(page_of(client, match)).one("div", cls="rat-um-rad")


# ---------------------------------------------------------------------------
# Matches and positions


@pytest.fixture
def duo(alice, bob):
    """A running two-seat match of alice (0) and bob (1), in setup."""
    match = services.match_create(
        user=alice, game_slug="rat-um-rad", seats=2, options={}
    )
    # The seed is drawn at creation and dealt from when the last seat is
    # taken: fixing it in between makes the positions below repeatable.
    Match.objects.filter(id=match.id).update(seed=DUO_SEED)
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    # A fixed deal, so that the positions below are the same every run.
    state_store(match, RULES.new_state(seats=2, options={}, seed=11))
    return match


def play(match, users: dict, moves: int, rnd: random.Random, build: float = 0.7):
    """Play up to `moves` legal moves through the services, building often.

    Each move: the first seat to move plays a build with chance `build`
    when one is legal, else any legal move. Stops when the game is over.
    """
    for _ in range(moves):
        state = state_of(match)
        if state.phase == "over":
            return
        seat = min(RULES.to_move(state))
        choices = legal_json(match, seat)
        builds = [m for m in choices if m["kind"] == "build"]
        move = (
            rnd.choice(builds)
            if builds and rnd.random() < build
            else rnd.choice(choices)
        )
        services.move_submit(
            match_id=match.id,
            user=users[seat],
            move_data=move,
            expected_version=match.version,
        )
        match.refresh_from_db()


def keep_all(match, users: dict) -> None:
    """End the setup: every seat keeps its three short cards."""
    for seat in sorted(users):
        (move,) = [m for m in legal_json(match, seat) if len(m["cards"]) == 3]
        services.move_submit(
            match_id=match.id,
            user=users[seat],
            move_data=move,
            expected_version=match.version,
        )
        match.refresh_from_db()


@pytest.fixture
def midgame(duo, alice, bob):
    """The duo after setup and 40 more moves: roads built by both seats."""
    users = {0: alice, 1: bob}
    keep_all(duo, users)
    play(duo, users, 40, random.Random(3))
    state = state_of(duo)
    assert state.phase == "turn"
    assert {seat for _road, seat in state.built} == {0, 1}
    return duo


@pytest.fixture
def finished(duo, alice, bob):
    """The duo played to the end."""
    users = {0: alice, 1: bob}
    keep_all(duo, users)
    play(duo, users, 1000, random.Random(5))
    assert state_of(duo).phase == "over"
    return duo
