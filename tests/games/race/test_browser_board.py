"""The Race board as a new player meets it: on a phone and a desktop, in English and German.

Issue 9: the track shows field numbers that line up with the tokens; every
symbol on the board (★, ♥, ⚙, ×) has its meaning for the eye and for screen
readers; the players table and the track fit their boxes at 390 px without
sideways scrolling, and the page does not scroll sideways at 390 or 1280 px.

Two matches are set up through the API (alice, bob and carol, with Win Bet
and Superpowers): one in the middle of the race, one played to the end.
alice reads English; carol's profile language is German. No robot sits at
these tables, so the setup does not wait for the Celery worker.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser import Stack, log_in, screenshot

pytestmark = pytest.mark.browser

SETUP_SECONDS = 300
PEOPLE = ("alice", "bob", "carol")
OPTIONS = {"win_bet": True, "superpowers": True}
FIELD_NUMBERS = ["0", "10", "20", "30", "40", "50", "60"]

# Each symbol on the board outside a legend: hidden from screen readers
# (aria-hidden), with a title, and the meaning read out next to it (or words
# in the titled element itself). Returns the symbols that break this.
UNEXPLAINED_SYMBOLS_JS = r"""
(root) => {
  const SYMBOLS = /[★♥⚙×]/;
  const squash = (s) => s.replace(/\s+/g, ' ').trim();
  const spoken = (el) => {
    const copy = el.cloneNode(true);
    copy.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
    return squash(copy.textContent);
  };
  const problems = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent;
    if (!SYMBOLS.test(text)) continue;
    const el = walker.currentNode.parentElement;
    if (el.closest('.race-legend')) continue;
    const hidden = el.closest('[aria-hidden="true"]');
    const titled = el.closest('[title]:not([title=""])');
    let ok = Boolean(hidden && titled);
    if (ok) {
      const title = squash(titled.getAttribute('title'));
      ok = spoken(hidden.parentElement).includes(title)
        || (titled !== hidden && titled.contains(hidden) && /\p{L}/u.test(spoken(titled)));
    }
    if (!ok) problems.push(squash(text) + ' in ' + el.outerHTML.slice(0, 160));
  }
  return problems;
}
"""

# How far each box's content reaches past its own width (0 = no sideways scroll).
OVERFLOW_JS = """
() => Object.fromEntries(['.track', '.players', '.players-table'].map((selector) => {
  const box = document.querySelector('#board .race ' + selector);
  return [selector, box ? box.scrollWidth - box.clientWidth : null];
}))
"""

# Each token's centre and where the scale says its field is: the scale's 0
# and 60 give the line that every field (61 = finished, on the line) lies on.
TOKEN_OFFSETS_JS = """
() => {
  const centre = (el) => { const r = el.getBoundingClientRect(); return r.left + r.width / 2; };
  const ticks = [...document.querySelectorAll('#board .track-scale .tick')];
  const zero = centre(ticks[0]);
  const sixty = centre(ticks[ticks.length - 1]);
  return [...document.querySelectorAll('#board .lane .token')].map((token) => {
    const field = Number(token.style.getPropertyValue('--pos'));
    return Math.abs(centre(token) - (zero + (sixty - zero) * field / 60));
  });
}
"""


def _pick(legal_moves: list[dict], seat: int) -> dict:
    """Pick different favourites per seat (no redeal); then prefer a superpower.

    A superpower reveals a star on the board; else a card that moves a Knonster.
    """
    if legal_moves[0].get("kind") == "favourites":
        return legal_moves[(seat * 5) % len(legal_moves)]
    for kind in ("power", "play"):
        moves = [move for move in legal_moves if move.get("kind") == kind]
        if moves:
            return moves[0]
    return legal_moves[0]


def _race(stack: Stack, tokens: dict[str, str], cards: int | None) -> int:
    """Create a match of the three people; play `cards` cards (None: to the end).

    Return the match id. Everybody picks their moves through the API.
    """
    status, match = stack.api(
        "POST",
        "/api/matches/",
        tokens["alice"],
        {"game": "race", "seats": len(PEOPLE), "options": OPTIONS},
    )
    assert status == 201, match
    path = f"/api/matches/{match['id']}/"
    for name in PEOPLE[1:]:
        status, match = stack.api("POST", path + "join/", tokens[name])
        assert status == 200, match
    assert match["status"] == "active", match
    played = 0
    deadline = time.monotonic() + SETUP_SECONDS
    while True:
        assert time.monotonic() < deadline, f"match {match['id']} stuck: {match}"
        acted = False
        for token in tokens.values():
            status, match = stack.api("GET", path, token)
            assert status == 200, match
            if match["status"] == "finished":
                return int(match["id"])
            if cards is not None and played >= cards:
                return int(match["id"])
            if match["your_seat"] not in match["to_move"] or match["autoplay"]:
                continue
            status, body = stack.api(
                "POST",
                path + "moves/",
                token,
                {
                    "version": match["version"],
                    "move": _pick(match["legal_moves"], match["your_seat"]),
                },
            )
            assert status == 200, body
            played += match["view"]["phase"] == "play"
            acted = True
        assert acted, f"nobody could move in match {match['id']}: {match}"


@pytest.fixture(scope="module")
def races(stack: Stack) -> dict[str, int]:
    """Return the ids of a Race in progress ("running") and a finished one."""
    tokens = {name: stack.token(name) for name in PEOPLE}
    return {
        "running": _race(stack, tokens, cards=12),
        "finished": _race(stack, tokens, cards=None),
    }


def _check_board(page: Any, width: int) -> None:
    """Assert field numbers, explained symbols and no sideways scrolling."""
    board = page.locator("#board .race")
    # Field numbers under the track, lined up with the tokens.
    ticks = page.locator("#board .track-scale .tick")
    assert ticks.all_inner_texts() == FIELD_NUMBERS
    for i in range(ticks.count()):
        assert ticks.nth(i).is_visible()
    assert page.locator("#board .track-scale .scale-finish").is_visible()
    offsets = page.evaluate(TOKEN_OFFSETS_JS)
    assert len(offsets) == 4
    assert max(offsets) < 1.5, f"tokens off the scale by {offsets} px"
    # Every symbol has its meaning; the legends are there.
    assert board.evaluate(UNEXPLAINED_SYMBOLS_JS) == []
    legend = page.locator("#board .players-legend").inner_text()
    assert "♥" in legend
    if "★" in page.locator("#board .players-table").inner_text():
        assert "★" in legend
    assert page.locator("#board .track-legend").is_visible()
    # Nothing scrolls sideways: not the boxes, not the page.
    overflow = page.evaluate(OVERFLOW_JS)
    assert overflow == {".track": 0, ".players": 0, ".players-table": 0}, overflow
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if width <= 400:
        # The phone layout: one block per player, each value named.
        assert page.locator("#board .players-table thead").bounding_box()["width"] <= 1
        label = page.evaluate(
            "getComputedStyle(document.querySelector("
            "'#board .players-table td.hand-count'), '::before').content"
        )
        assert label not in ("", "none", "normal")


@pytest.mark.parametrize(
    ("language", "user"), [("en", "alice"), ("de", "carol")], ids=["en", "de"]
)
@pytest.mark.parametrize("width", [390, 1280])
def test_the_race_board_explains_itself_and_fits(
    stack: Stack, new_page, races: dict[str, int], width: int, language: str, user: str
) -> None:
    page = new_page(locale="en-GB", width=width)
    log_in(page, user)

    for which, suffix in (("running", ""), ("finished", "-final")):
        page.goto(f"/matches/{races[which]}/")
        page.wait_for_selector("#board .race .track-scale")
        assert page.locator("html").get_attribute("lang") == language
        if which == "finished":
            assert page.locator("#board .outcome").count() == 1
            assert page.locator("#board .players-table td.points").count() == 3
        else:
            # The viewer's hand and favourites are on the board.
            assert page.locator("#board .hand .race-card").count() > 0
            assert page.locator("#board .my-favourites .sym").count() == 2
        _check_board(page, width)
        screenshot(page, f"race-board{suffix}-{width}-{language}")
