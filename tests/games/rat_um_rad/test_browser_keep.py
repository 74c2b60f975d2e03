"""A card unticked in setup stays unticked while the other seats keep theirs.

Rat um Rad seed, Spielvorbereitung: every seat keeps its destination cards
at once, so while alice decides, bob's keep is pushed to her open page as a
new board. The card she unticked must stay unticked
(static/js/unsent-edits.js): otherwise her click keeps a card she chose to
give back, and an unjoined card costs its points at the end. Two people
through the API, alice in the browser; no robot.
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, board_version, log_in, move_click, wait_board_past

pytestmark = pytest.mark.browser

CARDS = "#board .rr-keep-form input[type=checkbox]"


def test_an_unticked_card_stays_unticked_when_another_seat_keeps(
    stack: Stack, new_page
) -> None:
    tokens = {name: stack.token(name) for name in ("alice", "bob")}
    match, path = stack.match_seated("rat-um-rad", list(tokens.values()))
    assert match["status"] == "active", match
    status, mine = stack.api("GET", path, tokens["alice"])
    assert status == 200, mine
    held = len(mine["view"]["destinations"])

    page = new_page()
    log_in(page, "alice")
    page.goto(f"/matches/{match['id']}/")
    page.locator(CARDS).first.wait_for()
    offered = page.locator(CARDS).count()
    assert offered >= 3
    page.locator(CARDS).first.uncheck()

    # bob keeps his: a new board on alice's page, her card still unticked.
    version = board_version(page)
    status, bobs = stack.api("GET", path, tokens["bob"])
    assert status == 200, bobs
    status, body = stack.api(
        "POST",
        path + "moves/",
        tokens["bob"],
        {"version": bobs["version"], "move": bobs["legal_moves"][0]},
    )
    assert status == 200, body
    wait_board_past(page, version)
    ticked = page.locator(CARDS).evaluate_all("boxes => boxes.map(b => b.checked)")
    assert ticked == [False] + [True] * (offered - 1)

    move_click(page, "#board .rr-keep-form button[type=submit]")
    status, match = stack.api("GET", path, tokens["alice"])
    assert status == 200, match
    assert len(match["view"]["destinations"]) == held + offered - 1
