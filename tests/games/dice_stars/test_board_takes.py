"""The Dice Stars board: taking, by choosing on the sheet.

Pages are rendered through the match page (`/matches/<id>/`); the states
are written into the match (board_helpers.py).
"""

from __future__ import annotations

import pytest

from games.rules.dice_stars.sheet import Sheet, X
from games.rules.dice_stars.state import Die
from tests.games.dice_stars.board_helpers import (
    BLACK,
    BLUE,
    PINK,
    PLAYED,
    YELLOW,
    N,
    board_of,
    canonical,
    put_state,
    sheet,
    take_state,
)
from tests.games.helpers import legal_json

pytestmark = pytest.mark.django_db


# Every column but light blue is full, rows 4 and 5 too, every star is marked.
NEARLY_FULL = sheet(
    [
        [X, X, N, X, N, N, N, N],
        [X, X, N, X, N, N, N],
        [X, X, X, X, X, 14],
        [X, X, X, X, 20],
        [X, 11, N, X],
    ],
    stars=(2, 3, 4, 5, 6),
)


# ---------------------------------------------------------------------------
# Taking: choosing on the sheet


def test_every_legal_take_is_a_button_in_its_place_on_the_sheet(client_for, alice, duo):
    reserve = (Die(BLUE, 4), Die(BLUE + 1, 5), Die(YELLOW, 4), Die(PINK, 0))
    take_state(duo, reserve)

    table = board_of(client_for(alice), duo).one("section", cls="ds-main")

    legal = legal_json(duo, 0)
    assert sorted(map(canonical, table.one("table").moves())) == sorted(
        map(canonical, legal)
    )
    assert table.one("th", data_colour="blue").moves() == [
        {"kind": "colour", "colour": "blue"}
    ]
    assert table.one("th", data_colour="yellow").moves() == [
        {"kind": "colour", "colour": "yellow"}
    ]
    assert table.one("th", data_colour="pink").moves() == [
        {"kind": "colour", "colour": "pink"}
    ]
    assert table.one("th", data_colour="black").moves() == []
    assert table.one("tr", data_row="4").one("th").moves() == [
        {"kind": "value", "value": 4}
    ]
    assert table.one("tr", data_row="5").one("th").moves() == [
        {"kind": "value", "value": 5}
    ]
    assert table.one("tr", data_row="2").one("th").moves() == []
    assert table.one("th", cls="ds-stars-head").moves() == [{"kind": "stars"}]
    # Each button shows how the total changes.
    blue = table.one("th", data_colour="blue").one("button")
    assert blue.text() == "+9"
    assert blue.attrs["title"] == "Take the light blue dice: +9 points"
    assert table.one("tr", data_row="4").one("button").text() == "+8"


def test_the_cells_a_take_would_fill_are_marked_with_it(client_for, alice, duo):
    take_state(duo, (Die(BLUE, 4), Die(BLUE + 1, 5)))

    table = board_of(client_for(alice), duo).one("section", cls="ds-main")

    def takes(cell):
        return table.one("td", data_cell=cell).attrs["data-takes"].split()

    # Light blue fills its column from the top; the 4s and 5s their rows.
    assert takes("2-2") == ["colour-blue"]
    assert takes("3-2") == ["colour-blue"]
    assert takes("4-0") == ["value-4"]
    assert takes("5-0") == ["value-5"]
    assert takes("4-2") == []
    # On hover the cells show what would be written: X, then the sum.
    previews = [
        (p.attrs["data-for"], p.text()) for p in table.all("span", cls="ds-preview")
    ]
    assert ("colour-blue", "✕") in previews
    assert ("colour-blue", "9") in previews
    assert ("value-4", "4") in previews


def test_takes_skip_marked_cells_and_use_green_cells(client_for, alice, duo):
    take_state(duo, (Die(BLACK, 4), Die(YELLOW, 4)), sheets=(PLAYED, PLAYED))

    table = board_of(client_for(alice), duo).one("section", cls="ds-main")

    def reached(key):
        return [
            td.attrs["data-cell"]
            for td in table.all("td")
            if key in (td.attrs.get("data-takes") or "").split()
        ]

    # Row 4 holds 4, _, X, 9, X, _: the free pink cell, then the green one.
    assert reached("value-4") == ["4-1", "4-5"]
    assert table.one("td", data_cell="4-5").one("span").text() == "8"
    # Columns fill from the top, skipping marked cells.
    assert reached("colour-black") == ["3-0"]
    assert reached("colour-yellow") == ["5-3"]


def test_an_option_that_does_not_fit_is_disabled_and_says_why(client_for, alice, duo):
    # The light blue column of PLAYED has room for 2; three light blue dice come.
    take_state(
        duo,
        (Die(BLUE, 4), Die(BLUE + 1, 5), Die(BLUE + 2, 6)),
        sheets=(PLAYED, Sheet.empty()),
    )

    board = board_of(client_for(alice), duo)

    head = board.one("section", cls="ds-main").one("th", data_colour="blue")
    assert head.moves() == []
    button = head.one("button")
    assert "disabled" in button.attrs
    assert button.attrs["aria-describedby"] == "ds-why-colour-blue"
    reason = "3 dice, but column light blue has room for only 2."
    assert button.attrs["title"] == reason
    option = board.one("li", data_option="colour-blue")
    assert "ds-unfit" in option.classes
    assert option.one("span", id="ds-why-colour-blue").text() == reason
    assert option.moves() == []
    # The options that fit stay choosable, with their dice and sums listed.
    fits = board.one("li", data_option="value-6")
    assert fits.moves() == [{"kind": "value", "value": 6}]
    assert "sum 6" in fits.text()
    assert {"kind": "colour", "colour": "blue"} not in board.moves()


def test_when_nothing_fits_the_chosen_dice_go_into_the_comet(client_for, alice, duo):
    take_state(
        duo,
        (Die(BLACK, 4), Die(PINK, 5), Die(YELLOW, 0)),
        sheets=(NEARLY_FULL, Sheet.empty()),
    )

    board = board_of(client_for(alice), duo)

    action = board.one("section", cls="ds-action")
    assert "ds-comet-turn" in action.classes
    assert "Nothing fits" in action.text()
    assert "their sum goes into your comet cell as a penalty" in action.text()
    table = board.one("section", cls="ds-main").one("table")
    assert table.one("th", data_colour="black").one("button").text() == "-4"
    assert table.one("tr", data_row="5").one("button").text() == "-5"
    comet = table.one("td", cls="ds-comet")
    assert sorted(comet.attrs["data-takes"].split()) == sorted(
        ["colour-black", "colour-pink", "colour-yellow", "value-4", "value-5"]
    )
    # Stars never go into the comet.
    stars = board.one("li", data_option="stars")
    assert stars.moves() == []
    assert "Stars cannot go into the comet." in stars.text()
    assert sorted(map(canonical, table.moves())) == sorted(
        map(canonical, legal_json(duo, 0))
    )


def test_a_take_posted_from_the_sheet_is_written_on_it(client_for, alice, duo):
    take_state(duo, (Die(BLUE, 4), Die(BLUE + 1, 5)))
    client = client_for(alice)
    main = board_of(client, duo).one("section", cls="ds-main")
    form = main.one("th", data_colour="blue").one("form")
    fields = {i.attrs["name"]: i.attrs["value"] for i in form.all("input")}

    response = client.post(form.attrs["action"], fields)

    assert response.status_code == 302
    table = board_of(client, duo).one("section", cls="ds-main")
    assert table.one("td", data_cell="2-2").text() == "✕ crossed"
    assert table.one("td", data_cell="3-2").text() == "9"


def test_the_stars_step_puts_a_button_by_each_rows_star_cells(client_for, alice, duo):
    put_state(duo, step="stars", stars_left=2, sheets=(PLAYED, Sheet.empty()))

    board = board_of(client_for(alice), duo)

    assert "Mark 2 star cells" in board.one("section", cls="ds-action").text()
    table = board.one("section", cls="ds-main").one("table")
    # Row 2's star cells are all marked; the others each get a button.
    assert table.one("tr", data_row="2").one("td", cls="ds-stars").moves() == []
    for value in (3, 4, 5, 6):
        stars = table.one("tr", data_row=str(value)).one("td", cls="ds-stars")
        assert stars.moves() == [{"kind": "place_star", "value": value}]
    # A button shows the change this one star cell makes now. Row 3 has 1 of 3
    # marked and scores 0 either way; two more would double its 4 (the title
    # says so). Row 4's first star cell costs its 13 until the row is full.
    row3 = table.one("tr", data_row="3").one("button")
    assert row3.text() == "+0"
    assert "+8 once all 3 star cells are marked" in row3.attrs["title"]
    assert table.one("tr", data_row="4").one("button").text() == "-13"
