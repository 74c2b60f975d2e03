"""Two people and a robot play a Race match to the end in two browsers.

alice and bob each click in their own browser when it is their turn; the
robot plays through the real Celery worker. bob's open page must show
alice's moves without a reload (the board socket pushes them).
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser import (
    Stack,
    board_version,
    create_form,
    log_in,
    screenshot,
    seat_click,
    wait_board_past,
)

pytestmark = pytest.mark.browser

GAME_SECONDS = 900
STALL_SECONDS = 120
MOVE_SECONDS = 30


def _finished(page) -> bool:
    return page.locator("#board .outcome").count() > 0


def _my_turn(page) -> bool:
    return page.locator("#board .your-turn").count() > 0


def _move_button(page):
    """Return the button of a favourites, play, discard or power move.

    Favourites are ticked first: two Knonsters (and, with the Win Bet, the
    winner) in the grouped form, whose button then submits them.
    """
    picks = page.locator("#board .favourite-picks input[type=checkbox]")
    if picks.count():
        picks.nth(0).check()
        picks.nth(1).check()
    for selector in (
        "#board .choose-favourites button",
        "#board .hand button.move.primary",
        "#board .hand button.move",
    ):
        buttons = page.locator(selector)
        if buttons.count():
            return buttons.first
    return None


def _refused(page) -> bool:
    """Return whether the last move was refused (e.g. 409: the robot moved)."""
    return page.locator("#flash .message.error").count() > 0


def test_two_people_and_a_robot_finish_a_race(stack: Stack, new_page) -> None:
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")

    # alice creates a 3-seat match in the lobby.
    form = create_form(alice, "race")
    form.locator("select[name=seats]").select_option("3")
    form.locator("button[type=submit]").click()
    alice.wait_for_url("**/matches/*/")
    match_url = alice.url

    # bob opens the address alice sent and takes a seat; alice adds a robot.
    bob.goto(match_url)
    seat_click(bob, bob.get_by_role("button", name="Take a seat"))
    bob.wait_for_selector("text=Add a robot")
    bob.evaluate("window.__e2eNoReload = true")
    seat_click(alice, alice.get_by_role("button", name="Add a robot"))

    # The match starts: bob's open page gets the board pushed, without reload.
    for page in (alice, bob):
        page.wait_for_selector("#board .choose-favourites button", timeout=20_000)

    # Both choose favourites (secret, simultaneous), then play in turn. A
    # click against a version the robot has just passed is refused (409) and
    # shows the current board: the loop then simply clicks again.
    moves = {"alice": 0, "bob": 0}
    refused = 0
    pushed_checked = False
    shot_mid = False
    deadline = time.monotonic() + GAME_SECONDS
    last_change, last_versions = time.monotonic(), (-1, -1)
    while not (_finished(alice) and _finished(bob)):
        now = time.monotonic()
        versions = (board_version(alice), board_version(bob))
        if versions != last_versions:
            last_change, last_versions = now, versions
        assert now - last_change < STALL_SECONDS, (
            f"no progress for {STALL_SECONDS}s at versions {versions}, {moves}\n"
            f"{stack.log_tail()}"
        )
        assert now < deadline, f"no result within {GAME_SECONDS}s after {moves}"
        acted = False
        for name, page in (("alice", alice), ("bob", bob)):
            if _finished(page) or not _my_turn(page):
                continue
            button = _move_button(page)
            if button is None:
                continue
            before, bob_before = board_version(page), board_version(bob)
            sent = button.evaluate(
                "b => b.form ? new URLSearchParams(new FormData(b.form, b)).toString() : ''"
            )
            button.click()
            try:
                wait_board_past(page, before, MOVE_SECONDS)
            except PlaywrightTimeout:
                flash = page.locator("#flash").inner_text()
                pytest.fail(
                    f"{name}'s page stayed at version {board_version(page)} after a click "
                    f"sending {sent!r}; it says {flash!r}\n{stack.log_tail()}"
                )
            acted = True
            if _refused(page):
                refused += 1
                continue
            moves[name] += 1
            if name == "alice" and not pushed_checked:
                # alice's move reaches bob's open page through the socket.
                try:
                    wait_board_past(bob, bob_before, MOVE_SECONDS)
                except PlaywrightTimeout:
                    pytest.fail(
                        f"bob's page stayed at version {board_version(bob)} after alice's "
                        f"move (alice at {board_version(alice)})\n{stack.log_tail()}"
                    )
                assert bob.locator("#move-log .log li").count() > 0
                assert bob.evaluate("window.__e2eNoReload === true")
                pushed_checked = True
            if not shot_mid and sum(moves.values()) >= 8:
                screenshot(alice, "race-mid-game-alice")
                screenshot(bob, "race-mid-game-bob")
                shot_mid = True
        if not acted:
            # The robot (the Celery worker) or the other socket is on it.
            alice.wait_for_timeout(250)

    assert pushed_checked, "alice never moved while bob watched"
    assert bob.evaluate("window.__e2eNoReload === true"), "bob's page reloaded"
    for page in (alice, bob):
        assert page.locator("#board .outcome h2").inner_text() == "Final result"
        assert page.locator("#match-status").inner_text() == "Finished"
        assert page.locator("#seats .badge.rank").count() == 3
    assert moves["alice"] > 1  # favourites and at least one card
    assert moves["bob"] > 1
    assert refused < 20, f"{refused} refused clicks"
    screenshot(alice, "race-final-alice")
    screenshot(bob, "race-final-bob")
