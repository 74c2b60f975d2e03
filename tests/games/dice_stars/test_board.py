"""The Dice Stars board: the score sheet, the reserve and drawing.

Pages are rendered through the match page (`/matches/<id>/`), as players and
spectators get them. States the dice would rarely produce (a take that does
not fit, a comet turn, the stars step) are written into `Match.state` from an
engine `State` changed with `games.rules.structs.replace` (board_helpers.py).
Choosing on the sheet: test_board_takes.py; everybody's sheets and whole
turns: test_board_turns.py.
"""

from __future__ import annotations

import pytest

from games.rules.dice_stars.sheet import Sheet
from games.rules.dice_stars.state import Die
from games.rules.structs import replace
from tests.games.dice_stars.board_helpers import (
    BLACK,
    BLUE,
    PINK,
    PLAYED,
    YELLOW,
    board_of,
    put_state,
    take_state,
)
from tests.games.helpers import legal_json

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# The sheet


def test_the_sheet_has_value_rows_colour_columns_green_and_star_cells(
    client_for, alice, solo
):
    board = board_of(client_for(alice), solo)

    table = board.one("section", cls="ds-main").one("table", cls="ds-sheet")
    heads = table.all("th", cls="ds-colour-head")
    assert [th.attrs["data-colour"] for th in heads] == [
        "black",
        "pink",
        "blue",
        "yellow",
    ]
    assert [th.one("span", cls="ds-long").text() for th in heads] == [
        "black",
        "pink",
        "light blue",
        "yellow",
    ]
    # The compact sheet (a phone) shows short names; the full name is their title.
    assert [th.one("abbr", cls="ds-short").attrs["title"] for th in heads] == [
        "black",
        "pink",
        "light blue",
        "yellow",
    ]
    rows = [tr for tr in table.all("tr") if "data-row" in tr.attrs]
    assert [tr.attrs["data-row"] for tr in rows] == ["2", "3", "4", "5", "6"]
    for tr, green, stars in zip(rows, (4, 3, 2, 1, 0), (2, 3, 4, 5, 6), strict=True):
        assert tr.one("th", cls="ds-value").text() == tr.attrs["data-row"]
        assert len(tr.all("td", cls="ds-white")) == 4
        assert len(tr.all("td", cls="ds-green")) == green
        # The staircase: blank space where a row has fewer green cells.
        assert len(tr.all("td", cls="ds-none")) == 4 - green
        assert len(tr.all("span", cls="ds-star-cell")) == stars
        assert tr.one("td", cls="ds-sum").text() == "0"
        assert tr.one("td", cls="ds-score").text() == "×1 0"
    assert table.one("td", cls="ds-comet").text() == ""
    assert table.one("td", cls="ds-total").text() == "0"


def test_marks_sums_stars_multipliers_comet_and_total_are_written(
    client_for, alice, duo
):
    played = replace(PLAYED, comet=7)
    put_state(duo, sheets=(played, Sheet.empty()))

    table = board_of(client_for(alice), duo).one("section", cls="ds-main")

    def row(value):
        return table.one("tr", data_row=str(value))

    assert row(2).one("td", data_cell="2-0").text() == "✕ crossed"
    assert row(2).one("td", data_cell="2-1").text() == "4"
    assert row(4).one("td", data_cell="4-5").text() == ""  # a free green cell
    assert row(4).one("td", data_cell="4-4").text() == "✕ crossed"
    assert "ds-green" in row(4).one("td", data_cell="4-4").classes
    # Row 2: both star cells marked, so its 7 counts twice.
    assert len(row(2).all("span", cls="ds-star-marked")) == 2
    assert row(2).one("td", cls="ds-sum").text() == "7"
    assert row(2).one("td", cls="ds-score").text() == "×2 14"
    # Row 3: one of three star cells marked: the row scores nothing.
    assert len(row(3).all("span", cls="ds-star-marked")) == 1
    assert row(3).one("td", cls="ds-score").text() == "×0 0"
    assert row(4).one("td", cls="ds-score").text() == "×1 13"
    assert table.one("td", cls="ds-comet").text() == "−7"
    assert table.one("td", cls="ds-total").text() == str(played.total()) == "38"


# ---------------------------------------------------------------------------
# Reserve, bag, discard, solo grid


def test_the_reserve_shows_coloured_dice_and_the_bag_and_discard_counts(
    client_for, alice, duo
):
    reserve = (Die(BLACK, 3), Die(PINK, 0), Die(YELLOW, 6))
    take_state(duo, reserve, discard=(BLUE, BLUE + 1))
    # The yellow die was rolled this turn, the others were left over.
    put_state(duo, rolled=(YELLOW,))

    board = board_of(client_for(alice), duo)

    dice = board.one("section", cls="ds-reserve").one("div", cls="ds-dice")
    faces = [
        (d.attrs["data-die"], d.text(), sorted(d.classes)) for d in dice.all("span")
    ]
    assert faces == [
        ("0", "3", ["ds-black", "ds-die"]),
        ("2", "★", ["ds-die", "ds-pink", "ds-star-face"]),
        ("9", "6", ["ds-die", "ds-new", "ds-yellow"]),
    ]
    assert dice.all("span")[1].attrs["aria-label"] == "die: pink, showing a star"
    bag = board.one("div", cls="ds-bag")
    assert bag.one("span", data_count="bag").text() == "9"
    assert [p.text() for p in bag.all("span", cls="ds-pip")] == ["1", "2", "2", "4"]
    discard = board.one("div", cls="ds-discard")
    assert discard.one("span", data_count="discard").text() == "2"
    assert [p.text() for p in discard.all("span", cls="ds-pip")] == [
        "0",
        "0",
        "2",
        "0",
    ]


def test_solo_shows_the_solo_grid_and_the_virtual_opponents_score(
    client_for, alice, solo
):
    put_state(solo, solo_marked=7)

    board = board_of(client_for(alice), solo)

    grid = board.one("section", cls="ds-solo")
    cells = grid.all("span", cls="ds-solo-cell")
    assert len(cells) == 30
    assert [("ds-marked" in c.classes) for c in cells] == [True] * 7 + [False] * 23
    assert "Virtual opponent: 35 points (5 per cell)" in grid.text()


def test_a_match_for_several_players_has_no_solo_grid(client_for, alice, duo):
    assert board_of(client_for(alice), duo).all("section", cls="ds-solo") == []


# ---------------------------------------------------------------------------
# Drawing


def test_the_first_draw_is_forced_and_says_why(client_for, alice, solo):
    board = board_of(client_for(alice), solo)

    action = board.one("section", cls="ds-action")
    assert action.moves() == [{"kind": "draw", "count": 3}]
    note = action.one("p", cls="ds-forced").text()
    assert "the reserve is empty or holds only stars, so 3 dice must be drawn" in note


def test_a_free_draw_offers_one_to_three_dice_without_the_note(client_for, alice, duo):
    put_state(duo, step="draw", reserve=(Die(BLACK, 4),))

    board = board_of(client_for(alice), duo)

    assert board.one("section", cls="ds-action").moves() == [
        {"kind": "draw", "count": n} for n in (1, 2, 3)
    ]
    assert board.all("p", cls="ds-forced") == []


def test_other_players_read_why_the_draw_is_forced(client_for, bob, duo):
    put_state(duo, step="draw", reserve=(Die(YELLOW, 0),))

    board = board_of(client_for(bob), duo)

    assert board.all("section", cls="ds-action") == []
    assert "so 3 dice must be drawn" in board.one("p", cls="ds-forced").text()


def test_rebag_asks_whether_the_reserve_goes_back_too(client_for, alice, duo):
    put_state(
        duo,
        step="rebag",
        reserve=(Die(BLACK, 4), Die(PINK, 2)),
        discard=(BLUE, BLUE + 1, YELLOW),
    )

    action = board_of(client_for(alice), duo).one("section", cls="ds-action")

    assert action.moves() == legal_json(duo, 0)
    assert {m["with_reserve"] for m in action.moves()} == {True, False}
    assert "The discard (3 dice) goes back into the bag." in action.text()
    assert "You may return the reserve (2 dice) too" in action.text()
