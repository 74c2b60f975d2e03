"""Dice Stars robots: the uniform random robot (the default) and the greedy one.

bots.py: "easy" is uniform among the legal moves; "medium" picks the move
with the best immediate change of its own total as the view reports it
(`takes[].points`, `star_rows[].points`), ties and unscored moves at random.
"""

from __future__ import annotations

from collections import Counter

from games.rules.dice_stars import ROBOTS
from games.rules.dice_stars.dice import STAR
from games.rules.dice_stars.sheet import X
from games.rules.dice_stars.state import (
    Draw,
    PlaceStar,
    Rebag,
    TakeColour,
    TakeStars,
    TakeValue,
)
from games.rules.rng import Rng

from .conftest import die

GREEDY = ROBOTS["medium"]
RANDOM = ROBOTS["easy"]


def _picks(rules, state, robot, n=200):
    view = rules.view(state, state.current)
    legal = rules.legal_moves(state, state.current)
    return Counter(robot.choose(view, legal, Rng(seed, 0)) for seed in range(n))


def test_the_levels_are_in_the_lobbys_order():
    # Issue 26: the levels, easiest first.
    assert list(ROBOTS)[:2] == ["easy", "medium"]


def test_the_random_robot_picks_every_legal_move_about_equally(dice_stars, scenario):
    # bots.py: "uniform among the legal moves".
    reserve = (die("pink", 6), die("blue", 3), die("blue", 4, 1))
    state = scenario(reserve=reserve)
    legal = dice_stars.legal_moves(state, 0)
    assert len(legal) == 5
    picks = _picks(dice_stars, state, RANDOM, n=1000)
    assert set(picks) == set(legal)
    assert all(150 <= picks[move] <= 250 for move in legal)


def test_the_greedy_robot_takes_the_most_points(dice_stars, scenario):
    # Pink 6 scores 6 in row 2; the light blue 3+4 write 7 in row 3; the
    # values score 3, 4 and 6.
    reserve = (die("pink", 6), die("blue", 3), die("blue", 4, 1))
    state = scenario(reserve=reserve)
    points = {t["key"]: t["points"] for t in dice_stars.view(state, 0)["takes"]}
    assert points == {
        "colour-pink": 6,
        "colour-blue": 7,
        "value-3": 3,
        "value-4": 4,
        "value-6": 6,
    }
    assert set(_picks(dice_stars, state, GREEDY)) == {TakeColour(colour="blue")}


def test_the_greedy_robot_breaks_ties_at_random(dice_stars, scenario):
    # Pink 5, light blue 2+3 and the lone 5 all score 5.
    reserve = (die("pink", 5), die("blue", 2), die("blue", 3, 1))
    state = scenario(reserve=reserve)
    assert set(_picks(dice_stars, state, GREEDY)) == {
        TakeColour(colour="pink"),
        TakeColour(colour="blue"),
        TakeValue(value=5),
    }


def test_the_greedy_robot_takes_stars_that_double_a_row(dice_stars, scenario, sheet_of):
    # Dice Stars rules, E: a row with all star cells marked scores double;
    # row 2 (10, one of two star cells marked) scores 0 until completed.
    sheet = sheet_of(cells={(2, 1): 10}, stars={2: 1})
    reserve = (die("yellow", STAR), die("black", 3))
    state = scenario(reserve=reserve, sheets=(sheet, sheet))
    stars = next(t for t in dice_stars.view(state, 0)["takes"] if t["kind"] == "stars")
    assert stars["points"] == 20
    assert set(_picks(dice_stars, state, GREEDY)) == {TakeStars()}
    state, _ = dice_stars.apply(state, 0, TakeStars())
    rows = dice_stars.view(state, 0)["star_rows"]
    assert [(r["value"], r["points"]) for r in rows] == [
        (2, 20),
        (3, 0),
        (4, 0),
        (5, 0),
        (6, 0),
    ]
    assert set(_picks(dice_stars, state, GREEDY)) == {PlaceStar(value=2)}


def test_the_greedy_robot_loses_the_fewest_points_to_the_comet(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, C (Beispiel): "theoretisch auch möglich ... den
    # numerischen Wert Vier auszuwählen ... Acht Strafpunkte ... aber wer
    # will schon freiwillig verlieren?"
    cells = {(4, i): X for i in range(6)}
    cells |= {(v, i): X for v in (2, 3, 5, 6) for i in (0, 2)}
    sheet = sheet_of(cells=cells, stars={2: 2, 3: 3, 4: 4, 5: 5, 6: 6})
    state = scenario(reserve=(die("blue", 4), die("black", 4)), sheets=(sheet, sheet))
    assert set(_picks(dice_stars, state, GREEDY)) == {
        TakeColour(colour="black"),
        TakeColour(colour="blue"),
    }


def test_the_greedy_robot_draws_and_decides_the_reserve_at_random(dice_stars, scenario):
    # bots.py: moves without a score change are chosen at random.
    drawing = scenario(step="draw", reserve=(die("pink", 2),))
    assert set(_picks(dice_stars, drawing, GREEDY)) == {
        Draw(count=n) for n in (1, 2, 3)
    }
    rebagging = scenario(step="rebag", reserve=(die("pink", 2),), discard=(0,))
    assert set(_picks(dice_stars, rebagging, GREEDY)) == {
        Rebag(with_reserve=False),
        Rebag(with_reserve=True),
    }
