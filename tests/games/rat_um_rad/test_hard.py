"""Rat um Rad hard robot: determinized flat Monte Carlo over the route robot (issue 26).

Small budgets (`make_hard`) keep these fast; the production budget is
measured with bench/robots.py's duel.
"""

from __future__ import annotations

import random
import time

import pytest

from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.hard import candidates, choose_hard, make_hard
from games.rules.rat_um_rad.route import choose_route
from games.rules.rat_um_rad.state import (
    Build,
    FinalRound,
    Keep,
    Pass,
    State,
    TakeDeck,
)
from games.rules.rng import Rng

from .conftest import BASEL, make_state

SMALL = make_hard(budget=40, limit=3, horizon=10)

BAHNHOF_JUS = "FromBahnhofToJus"
WIRTSCHAFT_JUS = "Wirtschaft-to-Jus"
BAHNHOF_WIRTSCHAFT_2 = "Bahnhof-to-Wirtschaft-2"


def _states(seats: int, seed: int) -> list[State]:
    """Return the states of one seeded route-robot game."""
    state = RULES.new_state(
        seats=seats, options=RULES.validate_options({}, seats), seed=seed
    )
    states = [state]
    while to_move := RULES.to_move(state):
        seat = min(to_move)
        move = choose_route(
            RULES.view(state, seat), RULES.legal_moves(state, seat), Rng(0)
        )
        state, _ = RULES.apply(state, seat, move)
        states.append(state)
    return states


@pytest.mark.parametrize("seats", [2, 5])
def test_it_returns_a_legal_move_the_same_for_the_same_rng(seats: int) -> None:
    states = _states(seats, 3)
    for step, state in enumerate(states[:-1:9]):
        seat = min(RULES.to_move(state))
        view = RULES.view(state, seat)
        legal = RULES.legal_moves(state, seat)
        move = SMALL(view, legal, Rng(step))
        assert move in legal
        assert SMALL(view, legal, Rng(step)) == move
        assert RULES.view(state, seat) == view  # the view is left alone


def test_the_setup_keep_is_searched_among_every_legal_keep() -> None:
    state = RULES.new_state(seats=3, options={}, seed=4)
    view = RULES.view(state, 0)
    legal = RULES.legal_moves(state, 0)
    found = candidates(view, legal, 3)
    assert sorted(found, key=str) == sorted(legal, key=str)  # keeps are not capped
    assert SMALL(view, legal, Rng(1)) in legal


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


def test_at_the_end_it_keeps_only_the_offered_card_its_roads_join() -> None:
    """Rat um Rad seed, Ende des Spiels: a kept card not joined loses its
    points; on the last action, of three offered cards it keeps only the
    one its roads (Bahnhof - Wirtschaft - Jus) already join."""
    offer = ("FromBahnhofToJus", "FromBibliothekToChemie", "FromDMIToPsychologie")
    state = make_state(
        hands={0: ["red"]},
        built=[(BAHNHOF_WIRTSCHAFT_2, 0), (WIRTSCHAFT_JUS, 0)],
        wheels=(2, 30),
        final=FinalRound(trigger=1, reason="wheels", left=(0,)),
        offers=(offer, ()),
        short_deck=[c for c in BASEL.short if c not in offer],
    )
    legal = RULES.legal_moves(state, 0)
    assert len(legal) == 7  # noqa: PLR2004
    move = SMALL(RULES.view(state, 0), legal, Rng(3))
    assert move == Keep(cards=(BAHNHOF_JUS,))


def test_it_never_reads_what_its_seat_cannot_see() -> None:
    states = _states(3, 5)
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
