"""A Live match where one person goes idle: the robot plays for them at the deadline.

alice and bob sit at a Live match of the test-only Toy (tests/games/toy/,
5 minutes a seat). alice plays her turn in the browser (she rolls, and
banks unless the die took the turn); bob does nothing. His clock is then made to run
out (the test moves his deadline into the past instead of waiting five
minutes), the sweep finds the match and the Celery worker plays bob's turn
with the robot. alice's open board shows it without a reload: the log's
timeout line and bob's "timed out" mark. bob's board offers "I'm back".
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, log_in, screenshot

pytestmark = pytest.mark.browser

PUSH_MS = 30_000
RUN_OUT = """
from datetime import timedelta
from django.utils import timezone
from games.models import Match, Seat
from games.services import expire_overdue_turns
past = timezone.now() - timedelta(seconds=1)
Seat.objects.filter(match_id={match_id}, position=1).update(clock_deadline_at=past)
Match.objects.filter(id={match_id}).update(turn_deadline_at=past)
print(expire_overdue_turns())
"""


def test_an_idle_seat_is_played_by_the_robot_and_everyone_sees_it(
    stack: Stack, new_page
) -> None:
    alice, bob = stack.token("alice"), stack.token("bob")
    status, match = stack.api(
        "POST",
        "/api/matches/",
        alice,
        {"game": "toy", "seats": 2, "time_control": "live"},
    )
    assert status == 201, match
    assert match["time_control"]["preset"] == "live"
    status, match = stack.api("POST", f"/api/matches/{match['id']}/join/", bob)
    assert status == 200, match
    match_id = match["id"]

    page = new_page()
    log_in(page, "alice")
    page.goto(f"{stack.url}/matches/{match_id}/")
    # alice's clock runs and ticks in the page; bob's waits.
    running = page.locator("#seats .seat:has(time[data-deadline])")
    assert running.count() == 1
    assert "Alice" in running.inner_text()
    page.get_by_role("button", name="Roll").click()
    # A 1 passes the turn to bob at once; any other face lets alice bank.
    bank = page.get_by_role("button", name="Bank")
    bobs_turn = page.locator("#board .toy[data-current='1']")
    bank.or_(bobs_turn).wait_for()
    if bank.is_visible():
        bank.click()
    bobs_turn.wait_for()
    running.filter(has_text="Bob").wait_for()

    assert stack.shell(RUN_OUT.format(match_id=match_id)).strip() == "1"

    page.wait_for_selector("#seats .badge.timed-out", timeout=PUSH_MS)
    page.wait_for_selector("#log-entries .timeout-mark", timeout=PUSH_MS)
    screenshot(page, "timeout-alice")
    status, body = stack.api("GET", f"/api/matches/{match_id}/", bob)
    assert body["seats"][1]["controller"] == "person"

    bob_page = new_page()
    log_in(bob_page, "bob")
    bob_page.goto(f"{stack.url}/matches/{match_id}/")
    bob_page.get_by_role("button", name="I'm back").click()
    bob_page.wait_for_selector("#seats:not(:has(.badge.timed-out))", timeout=PUSH_MS)
    page.wait_for_selector("#seats:not(:has(.badge.timed-out))", timeout=PUSH_MS)
