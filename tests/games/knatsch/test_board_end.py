"""The Knatsch board after a roll: the King's revenge, the last attempt, the end (issue 12).

Pages are rendered through the match page (`/matches/<id>/`), as players
and spectators get them; each phase is stored in the match
(board_helpers.py).
"""

from __future__ import annotations

import json

import pytest

from games.rules.knatsch.state import Tournament
from tests.games.helpers import legal_json
from tests.games.knatsch.board_helpers import (
    STAG_TOP,
    TWO_EACH,
    attempt,
    board_of,
    canonical,
    last,
    offered,
    put,
)

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# The King's revenge, the last attempt, the end


def test_the_kings_revenge_puts_two_buttons_by_each_castle(client_for, alice, bob, duo):
    put(
        duo,
        (("castle-lion-3", "castle-bear-1", "castle-eagle-1"), TWO_EACH[1]),
        tops=STAG_TOP,
        phase="revenge",
        king_ready=True,
        last=last(
            roller=0,
            target="king",
            dice=(1, 4, 4, 5, 5),
            sixes=1,
            result=(2, 5, 4),
            beat=(3, 5, 4),
        ),
    )

    board = board_of(client_for(alice), duo)

    assert "The King takes his revenge" in board.one("div", data_role="status").text()
    lion = board.one("article", data_seat="0").one("div", data_card="castle-lion-3")
    assert lion.moves() == [
        {"kind": "revenge", "card": "castle-lion-3", "stack": 0},
        {"kind": "revenge", "card": "castle-lion-3", "stack": 1},
    ]
    assert [b.text() for b in lion.all("button")] == [
        "Give up: under stack 1",
        "Give up: under stack 2",
    ]
    assert offered(board) == sorted(map(canonical, legal_json(duo, 0)))
    previous = board.one("section", data_role="last")
    assert "Alice rolled for the King." in previous.text()
    assert previous.one("span", data_role="outcome").text() == "not beaten"
    # The revenge is no time to roll for the King.
    king = board.one("article", data_seat="0").one("li", data_way="king")
    assert "data-ready" not in king.attrs
    assert "The King takes his revenge: Alice gives up a castle." in (
        board_of(client_for(bob), duo).one("div", data_role="status").text()
    )


def test_the_last_attempt_shows_its_dice_and_outcome(client_for, alice, duo):
    put(duo, TWO_EACH, tops=STAG_TOP, last=last())

    previous = board_of(client_for(alice), duo).one("section", data_role="last")

    assert previous.attrs["data-success"] == "false"
    assert "Bob rolled for Castle Lion." in previous.text()
    dice = previous.one("div", cls="kn-last-dice").all("span", cls="kn-dice")[0]
    faces = [d.attrs["data-face"] for d in dice.all("span", cls="kn-die")]
    assert faces == ["2", "3", "3", "3"]
    assert previous.one("div", data_role="sixes").attrs["data-count"] == "2"
    combos = previous.one("p", cls="kn-last-outcome").all("span", cls="kn-combo")
    assert [c.attrs["data-combo"] for c in combos] == ["3-3-2", "3-3-4"]
    assert previous.one("span", data_role="outcome").text() == "not beaten"


def test_a_tournament_win_ends_the_game(client_for, alice, bob, duo):
    # Alice holds two castles and two tournaments and leads the third; bob
    # passes, so she takes it and wins (Knatsch rulings, End).
    put(
        duo,
        (TWO_EACH[0] + ("tournament-2", "tournament-3"), TWO_EACH[1]),
        tops=(("tournament-1",), ()),
        phase="roll",
        attempt=attempt(
            roller=1,
            role="joust",
            target="tournament-1",
            stack=0,
            beat=(3, 4, 2),
            throws=0,
            rolled=(),
        ),
        tournament=Tournament(
            card="tournament-1",
            stack=0,
            host=0,
            order=(),
            results=((0, (3, 4, 2)),),
            leader=0,
            best=(3, 4, 2),
        ),
    )
    client = client_for(bob)
    form = board_of(client, duo).one("div", cls="kn-first-throw").all("form")[1]
    fields = {i.attrs["name"]: i.attrs["value"] for i in form.all("input")}
    assert json.loads(fields["move"]) == {"kind": "decline"}

    assert client.post(form.attrs["action"], fields).status_code == 302

    board = board_of(client_for(alice), duo)
    end = board.one("p", data_role="end")
    assert end.attrs["data-reason"] == "tournaments"
    assert end.text() == "Alice holds two castles and three tournaments and wins."
    alice_panel = board.one("article", data_seat="0")
    assert "winner" in alice_panel.one("h4").text()
    assert alice_panel.one("div", data_role="tournaments").attrs["data-count"] == "3"
    won = [
        li.attrs["data-way"] for li in alice_panel.all("li") if "data-won" in li.attrs
    ]
    assert won == ["tournaments"]
    assert board.moves() == []
    assert board.all("section", data_role="attempt") == []
