"""Knatsch hard robot (issue 26): legal, reproducible, sees only its view, finds the win.

Small budgets keep these fast (`make_hard`); `choose_hard` is the production budget.
"""

from __future__ import annotations

import random

import pytest

from games.rules.knatsch import RULES, Pass, RollForStack, State
from games.rules.knatsch import hard as hard_module
from games.rules.knatsch.hard import choose_hard, evaluate, make_hard
from games.rules.knatsch.moves import Revenge
from games.rules.rng import Rng
from games.rules.structs import replace

from .conftest import make_state

SMALL = make_hard(samples=3, nodes=120, width=2)


def _win_in_one() -> State:
    """Seat 0 holds three castles; stack 0 shows a fourth, the easiest of all.

    Capturing it wins (seed, Spielende 1: four castles); castle-bear-1 needs
    three 1s with a kicker above 4, stack 1 only offers a squire, and the
    put-under of this turn is spent.
    """
    return make_state(
        seats=2,
        owned={
            0: ("castle-lion-1", "castle-eagle-1", "castle-dragon-1"),
            1: ("castle-griffin-1", "castle-stag-1"),
        },
        stacks=(("castle-bear-1",), ("squire-1-1",)),
        king_ready=False,
        put_under_used=True,
    )


def test_it_rolls_for_the_castle_that_wins() -> None:
    state = _win_in_one()
    legal = RULES.legal_moves(state, 0)
    assert RollForStack(stack=0) in legal
    assert len(legal) > 2
    move = SMALL(RULES.view(state, 0), legal, Rng(5, 0))
    assert move == RollForStack(stack=0)


@pytest.mark.parametrize("seats", [2, 6])
def test_it_plays_only_legal_moves_to_the_end(seats: int) -> None:
    state = RULES.new_state(seats=seats, options={}, seed=seats)
    step = 0
    searched = 0
    while (to_move := RULES.to_move(state)) and step < 80:
        seat = min(to_move)
        legal = RULES.legal_moves(state, seat)
        view = RULES.view(state, seat)
        move = SMALL(view, legal, Rng(1, step))
        assert move in legal
        searched += view["phase"] != "roll" and len(legal) > 1
        state, _ = RULES.apply(state, seat, move)
        step += 1
    assert searched > 5


def test_the_same_rng_gives_the_same_move() -> None:
    state = make_state(
        seats=3,
        owned={
            0: ("castle-lion-1", "catapult-1"),
            1: ("castle-eagle-1", "castle-bear-2"),
        },
        stacks=(("tournament-1",), ("squire-3-1",)),
    )
    view = RULES.view(state, 0)
    legal = RULES.legal_moves(state, 0)
    moves = {SMALL(view, legal, Rng(9, 4)) for _ in range(3)}
    assert len(moves) == 1
    assert moves <= set(legal)


def test_it_never_reads_what_its_seat_cannot_see() -> None:
    """Two states that differ below the stack tops and in the Rng (secrets.py) get the same move."""
    state = make_state(
        seats=4,
        owned={
            0: ("castle-lion-2", "castle-bear-2"),
            2: ("castle-griffin-2", "catapult-2"),
        },
        stacks=(("castle-bear-1",), ("tournament-3",)),
    )
    other = RULES.secrets_scramble(state, 0, random.Random(3))
    assert other.stacks != state.stacks
    assert other.rng != state.rng
    view = RULES.view(state, 0)
    assert RULES.view(other, 0) == view
    legal = RULES.legal_moves(state, 0)
    assert SMALL(view, legal, Rng(2, 2)) == SMALL(
        RULES.view(other, 0), RULES.legal_moves(other, 0), Rng(2, 2)
    )


def test_one_legal_move_returns_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_search(*args: object) -> State:
        raise AssertionError("searched a forced move")

    monkeypatch.setattr(hard_module, "sample_state", no_search)
    state = _win_in_one()
    assert choose_hard(RULES.view(state, 0), [Pass()], Rng(0, 0)) == Pass()


def test_the_kings_revenge_is_searched_too() -> None:
    """Seed, Spielende 2: the failed King costs a castle; the robot gives up a legal one."""
    state = make_state(
        seats=2,
        owned={0: ("castle-lion-1", "castle-eagle-3", "castle-dragon-1")},
        phase="revenge",
    )
    legal = RULES.legal_moves(state, 0)
    assert all(isinstance(m, Revenge) for m in legal)
    assert len(legal) == 6
    assert SMALL(RULES.view(state, 0), legal, Rng(0, 1)) in legal


def test_the_evaluation_ranks_a_win_and_a_lead() -> None:
    ahead = _win_in_one()
    assert evaluate(ahead, 0) > 0.5 > evaluate(ahead, 1)
    won = replace(ahead, phase="over", current=None, winner=1, end_reason="king")
    assert evaluate(won, 1) == 1.0
    assert evaluate(won, 0) == 0.0


def test_it_weighs_opponents_losses_with_its_own_leader_power(monkeypatch):
    # The strong robot's ratings, as the hard robot asks for them: with the
    # square of each opponent's share (hard.LEADER_POWER; measured in its
    # docstring), not the strong robot's 1.
    asked = []
    rate = hard_module.target_values

    def recording(view, legal, *, leader_power):
        asked.append(leader_power)
        return rate(view, legal, leader_power=leader_power)

    monkeypatch.setattr(hard_module, "target_values", recording)
    state = make_state(
        seats=4,
        owned={1: ("castle-eagle-1", "castle-bear-2")},
        stacks=(("tournament-1",), ("squire-3-1",)),
    )
    SMALL(RULES.view(state, 0), RULES.legal_moves(state, 0), Rng(2, 0))
    assert asked == [hard_module.LEADER_POWER] == [2.0]
