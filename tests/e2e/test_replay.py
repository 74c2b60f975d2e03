"""A finished match is stepped through with the keyboard on its replay page (issue 23).

The match is played to its end in the stack's database (two people, no
robots, so no Celery worker moves meanwhile); alice opens the replay from
the end screen and steps with the arrow keys, Home and End (replay.js),
the move counter following; the seat picker shows bob's side.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import Stack, log_in

pytestmark = pytest.mark.browser

FINISHED_MATCH = """
from accounts.models import User
from games import services
from tests.games.helpers import play_to_end
alice = User.objects.get(username="alice")
bob = User.objects.get(username="bob")
match = services.match_create(user=alice, game_slug="race", seats=2)
services.seat_claim(match_id=match.id, user=bob)
match.refresh_from_db()
play_to_end(match, {0: alice, 1: bob})
match.refresh_from_db()
print("MATCH", match.id, match.version)
"""


def test_step_through_a_replay_with_the_keyboard(stack: Stack, new_page) -> None:
    found = re.search(r"MATCH (\d+) (\d+)", stack.shell(FINISHED_MATCH))
    assert found, "the match was not played"
    match_id, last = int(found.group(1)), int(found.group(2))
    page = new_page()
    log_in(page, "alice")
    page.goto(f"/matches/{match_id}/")
    page.get_by_role("link", name="Replay this match move by move").click()
    page.wait_for_url(f"**/matches/{match_id}/replay/")
    counter = page.locator("#replay-counter")
    assert "The deal" in counter.inner_text()

    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"\?move=1&seat=0$"))
    assert counter.inner_text() == f"Move 1 of {last}"
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"\?move=2&seat=0$"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"\?move=1&seat=0$"))
    page.keyboard.press("End")
    page.wait_for_url(re.compile(rf"\?move={last}&seat=0$"))
    assert counter.inner_text() == f"Move {last} of {last}"
    assert page.locator(".seat-list .badge.rank").count() == 2
    page.keyboard.press("Home")
    page.wait_for_url(re.compile(r"\?move=0&seat=0$"))

    # The buttons are links with names; the seat picker shows bob's view.
    page.get_by_role("link", name="Forward one move").click()
    page.wait_for_url(re.compile(r"\?move=1&seat=0$"))
    page.get_by_label("Show the table as seen by").select_option("1")
    page.wait_for_url(re.compile(r"move=1&seat=1$"))
    assert page.locator("#replay-seat").input_value() == "1"
    assert (
        page.locator("#replay-link")
        .input_value()
        .endswith(f"/matches/{match_id}/replay/?move=1&seat=1")
    )
