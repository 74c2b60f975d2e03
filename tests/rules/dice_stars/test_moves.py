"""Dice Stars: moves and states as JSON, and what is refused as malformed."""

from __future__ import annotations

import json

import pytest

from games.rules.base import IllegalMove
from games.rules.dice_stars.dice import STAR
from games.rules.dice_stars.sheet import X
from games.rules.dice_stars.state import Move

from .conftest import die

MOVES = [
    Move("rebag", with_reserve=False),
    Move("rebag", with_reserve=True),
    *(Move("draw", count=n) for n in (1, 2, 3)),
    *(Move("colour", colour=c) for c in ("black", "pink", "blue", "yellow")),
    *(Move("value", value=v) for v in (2, 3, 4, 5, 6)),
    Move("stars"),
    *(Move("place_star", value=v) for v in (2, 3, 4, 5, 6)),
]


@pytest.mark.parametrize("move", MOVES, ids=lambda m: json.dumps(m.to_json()))
def test_every_move_round_trips_through_json(dice_stars, move):
    # STYLE.md B4 rule 2; the JSON shapes of state.Move.
    data = json.loads(json.dumps(move.to_json()))
    assert dice_stars.move_from_json(data) == move


def test_move_json_carries_only_the_keys_of_its_kind():
    # state.Move: `{"kind": "draw", "count": 1..3}`, `{"kind": "stars"}`, ...
    assert Move("draw", count=2).to_json() == {"kind": "draw", "count": 2}
    assert Move("stars").to_json() == {"kind": "stars"}
    assert Move("place_star", value=4).to_json() == {"kind": "place_star", "value": 4}
    assert Move("rebag", with_reserve=True).to_json() == {
        "kind": "rebag",
        "with_reserve": True,
    }


@pytest.mark.parametrize(
    "junk",
    [
        None,
        [],
        "draw",
        {},
        {"kind": "draw"},
        {"kind": "draw", "count": 0},
        {"kind": "draw", "count": 4},
        {"kind": "draw", "count": "3"},
        {"kind": "draw", "count": True},
        {"kind": "draw", "count": 2.0},
        {"kind": "colour", "colour": "green"},
        {"kind": "colour", "colour": "light blue"},
        {"kind": "colour", "colour": None},
        {"kind": "value", "value": 1},
        {"kind": "value", "value": 7},
        {"kind": "value", "value": "5"},
        {"kind": "value", "value": STAR},
        {"kind": "place_star", "value": None},
        {"kind": "place_star", "value": 0},
        {"kind": "stars", "extra": 1},
        {"kind": "stars", "count": 2},
        {"kind": "rebag", "with_reserve": "yes"},
        {"kind": "rebag", "with_reserve": 1},
        {"kind": "rebag"},
        {"kind": "draw", "count": 2, "colour": "pink"},
        {"kind": "take", "colour": "pink"},
    ],
    ids=json.dumps,
)
def test_a_malformed_move_is_refused(dice_stars, junk):
    # STYLE.md B4 rule 3: IllegalMove with a message a player can read.
    with pytest.raises(IllegalMove, match="not understood"):
        dice_stars.move_from_json(junk)


def _mid_game(dice_stars, scenario, sheet_of):
    sheet = sheet_of(cells={(2, 0): X, (2, 1): 7, (6, 3): 12}, stars={3: 2})
    return scenario(
        seats=3,
        current=2,
        start=1,
        reserve=(die("yellow", STAR), die("black", 4), die("blue", 6, 3)),
        discard=(2, 3),
        rolled=(8,),
        turns=(1, 2, 1),
        sheets=(sheet, sheet_of(comet=5), sheet_of()),
        end_trigger=(1, "comet"),
    )


def test_a_state_round_trips_through_json_exactly(dice_stars, scenario, sheet_of):
    # STYLE.md B4 rule 2: state_from_json(s.to_json()) == s.
    state = _mid_game(dice_stars, scenario, sheet_of)
    data = json.loads(json.dumps(state.to_json()))
    assert dice_stars.state_from_json(data) == state
    played = dice_stars.new_state(seats=2, options={}, seed=9)
    played, _ = dice_stars.apply(played, played.current, Move("draw", count=3))
    data = json.loads(json.dumps(played.to_json()))
    assert dice_stars.state_from_json(data) == played


def _break(data, path, value):
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("bag",), KeyError),
        (("rng",), None),
        (("seats",), "3"),
        (("step",), "dance"),
        (("end_reason",), "bored"),
        (("end_trigger",), [1, "bored"]),
        (("current",), True),
        (("rebag_next",), 0),
        # A die in the reserve and the bag, or in neither.
        (("bag",), [0, 1, 4, 5, 6, 7, 8, 10, 11, 12, 13]),
        (("bag",), [1, 4, 5, 6, 7, 10, 11, 12]),
        (("bag",), [1, 4, 5, 6, 7, 10, 11, 12, 14]),
        # A face the die does not have: a yellow 2, a black 7.
        (("reserve", 2), [9, 2]),
        (("reserve", 1), [8, 7]),
        (("reserve", 0), [0, 1]),
        (("reserve", 0), [0, "4"]),
        # Sheets: one per seat, cells of the right shape, star counts in range.
        (("sheets",), []),
        (("turns",), [1, 2]),
        (("sheets", 0, "rows", 0, 4), "o"),
        (("sheets", 0, "rows", 0, 4), True),
        (("sheets", 0, "rows", 0, 4), -1),
        (("sheets", 0, "rows", 0, 4), 85),
        (("sheets", 0, "rows", 4), [None] * 5),
        (("sheets", 0, "stars", 0), 3),
        (("sheets", 0, "stars"), [0, 0, 0, 0]),
        (("sheets", 1, "comet"), "5"),
        # Seats that do not exist.
        (("current",), 3),
        (("current",), -1),
        (("start",), 3),
        # Over exactly when nobody is to move and a reason is given.
        (("current",), None),
        (("end_reason",), "comet"),
    ],
    ids=lambda v: json.dumps(v) if not isinstance(v, type) else "missing",
)
def test_a_malformed_or_inconsistent_state_is_refused(
    dice_stars, scenario, sheet_of, path, value
):
    # STYLE.md B4 rule 2: state_from_json refuses what to_json cannot give.
    data = json.loads(json.dumps(_mid_game(dice_stars, scenario, sheet_of).to_json()))
    with pytest.raises(IllegalMove, match="not understood"):
        dice_stars.state_from_json(_break(data, path, value))


@pytest.mark.parametrize("junk", [None, [], {}, "state", {"seats": 2}])
def test_junk_is_not_a_state(dice_stars, junk):
    with pytest.raises(IllegalMove):
        dice_stars.state_from_json(junk)
