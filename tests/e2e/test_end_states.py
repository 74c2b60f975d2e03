"""A match that ends early says so on both boards, live and after a reload (issue 21).

Two people cancel a match of the test-only Toy (tests/games/toy/) by
consent, or one resigns, while alice is to move. Both boards must then show
nobody to move (no "to move", "choosing…" or "Your turn."), the result box and
the right status badge, and the tab title must stop counting the match;
the lobby lists the match under "Recently finished" with its end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.browser import Stack, create_form, log_in, screenshot, seat_click

pytestmark = pytest.mark.browser

# True when the tab title counts only the other matches (#turn-count): the
# board's own match no longer adds "your turn".
TITLE_WITHOUT_THIS_MATCH_JS = """
() => {
  const others = Number(document.getElementById('turn-count').dataset.count);
  const counted = /^\\((\\d+)\\) /.exec(document.title);
  return (counted ? Number(counted[1]) : 0) === others;
}
"""
TITLE_WITH_THIS_MATCH_JS = """
() => {
  const others = Number(document.getElementById('turn-count').dataset.count);
  const counted = /^\\((\\d+)\\) /.exec(document.title);
  return (counted ? Number(counted[1]) : 0) === others + 1;
}
"""


def _started_toy(alice: Any, bob: Any) -> str:
    """alice creates a 2-seat Toy and bob takes the other seat; return its URL."""
    form = create_form(alice, "toy")
    form.locator("select[name=seats]").select_option("2")
    form.locator("button[type=submit]").click()
    alice.wait_for_url("**/matches/*/")
    url = alice.url
    bob.goto(url)
    seat_click(bob, bob.get_by_role("button", name="Take a seat"))
    # The match starts with alice to move: her board says so, and her tab
    # title counts it; bob's board shows her to move, his title does not.
    alice.locator("#board .your-turn").wait_for(timeout=10_000)
    alice.wait_for_function(TITLE_WITH_THIS_MATCH_JS, timeout=10_000)
    bob.locator("#seats .seat", has_text="Alice").locator(".badge.turn").wait_for(
        timeout=10_000
    )
    bob.wait_for_function(TITLE_WITHOUT_THIS_MATCH_JS, timeout=10_000)
    return url


@dataclass(frozen=True)
class End:
    """How a board says a match ended: its badge, `data-ending` and sentences."""

    badge: str
    ending: str
    says: tuple[str, ...]


def _assert_over(page: Any, end: End) -> None:
    """Wait until the board says how the match ended; then nobody may be to move."""
    page.locator(f"#board .outcome[data-ending={end.ending}]").wait_for(timeout=10_000)
    assert page.locator("#match-status").inner_text() == end.badge
    box = page.locator("#board .outcome").inner_text()
    for sentence in end.says:
        assert sentence in box, (sentence, box)
    live = page.locator("#seats").inner_text() + page.locator("#board").inner_text()
    for words in ("to move", "choosing", "Your turn"):
        assert words not in live, (words, live)
    assert page.locator("#board .your-turn, .badge.turn").count() == 0
    page.wait_for_function(TITLE_WITHOUT_THIS_MATCH_JS, timeout=10_000)


def _recently_finished_row(page: Any, url: str) -> Any:
    page.goto("/play/")
    path = url.split(page.url.split("/play/")[0])[-1]
    return page.locator(
        "section[aria-labelledby=finished-title] .match-row",
        has=page.locator(f"a[href='{path}']"),
    )


def test_two_people_cancel_by_consent_and_both_boards_say_so(
    stack: Stack, new_page
) -> None:
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")
    url = _started_toy(alice, bob)

    alice.get_by_role("button", name="Propose to cancel").click()
    bob.get_by_role("button", name="Agree to cancel").click()

    cancelled = End("Cancelled", "cancelled", ("Cancelled by agreement, no winner.",))
    for page in (alice, bob):
        _assert_over(page, cancelled)
    screenshot(bob, "end-cancelled-live")
    for page in (alice, bob):
        page.reload()
        _assert_over(page, cancelled)

    row = _recently_finished_row(alice, url)
    assert row.count() == 1
    assert "Cancelled by agreement, no winner." in row.inner_text()
    assert row.locator(".badge.status").inner_text() == "Cancelled"


def test_one_resigns_and_both_boards_show_the_result(stack: Stack, new_page) -> None:
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")
    url = _started_toy(alice, bob)

    bob.locator("details.resign > summary").click()
    bob.get_by_role("button", name="Yes, resign").click()

    resigned = End(
        "Finished", "resigned", ("Alice wins.", "Bob resigned and is ranked last.")
    )
    for page in (alice, bob):
        _assert_over(page, resigned)
    screenshot(alice, "end-resigned-live")
    for page in (alice, bob):
        page.reload()
        _assert_over(page, resigned)

    row = _recently_finished_row(bob, url)
    assert row.count() == 1
    assert "Bob resigned." in row.inner_text()
