"""Dice Stars: the end trigger, the final round, scoring and ranks."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove, Outcome
from games.rules.dice_stars.sheet import X
from games.rules.dice_stars.state import Draw, TakeColour, TakeValue
from games.rules.structs import replace

from .conftest import die

YELLOW = TakeColour(colour="yellow")
PINK = TakeColour(colour="pink")


def _one_white_left(sheet_of, **kwargs):
    # Every cell marked but the yellow cell of row 6.
    return sheet_of(full=True, free=((6, 3),), **kwargs)


def _kinds(events):
    return [e.kind for e in events]


def test_filling_the_last_white_cell_triggers_the_end_and_a_final_round(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, D: "ein Spieler füllt das letzte weiße Feld ... aus.
    # Es wird dann noch solange weitergespielt, bis alle Spieler die gleiche
    # Anzahl an Zügen gespielt haben."
    sheets = (_one_white_left(sheet_of), sheet_of())
    reserve = (die("yellow", 6), die("pink", 2))
    state = scenario(reserve=reserve, sheets=sheets)
    state, events = dice_stars.apply(state, 0, YELLOW)
    assert state.sheets[0].white_free() == 0
    assert state.end_trigger == (0, "sheet_full")
    assert events[-1].kind == "end_triggered"
    assert events[-1].data == {"seat": 0, "reason": "sheet_full", "final_round": True}
    assert dice_stars.outcome(state) is None
    assert dice_stars.to_move(state) == {1}
    # Seat 1's final turn (its dice set by hand).
    state = replace(state, step="take")
    state, events = dice_stars.apply(state, 1, PINK)
    assert state.turns == (1, 1)
    assert _kinds(events) == ["took", "game_over", "final_score", "final_score"]
    assert dice_stars.to_move(state) == frozenset()
    assert dice_stars.outcome(state) == Outcome(
        ranks=(1, 2), reason="sheet_full", scores=(6, 2)
    )


def test_the_last_seat_in_turn_order_ends_the_game_at_once(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, D (Anmerkung): "Sollte der letzte Spieler in der
    # Spielerreihenfolge das Spielende auslösen, endet die Partie ... sofort."
    sheets = (sheet_of(), _one_white_left(sheet_of))
    state = scenario(
        current=1, turns=(1, 0), reserve=(die("yellow", 6),), sheets=sheets
    )
    state, events = dice_stars.apply(state, 1, YELLOW)
    assert events[1].data == {"seat": 1, "reason": "sheet_full", "final_round": False}
    assert state.step == "over"
    assert state.current is None
    assert dice_stars.outcome(state).ranks == (2, 1)


def test_the_last_seat_is_the_one_before_the_starting_seat(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, D; the starting seat is random (Spielpost's rulings
    # on the rules page, Turns), so with seat 1 starting, seat 0 plays last
    # in each round.
    sheets = (_one_white_left(sheet_of), sheet_of())
    state = scenario(start=1, turns=(0, 1), reserve=(die("yellow", 6),), sheets=sheets)
    state, _ = dice_stars.apply(state, 0, YELLOW)
    assert state.step == "over"
    assert state.turns == (1, 1)


def test_with_three_seats_only_the_seats_behind_the_trigger_play_on(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, D: play on until all have had the same number of turns.
    sheets = (sheet_of(), sheet_of(), _one_white_left(sheet_of))
    state = scenario(
        seats=3,
        start=1,
        current=2,
        turns=(0, 1, 0),
        reserve=(die("yellow", 6), die("pink", 2)),
        sheets=sheets,
    )
    state, _ = dice_stars.apply(state, 2, YELLOW)
    assert state.end_trigger == (2, "sheet_full")
    assert dice_stars.to_move(state) == {0}
    state, _ = dice_stars.apply(replace(state, step="take"), 0, PINK)
    assert state.step == "over"
    assert state.turns == (1, 1, 1)
    assert dice_stars.outcome(state) == Outcome(
        ranks=(2, 3, 1), reason="sheet_full", scores=(2, 0, 6)
    )


def test_a_green_cell_is_not_the_last_white_cell(dice_stars, scenario, sheet_of):
    # Dice Stars rules, D: only "das letzte weiße Feld" triggers the end.
    sheet = sheet_of(full=True, free=((6, 3), (2, 4), (2, 5)))
    state = scenario(reserve=(die("pink", 2),), sheets=(sheet, sheet))
    state, events = dice_stars.apply(state, 0, TakeValue(value=2))
    assert state.sheets[0].rows[0][4] == 2
    assert state.sheets[0].white_free() == 1
    assert state.end_trigger is None
    assert _kinds(events) == ["took"]


def test_filling_the_comet_triggers_the_end(dice_stars, scenario, sheet_of):
    # Dice Stars rules, C: "Wenn dies passiert und das Feld von einem Spieler
    # ausgefüllt wurde, löst dies das Spielende aus"; D; E: the comet is
    # subtracted.
    # Black and pink columns, rows 3 and 5 and every star cell are full.
    cells = {(v, i): X for v in (2, 3, 4, 5, 6) for i in (0, 1)}
    cells |= {(3, i): X for i in range(7)} | {(5, i): X for i in range(5)}
    blocked = sheet_of(cells=cells, stars={2: 2, 3: 3, 4: 4, 5: 5, 6: 6})
    sheets = (blocked, sheet_of())
    reserve = (die("pink", 3), die("pink", 3, 1), die("black", 5))
    state = scenario(reserve=reserve, sheets=sheets)
    assert dice_stars.legal_moves(state, 0) == [
        TakeColour(colour="black"),
        PINK,
        TakeValue(value=3),
        TakeValue(value=5),
    ]
    state, events = dice_stars.apply(state, 0, PINK)
    assert state.sheets[0].comet == 6
    assert state.end_trigger == (0, "comet")
    assert events[-1].data == {"seat": 0, "reason": "comet", "final_round": True}
    state, _ = dice_stars.apply(replace(state, step="take"), 1, TakeValue(value=5))
    assert dice_stars.outcome(state) == Outcome(
        ranks=(2, 1), reason="comet", scores=(-6, 5)
    )


def test_a_second_trigger_in_the_final_round_keeps_the_first(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, D: the end is triggered once; the round still ends
    # with equal turns.
    sheets = (_one_white_left(sheet_of), _one_white_left(sheet_of))
    reserve = (die("yellow", 6), die("yellow", 5, 1))
    state = scenario(reserve=reserve, sheets=sheets)
    state, _ = dice_stars.apply(state, 0, TakeValue(value=6))
    assert state.end_trigger == (0, "sheet_full")
    state, events = dice_stars.apply(replace(state, step="take"), 1, YELLOW)
    assert "end_triggered" not in _kinds(events)
    assert state.sheets[1].white_free() == 0
    assert dice_stars.outcome(state) == Outcome(
        ranks=(1, 2), reason="sheet_full", scores=(6, 5)
    )


def test_rows_score_double_nothing_or_once_minus_the_comet(
    dice_stars, scenario, sheet_of
):
    # Dice Stars rules, E: all star cells x2, some x0, none x1; the comet
    # is subtracted; "Der Spieler mit der höchsten Gesamtsumme gewinnt".
    first = sheet_of(
        cells={(2, 0): X, (2, 1): 5, (3, 0): 9, (4, 2): 8},
        stars={2: 2, 3: 1},
        comet=3,
    )
    second = sheet_of(cells={(6, 0): 12, (5, 0): 4}, stars={5: 5})
    state = scenario(step="over", current=None, end_reason="comet")
    state = replace(state, sheets=(first, second))
    # first: 5 x2 + 9 x0 + 8 x1 - 3 = 15; second: 12 + 4 x2 = 20.
    assert dice_stars.outcome(state) == Outcome(
        ranks=(2, 1), reason="comet", scores=(15, 20)
    )
    view = dice_stars.view(state, None)
    assert view["outcome"] == {"ranks": [2, 1], "reason": "comet", "scores": [15, 20]}
    assert [r["score"] for r in view["sheets"][0]["rows"]] == [10, 0, 8, 0, 0]
    assert [r["multiplier"] for r in view["sheets"][0]["rows"]] == [2, 0, 1, 1, 1]


@pytest.mark.parametrize(
    ("totals", "ranks"),
    [
        ((12, 12, 7), (1, 1, 3)),
        ((7, 12, 5, 12), (3, 1, 4, 1)),
        ((4, 4), (1, 1)),
    ],
)
def test_equal_totals_share_a_rank(dice_stars, scenario, sheet_of, totals, ranks):
    # Spielpost's rulings on the rules page, The end and scoring: "Players with equal
    # totals share their place."
    sheets = tuple(sheet_of(cells={(6, 0): total}) for total in totals)
    state = scenario(
        seats=len(totals),
        step="over",
        current=None,
        end_reason="sheet_full",
        sheets=sheets,
    )
    assert dice_stars.outcome(state).ranks == ranks


def test_no_move_is_legal_once_the_game_is_over(dice_stars, scenario, sheet_of):
    # STYLE.md B4 rule 5: over exactly when nobody is to move.
    state = scenario(step="over", current=None, end_reason="comet")
    assert dice_stars.to_move(state) == frozenset()
    assert dice_stars.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove, match="over"):
        dice_stars.apply(state, 0, Draw(count=1))
