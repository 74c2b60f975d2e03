"""Showing a board's summary does not move the board (issue 25).

Each game's summary in words (`#board-summary`) is read in place by a screen
reader. Race, Dice Stars and Rat um Rad hide it for the eye until it has the
focus (key S, Tab, or the page after somebody else's move); shown, it lies
over the top of the board as a panel (`.board-summary` in
static/css/spielpost.css) instead of entering the flow, which used to push
the whole board down by the summary's height under the eye and the pointer.
Knatsch shows its summary always, with the decisions in it. For each game,
on a phone and on a wide screen: the box of the board's first element after
the summary is the same before, while and after the summary has the focus,
and the summary is seen while it has it.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import Stack, log_in

pytestmark = pytest.mark.browser

GAMES = ("race", "dice-stars", "knatsch", "rat-um-rad")
HIDDEN_UNTIL_FOCUSED = {"race", "dice-stars", "rat-um-rad"}

# One playing match of each game between alice (seat 0) and bob, through
# the services as tests/e2e/test_axe.py makes them; no robots, so nothing
# moves while the test measures.
MATCHES = """
from accounts.models import User
from games import services
alice = User.objects.get(username="alice")
bob = User.objects.get(username="bob")
for slug in {games!r}:
    match = services.match_create(user=alice, game_slug=slug, seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    print("MATCH", slug, match.id)
"""

# The box of the first element after the summary in its game's board, and
# the summary's own box, in page coordinates.
BOXES_JS = """() => {
  const summary = document.getElementById("board-summary");
  let next = summary.nextElementSibling;
  while (next && next.getBoundingClientRect().height === 0) {
    next = next.nextElementSibling;
  }
  const box = (element) => {
    const r = element.getBoundingClientRect();
    return [r.left + scrollX, r.top + scrollY, r.width, r.height];
  };
  return {board: box(next), summary: box(summary), name: next.className};
}"""

# As the platform's script focuses it (static/js/spielpost.js, focusNoScroll).
FOCUS_JS = """() => {
  const summary = document.getElementById("board-summary");
  if (!summary.hasAttribute("tabindex")) summary.setAttribute("tabindex", "-1");
  summary.focus({preventScroll: true});
  return document.activeElement === summary;
}"""


@pytest.fixture(scope="module")
def matches(stack: Stack) -> dict[str, int]:
    """Return alice's playing match of each game, by slug."""
    out = stack.shell(MATCHES.format(games=GAMES))
    found = dict(re.findall(r"MATCH (\S+) (\d+)", out))
    assert set(found) == set(GAMES), out
    return {slug: int(match_id) for slug, match_id in found.items()}


@pytest.mark.parametrize("width", [390, 1280])
def test_focusing_the_summary_does_not_move_the_board(
    stack: Stack, new_page, matches: dict[str, int], width: int
) -> None:
    page = new_page(width=width)
    log_in(page, "alice")
    for slug in GAMES:
        page.goto(f"/matches/{matches[slug]}/")
        page.locator("#board-summary").wait_for(state="attached")
        before = page.evaluate(BOXES_JS)
        assert page.evaluate(FOCUS_JS), slug
        shown = page.evaluate(BOXES_JS)
        page.evaluate("() => document.activeElement.blur()")
        after = page.evaluate(BOXES_JS)

        assert shown["board"] == before["board"], (slug, before, shown)
        assert after["board"] == before["board"], (slug, before, after)
        # Seen while focused: a panel of text, not a 1-pixel clip.
        assert shown["summary"][2] > 200, (slug, shown)
        assert shown["summary"][3] > 40, (slug, shown)
        if slug in HIDDEN_UNTIL_FOCUSED:
            assert before["summary"][3] <= 1, (slug, before)
            assert after["summary"][3] <= 1, (slug, after)
