"""Knatsch: which stored states are refused when read, and mutated ones.

A state read back from the database must either be refused with IllegalMove
by `state_from_json`, or be one the rules can play on. Found by random
mutations: an unknown `last.target` (view raised KeyError), a tournament
card that is unknown or not on top of its stack (finishing the tournament
raised ValueError), an attempt in progress with no throw left (the next
throw raised ValueError).
"""

from __future__ import annotations

import json
from functools import cache

import pytest

from games.rules.base import IllegalMove
from games.rules.knatsch import RULES
from tests.rules.mutations import assert_refused_or_working, exercise, played_states


@cache
def _states() -> tuple[str, ...]:
    return tuple(played_states(RULES, seeds=range(6), seats=(2, 3, 4, 6)))


def _first(condition) -> dict:
    """Return the JSON of the first played state that meets `condition`."""
    return next(data for text in _states() if condition(data := json.loads(text)))


def _tournament(data):
    return data["tournament"] is not None and data["tournament"]["order"]


def _other_stack_top(data):
    return data["stacks"][1 - data["tournament"]["stack"]][0]


def _edited(data, edit):
    edit(data)
    return data


REFUSED = {
    "an unknown last target": (
        lambda d: d["last"] is not None,
        lambda d: d["last"].update(target="x"),
    ),
    "an empty last target": (
        lambda d: d["last"] is not None,
        lambda d: d["last"].update(target=""),
    ),
    "an unknown tournament card": (
        _tournament,
        lambda d: d["tournament"].update(card="tournament-99"),
    ),
    "a castle as the tournament card": (
        _tournament,
        lambda d: d["tournament"].update(card="castle-lion-1"),
    ),
    "a tournament card under the top of its stack": (
        _tournament,
        lambda d: d["tournament"].update(card=d["stacks"][d["tournament"]["stack"]][1]),
    ),
    "a tournament on the other stack": (
        _tournament,
        lambda d: d["tournament"].update(stack=1 - d["tournament"]["stack"]),
    ),
    "a tournament roll for another card": (
        _tournament,
        lambda d: d["attempt"].update(target=_other_stack_top(d)),
    ),
    "an attempt with no throw left": (
        lambda d: d["attempt"] is not None and d["attempt"]["throws"],
        lambda d: d["attempt"].update(max_throws=d["attempt"]["throws"]),
    ),
    "an attempt with only sixes on the table": (
        lambda d: d["attempt"] is not None and d["attempt"]["throws"],
        lambda d: d["attempt"].update(kept=[], rolled=[], sixes=d["attempt"]["dice"]),
    ),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_an_inconsistent_stored_state_is_refused(case):
    condition, edit = REFUSED[case]
    original = _first(condition)
    # The state it is made from is read and works.
    exercise(RULES, RULES.state_from_json(json.loads(json.dumps(original))))

    with pytest.raises(IllegalMove, match="not understood"):
        RULES.state_from_json(_edited(original, edit))


def test_every_played_state_is_read_and_works():
    for text in _states()[::7]:
        exercise(RULES, RULES.state_from_json(json.loads(text)))


@pytest.mark.parametrize("seed", range(3))
def test_a_mutated_stored_state_is_refused_or_works(seed):
    # 3,000 mutants: before the checks of state.py, 10 of them crashed.
    assert_refused_or_working(RULES, _states(), count=1000, seed=seed)
