"""Rat um Rad: registered as a Spielpost game (Spielpost spec, Names)."""

from __future__ import annotations

from games.rules.rat_um_rad import RULES
from games.rules.registry import default_robot, robots_for, rules_for
from games.rules.rng import Rng


def test_registered_with_a_robot():
    """Rat um Rad rulings, Components: 2 to 5 players; the game is offered with a robot."""
    assert rules_for("rat-um-rad") is RULES
    info = RULES.info
    assert (info.min_seats, info.max_seats) == (2, 5)
    assert info.hidden_information
    assert info.chance
    assert info.max_moves is not None
    assert "easy" in robots_for("rat-um-rad")
    state = RULES.new_state(seats=2, options={}, seed=1)
    legal = RULES.legal_moves(state, 0)
    move = default_robot("rat-um-rad").choose(RULES.view(state, 0), legal, Rng(seed=1))
    assert move in legal
