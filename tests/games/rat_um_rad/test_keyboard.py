"""Rat um Rad by keyboard and screen reader (issue 25).

alice plays a 2-seat Basel match against a robot. Once the setup is over
the test stores a position (`_position`: alice to move, a hand that can
build blue roads, two destination cards) through the services'
bookkeeping, as test_browser.py does, and reloads. Then:

1. the board's text summary (#board-summary) is checked on the
   accessibility tree (Playwright's ARIA snapshot): what a screen reader
   reads, in order: whose turn, the scores with each player's colour by
   name, the hand by colour, the destination cards, what can be done;
2. "R" opens the table of roads at the first road to build (arrow keys
   move within it); then, from a fresh page load, alice takes two wheel
   cards from the deck with the keyboard only: "D", "D" (2 key presses;
   the target is at most 10);
3. after the robot's turn she builds a road with the keyboard only: "B"
   (the roads to build), an arrow key to the second road, Enter (its ways
   to pay, the first focused), Enter (pay): 4 key presses.

Each move is checked in the match's stored moves. The map's roads carry
their colour by name (<title>) and a mark per colour; the table of roads
lists every road with its colour by name. The whole test runs in English
(alice) and in German (carol, whose profile language is German), with the
same keys: the German run checks the summary's German words instead of the
English snapshot.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.state import State
from games.rules.structs import replace
from tests.browser import (
    SERVER_VERSION_JS,
    STORE_STATE,
    Stack,
    create_form,
    log_in,
)
from tests.games.rat_um_rad.conftest import make_state

pytestmark = pytest.mark.browser

MAX_PRESSES = 10  # issue 25: a typical turn in at most 10 key presses
MOVE_SECONDS = 45  # the robot's turn runs through Celery

WAIT_FOR_SETUP = """
import json, time
from games.models import Match
for _ in range(240):
    match = Match.objects.get(id={match_id})
    state = match.game_state() if match.status == "active" else None
    if state is not None and state.phase == "setup" and state.done[1]:
        break
    time.sleep(0.25)
else:
    raise SystemExit("the robot did not choose its destination cards")
print(json.dumps({{"version": match.version, "state": match.state}}))
"""

MOVES = """
import json
from games.models import Match
match = Match.objects.get(id={match_id})
moves = match.moves.filter(seq__gt={version}).order_by("seq")
print(json.dumps([[m.seat, m.payload] for m in moves]))
"""

SETTLED_JS = """
v => {
  const shown = Number(document.querySelector('#board')?.dataset.version);
  return shown >= v && shown >= window.__serverVersion
    && !document.querySelector('#live-root .htmx-request');
}
"""
MY_TURN_JS = f"""
() => ({SETTLED_JS})(0) && !!document.querySelector('#board .your-turn')
  && !!document.querySelector('#board .rat-um-rad [data-role=status] .rr-mine')
"""

HAND = ("blue", "blue", "green", "joker")
DESTINATIONS = ("FromBahnhofToJus", "FromPhilosophieToMedizin")

SUMMARY = """
- region "Summary":
  - heading "Summary" [level=3]
  - paragraph: Your turn.
  - list "Scores":
    - listitem: "Alice (red): score 0, wheels left 30"
    - listitem: "Robot 2 (medium) (blue): score 0, wheels left 30"
  - paragraph: "Your wheel cards: 2 blue, 1 green, 1 joker"
  - list "Your destination cards":
    - listitem: Bahnhof – Jus, 3 points, not yet connected
    - listitem: Philosophie – Medizin, 7 points, not yet connected
  - list "What you can do":
    - listitem: "Take two wheel cards: keys 1 to 5 for a face-up card, D for the deck"
    - listitem: "Build a road: 18 roads possible (key B, or R for the table of roads)"
    - listitem: Draw destination cards (key N)
"""


# Per language: the player (the demo accounts' profile language), the words checked.
LANGUAGES = {
    "en": {
        "person": "alice",
        "summary": "Summary",
        "your_turn": "Your turn.",
        "take": "Take two wheel cards: keys 1 to 5 for a face-up card, D for the deck",
        "blue": "blue",
        "keys": "Keyboard",
    },
    "de": {
        "person": "carol",
        "summary": "Übersicht",
        "your_turn": "Du bist am Zug.",
        "take": (
            "Nimm zwei Radkarten: Tasten 1 bis 5 für eine offene Karte, D für den Stapel"
        ),
        "blue": "blau",
        "keys": "Tastatur",
    },
}


def _position(state: State) -> State:
    """Return `state` (the match in setup) as a turn with alice (seat 0) to move."""
    made = make_state(seats=2, hands={0: HAND}, destinations={0: DESTINATIONS})
    return replace(made, map=state.map, rng=state.rng)


class Keys:
    """The keyboard, counting every key pressed."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1


def _version(page: Any) -> int:
    return int(
        page.evaluate("Number(document.querySelector('#board').dataset.version)")
    )


def _settle(page: Any, version: int) -> None:
    page.wait_for_function(SETTLED_JS, arg=version, timeout=MOVE_SECONDS * 1000)


def _moves(stack: Stack, match_id: int, version: int) -> list[list[Any]]:
    return json.loads(stack.shell(MOVES.format(match_id=match_id, version=version)))


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_turn_by_keyboard_and_the_summary(
    stack: Stack, new_page, language: str
) -> None:
    words = LANGUAGES[language]
    page = new_page(width=1280)
    page.add_init_script(SERVER_VERSION_JS)
    log_in(page, words["person"])
    form = create_form(page, "rat-um-rad")
    form.locator("select[name=seats]").select_option("2")
    form.locator("select[name=option_map]").select_option("basel")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    found = re.search(r"/matches/(\d+)/", page.url)
    assert found, page.url
    match_id = int(found.group(1))
    page.locator("form[action$='/robots/'] button").click()
    page.wait_for_selector("#board .rat-um-rad[data-phase=setup]")

    info = json.loads(stack.shell(WAIT_FOR_SETUP.format(match_id=match_id)).strip())
    version = info["version"]
    start = _position(RULES.state_from_json(info["state"]))
    stack.shell(
        STORE_STATE.format(
            match_id=match_id, version=version, state=json.dumps(start.to_json())
        )
    )
    page.reload()
    page.wait_for_function(MY_TURN_JS, timeout=MOVE_SECONDS * 1000)
    page.evaluate("window.__e2eNoReload = true")

    # 1. The summary, as a screen reader reads it.
    summary = page.locator("#board #board-summary")
    summary.wait_for(state="attached")
    assert page.locator("html").get_attribute("lang") == language
    expect(summary.locator("h3").first).to_have_text(words["summary"])
    expect(summary).to_contain_text(words["your_turn"])
    expect(summary).to_contain_text(words["take"])
    if language == "en":
        expect(summary).to_match_aria_snapshot(SUMMARY)
    # Roads carry their colour by name; the table lists every road.
    title = page.locator(
        "#board .rr-road[data-road='Pharmazentrum-to-Biozentrum'] > title"
    )
    assert words["blue"] in title.text_content()
    table = page.locator("#board [data-role=roads] tbody tr")
    assert table.count() == page.locator("#board .rr-road").count()
    # The first decision is marked for the platform's focus: the deck.
    first = page.locator("#board [data-first-decision]").first
    assert first.get_attribute("aria-keyshortcuts") == "D"
    # The keyboard help is on the page.
    assert page.locator("#board [data-role=keys] summary").inner_text() == words["keys"]

    # R opens the table of roads at the first road to build; arrows move on.
    first_road = page.locator("#board .rr-build-list details").first
    page.keyboard.press("r")
    assert page.locator("#board [data-role=roads]").evaluate("d => d.open")
    in_row = "() => document.activeElement.closest('tr')?.dataset.road"
    assert page.evaluate(in_row) == first_road.get_attribute("data-road")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("() => document.activeElement.matches('tbody button')")
    assert page.locator("#board [data-role=roads] tbody [tabindex='0']").count() == 1

    # 2. From page load, take two wheel cards from the deck: D, D.
    page.reload()
    page.wait_for_function(MY_TURN_JS, timeout=MOVE_SECONDS * 1000)
    page.evaluate("window.__e2eNoReload = true")
    keys = Keys(page)
    before = _version(page)
    keys.press("d")
    _settle(page, before + 1)
    assert page.locator("#board [data-role=status] .rr-mine").count() == 1
    keys.press("d")
    _settle(page, before + 2)
    assert keys.count == 2 <= MAX_PRESSES
    played = _moves(stack, match_id, version)
    assert [(seat, move["kind"]) for seat, move in played[:2]] == [
        (0, "take_deck"),
        (0, "take_deck"),
    ], played
    hand = page.locator("#board [data-role=hand] li[data-hand]")
    assert sum(int(li.get_attribute("data-count") or 0) for li in hand.all()) == 6

    # 3. After the robot's turn: build the second road to build, by keyboard.
    page.wait_for_function(MY_TURN_JS, timeout=MOVE_SECONDS * 2000)
    keys = Keys(page)
    before = _version(page)
    roads = page.locator("#board .rr-build-list details.rr-build-road")
    assert roads.count() >= 2
    road = roads.nth(1).get_attribute("data-road")
    keys.press("b")
    keys.press("ArrowDown")
    focused = page.evaluate(
        "() => document.activeElement.closest('details')?.dataset.road"
    )
    assert focused == road
    keys.press("Enter")
    payment = page.evaluate(
        "() => document.activeElement.matches('.rr-payments button[data-move]')"
        " && JSON.parse(document.activeElement.dataset.move)"
    )
    assert payment, "Enter did not focus a way to pay"
    assert payment["road"] == road, payment
    keys.press("Enter")
    _settle(page, before + 1)
    assert keys.count == 4 <= MAX_PRESSES
    played = _moves(stack, match_id, before)
    assert played[0] == [0, payment], played
    assert (
        page.locator(f"#board .rr-road[data-road='{road}']").get_attribute("data-owner")
        == "0"
    )
    assert page.evaluate("window.__e2eNoReload === true"), "the page reloaded"
