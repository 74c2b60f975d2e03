"""The stars step's view: what marking a star cell in a row changes.

Dice Stars rules, "Effekt der gelben Multiplikatorfelder am Ende des
Spiels": a row with no star cell marked scores its sum, a row with all of
them marked twice its sum, and a row with only some marked nothing. So one
star cell changes the total by `now`, and by `full` once the row's star
cells are all marked; `points` (what robots choose by) assumes every star
left this turn is placed as well as it can be.
"""

from __future__ import annotations

from games.rules.dice_stars.state import STEP_STARS


def _rows(dice_stars, state) -> dict[int, dict]:
    return {row["value"]: row for row in dice_stars.view(state, 0)["star_rows"]}


def test_a_first_star_zeroes_the_row_until_all_its_star_cells_are_marked(
    dice_stars, scenario, sheet_of
):
    # Row 4 sums to 8 with no star cell marked; 4 stars to place.
    sheet = sheet_of(cells={(4, 3): 8})
    state = scenario(step=STEP_STARS, stars_left=4, sheets=(sheet, sheet))

    row4 = _rows(dice_stars, state)[4]

    assert row4["cells"] == 4
    assert row4["free"] == 4
    assert row4["now"] == -8  # 1 of 4 star cells: the row scores 0 instead of 8
    assert row4["full"] == 8  # all 4: the row scores 16 instead of 8
    assert row4["points"] == 8  # all four stars of this turn into row 4


def test_a_further_star_in_a_partly_marked_row_changes_nothing_yet(
    dice_stars, scenario, sheet_of
):
    # Row 3 sums to 4 with 1 of its 3 star cells marked: it scores 0 now.
    sheet = sheet_of(cells={(3, 3): 4}, stars={3: 1})
    state = scenario(step=STEP_STARS, stars_left=2, sheets=(sheet, sheet))

    row3 = _rows(dice_stars, state)[3]

    assert (row3["now"], row3["full"], row3["points"]) == (0, 8, 8)


def test_the_star_that_completes_a_row_changes_the_total_now(
    dice_stars, scenario, sheet_of
):
    # Row 2 sums to 10 with 1 of its 2 star cells marked.
    sheet = sheet_of(cells={(2, 1): 10}, stars={2: 1})
    state = scenario(step=STEP_STARS, stars_left=3, sheets=(sheet, sheet))

    rows = _rows(dice_stars, state)

    assert rows[2]["free"] == 1
    assert rows[2]["now"] == rows[2]["full"] == 20
    # A row without numbers: a star there changes nothing, now or later.
    assert (rows[5]["now"], rows[5]["full"]) == (0, 0)
