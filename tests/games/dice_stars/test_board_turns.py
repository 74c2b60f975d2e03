"""The Dice Stars board: everybody's sheets, whose turn it is, whole turns played on it.

Pages are rendered through the match page (`/matches/<id>/`); the states
are written into the match (board_helpers.py).
"""

from __future__ import annotations

import pytest

from games.rules.dice_stars.sheet import Sheet
from games.rules.dice_stars.state import Die
from tests.games.dice_stars.board_helpers import (
    BLUE,
    PLAYED,
    board_of,
    canonical,
    put_state,
    take_state,
)
from tests.games.helpers import legal_json, state_of
from tests.games.html_tree import html_tree

pytestmark = pytest.mark.django_db


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
