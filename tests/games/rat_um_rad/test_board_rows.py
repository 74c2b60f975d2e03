"""The board's rows (board_rows.py): what the board template's loops print.

Pure helpers, no database: the rows carry each road's, card's and player's
strings worked out, so the template (which renders for every watching
socket after every move) only prints them. Whether the page still reads
the same is the board tests' business (test_board.py and the others); these
check the rows themselves.
"""

from __future__ import annotations

from types import SimpleNamespace

from games.rules.base.messages import Message
from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.board import map_drawing
from games.rules.rat_um_rad.board_rows import (
    RoadRow,
    builds,
    colour_name,
    face_up_cards,
    hand_cards,
    player_rows,
    road_colours,
    road_rows,
)

SHORT = "Pharmazentrum-to-Biozentrum"  # 2 blue wheels
WHITE = "Pharmazentrum-to-Kollegienhaus"  # 3 white wheels
LANE_1 = "Deutsch-to-Kollegienhaus-1"  # 3 red wheels, the first lane of two
LANE_2 = "Deutsch-to-Kollegienhaus-2"  # 3 yellow wheels, the second lane


def _seats(*names: str, viewer: int | None = None) -> list[SimpleNamespace]:
    return [
        SimpleNamespace(name=name, is_viewer=number == viewer)
        for number, name in enumerate(names)
    ]


def _move(**data):
    """A legal move as the board has it: its JSON in `data`."""
    return SimpleNamespace(data=data)


def _rows(view: dict, seats=None, marks=None) -> dict[str, RoadRow]:
    drawing = map_drawing(RULES.static_view({}, 2), view)
    assert drawing is not None
    rows = road_rows(drawing, seats or _seats("Alice", "Bob"), marks or ["A", "B"])
    assert [row["id"] for row in rows] == [road.id for road in drawing.roads]
    return {row["id"]: row for row in rows}


def test_a_free_road_row_prints_its_numbers_as_text_and_mark_lines():
    row = _rows({"roads": {}, "colours": ["red", "blue"], "seats": 2})[SHORT]
    assert row["length"] == "2"
    assert row["wheels"] == 2  # a number still, for the plurals
    assert row["places"] == "Pharmazentrum – Biozentrum"
    assert row["classes"] == "rr-road rr-c-blue"
    assert row["colour_name"] == Message("blue")
    assert (row["built"], row["owner"], row["owner_name"]) == (False, "", "")
    assert row["lane"] == ""
    assert row["line_path"] == f"M{row['slot_x']} 0h{row['slot_length']}"
    # Every slot of a free road shows the grey mark line, none a wheel.
    assert len(row["slots"]) == 2
    assert all(slot["line"] and not slot["wheel"] for slot in row["slots"])
    slot = row["slots"][0]
    assert slot["transform"].startswith(f"translate({slot['x']} {slot['y']}) rotate(")


def test_a_built_road_row_names_and_marks_its_builder_on_the_middle_slot():
    view = {"roads": {WHITE: 1}, "colours": ["red", "yellow"], "seats": 2}
    row = _rows(view, _seats("Alice", "Bob"), ["A", "B"])[WHITE]
    assert row["classes"] == "rr-road rr-c-white rr-built rr-p-yellow"
    assert (row["owner"], row["owner_colour"]) == ("1", "yellow")
    assert (row["owner_name"], row["owner_mark"]) == ("Bob", "B")
    assert row["owner_colour_name"] == Message("yellow")
    # Three slots: wheels on the outer two, the builder's mark on the middle one.
    assert [slot["wheel"] for slot in row["slots"]] == [True, False, True]
    assert not any(slot["line"] for slot in row["slots"])
    middle = row["slots"][1]
    assert (row["mark_x"], row["mark_y"]) == (middle["x"], middle["y"])


def test_a_road_prints_its_hit_line_and_slots_as_one_string():
    free = _rows({"roads": {}, "colours": ["red", "blue"], "seats": 2})[SHORT]
    hit = (
        f'<line class="rr-hit" x1="{free["x1"]}" y1="{free["y1"]}" '
        f'x2="{free["x2"]}" y2="{free["y2"]}"/>'
    )
    assert free["geometry"].startswith(hit)
    # Each slot of a free road: its rect, then the mark line across it.
    for slot in free["slots"]:
        transform = f'transform="{slot["transform"]}"'
        assert (
            f'<rect class="rr-slot" x="{free["slot_x"]}" y="-4" '
            f'width="{free["slot_length"]}" height="8" rx="2" {transform}/>'
            f'<path class="rr-mark-line" d="{free["line_path"]}" {transform}/>'
        ) in free["geometry"]
    assert free["geometry"].count("<rect") == 2
    assert "<circle" not in free["geometry"]

    view = {"roads": {WHITE: 1}, "colours": ["red", "yellow"], "seats": 2}
    built = _rows(view, _seats("Alice", "Bob"), ["A", "B"])[WHITE]
    # Built: no mark lines; a wheel in each slot but the middle one (the mark's).
    assert built["geometry"].count("<rect") == 3
    assert "rr-mark-line" not in built["geometry"]
    wheels = [
        f'<circle class="rr-wheel" cx="{slot["x"]}" cy="{slot["y"]}" r="2.3"/>'
        for slot in built["slots"]
    ]
    assert [wheel in built["geometry"] for wheel in wheels] == [True, False, True]


def test_buildable_and_closed_roads_say_so_in_their_classes():
    # Two seats: once one lane of a double route is built, the other closes.
    view = {"roads": {LANE_1: 0}, "colours": ["red"], "seats": 2, "buildable": [SHORT]}
    rows = _rows(view)
    assert rows[SHORT]["buildable"]
    assert rows[SHORT]["classes"] == "rr-road rr-c-blue rr-buildable"
    assert rows[LANE_2]["closed"]
    assert rows[LANE_2]["classes"] == "rr-road rr-c-yellow rr-closed"
    assert (rows[LANE_1]["lane"], rows[LANE_2]["lane"]) == ("1", "2")


def test_no_map_no_road_rows():
    assert road_rows(None, _seats("Alice"), ["A"]) == []


def test_builds_group_the_payments_by_road_in_map_order():
    rows = list(_rows({"roads": {}, "colours": [], "seats": 2}).values())
    moves = [
        _move(kind="build", road=WHITE, colour="joker", jokers=3),
        _move(kind="build", road=WHITE, colour="white", jokers=1),
        _move(kind="build", road=SHORT, colour="blue", jokers=0),
        _move(kind="build", road=WHITE, colour="white", jokers=0),
        _move(kind="build", road="Nowhere-to-Nowhere", colour="red", jokers=0),
    ]
    choices = builds(rows, moves)
    # Map order, not the moves' order; a road the map lacks is left out.
    assert [choice["road"]["id"] for choice in choices] == [SHORT, WHITE]
    white = choices[1]["payments"]
    # Fewest jokers first; a joker-only payment counts no coloured cards.
    assert [(p["colour"], p["count"], p["jokers"]) for p in white] == [
        ("white", 3, 0),
        ("white", 2, 1),
        ("joker", 0, 3),
    ]
    assert white[0]["move"] is moves[3]
    assert white[0]["colour_name"] == Message("white")
    assert builds(rows, None) == []


def test_face_up_cards_carry_their_move_and_the_first_decision():
    takes = [
        _move(kind="take_display", colour="red"),
        _move(kind="take_display", colour="joker"),
    ]
    cards = face_up_cards(["blue", "red", "joker", "red"], takes, [])
    assert [card["colour"] for card in cards] == ["blue", "red", "joker", "red"]
    assert [card["move"] for card in cards] == [None, takes[0], takes[1], takes[0]]
    assert cards[1]["colour_name"] == Message("red")
    # No deck draw on offer: the first take's colour starts the decisions.
    assert [card["first"] for card in cards] == [False, True, False, True]
    # With a deck draw on offer, the deck's button starts them.
    with_deck = face_up_cards(["red"], takes, [_move(kind="take_deck")])
    assert not with_deck[0]["first"]
    assert face_up_cards(None, None, None) == []


def test_player_rows_join_the_view_to_the_seats():
    view = {
        "players": [
            {
                "seat": 0,
                "colour": "red",
                "score": 12,
                "wheels": 30,
                "cards": 4,
                "destinations": 2,
                "longest": 5,
                "done": True,
            },
            {
                "seat": 1,
                "colour": "blue",
                "score": 0,
                "wheels": 45,
                "cards": 6,
                "destinations": 3,
                "longest": 0,
                "done": False,
            },
        ],
        "to_move": [1],
        "start": 0,
        "current": 1,
    }
    first, second = player_rows(view, _seats("Alice", "Bob", viewer=1), ["A", "B"])
    assert first == {
        "seat": "0",
        "colour": "red",
        "colour_name": Message("red"),
        "name": "Alice",
        "is_viewer": False,
        "mark": "A",
        "score": "12",
        "wheels": "30",
        "cards": "4",
        "destinations": "2",
        "longest": 5,
        "done": True,
        "to_move": False,
        "start": True,
        "current": False,
    }
    assert (second["name"], second["is_viewer"], second["mark"]) == ("Bob", True, "B")
    assert (second["to_move"], second["start"], second["current"]) == (
        True,
        False,
        True,
    )
    assert player_rows(None, [], []) == []


def test_hand_cards_leave_out_the_kinds_not_held():
    hand = {"red": 2, "blue": 0, "joker": 1}
    assert hand_cards(hand) == [
        {"kind": "red", "name": Message("red"), "count": "2"},
        {"kind": "joker", "name": Message("joker"), "count": "1"},
    ]
    assert hand_cards(None) == []


def test_the_legend_lists_the_road_colours_grey_last():
    legend = road_colours()
    assert [item["colour"] for item in legend] == [
        "red",
        "blue",
        "orange",
        "green",
        "yellow",
        "pink",
        "black",
        "white",
        "grey",
    ]
    assert legend[-1]["name"] == Message("grey")
    assert colour_name("mauve") == ""
