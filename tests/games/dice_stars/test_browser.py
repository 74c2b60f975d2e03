"""People play Dice Stars in the browser: solo, and three seats with a robot.

Every choice is a click on the board (a button carrying its move as
`data-move`); the robot plays through the real Celery worker. The tests
click the first enabled move of the board: the smallest draw, the first
option that fits.
"""

from __future__ import annotations

import json
import time

import pytest

from tests.browser import Stack, create_form, log_in, screenshot, seat_click

pytestmark = pytest.mark.browser

GAME_SECONDS = 900
STALL_SECONDS = 120
MOVE_SECONDS = 30
VERSION_JS = "Number(document.querySelector('#board').dataset.version)"
MOVE_BUTTONS = "#board button[data-move]:not([disabled])"


def _version(page) -> int:
    return int(page.evaluate(VERSION_JS))


def _finished(page) -> bool:
    return page.locator("#board .outcome").count() > 0


def _my_turn(page) -> bool:
    return page.locator("#board .your-turn").count() > 0


def _click_a_move(page) -> dict | None:
    """Click the board's first enabled move button; return its move (None if none)."""
    buttons = page.locator(MOVE_BUTTONS)
    if not buttons.count():
        return None
    button = buttons.first
    move = json.loads(button.get_attribute("data-move") or "{}")
    before = _version(page)
    button.click()
    page.wait_for_function(
        f"v => {VERSION_JS} > v", arg=before, timeout=MOVE_SECONDS * 1000
    )
    return move


def _create(page, seats: str) -> str:
    form = create_form(page, "dice-stars")
    form.locator("select[name=seats]").select_option(seats)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    return page.url


def _play(pages: dict, stack: Stack) -> dict[str, set[str]]:
    """Click for whoever is to move until every page shows the result."""
    kinds: dict[str, set[str]] = {name: set() for name in pages}
    deadline = time.monotonic() + GAME_SECONDS
    last_change = time.monotonic()
    last_versions: tuple[int, ...] = ()
    while not all(_finished(page) for page in pages.values()):
        now = time.monotonic()
        versions = tuple(_version(page) for page in pages.values())
        if versions != last_versions:
            last_change, last_versions = now, versions
        assert now - last_change < STALL_SECONDS, (
            f"no progress for {STALL_SECONDS}s at {versions}\n{stack.log_tail()}"
        )
        assert now < deadline, f"no result within {GAME_SECONDS}s"
        acted = False
        for name, page in pages.items():
            if _finished(page) or not _my_turn(page):
                continue
            move = _click_a_move(page)
            if move is not None:
                kinds[name].add(move["kind"])
                acted = True
        if not acted:
            next(iter(pages.values())).wait_for_timeout(250)
    return kinds


def test_a_person_plays_a_solo_game_to_the_end(stack: Stack, new_page) -> None:
    alice = new_page()
    log_in(alice, "alice")
    _create(alice, "1")

    # Solo starts at once: the first draw of 3 dice is forced.
    alice.wait_for_selector(MOVE_BUTTONS)
    assert alice.locator("#board .your-turn").count() == 1
    move = _click_a_move(alice)
    assert move == {"kind": "draw", "count": 3}
    # The roll is on the board; the options that fit are buttons on the sheet.
    assert alice.locator(MOVE_BUTTONS).count() >= 1
    screenshot(alice, "dice-stars-solo-first-take")

    kinds = _play({"alice": alice}, stack)

    assert {"draw", "value", "colour"} & kinds["alice"]
    assert alice.locator("#board .outcome h2").inner_text() == "Final result"
    # The status badge is an out-of-band part of the same push: wait for it.
    alice.locator("#match-status", has_text="Finished").wait_for()
    assert alice.locator("#match-status").inner_text() == "Finished"
    # Alone at the table: the result is one sentence, no place badge.
    assert alice.locator("#seats .badge.rank").count() == 0
    assert "the virtual opponent" in alice.locator("#board .outcome").inner_text()
    screenshot(alice, "dice-stars-solo-final")


def test_two_people_and_a_greedy_robot_finish_a_game(stack: Stack, new_page) -> None:
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")
    match_url = _create(alice, "3")
    bob.goto(match_url)
    seat_click(bob, bob.get_by_role("button", name="Take a seat"))
    bob.wait_for_selector("text=Add a robot")
    alice.locator("select[name=robot]").select_option("medium")
    seat_click(alice, alice.get_by_role("button", name="Add a robot"))
    for page in (alice, bob):
        page.wait_for_selector("#board .ds-sheet", timeout=20_000)

    kinds = _play({"alice": alice, "bob": bob}, stack)

    for name in ("alice", "bob"):
        assert "draw" in kinds[name], kinds
    for page in (alice, bob):
        assert page.locator("#board .outcome h2").inner_text() == "Final result"
        assert page.locator("#seats .badge.rank").count() == 3
    screenshot(alice, "dice-stars-3-seats-final-alice")
