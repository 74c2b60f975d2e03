"""Two people finish a rated match and see their rating change (issue 23, Ratings).

bob resigns a 2-seat Toy match (rated by default): both end screens show
each person's change, live and after a reload ("+N" for alice, "−N" for
bob); then alice finds her row on the Toy's rankings through "My position".
"""

from __future__ import annotations

import re

import pytest

from tests.browser import Stack, log_in, screenshot
from tests.e2e.test_end_states import _started_toy

pytestmark = pytest.mark.browser

CHANGE = re.compile(r"^[+\u2212]\d+$")


def _changes(page) -> dict[str, str]:
    """Return the end screen's rating change per name."""
    page.locator("#board ul.rating-changes li").first.wait_for(timeout=10_000)
    shown = {}
    for item in page.locator("#board ul.rating-changes li").all():
        change = item.locator(".rating-change").inner_text().strip()
        name = item.inner_text().replace(change, "").strip()
        shown[name] = change
    return shown


def test_two_people_finish_a_rated_match_and_see_the_change(
    stack: Stack, new_page
) -> None:
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")
    _started_toy(alice, bob)

    bob.locator("details.resign > summary").click()
    bob.get_by_role("button", name="Yes, resign").click()

    for page in (alice, bob):
        shown = _changes(page)
        assert set(shown) == {"Alice", "Bob"}, shown
        assert shown["Alice"].startswith("+"), shown
        assert shown["Bob"].startswith("\u2212"), shown
        assert all(CHANGE.match(change) for change in shown.values()), shown
    screenshot(alice, "end-rating-change-live")
    alice.reload()
    assert _changes(alice)["Alice"].startswith("+")

    alice.goto("/games/toy/rankings/")
    alice.get_by_role("link", name="My position").click()
    mine = alice.locator("table.rankings tr.me")
    mine.wait_for(timeout=10_000)
    assert "Alice" in mine.inner_text()
    assert "provisional" in mine.inner_text()
    screenshot(alice, "rankings-my-position")
