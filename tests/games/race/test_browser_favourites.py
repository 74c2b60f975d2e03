"""What a person ticks in the favourites form survives the other seats' choices.

Race rules, Choice of Favorites: every seat chooses at once, so while alice
ticks her Knonsters the others' choices are pushed to her open page, each
a new board. The ticks she has not sent must stay (static/js/unsent-edits.js):
otherwise her click sends a form the push has emptied, and the server
refuses a choice she never made. The answer to her own refused click (one
Knonster only) keeps her tick too. Three people through the API, alice in
the browser; no robot, so nothing waits for the Celery worker.
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, board_version, log_in, move_click, wait_board_past

pytestmark = pytest.mark.browser

PICKS = "#board .favourite-picks input[type=checkbox]"


def _ticked(page) -> list[bool]:
    return page.locator(PICKS).evaluate_all("boxes => boxes.map(b => b.checked)")


def _choose_by_api(stack: Stack, token: str, path: str, index: int) -> None:
    status, match = stack.api("GET", path, token)
    assert status == 200, match
    status, body = stack.api(
        "POST",
        path + "moves/",
        token,
        {"version": match["version"], "move": match["legal_moves"][index]},
    )
    assert status == 200, body


def test_ticks_survive_the_other_seats_choices_and_a_refusal(
    stack: Stack, new_page
) -> None:
    tokens = {name: stack.token(name) for name in ("alice", "bob", "carol")}
    match, path = stack.match_seated("race", list(tokens.values()))
    assert match["status"] == "active", match

    page = new_page()
    log_in(page, "alice")
    page.goto(f"/matches/{match['id']}/")
    page.locator(PICKS).first.wait_for()
    page.locator(PICKS).nth(2).check()

    # bob chooses: his choice reaches alice's page as a new board.
    version = board_version(page)
    _choose_by_api(stack, tokens["bob"], path, 0)
    wait_board_past(page, version)
    assert _ticked(page) == [False, False, True, False]

    # One Knonster is not a choice: refused, and the tick is still there.
    version = board_version(page)
    page.locator("#board .choose-favourites button").click()
    page.locator("#flash .message.error").wait_for()
    assert board_version(page) == version
    assert _ticked(page) == [False, False, True, False]

    # carol chooses while alice adds her second Knonster; alice's pair counts.
    page.locator(PICKS).nth(3).check()
    _choose_by_api(stack, tokens["carol"], path, 1)
    wait_board_past(page, version)
    assert _ticked(page) == [False, False, True, True]
    move_click(page, "#board .choose-favourites button")
    status, match = stack.api("GET", path, tokens["alice"])
    assert status == 200, match
    assert match["view"]["phase"] == "play", match["view"]
    knonsters = [k["id"] for k in match["view"]["knonsters"]]
    assert match["view"]["favourites"]["knonsters"] == knonsters[2:4]
