"""Dice Stars solo: the virtual opponent's grid, its score and the solo end."""

from __future__ import annotations

import pytest

from games.rules.base import InvalidOptions, Outcome
from games.rules.dice_stars.dice import STAR
from games.rules.dice_stars.flow import solo_cells
from games.rules.dice_stars.state import PlaceStar, TakeColour, TakeStars

from .conftest import die

PINK = TakeColour(colour="pink")


@pytest.mark.parametrize(
    ("left", "cells"),
    [
        # Empty reserve: "markierst du gar keine Felder".
        ((), 0),
        # Only stars: "EIN Feld ... (egal wie viele Sterne dort liegen)".
        ((die("yellow", STAR),), 1),
        ((die("yellow", STAR), die("black", STAR), die("blue", STAR)), 1),
        # Only numbers: "ein Feld für 1-5 Punkte, zwei Felder für 6-10
        # Punkte, drei Felder für 11-15 Punkte, und so weiter".
        ((die("black", 2),), 1),
        ((die("black", 5),), 1),
        ((die("black", 6),), 2),
        ((die("black", 4), die("blue", 6)), 2),
        ((die("black", 5), die("blue", 6)), 3),
        ((die("black", 6), die("blue", 6), die("yellow", 6), die("pink", 6)), 5),
        # Numbers and stars: the sum "multiplizierst ... mit 2 (egal wie
        # viele Sterne dort liegen)", then one per started 5.
        ((die("black", 2), die("blue", STAR)), 1),
        ((die("black", 3), die("blue", STAR)), 2),
        ((die("black", 5), die("blue", STAR), die("yellow", STAR)), 2),
        ((die("black", 6), die("blue", STAR)), 3),
    ],
)
def test_the_solo_grid_is_marked_from_what_stays_in_the_reserve(left, cells):
    # Dice Stars rules, F: the cells marked after each turn, by the reserve.
    assert solo_cells(left) == cells


def test_the_grid_is_marked_at_the_end_of_every_turn(dice_stars, scenario):
    # Dice Stars rules, F: "am Ende eines jeden Zuges ... du eine bestimmte
    # Anzahl an Feldern in dem Soloraster ... ausfüllen wirst".
    reserve = (die("pink", 2), die("black", 4), die("blue", 3))
    state = scenario(seats=1, reserve=reserve, solo_marked=4)
    state, events = dice_stars.apply(state, 0, PINK)
    # Left: 4 + 3 = 7, two started fives.
    assert state.solo_marked == 6
    assert events[-1].kind == "solo_marked"
    assert events[-1].data == {"count": 2, "marked": 6, "size": 30}
    assert (state.current, state.step) == (0, "draw")
    assert dice_stars.view(state, 0)["solo"] == {
        "size": 30,
        "marked": 6,
        "points_per_cell": 5,
        "opponent_score": 30,
    }


def test_the_grid_is_marked_after_the_last_star_of_a_star_take(dice_stars, scenario):
    # Dice Stars rules, F: the turn ends once every taken star is written;
    # then only the black 4 stays: one cell.
    reserve = (
        die("pink", STAR),
        die("blue", STAR),
        die("yellow", STAR),
        die("black", 4),
    )
    state = scenario(seats=1, reserve=reserve)
    state, _ = dice_stars.apply(state, 0, TakeStars())
    state, events = dice_stars.apply(state, 0, PlaceStar(value=2))
    assert "solo_marked" not in [e.kind for e in events]
    state = dice_stars.apply(state, 0, PlaceStar(value=2))[0]
    state, events = dice_stars.apply(state, 0, PlaceStar(value=3))
    assert events[-1].kind == "solo_marked"
    assert state.solo_marked == 1


def test_a_full_grid_loses_at_once(dice_stars, scenario):
    # Dice Stars rules, F: "Wenn das letzte Feld des Solorasters ... ausgefüllt
    # wurde...VERLIERST du sofort das Spiel!!!"
    reserve = (die("pink", 2), die("black", 6), die("blue", 5))
    state = scenario(seats=1, reserve=reserve, solo_marked=28)
    state, events = dice_stars.apply(state, 0, PINK)
    assert state.solo_marked == 30  # 11 would mark 3; the grid has 2 left
    assert state.step == "over"
    assert state.end_reason == "solo_grid_full"
    assert [e.kind for e in events][-4:] == [
        "solo_marked",
        "game_over",
        "final_score",
        "solo_opponent",
    ]
    assert events[-1].data == {"score": 150, "won": False}
    assert dice_stars.outcome(state) == Outcome(
        ranks=(2,), reason="solo_grid_full", scores=(2,)
    )


def test_the_grid_is_marked_after_the_last_turn_too(dice_stars, scenario, sheet_of):
    # Spielpost's rulings on the rules page, Solo: the solo grid is marked after every
    # turn including the last; filling it then still loses at once (Dice
    # Stars rules, F).
    sheet = sheet_of(full=True, free=((6, 3),))
    reserve = (die("yellow", 6), die("black", 2))
    state = scenario(seats=1, reserve=reserve, sheets=(sheet,), solo_marked=29)
    state, _ = dice_stars.apply(state, 0, TakeColour(colour="yellow"))
    assert state.end_trigger == (0, "sheet_full")
    assert state.solo_marked == 30
    assert dice_stars.outcome(state) == Outcome(
        ranks=(2,), reason="solo_grid_full", scores=(6,)
    )


@pytest.mark.parametrize(("marked", "rank"), [(3, 1), (4, 2), (5, 2)])
def test_the_opponent_scores_five_per_cell_and_a_tie_loses(
    dice_stars, scenario, sheet_of, marked, rank
):
    # Dice Stars rules, F: "er bekommt 5 Punkte für jedes ausgefüllte Feld des
    # Solorasters ... Die höhere Gesamtsumme gewinnt"; to win "eine bessere
    # Gesamtpunktzahl" (a tie is a loss: Spielpost's rulings on the rules
    # page, Solo). The player's last turn fills the last white cell and
    # leaves nothing in the reserve.
    sheet = sheet_of(full=True, free=((6, 3),), cells={(5, 0): 14})
    reserve = (die("yellow", 6),)
    state = scenario(seats=1, reserve=reserve, sheets=(sheet,), solo_marked=marked)
    state, events = dice_stars.apply(state, 0, TakeColour(colour="yellow"))
    assert state.solo_marked == marked
    assert state.end_reason == "sheet_full"
    assert events[-1].data == {"score": 5 * marked, "won": rank == 1}
    assert dice_stars.outcome(state) == Outcome(
        ranks=(rank,), reason="sheet_full", scores=(20,)
    )


def test_a_solo_comet_ends_the_game_at_once(dice_stars, scenario, sheet_of):
    # Dice Stars rules, F: "Anderenfalls endet das Spiel normal ... weil du
    # dazu gezwungen wurdest, dein Straffeld (Komet) auszufüllen".
    sheet = sheet_of(full=True, cells={(4, 0): 30})
    state = scenario(seats=1, reserve=(die("pink", 3),), sheets=(sheet,))
    state, _ = dice_stars.apply(state, 0, PINK)
    assert state.sheets[0].comet == 3
    assert dice_stars.outcome(state) == Outcome(
        ranks=(1,), reason="comet", scores=(27,)
    )


def test_the_grid_size_is_an_option_of_ten_to_sixty_cells(dice_stars):
    # Spielpost's rulings on the rules page, Solo: "The original size of the
    # solo grid is not published. Spielpost uses 30 cells by default; ...
    # any size from 10 to 60."
    assert dice_stars.validate_options({}, 1) == {"solo_grid": 30}
    assert dice_stars.validate_options({"solo_grid": 12}, 1) == {"solo_grid": 12}
    for bad in (9, 61, "30", True, 30.0):
        with pytest.raises(InvalidOptions):
            dice_stars.validate_options({"solo_grid": bad}, 1)
    state = dice_stars.new_state(seats=1, options={"solo_grid": 12}, seed=0)
    assert state.solo_grid == 12
    assert state.solo_marked == 0
    assert dice_stars.new_state(seats=1, options={}, seed=0).solo_grid == 30


def test_a_smaller_grid_fills_sooner(dice_stars, scenario):
    # Dice Stars rules, F, with the grid size option.
    reserve = (die("pink", 2), die("black", 6))
    state = scenario(seats=1, solo_grid=12, reserve=reserve, solo_marked=10)
    state, _ = dice_stars.apply(state, 0, PINK)
    assert state.solo_marked == 12
    assert state.end_reason == "solo_grid_full"


def test_with_several_seats_there_is_no_solo_grid(dice_stars, scenario):
    # Dice Stars rules, F: the grid belongs to the solo variant only.
    state = scenario(seats=2, reserve=(die("pink", 2), die("black", 6)))
    state, events = dice_stars.apply(state, 0, PINK)
    assert state.solo_marked == 0
    assert "solo_marked" not in [e.kind for e in events]
    assert dice_stars.view(state, 0)["solo"] is None
