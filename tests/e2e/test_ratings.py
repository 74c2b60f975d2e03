"""Two people finish a rated match, see the change, the profiles and the replay (issue 23).

The issue's "Done when": alice and bob play a 2-seat Toy match (rated by
default); alice moves, then bob resigns. Both end screens show each
person's change, live and after a reload ("+N" for alice, "−N" for bob);
each opens the other's profile from the board's seat list and finds the
rating there; alice finds her row on the Toy's rankings through "My
position" and steps through the replay with the keyboard.
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


def test_two_people_finish_a_rated_match_then_profiles_and_replay(
    stack: Stack, new_page
) -> None:
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")
    url = _started_toy(alice, bob)

    # alice rolls (a 1 passes the turn at once) and banks otherwise: the
    # replay then has a move or two to step through.
    alice.get_by_role("button", name="Roll").click()
    bank = alice.get_by_role("button", name="Bank")
    bobs_turn = alice.locator("#board .toy[data-current='1']")
    bank.or_(bobs_turn).wait_for(timeout=10_000)
    if bank.is_visible():
        bank.click()
    bobs_turn.wait_for(timeout=10_000)
    bob.locator("#board .toy[data-current='1']").wait_for(timeout=10_000)

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

    # Each opens the other's profile from the seat list: the rating is there.
    for page, other in ((alice, "Bob"), (bob, "Alice")):
        page.goto(url)
        page.locator("#seats").get_by_role("link", name=other).click()
        page.wait_for_url(f"**/players/{other}/")
        assert page.get_by_role("heading", level=1).inner_text() == other
        # The Toy's figure: other tests finish rated matches of other games
        # with the same people on the shared stack.
        toy = page.locator(".profile-game[data-game=toy]")
        toy.locator("[data-figure=rating]", has_text="\u00b1").wait_for()
        assert page.get_by_role("img", name=re.compile("Rating history")).count()

    alice.goto("/games/toy/rankings/")
    alice.get_by_role("link", name="My position").click()
    mine = alice.locator("table.rankings tr.me")
    mine.wait_for(timeout=10_000)
    assert "Alice" in mine.inner_text()
    assert "provisional" in mine.inner_text()
    screenshot(alice, "rankings-my-position")

    # The replay, from the end screen, stepped with the keyboard.
    alice.goto(url)
    alice.get_by_role("link", name="Replay this match move by move").click()
    alice.wait_for_url("**/replay/")
    counter = alice.locator("#replay-counter")
    assert "The deal" in counter.inner_text()
    alice.keyboard.press("ArrowRight")
    alice.wait_for_url(re.compile(r"\?move=1&seat=0$"))
    assert counter.inner_text().startswith("Move 1 of ")
    alice.keyboard.press("End")
    last = counter.inner_text().removeprefix("Move ").split(" of ")[-1]
    alice.wait_for_url(re.compile(rf"\?move={last}&seat=0$"))
    alice.keyboard.press("Home")
    alice.wait_for_url(re.compile(r"\?move=0&seat=0$"))
    screenshot(alice, "replay-after-rated-match")
