"""The Dice Stars board: the score sheet, the reserve and choosing on the sheet.

Pages are rendered through the match page (`/matches/<id>/`), as players and
spectators get them. States the dice would rarely produce (a take that does
not fit, a comet turn, the stars step) are written into `Match.state` from an
engine `State` changed with `games.rules.structs.replace`.
"""

from __future__ import annotations

import json

import pytest

from games import services
from games.rules.dice_stars.dice import ALL_DICE
from games.rules.dice_stars.sheet import Sheet, X
from games.rules.dice_stars.state import Die
from games.rules.structs import replace
from tests.games.helpers import legal_json, state_of
from tests.games.html_tree import Node, html_tree

pytestmark = pytest.mark.django_db

N = None
# Dice (see games/rules/dice_stars/dice.py): 0-1 black, 2-4 pink, 5-8 light
# blue, 9-13 yellow.
BLACK, PINK, BLUE, YELLOW = 0, 2, 5, 9


def canonical(move: dict) -> str:
    return json.dumps(move, sort_keys=True)


def board_of(client, match) -> Node:
    """Return the board section of the match page as `client` sees it."""
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    page = html_tree(response.content.decode())
    return page.one("section", id="board").one("div", cls="dice-stars")


# ---------------------------------------------------------------------------
# Matches and states


@pytest.fixture
def solo(alice):
    """A solo match: it starts at once, with alice to draw."""
    return services.match_create(
        user=alice, game_slug="dice-stars", seats=1, options={}
    )


@pytest.fixture
def duo(alice, bob):
    """A running two-seat match of alice (0) and bob (1), alice to move."""
    match = services.match_create(
        user=alice, game_slug="dice-stars", seats=2, options={}
    )
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    put_state(match, current=0, start=0)
    return match


def sheet(rows, stars=(0, 0, 0, 0, 0), comet=None) -> Sheet:
    return Sheet(rows=tuple(tuple(r) for r in rows), stars=tuple(stars), comet=comet)


def put_state(match, **changes):
    """Write the match's state with `changes`; the bag holds every other die."""
    state = state_of(match)
    reserve = changes.get("reserve", state.reserve)
    discard = changes.get("discard", state.discard)
    used = {d.die for d in reserve} | set(discard)
    changes.setdefault("bag", tuple(d for d in ALL_DICE if d not in used))
    state = replace(state, **changes)
    match.state = state.to_json()
    match.save(update_fields=["state"])
    return state


def take_state(match, reserve, sheets=None, **changes):
    """Put `match` in the take step of seat 0 with `reserve` just rolled."""
    state = state_of(match)
    return put_state(
        match,
        step="take",
        current=0,
        reserve=tuple(sorted(reserve, key=lambda d: d.die)),
        rolled=tuple(sorted(d.die for d in reserve)),
        sheets=sheets or state.sheets,
        **changes,
    )


# Rows 2..6: 4 white cells (black, pink, light blue, yellow), then green ones.
PLAYED = sheet(
    [
        [X, 4, N, 3, N, N, N, N],
        [N, X, N, 4, N, N, N],
        [4, N, X, 9, X, N],
        [N, N, 7, N, N],
        [X, 11, X, N],
    ],
    stars=(2, 1, 0, 0, 0),
    comet=None,
)
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


# ---------------------------------------------------------------------------
# Everybody's sheets


def test_spectators_see_every_sheet_the_current_players_first(client_for, carol, duo):
    put_state(duo, current=1, sheets=(PLAYED, Sheet.empty()))

    board = board_of(client_for(carol), duo)

    main = board.one("section", cls="ds-main")
    assert main.attrs["data-seat"] == "1"
    assert "ds-current" in main.classes
    assert "Sheet of Bob" in main.one("h3").text()
    other = board.one("details", cls="ds-other")
    assert other.attrs["data-seat"] == "0"
    assert "1. Alice" in other.one("summary").text()
    assert "45 points" in other.one("summary").text()
    assert other.one("table").one("td", cls="ds-total").text() == "45"
    assert board.moves() == []


def test_players_see_their_own_sheet_first_and_whose_turn_it_is(client_for, bob, duo):
    take_state(duo, (Die(BLUE, 4),))

    board = board_of(client_for(bob), duo)

    main = board.one("section", cls="ds-main")
    assert main.attrs["data-seat"] == "1"
    assert "Your sheet" in main.one("h3").text()
    alice_sheet = board.one("details", data_seat="0")
    assert "ds-current" in alice_sheet.classes
    assert "to move" in alice_sheet.one("summary").text()
    assert "Alice takes dice from the reserve." in board.text()
    # Nobody chooses on a sheet while it is somebody else's turn.
    assert board.moves() == []
    assert board.all("span", cls="ds-preview") == []


def test_the_final_round_is_announced(client_for, alice, duo):
    put_state(duo, end_trigger=(1, "comet"))

    text = board_of(client_for(alice), duo).one("p", cls="ds-final-round").text()

    assert "Final round: Bob had to fill the comet." in text
    assert "same number of turns" in text


def test_a_whole_turn_can_be_played_through_the_board(client_for, alice, solo):
    """Draw, then take whatever the sheet offers first: every step renders."""
    client = client_for(alice)
    for _ in range(6):
        board = board_of(client, solo)
        form = board.all("form", cls="move-form")[0]
        fields = {i.attrs["name"]: i.attrs["value"] for i in form.all("input")}
        assert client.post(form.attrs["action"], fields).status_code == 302
    assert state_of(solo).turns[0] >= 1


def test_every_step_of_a_solo_game_offers_exactly_the_legal_moves(
    client_for, alice, solo
):
    """Play a whole solo game by the board's own forms, checking each page."""
    client = client_for(alice)
    for _ in range(solo.rules.info.max_moves):
        board = board_of(client, solo)
        state = state_of(solo)
        if state.step == "over":
            break
        offered = {canonical(m) for m in board.moves()}
        assert offered == {canonical(m) for m in legal_json(solo, 0)}, state.step
        # Take the last offer on the page: the list under the sheet, or the
        # last button of the decision panel.
        form = board.all("form", cls="move-form")[-1]
        fields = {i.attrs["name"]: i.attrs["value"] for i in form.all("input")}
        assert client.post(form.attrs["action"], fields).status_code == 302
    else:
        raise AssertionError("the solo game did not end")

    # The verdict is the page's final result, said once (not on the board too).
    page = html_tree(client.get(f"/matches/{solo.id}/").content.decode())
    verdict = page.one("div", cls="outcome").text()
    assert "the virtual opponent:" in verdict
    assert "virtual opponent" not in board.one("div", cls="ds-status").text()
    assert board.moves() == []
    assert len(board.all("span", cls="ds-solo-cell")) == 30
