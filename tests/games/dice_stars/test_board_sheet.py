"""The board's joins, done in Python: games/rules/dice_stars/board_sheet.py and board.py.

The board template prints what these helpers return. They replace nested
template loops (every take for every cell, every legal move for every
take), so besides hand-built cases the tests replay seeded games and check
each join against those loops, written out here as the template had them.
Pure: no database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.rules.dice_stars import RULES
from games.rules.dice_stars.board import colour_words, star_options, take_options
from games.rules.dice_stars.board_sheet import (
    first_take,
    move_for,
    sheet_table,
    signed,
)
from games.rules.dice_stars.sheet import X
from games.rules.dice_stars.state import STEP_STARS, STEP_TAKE
from tests.games.dice_stars.conftest import die, game_states


@dataclass(frozen=True)
class Offered:
    """A legal move as the board has it (games.selectors.board.LegalMove)."""

    data: dict[str, Any]
    label: str


def offered(state, seat: int = 0) -> list[Offered]:
    return [
        Offered(move.to_json(), f"move {n}")
        for n, move in enumerate(RULES.legal_moves(state, seat))
    ]


def table_of(state, seat: int = 0, play: bool = True):
    view = RULES.view(state, seat)
    sheet = view["sheets"][seat]
    return view, sheet_table(sheet, view, offered(state, seat), play)


def cell_of(table, value: int, index: int) -> dict:
    row = next(row for row in table["rows"] if row["value"] == str(value))
    return row["cells"][index]


def looped_fills(view, value: int, index: int) -> tuple[str, list[dict]]:
    """Return data-takes and previews of a cell as the template's loops made them."""
    keys = ""
    previews = []
    for take in view["takes"]:
        if take["legal"]:
            cells = take["cells"]
            for n, (v, i) in enumerate(cells):
                if v == value and i == index:
                    keys += f"{take['key']} "
                    text = str(take["sum"]) if n == len(cells) - 1 else "✕"
                    previews.append({"key": take["key"], "text": text})
    return keys, previews


# ---------------------------------------------------------------------------
# The sheet's cells and rows


def test_a_cell_lists_every_legal_take_that_fills_it_as_the_loops_did():
    # Seeded games of two robots: every cell of the mover's sheet in every
    # take step, against the loops over every take's cells (Dice Stars
    # rules, C: a take crosses its cells and writes its sum into the last).
    compared = 0
    for seed in (1, 2, 3):
        for state in game_states(2, seed):
            if state.step != STEP_TAKE:
                continue
            seat = state.current
            view, table = table_of(state, seat)
            for row in view["sheets"][seat]["rows"]:
                for index in range(len(row["cells"])):
                    cell = cell_of(table, row["value"], index)
                    keys, previews = looped_fills(view, row["value"], index)
                    assert cell["takes"] == keys
                    assert list(cell["previews"]) == previews
                    compared += 1
    assert compared > 1000


def test_the_last_cell_of_a_take_previews_its_sum_the_others_a_cross(scenario):
    # A pink 2 and a light blue 2: "all 2s" fills two cells of row 2.
    state = scenario(reserve=(die("pink", 2), die("blue", 2)))
    view, table = table_of(state)
    twos = next(t for t in view["takes"] if t["key"] == "value-2")
    (v1, i1), (v2, i2) = twos["cells"]

    assert "value-2 " in cell_of(table, v1, i1)["takes"]
    assert {"key": "value-2", "text": "✕"} in cell_of(table, v1, i1)["previews"]
    assert {"key": "value-2", "text": "4"} in cell_of(table, v2, i2)["previews"]


def test_a_sheet_nobody_chooses_on_has_no_takes_buttons_or_previews(scenario):
    # The other seats' sheets and a spectator's: only the chooser's sheet
    # lights up (data-takes) and carries the take buttons.
    state = scenario(reserve=(die("pink", 2), die("blue", 2)))
    _view, table = table_of(state, play=False)

    assert all(not column["takes"] for column in table["columns"])
    assert table["stars_takes"] == []
    for row in table["rows"]:
        assert row["takes"] == []
        assert row["places"] == []
        assert not row["star_take"]
        assert all(c["takes"] == "" and not c["previews"] for c in row["cells"])
    assert table["comet_keys"] == ""
    assert table["comet_takes"] == []


def test_rows_print_their_numbers_as_text_and_pad_to_the_widest_row(scenario, sheet_of):
    # Row 2 has 4 green cells, row 6 none (sheet.py): rows are padded with
    # blank cells to row 2's 8. Row 4: 2 of its 4 star cells marked, so it
    # scores nothing (Dice Stars rules, E).
    sheet = sheet_of(cells={(2, 0): X, (4, 3): 8}, stars={4: 2})
    state = scenario(step="draw", sheets=(sheet, sheet))
    _view, table = table_of(state)

    assert [row["value"] for row in table["rows"]] == ["2", "3", "4", "5", "6"]
    assert [len(row["blanks"]) for row in table["rows"]] == [0, 1, 2, 3, 4]
    row4 = table["rows"][2]
    assert (row4["star_cells"], row4["star_marks"]) == ("4", "2")
    assert (len(row4["marked"]), len(row4["free"])) == (2, 2)
    assert (row4["sum"], row4["multiplier"], row4["score"]) == ("8", "0", "0")
    assert (row4["sum_zero"], row4["score_zero"]) == (False, True)
    assert cell_of(table, 2, 0) | {"previews": ()} == {
        "css": "ds-white ds-col-black ds-marked",
        "at": "2-0",
        "crossed": True,
        "number": "",
        "takes": "",
        "previews": (),
    }
    assert cell_of(table, 4, 3)["css"] == "ds-white ds-col-yellow ds-marked"
    assert cell_of(table, 4, 3)["number"] == "8"
    assert cell_of(table, 2, 4)["css"] == "ds-green"
    assert table["total"] == str(sheet.total())
    assert table["comet"] == ""


# ---------------------------------------------------------------------------
# Take buttons, star buttons and the comet


def test_each_take_button_sits_in_its_head_with_its_legal_move():
    # Colour takes in their column head, the stars' in the stars head, value
    # takes at their row; a legal take carries the move whose JSON is its
    # own, as the loop over every legal move found it.
    compared = 0
    for state in game_states(2, 4):
        if state.step != STEP_TAKE:
            continue
        seat = state.current
        view, table = table_of(state, seat)
        moves = offered(state, seat)
        placed = {}
        for column in table["columns"]:
            for button in column["takes"]:
                assert button["take"]["colour"] == column["colour"]
                placed[button["take"]["key"]] = button
        for button in table["stars_takes"]:
            placed[button["take"]["key"]] = button
        for row in table["rows"]:
            for button in row["takes"]:
                assert str(button["take"]["value"]) == row["value"]
                placed[button["take"]["key"]] = button
        assert sorted(placed) == sorted(t["key"] for t in view["takes"])
        first = first_take(view["takes"])
        for take in view["takes"]:
            button = placed[take["key"]]
            looped = (
                [m for m in moves if m.data == take["move"]] if take["legal"] else []
            )
            assert button["move"] == (looped[0] if looped else None)
            assert button["points"] == signed(take["points"])
            assert button["first"] == (take["key"] == first)
            compared += 1
    assert compared > 20


def test_star_buttons_sit_at_their_rows_the_first_row_first(scenario, sheet_of):
    # The stars step (Dice Stars rules, E): a button per row with a free
    # star cell, carrying its "place_star" move; focus goes to the first.
    sheet = sheet_of(cells={(4, 3): 8}, stars={2: 2})
    state = scenario(step=STEP_STARS, stars_left=2, sheets=(sheet, sheet))
    view, table = table_of(state)

    places = {row["value"]: row["places"] for row in table["rows"]}
    assert places["2"] == []  # both its star cells are marked
    for value in ("3", "4", "5", "6"):
        (place,) = places[value]
        assert place["move"].data == {"kind": "place_star", "value": int(value)}
        assert place["first"] == (value == "3")
    (row4,) = [r for r in view["star_rows"] if r["value"] == 4]
    assert (places["4"][0]["now"], places["4"][0]["full"]) == ("-8", "+8")
    assert places["4"][0]["star_row"] is row4


def test_the_comet_lights_up_for_every_take_on_a_comet_turn(scenario, sheet_of):
    # Nothing fits (Dice Stars rules, C): every legal take would go into the
    # comet, so the comet cell lists them all and previews their sums.
    sheet = sheet_of(full=True, stars={v: v for v in (2, 3, 4, 5, 6)})
    state = scenario(reserve=(die("blue", 5), die("pink", 5)), sheets=(sheet, sheet))
    view, table = table_of(state)

    assert view["comet_turn"] is True
    legal = [t for t in view["takes"] if t["legal"]]
    assert table["comet_keys"] == "".join(f"{t['key']} " for t in legal)
    assert table["comet_takes"] == legal
    assert table_of(state, play=False)[1]["comet_keys"] == ""


# ---------------------------------------------------------------------------
# The options list, the colour words and small helpers


def test_take_options_key_by_the_last_digit_and_carry_their_moves():
    # The number keys choose an option (static/js/keyboard.js): the tenth is 0.
    takes = [
        {"key": f"t{n}", "legal": n != 2, "move": {"n": n}, "points": n - 3}
        for n in range(1, 12)
    ]
    moves = [Offered({"n": n}, f"move {n}") for n in range(1, 12)]

    options = take_options(takes, moves)

    assert [o["key"] for o in options] == [*"1234567890", "1"]
    assert options[0]["move"] == moves[0]
    assert options[0]["points"] == "-2"
    assert options[1]["move"] is None  # does not fit: no move
    assert [o["take"] for o in options] == takes


def test_star_options_offer_the_rows_with_a_place_star_move():
    star_rows = [
        {"value": 3, "now": 0, "full": 6},
        {"value": 5, "now": -4, "full": 4},
    ]
    moves = [
        Offered({"kind": "place_star", "value": 5}, "row 5"),
        Offered({"kind": "draw", "count": 3}, "draw 3"),
    ]

    (option,) = star_options(star_rows, moves)

    # Its key is its place among the star rows, as the template's counter.
    assert option["key"] == 2
    assert option["move"] == moves[0]
    assert (option["now"], option["full"]) == ("-4", "+4")


def test_colour_words_go_by_colour_in_the_sheets_column_order():
    assert colour_words("B", "P", "L", "Y") == {
        "black": "B",
        "pink": "P",
        "blue": "L",
        "yellow": "Y",
    }
    with pytest.raises(ValueError, match="shorter"):
        colour_words("B", "P", "L")


def test_points_are_signed_as_the_template_signed_them():
    # stringformat:"+d", which the board used before.
    assert [signed(p) for p in (4, 0, -3)] == ["+4", "+0", "-3"]


def test_move_for_finds_the_move_by_its_json():
    moves = [Offered({"kind": "a"}, "a"), Offered({"kind": "b"}, "b")]
    assert move_for({"kind": "b"}, moves) == moves[1]
    assert move_for({"kind": "c"}, moves) is None
