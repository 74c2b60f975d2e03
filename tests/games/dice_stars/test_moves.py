"""Dice Stars: moves as JSON, and which move JSON is refused as malformed.

Stored states: test_stored_state.py.
"""

from __future__ import annotations

import json

import pytest

from games.rules.base import IllegalMove
from games.rules.dice_stars.dice import STAR
from games.rules.dice_stars.state import (
    Draw,
    PlaceStar,
    Rebag,
    TakeColour,
    TakeStars,
    TakeValue,
)

from .conftest import die

MOVES = [
    Rebag(with_reserve=False),
    Rebag(with_reserve=True),
    *(Draw(count=n) for n in (1, 2, 3)),
    *(TakeColour(colour=c) for c in ("black", "pink", "blue", "yellow")),
    *(TakeValue(value=v) for v in (2, 3, 4, 5, 6)),
    TakeStars(),
    *(PlaceStar(value=v) for v in (2, 3, 4, 5, 6)),
]


@pytest.mark.parametrize("move", MOVES, ids=lambda m: json.dumps(m.to_json()))
def test_every_move_round_trips_through_json(dice_stars, move):
    # STYLE.md B4 rule 2; the JSON shapes of the move records in state.py.
    data = json.loads(json.dumps(move.to_json()))
    assert dice_stars.move_from_json(data) == move


def test_move_json_carries_only_the_keys_of_its_kind():
    # state.Draw: `{"kind": "draw", "count": 1..3}`, state.TakeStars:
    # `{"kind": "stars"}`, ... (the JSON of rules version 1).
    assert Draw(count=2).to_json() == {"kind": "draw", "count": 2}
    assert TakeStars().to_json() == {"kind": "stars"}
    assert PlaceStar(value=4).to_json() == {"kind": "place_star", "value": 4}
    assert Rebag(with_reserve=True).to_json() == {
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
        {"kind": "DRAW", "count": 2},
        {"kind": None},
        {"kind": ["stars"]},
        {"count": 2},
        {"kind": "place_star", "value": 4.0},
        [{"kind": "stars"}],
    ],
    ids=json.dumps,
)
def test_a_malformed_move_is_refused(dice_stars, junk):
    # STYLE.md B4 rule 3: IllegalMove with a message a player can read.
    with pytest.raises(IllegalMove, match="not understood"):
        dice_stars.move_from_json(junk)


@pytest.mark.parametrize(
    "move",
    [
        Draw(count=7),
        TakeColour(colour="green"),  # type: ignore[arg-type]
        TakeValue(value=1),
        PlaceStar(value=9),
    ],
    ids=repr,
)
def test_a_move_built_by_hand_is_still_checked_by_apply(dice_stars, scenario, move):
    # STYLE.md B4 rule 3: apply re-validates; records built in code skip the
    # parser's field checks, so apply must refuse them itself.
    step = {Draw: "draw", PlaceStar: "stars"}.get(type(move), "take")
    state = scenario(
        step=step,
        reserve=(die("pink", 3),),
        stars_left=1 if step == "stars" else 0,
    )
    with pytest.raises(IllegalMove):
        dice_stars.apply(state, 0, move)
