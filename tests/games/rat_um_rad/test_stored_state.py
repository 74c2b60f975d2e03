"""Rat um Rad: a stored state mutated at random is refused or works.

The same seeded mutations of real states as Knatsch's (tests/rules/
mutations.py): every mutant is refused by `state_from_json` with
IllegalMove, or the rules' every entry point works on it.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from games.rules.rat_um_rad import RULES
from tests.rules.mutations import assert_refused_or_working, exercise, played_states


@cache
def _states() -> tuple[str, ...]:
    return tuple(played_states(RULES, seeds=range(6), seats=(2, 3, 4, 5)))


def test_played_states_are_read_and_work():
    for text in _states()[::25]:
        exercise(RULES, RULES.state_from_json(json.loads(text)))


@pytest.mark.parametrize("seed", range(2))
def test_a_mutated_stored_state_is_refused_or_works(seed):
    assert_refused_or_working(RULES, _states(), count=500, seed=seed)
