"""The bell in the navigation rings live (issue 11), in a browser.

alice has the lobby open; bob moves (through the API) in a match of theirs
(the test-only Toy's, tests/games/toy/) until it is alice's turn. Her bell's count rises without a reload: the
notice is pushed over her own socket group to the page she has open. The
bell then leads to the notification page, which marks the notice read.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser import Stack, log_in, screenshot
from tests.games.toy import TOY

pytestmark = pytest.mark.browser

# Set before the page's scripts run: the lobby's socket is open, so a push
# from now on reaches the page.
WS_OPEN_JS = (
    "document.addEventListener('htmx:wsOpen', () => { window.__wsOpen = true; });"
)
BELL_COUNT_JS = "Number(document.querySelector('#bell .bell-count').dataset.count)"
MOVES_AT_MOST = 40


def _move(stack: Stack, path: str, token: str, match: dict[str, Any]) -> None:
    """Bank if `token`'s seat may, else roll, at the match's version.

    A seat that banks after its first roll ends its turn with a few points:
    the turn passes and nobody comes near the target.
    """
    banks = [m for m in match["legal_moves"] if m.get("kind") == "bank"]
    status, body = stack.api(
        "POST",
        path + "moves/",
        token,
        {"version": match["version"], "move": (banks or match["legal_moves"])[0]},
    )
    assert status == 200, body


def _match_as(stack: Stack, path: str, token: str) -> dict[str, Any]:
    status, match = stack.api("GET", path, token)
    assert status == 200, match
    assert match["status"] == "active", match
    return dict(match)


def test_my_bell_rises_live_when_bob_moves_and_it_becomes_my_turn(
    stack: Stack, new_page
) -> None:
    alice_token, bob_token = stack.token("alice"), stack.token("bob")
    status, match = stack.api(
        "POST", "/api/matches/", alice_token, {"game": "toy", "seats": 2}
    )
    assert status == 201, match
    path = f"/api/matches/{match['id']}/"
    status, match = stack.api("POST", path + "join/", bob_token)
    assert status == 200, match

    # alice plays until it is bob's turn.
    for _ in range(MOVES_AT_MOST):
        match = _match_as(stack, path, alice_token)
        if match["your_seat"] not in match["to_move"]:
            break
        _move(stack, path, alice_token, match)
    assert match["your_seat"] not in match["to_move"], match

    # Her "your turn" of this match is read (through the API, as a program
    # would): a new turn rewrites an unread one instead of adding to the
    # count (issue 21), so only a read one lets the next turn ring.
    status, read = stack.api(
        "POST", "/api/me/notifications/read/", alice_token, {"all": True}
    )
    assert (status, read["unread"]) == (200, 0), read

    page = new_page()
    page.add_init_script(WS_OPEN_JS)
    log_in(page, "alice")
    page.wait_for_function("() => window.__wsOpen === true")
    page.evaluate("window.__e2eNoReload = true")
    before = int(page.evaluate(BELL_COUNT_JS))

    # bob moves until it is alice's turn: her notice rings her bell.
    for _ in range(MOVES_AT_MOST):
        match = _match_as(stack, path, bob_token)
        if match["your_seat"] not in match["to_move"]:
            break
        _move(stack, path, bob_token, match)
    else:
        pytest.fail(f"bob kept the turn for {MOVES_AT_MOST} moves")
    started = time.monotonic()
    page.wait_for_function(f"n => {BELL_COUNT_JS} > n", arg=before, timeout=10_000)

    assert page.evaluate("window.__e2eNoReload === true")
    bell = page.locator("#bell")
    count = int(page.evaluate(BELL_COUNT_JS))
    assert bell.locator(".bell-count").is_visible()
    assert bell.get_attribute("aria-label") == f"Notifications, {count} unread"
    assert time.monotonic() - started < 10
    screenshot(page, "bell-rings")

    # The bell leads to the notices: the new one on top, marked new.
    bell.click()
    page.wait_for_url("**/profile/notifications/")
    first = page.locator(".notice-list .notice").first
    assert first.locator(".notice-title").inner_text() == (
        f"Your turn in {TOY.info.name} #{match['id']}"
    )
    assert "unread" in (first.get_attribute("class") or "")
    # Opening the page read them: its own bell is empty.
    assert page.evaluate(BELL_COUNT_JS) == 0
    assert not page.locator("#bell .bell-count").is_visible()
    screenshot(page, "notifications-page")


def test_the_bell_fits_a_phone_header(stack: Stack, new_page) -> None:
    page = new_page(width=390)
    log_in(page, "alice")
    # The header wraps rather than scrolls sideways (checked by `new_page`
    # when the test ends), on the lobby and on the notification page.
    assert page.locator("#bell").is_visible()
    page.locator("#bell").click()
    page.wait_for_url("**/profile/notifications/")
    assert page.locator("h1").inner_text() == "Notifications"
    screenshot(page, "notifications-phone")
