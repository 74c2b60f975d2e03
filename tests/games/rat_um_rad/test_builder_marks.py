"""A built road tells its builder without colour (issue 25, colour).

Issue 25: "Colour is never the only cue". A built road is drawn in its
builder's colour; it also carries the builder's mark (board.py
`player_marks`: the name's initial, with the seat number when two names
share it) on its middle slot, its accessible name says who built it, and
the same mark stands beside the builder's name in the table of players and
in the table of roads.
"""

from __future__ import annotations

from types import SimpleNamespace

from games.rules.rat_um_rad.board import player_marks
from tests.games.helpers import state_of
from tests.games.rat_um_rad.board_helpers import board_of

# `midgame` (conftest.py, from board_helpers.py): the two-seat match after 40
# moves, both seats with roads.


def _seats(*names: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(name=name) for name in names]


def test_marks_are_initials_made_unique_by_seat_number() -> None:
    assert player_marks(_seats("alice", "bob")) == ["A", "B"]
    assert player_marks(_seats("anna", "bob", "alice")) == ["A1", "B", "A3"]
    # A name that starts with no letter: its first letter or digit, else the number.
    assert player_marks(_seats("_zoe", "..", "Ölaf")) == ["Z", "2", "Ö"]
    assert player_marks(None) == []


def test_a_built_road_names_and_marks_its_builder(
    client_for, alice, bob, midgame
) -> None:
    state = state_of(midgame)
    owners = dict(state.built)
    names = {0: "Alice", 1: "Bob"}
    marks = {0: "A", 1: "B"}
    board = board_of(client_for(alice), midgame)

    built = [g for g in board.all("g", cls="rr-road") if g.attrs["data-road"] in owners]
    assert built
    for g in built:
        seat = owners[g.attrs["data-road"]]
        # An image named by its title: a screen reader reads who built it.
        assert g.attrs["role"] == "img"
        assert f"built by {names[seat]}" in g.one("title").text()
        assert g.one("text", cls="rr-owner-mark").text() == marks[seat]

    rows = {
        row.attrs["data-road"]: row
        for row in board.one("table", cls="rr-roads-table").all("tr")
        if row.attrs.get("data-road")
    }
    for road, seat in owners.items():
        cell = rows[road].all("td")[3]  # From (th), To, Length, Colour, Built by
        assert cell.one("span", cls="rr-player-mark").text() == marks[seat]
        assert names[seat] in cell.text()

    players = board.one("table", cls="rr-players-table").one("tbody").all("tr")
    assert [row.one("span", cls="rr-player-mark").text() for row in players] == [
        "A",
        "B",
    ]
