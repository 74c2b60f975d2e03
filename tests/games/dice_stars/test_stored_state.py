"""Dice Stars: stored states as JSON, and which stored states are refused.

A state read back from the database must either be refused with IllegalMove
by `state_from_json`, or be one the rules can play on: the declared types of
state.py refuse malformed JSON, `__post_init__` refuses inconsistent states.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.base import IllegalMove
from games.rules.dice_stars import RULES
from games.rules.dice_stars.dice import STAR
from games.rules.dice_stars.sheet import X
from games.rules.dice_stars.state import Draw, State
from tests.rules.mutations import assert_refused_or_working

from .conftest import die, make_sheet, make_state


def _mid_game() -> State:
    # Seat 2's take, seat 1 filled its comet: the end is triggered.
    sheet = make_sheet(cells={(2, 0): X, (2, 1): 7, (6, 3): 12}, stars={3: 2})
    return make_state(
        seats=3,
        current=2,
        start=1,
        reserve=(die("yellow", STAR), die("black", 4), die("blue", 6, 3)),
        discard=(2, 3),
        rolled=(8,),
        turns=(1, 2, 1),
        sheets=(sheet, make_sheet(comet=5), make_sheet()),
        end_trigger=(1, "comet"),
    )


# Valid states, one per step, that the malformed cases below start from.
BASES = {
    "take": _mid_game,
    "stars": lambda: make_state(
        step="stars",
        stars_left=2,
        reserve=(die("black", 4),),
        discard=(9, 10),
        rolled=(0, 9, 10),
        sheets=(make_sheet(stars={2: 1}), make_sheet()),
        rebag_next=True,
    ),
    "draw": lambda: make_state(step="draw", reserve=(die("pink", 3),), turns=(1, 1)),
    "rebag": lambda: make_state(
        step="rebag", current=1, reserve=(die("pink", 3),), discard=(0, 1)
    ),
    "over": lambda: make_state(
        step="over",
        current=None,
        end_reason="sheet_full",
        end_trigger=(0, "sheet_full"),
        reserve=(die("pink", 3),),
    ),
    "solo": lambda: make_state(
        seats=1, solo_grid=12, solo_marked=4, reserve=(die("pink", 3),)
    ),
}


def _json(base: str) -> dict:
    return json.loads(json.dumps(BASES[base]().to_json()))


@pytest.mark.parametrize("base", sorted(BASES))
def test_a_state_round_trips_through_json_exactly(dice_stars, base):
    # STYLE.md B4 rule 2: state_from_json(s.to_json()) == s, through text.
    state = BASES[base]()
    assert dice_stars.state_from_json(_json(base)) == state


def test_a_state_keeps_the_json_of_rules_version_1(dice_stars):
    # The JSON is unchanged since the hand-written encoder (rules version
    # "1"): stored matches go on being read, golden playthroughs unchanged.
    state = dice_stars.new_state(seats=2, options={}, seed=9)
    state, _ = dice_stars.apply(state, state.current, Draw(count=3))
    data = state.to_json()
    assert list(data) == [
        "seats",
        "solo_grid",
        "rng",
        "step",
        "current",
        "start",
        "bag",
        "reserve",
        "discard",
        "rolled",
        "rebag_next",
        "stars_left",
        "sheets",
        "turns",
        "end_trigger",
        "end_reason",
        "solo_marked",
    ]
    assert data["rng"] == {"seed": 9, "draws": 5}
    assert data["reserve"] == [[d.die, d.face] for d in state.reserve]
    assert data["sheets"][0] == {
        "rows": [[None] * n for n in (8, 7, 6, 5, 4)],
        "stars": [0, 0, 0, 0, 0],
        "comet": None,
    }
    mid = _mid_game().to_json()
    assert mid["end_trigger"] == [1, "comet"]
    assert mid["sheets"][0]["rows"][0][:2] == ["x", 7]
    assert dice_stars.info.version == "2"


def _edit(data, path, value):
    """Set the dotted `path` ("sheets.0.comet") in `data`; KeyError deletes it."""
    *parents, last = [int(key) if key.isdigit() else key for key in path.split(".")]
    for key in parents:
        data = data[key]
    if value is KeyError:
        del data[last]
    else:
        data[last] = value


# The reason a state is refused (its check: a declared type or a consistency
# check in __post_init__) -> states refused for it: (base, {path: value}).
REFUSED: dict[str, list[tuple[str, dict[str, Any]]]] = {
    # Declared types: the JSON shape, no coercion.
    "missing required field `bag`": [("take", {"bag": KeyError})],
    "unknown field `colour`": [("take", {"colour": "pink"})],
    "unknown field `colour` - at `$.sheets[0]`": [
        ("take", {"sheets.0.colour": "pink"})
    ],
    "got `null` - at `$.rng`": [("take", {"rng": None})],
    "got `str` - at `$.rng.seed`": [("take", {"rng.seed": "1"})],
    "got `str` - at `$.seats`": [("take", {"seats": "3"})],
    "`int` <= 4 - at `$.seats`": [("take", {"seats": 5})],
    "`int` >= 1 - at `$.seats`": [("solo", {"seats": 0, "sheets": [], "turns": []})],
    "`int` >= 10 - at `$.solo_grid`": [("solo", {"solo_grid": 9})],
    "`int` <= 60 - at `$.solo_grid`": [("solo", {"solo_grid": 61})],
    "got `bool` - at `$.current`": [("take", {"current": True})],
    "`int` >= 0 - at `$.current`": [("take", {"current": -1})],
    "got `int` - at `$.rebag_next`": [("take", {"rebag_next": 0})],
    "'dance' - at `$.step`": [("take", {"step": "dance"})],
    "'bored' - at `$.end_reason`": [("take", {"end_reason": "bored"})],
    # The solo grid ends a game but never triggers the end.
    "- at `$.end_trigger[1]`": [
        ("take", {"end_trigger": [1, "bored"]}),
        ("take", {"end_trigger": [1, "solo_grid_full"]}),
    ],
    "length 2, got 1 - at `$.end_trigger`": [("take", {"end_trigger": [1]})],
    "`int` >= 0 - at `$.turns[0]`": [("take", {"turns.0": -1})],
    "`int` >= 0 - at `$.stars_left`": [("take", {"stars_left": -1})],
    "`int` <= 13 - at `$.bag[8]`": [("take", {"bag.8": 14})],
    "got `str` - at `$.reserve[0][1]`": [("take", {"reserve.0": [0, "4"]})],
    "at most length 2, got 3 - at `$.reserve[0]`": [("take", {"reserve.0": [0, 4, 1]})],
    "got `object` - at `$.reserve[0]`": [("take", {"reserve.0": {"die": 0}})],
    # A cell is None, "x" or a number no take can exceed (14 sixes).
    "at `$.sheets[0].rows[0][4]`": [
        ("take", {"sheets.0.rows.0.4": "o"}),
        ("take", {"sheets.0.rows.0.4": True}),
        ("take", {"sheets.0.rows.0.4": -1}),
        ("take", {"sheets.0.rows.0.4": 85}),
        ("take", {"sheets.0.rows.0.4": 4.0}),
    ],
    "`int` >= 0 - at `$.sheets[0].stars[0]`": [("take", {"sheets.0.stars.0": -1})],
    "at `$.sheets[1].comet`": [
        ("take", {"sheets.1.comet": "5"}),
        ("take", {"sheets.1.comet": -1}),
        ("take", {"sheets.1.comet": 85}),
    ],
    # Die.__post_init__: a yellow 2, a black 7, a black 1.
    "no die shows that face": [
        ("take", {"reserve.2": [9, 2]}),
        ("take", {"reserve.1": [0, 7]}),
        ("take", {"reserve.0": [0, 1]}),
    ],
    # Sheet.__post_init__: rows 2..6 have 8, 7, 6, 5, 4 cells; row v has v
    # star cells.
    "not five rows and five star counts": [
        ("take", {"sheets.0.rows": [[None] * 8]}),
        ("take", {"sheets.0.stars": [0, 0, 0, 0]}),
    ],
    "a row of the wrong length": [
        ("take", {"sheets.0.rows": [[None] * 8] * 5}),
        ("take", {"sheets.0.rows.4": [None] * 5}),
        ("take", {"sheets.0.rows.0": [None] * 7}),
    ],
    "more marked star cells than the row has": [
        ("take", {"sheets.0.stars.0": 3}),
        ("take", {"sheets.0.stars.4": 7}),
    ],
    # State.__post_init__, seats: every seat number and per-seat list.
    "not one sheet and one turn count per seat": [
        ("take", {"sheets": []}),
        ("take", {"turns": [1, 2]}),
        ("take", {"seats": 4}),
    ],
    "no such starting seat": [("take", {"start": 3})],
    "no such current seat": [("take", {"current": 3})],
    "no such seat triggered the end": [("take", {"end_trigger": [3, "comet"]})],
    # Over exactly when nobody is to move and the reason is known.
    "nobody to move in a running game": [("take", {"current": None})],
    "a seat to move in a finished game": [("over", {"current": 0})],
    "an end reason without the end, or the end without one": [
        ("take", {"end_reason": "comet"}),
        ("over", {"end_reason": None}),
    ],
    "a solo grid in a game with several seats": [
        ("over", {"end_reason": "solo_grid_full"})
    ],
    "solo grid cells out of range": [
        ("solo", {"solo_marked": 13}),
        ("take", {"solo_marked": 1}),
    ],
    # Dice: each die in exactly one place, in die order.
    "a die in two places or in none": [
        ("take", {"bag": [0, 1, 4, 5, 6, 7, 8, 10, 11, 12, 13]}),
        ("take", {"bag": [1, 4, 5, 6, 7, 10, 11, 12]}),
    ],
    "dice out of die order": [
        ("take", {"bag": [4, 1, 5, 6, 7, 10, 11, 12, 13]}),
        ("take", {"discard": [3, 2]}),
        ("take", {"reserve": [[8, 6], [0, 4], [9, 0]]}),
    ],
    # Rolled dice: drawn this turn, so in the reserve, or in the stars step
    # already in the discard.
    "rolled dice are not in the reserve": [
        ("take", {"rolled": [1]}),
        ("take", {"rolled": [2]}),
        ("stars", {"rolled": [0, 1]}),
    ],
    "rolled dice out of die order": [
        ("take", {"rolled": [8, 8]}),
        ("take", {"rolled": [9, 0]}),
    ],
    "rolled dice outside the take and stars steps": [
        ("draw", {"rolled": [2]}),
        ("over", {"rolled": [2]}),
    ],
    # The step has what it needs to offer a move.
    "stars to mark: not 1 to the free star cells": [
        ("stars", {"stars_left": 0}),
        ("stars", {"stars_left": 20}),
    ],
    "stars to mark outside the stars step": [("take", {"stars_left": 1})],
    "nothing to draw": [("draw", {"bag": [], "discard": [0, 1, *range(3, 14)]})],
    "nothing to return to the bag": [
        ("rebag", {"bag": [], "discard": [], "reserve": [[d, 0] for d in range(14)]})
    ],
    "nothing to take": [
        ("take", {"reserve": [], "rolled": [], "discard": [0, 2, 3, 8, 9]})
    ],
}


@pytest.mark.parametrize(
    ("cause", "base", "edits"),
    [
        pytest.param(cause, base, edits, id=f"{cause} ({n})")
        for cause, cases in REFUSED.items()
        for n, (base, edits) in enumerate(cases, 1)
    ],
)
def test_a_malformed_or_inconsistent_state_is_refused(dice_stars, cause, base, edits):
    # STYLE.md B4 rule 2: state_from_json refuses what to_json cannot give,
    # with IllegalMove rather than an error later in the rules; the cause
    # shows which check refused it.
    data = _json(base)
    for path, value in edits.items():
        _edit(data, path, value)
    with pytest.raises(IllegalMove, match="not understood") as refused:
        dice_stars.state_from_json(data)
    assert cause in str(refused.value.__cause__)


def test_stars_without_a_rebag_and_an_empty_bag_are_refused(dice_stars):
    # A star take sets rebag_next; without it the stars step's end left the
    # next player an empty bag to draw from (ValueError in the engine).
    data = _json("stars")
    in_reserve = {die for die, _face in data["reserve"]}
    data["discard"] = sorted(set(range(14)) - in_reserve)
    data["bag"] = []
    dice_stars.state_from_json(data)  # with rebag_next: read and playable
    data["rebag_next"] = False

    with pytest.raises(IllegalMove, match="not understood") as refused:
        dice_stars.state_from_json(data)
    assert "nothing to draw after the stars" in str(refused.value.__cause__)


@pytest.mark.parametrize("junk", [None, [], {}, "state", 3, {"seats": 2}])
def test_junk_is_not_a_state(dice_stars, junk):
    with pytest.raises(IllegalMove, match="not understood"):
        dice_stars.state_from_json(junk)


# Hypothesis: a stored state mutated at random is refused or playable.


@cache
def _played_states() -> tuple[str, ...]:
    """Return (as JSON text) every state of seeded random games, 1-4 seats."""
    states = []
    for seed in range(8):
        seats = seed % 4 + 1
        rnd = random.Random(seed)
        state = RULES.new_state(seats=seats, options={}, seed=seed)
        while True:
            states.append(json.dumps(state.to_json()))
            to_move = RULES.to_move(state)
            if not to_move:
                break
            seat = min(to_move)
            move = rnd.choice(RULES.legal_moves(state, seat))
            state, _ = RULES.apply(state, seat, move)
    return tuple(states)


_WORDS = ["x", "3", "", "rebag", "draw", "take", "stars", "over"]
_WORDS += ["comet", "sheet_full", "solo_grid_full"]
# Values of another shape than the one replaced.
_ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 90),
    st.sampled_from(_WORDS),
    st.floats(allow_nan=False, allow_infinity=False),
    st.lists(st.integers(-1, 14), max_size=4),
    st.lists(st.sampled_from([None, "x", 0, 5]), max_size=9),
    st.tuples(st.integers(-1, 14), st.integers(-1, 7)).map(list),
    st.dictionaries(st.sampled_from(["seed", "draws", "rows"]), st.integers(0, 3)),
)


def _path(draw, data):
    # A random walk from the root, so that each top-level field is as likely
    # a target as the 30 cells of a sheet.
    path = []
    node = data
    while isinstance(node, dict | list) and node:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        path.append(draw(st.sampled_from(keys)))
        node = node[path[-1]]
        if draw(st.integers(0, 3)) == 0:
            break
    return path


@st.composite
def _mutated_states(draw):
    """Return the JSON of a played state with 1-3 random changes.

    Most changes keep the JSON type (an int off by a little, a list item
    dropped, doubled or swapped, another step name), so that many mutants
    parse and reach the consistency checks; some put any other value.
    """
    data = json.loads(draw(st.sampled_from(_played_states())))
    for _ in range(draw(st.integers(1, 3))):
        path = _path(draw, data)
        if not path:
            break
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        value = parent[key]
        in_list = isinstance(parent, list)
        how = draw(st.integers(0, 9))
        if how == 0:
            parent[key] = draw(_ANY)
        elif how == 1:
            del parent[key]
        elif how == 2 and in_list:
            parent.insert(key, copy.deepcopy(value))
        elif how == 3 and in_list and key + 1 < len(parent):
            parent[key], parent[key + 1] = parent[key + 1], value
        elif type(value) is int:
            # Off by a little: the edges of every range.
            parent[key] = value + draw(st.sampled_from([-2, -1, 1, 2]))
        elif isinstance(value, bool):
            parent[key] = not value
        elif value is None:
            parent[key] = draw(st.integers(-1, 5))
        elif isinstance(value, str):
            parent[key] = draw(st.sampled_from(_WORDS))
        else:
            parent[key] = draw(_ANY)
    return data


def _survives(rules, state):
    # Everything the platform calls on a stored state: nothing may raise.
    to_move = rules.to_move(state)
    outcome = rules.outcome(state)
    assert (outcome is None) == bool(to_move)
    for viewer in [*range(state.seats), None]:
        view = rules.view(state, viewer)
        assert json.loads(json.dumps(view)) == view
    for seat in range(state.seats):
        legal = rules.legal_moves(state, seat)
        # A seat to move always has a move: a stored match never gets stuck.
        assert bool(legal) == (seat in to_move)
        for move in legal:
            rules.describe(move)
            after, _ = rules.apply(state, seat, move)
            assert rules.state_from_json(after.to_json()) == after


def test_every_played_state_survives(dice_stars):
    # The unmutated states of the hypothesis test below pass the same checks.
    for text in _played_states():
        _survives(dice_stars, dice_stars.state_from_json(json.loads(text)))


@settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=_mutated_states())
def test_a_mutated_stored_state_is_refused_or_playable(dice_stars, data):
    try:
        state = dice_stars.state_from_json(data)
    except IllegalMove:
        return
    _survives(dice_stars, state)


@pytest.mark.parametrize("seed", range(2))
def test_seeded_mutations_of_stored_states_are_refused_or_work(seed):
    # The same seeded mutations as every engine's (tests/rules/mutations.py):
    # before the rebag check, a stars step without rebag_next crashed.
    assert_refused_or_working(RULES, _played_states(), count=3000, seed=seed)
