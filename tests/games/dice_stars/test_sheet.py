"""Dice Stars: the score sheet's geometry, where dice go, and row scoring."""

from __future__ import annotations

import pytest

from games.rules.dice_stars.sheet import Sheet, X

from .conftest import column, row


def test_the_blank_sheet_has_twenty_white_cells_and_green_cells_per_row():
    # The score sheet on the rules page; Dice Stars rules, "Wie man
    # Bonusfelder benutzt" (Anmerkung): row 2 has four green cells, row 3
    # three, row 4 two, row 5 one, row 6 none.
    sheet = Sheet.empty()
    assert [len(r) for r in sheet.rows] == [8, 7, 6, 5, 4]
    assert sheet.white_free() == 20
    assert sheet.stars == (0, 0, 0, 0, 0)
    assert sheet.comet is None
    assert sheet.total() == 0


def test_row_v_has_v_star_cells():
    # The score sheet on the rules page: "row 2 has 2 of them, row 3 has 3,
    # and so on up to 6 in row 6" (20 in all).
    sheet = Sheet.empty()
    assert [sheet.star_free(v) for v in (2, 3, 4, 5, 6)] == [2, 3, 4, 5, 6]
    assert sheet.star_free() == 20


def test_a_colour_fills_its_column_from_the_top_skipping_marked_cells(sheet_of):
    # Dice Stars rules, "Wie man den Wertungszettel ausfüllt" 1: "immer
    # beginnend mit dem obersten freien Feld"; columns are black, pink, light
    # blue, yellow (the score sheet on the rules page).
    sheet = sheet_of(cells={(3, 2): X})
    assert sheet.column_cells("blue", 2) == ((0, 2), (2, 2))
    assert sheet.column_cells("black", 3) == ((0, 0), (1, 0), (2, 0))
    assert sheet.column_free("blue") == 4


def test_a_colour_does_not_fit_a_column_with_too_few_free_cells(sheet_of):
    # Dice Stars rules, "Wie man den Wertungszettel ausfüllt" 1 ("All dice
    # must fit" on the rules page): a choice is allowed only if all its dice
    # fit; columns have no green cells.
    sheet = sheet_of(cells={(2, 3): X, (3, 3): X, (4, 3): X})
    assert sheet.column_free("yellow") == 2
    assert sheet.column_cells("yellow", 2) == ((3, 3), (4, 3))
    assert sheet.column_cells("yellow", 3) is None


def test_a_value_fills_its_row_from_the_left_white_then_green(sheet_of):
    # Dice Stars rules, "Wie man den Wertungszettel ausfüllt" 2 ("am weitest
    # links liegenden freien Feld") and "Wie man Bonusfelder benutzt" (green
    # cells are treated like white ones).
    sheet = sheet_of(cells={(2, 1): X})
    assert sheet.row_cells(2, 5) == ((0, 0), (0, 2), (0, 3), (0, 4), (0, 5))
    assert sheet.row_free(2) == 7


def test_row_six_has_no_green_cells_so_a_fifth_six_does_not_fit():
    # Dice Stars rules, "Wie man Bonusfelder benutzt": "Die Sechserreihe
    # besitzt kein grünes Bonusfeld."
    sheet = Sheet.empty()
    assert sheet.row_cells(6, 4) == ((4, 0), (4, 1), (4, 2), (4, 3))
    assert sheet.row_cells(6, 5) is None


def test_a_take_writes_x_in_each_cell_and_the_sum_in_the_last():
    # Dice Stars rules, "Wie man den Wertungszettel ausfüllt" 1: an "X" in
    # each cell except the last one filled, which gets the sum.
    sheet = Sheet.empty().write(((0, 2), (1, 2), (2, 2)), 9)
    assert column(sheet, "blue") == [X, X, 9, None, None]
    assert row(sheet, 4) == [None, None, 9, None, None, None]


@pytest.mark.parametrize(
    ("marked", "multiplier", "score"),
    [(0, 1, 12), (1, 0, 0), (2, 0, 0), (3, 2, 24)],
)
def test_a_row_scores_once_with_no_stars_nothing_with_some_double_with_all(
    sheet_of, marked, multiplier, score
):
    # Dice Stars rules, "Effekt der gelben Multiplikatorfelder" and E: no
    # star cell marked x1, only some x0 ("NULL Punkte!!"), all x2. Row 3 has
    # three star cells.
    sheet = sheet_of(cells={(3, 0): X, (3, 1): 5, (3, 4): 7}, stars={3: marked})
    assert sheet.row_sum(1) == 12
    assert sheet.multiplier(1) == multiplier
    assert sheet.row_score(1) == score
    assert sheet.total() == score


def test_the_total_adds_the_row_scores_and_subtracts_the_comet(sheet_of):
    # Dice Stars rules, E: "addiert dann alle ganz rechten Wertungsfelder und
    # subtrahiert davon den Punktwert seines Straffeldes".
    sheet = sheet_of(
        cells={(2, 0): 4, (4, 1): 8, (6, 2): 6, (5, 3): 10},
        stars={2: 2, 5: 1},
        comet=7,
    )
    # Row 2: 4 x2 = 8; row 4: 8 x1; row 5: 10 x0; row 6: 6 x1.
    assert [sheet.row_score(r) for r in range(5)] == [8, 0, 8, 0, 6]
    assert sheet.total() == 8 + 8 + 6 - 7


def test_the_best_star_placement_completes_the_best_row(sheet_of):
    # Dice Stars rules, B, Aktion 2, 3: the player spreads the stars over
    # free star cells as they like; a full row doubles (E).
    sheet = sheet_of(cells={(2, 0): 10, (3, 0): 3}, stars={2: 1})
    assert sheet.total() == 3  # row 2 is half marked: 0
    assert sheet.best_star_total(1) == 20 + 3
    # Two stars: complete row 2 and spoil a row without numbers.
    assert sheet.best_star_total(2) == 20 + 3
    # All 19 free star cells: every row doubles; a 20th star does not fit.
    assert sheet.best_star_total(19) == 20 + 6
    assert sheet.best_star_total(20) is None


def test_a_sheet_round_trips_through_json(sheet_of):
    # STYLE.md B4 rule 2.
    sheet = sheet_of(cells={(2, 0): X, (2, 1): 9, (5, 4): 5}, stars={4: 2}, comet=3)
    assert Sheet.from_json(sheet.to_json()) == sheet
