"""Rat um Rad hard robot: determinized flat Monte Carlo over the route robot (issue 26).

Small budgets (`make_hard`) keep these fast; the production budget is
measured with bench/robots.py's duel.
"""

from __future__ import annotations

import random
import time

import pytest

from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.hard import (
    END_WHEELS,
    _best,
    _score,
    candidates,
    choose_hard,
    make_hard,
    rollout,
)
from games.rules.rat_um_rad.keep import keep_candidates
from games.rules.rat_um_rad.maps import MAPS
from games.rules.rat_um_rad.route import choose_route
from games.rules.rat_um_rad.route.plan import board_from_view
from games.rules.rat_um_rad.sketch import Sketch
from games.rules.rat_um_rad.state import (
    Build,
    FinalRound,
    Pass,
    TakeDeck,
)
from games.rules.rng import Rng

from .conftest import make_state, route_game

SMALL = make_hard(budget=40, limit=3, horizon=10, end_budget=60)

BAHNHOF_JUS = "FromBahnhofToJus"
WIRTSCHAFT_JUS = "Wirtschaft-to-Jus"
BAHNHOF_WIRTSCHAFT_2 = "Bahnhof-to-Wirtschaft-2"


@pytest.mark.parametrize("seats", [2, 5])
def test_it_returns_a_legal_move_the_same_for_the_same_rng(seats: int) -> None:
    states = route_game(seats, 3)
    for step, state in enumerate(states[:-1:9]):
        seat = min(RULES.to_move(state))
        view = RULES.view(state, seat)
        legal = RULES.legal_moves(state, seat)
        move = SMALL(view, legal, Rng(step))
        assert move in legal
        assert SMALL(view, legal, Rng(step)) == move
        assert RULES.view(state, seat) == view  # the view is left alone


def test_keeps_second_picks_and_draws_are_the_route_robots() -> None:
    state = RULES.new_state(seats=3, options={}, seed=4)
    view = RULES.view(state, 0)
    legal = RULES.legal_moves(state, 0)
    assert candidates(view, legal, 3) == []
    assert SMALL(view, legal, Rng(1)) == choose_route(view, legal, Rng(1))


def test_the_action_candidates_start_with_the_route_robots_move() -> None:
    state = make_state(
        hands={0: ["yellow", "white", "white", "black"]},
        destinations={0: [BAHNHOF_JUS]},
    )
    view = RULES.view(state, 0)
    legal = RULES.legal_moves(state, 0)
    found = candidates(view, legal, 3)
    assert found[0] == choose_route(view, legal, Rng(0))
    assert len(found) == len(set(found)) == 3  # noqa: PLR2004
    assert all(move in legal for move in found)


def test_before_the_end_it_plays_the_route_robots_move() -> None:
    """Mid-game search lost to the route robot (hard.py, Measured): until a
    seat nears its last wheels the hard robot plays the route robot's move."""
    states = route_game(2, 6)
    checked = 0
    for step, state in enumerate(states[:-1]):
        seat = min(RULES.to_move(state))
        view = RULES.view(state, seat)
        if min(p["wheels"] for p in view["players"]) <= END_WHEELS:
            break
        legal = RULES.legal_moves(state, seat)
        assert choose_hard(view, legal, Rng(step)) == choose_route(view, legal, Rng(0))
        checked += 1
    assert checked > 20  # noqa: PLR2004


def test_near_the_end_it_searches() -> None:
    """Once a seat nears its last wheels the search may leave the route
    robot's move: over a game's end some decision differs."""
    states = route_game(2, 6)
    differ = 0
    for step, state in enumerate(states[:-1]):
        seat = min(RULES.to_move(state))
        view = RULES.view(state, seat)
        if min(p["wheels"] for p in view["players"]) > END_WHEELS:
            continue
        legal = RULES.legal_moves(state, seat)
        differ += SMALL(view, legal, Rng(step)) != choose_route(view, legal, Rng(0))
    assert differ


def test_in_the_final_round_it_completes_its_destination() -> None:
    """Rat um Rad seed, Ende des Spiels: one last action; completing the
    destination wins its 3 points instead of losing them, so it builds."""
    state = make_state(
        hands={0: ["yellow", "black", "black", "black"]},
        destinations={0: [BAHNHOF_JUS]},
        built=[(BAHNHOF_WIRTSCHAFT_2, 0)],
        final=FinalRound(trigger=1, reason="wheels", left=(0,)),
    )
    legal = RULES.legal_moves(state, 0)
    assert TakeDeck() in legal
    move = SMALL(RULES.view(state, 0), legal, Rng(2))
    assert move == Build(road=WIRTSCHAFT_JUS, colour="yellow", jokers=0)


def test_it_never_reads_what_its_seat_cannot_see() -> None:
    states = route_game(3, 5)
    for step, state in enumerate(states[5:-1:15]):
        seat = min(RULES.to_move(state))
        scrambled = RULES.secrets_scramble(state, seat, random.Random(step))
        assert scrambled != state
        view = RULES.view(state, seat)
        assert RULES.view(scrambled, seat) == view
        legal = RULES.legal_moves(state, seat)
        assert SMALL(view, legal, Rng(step)) == SMALL(
            RULES.view(scrambled, seat), RULES.legal_moves(scrambled, seat), Rng(step)
        )


def test_one_legal_move_returns_at_once() -> None:
    started = time.perf_counter()
    # No view at all: the one move is returned before anything is read.
    assert choose_hard({}, [Pass()], Rng(1)) == Pass()
    assert time.perf_counter() - started < 0.05  # noqa: PLR2004


def test_no_legal_move_is_refused() -> None:
    with pytest.raises(ValueError, match="no legal move"):
        choose_hard({}, [], Rng(1))


@pytest.mark.parametrize("seats", [2, 4])
def test_the_sketch_policy_plays_legal_moves_to_the_end(seats: int) -> None:
    state = route_game(seats, 7)[seats * 2 + 2]
    sketch = Sketch()
    plies = 0
    while to_move := RULES.to_move(state):
        seat = min(to_move)
        legal = RULES.legal_moves(state, seat)
        move = sketch.choose(RULES.view(state, seat), legal)
        assert move in legal
        state, _ = RULES.apply(state, seat, move)
        plies += 1
    assert state.phase == "over"
    margin, played = rollout(route_game(seats, 7)[seats * 2 + 2], 0, None, fast=True)
    assert played == plies
    assert isinstance(margin, float)


def test_the_sketch_plans_again_when_a_planned_road_is_taken() -> None:
    state = make_state(
        hands={0: ["yellow", "white", "white", "black"]},
        destinations={0: [BAHNHOF_JUS]},
    )
    sketch = Sketch()
    view = RULES.view(state, 0)
    board = board_from_view(view, MAPS[view["map"]])
    first = sketch.plan(board, view)
    assert first.roads
    taken = first.roads[0]
    blocked = make_state(
        hands={0: ["yellow", "white", "white", "black"]},
        destinations={0: [BAHNHOF_JUS]},
        built=[(taken.id, 1)],
    )
    view = RULES.view(blocked, 0)
    again = sketch.plan(board_from_view(view, MAPS[view["map"]]), view)
    assert taken not in again.roads


def test_another_move_must_beat_the_route_robots_by_the_keep_margin() -> None:
    route = [0.0, 0.0, 0.0]
    assert _best([route, [5.0, 5.0, 5.0]], keep=1.0, sure=0.0) == 1
    assert _best([route, [0.5, 0.5, 0.5]], keep=1.0, sure=0.0) == 0
    # The best mean wins among those that beat the margin; ties: the first.
    assert _best([route, [3.0] * 3, [4.0] * 3, [4.0] * 3], keep=1.0, sure=0.0) == 2


def test_a_sure_search_keeps_the_route_robots_move_on_a_noisy_gain() -> None:
    route = [0.0] * 4
    noisy = [20.0, -10.0, 20.0, -10.0]  # mean 5, standard error about 8.7
    assert _best([route, noisy], keep=1.0, sure=0.0) == 1
    assert _best([route, noisy], keep=1.0, sure=1.0) == 0
    assert _best([route, [5.0, 6.0, 5.0, 6.0]], keep=1.0, sure=1.0) == 1


def test_the_win_score_ranks_outcomes_before_margins() -> None:
    """`wins`: a won rollout is worth more than any lost one, a tie half."""
    assert _score(1.0) > _score(0.0) > _score(-1.0)
    assert _score(0.0) == 0.5  # noqa: PLR2004
    assert _score(0.5) > _score(-30.0) + 0.5  # noqa: PLR2004
    assert _score(30.0) > _score(1.0)  # equal outcomes: the margin


def test_the_keep_search_starts_with_the_route_robots_keep_and_returns_a_keep() -> None:
    """keep.py: off by default (no gain measured); with a budget it returns
    one of the legal keeps, the same for the same rng."""
    state = RULES.new_state(seats=2, options={}, seed=4)
    view = RULES.view(state, 0)
    legal = RULES.legal_moves(state, 0)
    found = keep_candidates(view, legal, 3)
    assert found[0] == choose_route(view, legal, Rng(0))
    assert len(found) == len(set(found)) == 3  # noqa: PLR2004
    searching = make_hard(keep_budget=50, keep_limit=2, keep_sure=0.0)
    move = searching(view, legal, Rng(2))
    assert move in found[:2]
    assert searching(view, legal, Rng(2)) == move
    assert make_hard(keep_weight=0.5)(view, legal, Rng(2)) in legal
