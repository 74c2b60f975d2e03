"""A Knatsch turn played with the keyboard only, and the board in words (issue 25).

alice (seat 0) plays against the default robot (seat 1). Once the match
runs, the test stores a hand-built position (conftest.py `make_state`):
alice to move, a castle on top of each stack that she may roll for. From
the page load she plays one typical turn with key presses only, counted:
the skip link (Tab, Enter), N (to her next decision: the summary's group of
choices), an arrow key to the second stack's card, Enter (rolls for it:
the first throw), N (to the first die), Space (keeps it), T (throws the
others), S (stops; only if the attempt still runs). At most 10 presses; the
moves stored are the ones played. The summary (`#board-summary`) is then
checked on the accessibility tree (Playwright's ARIA snapshot, which stands
in for what a screen reader reads in order: roles, names, text). The turn
is played in English (alice) and in German (carol, whose profile language
is German), with the same keys: the German run checks the summary's
German words instead of the English snapshot.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from games.rules.knatsch import RULES
from games.rules.registry import default_robot
from tests.browser import (
    SERVER_VERSION_JS,
    STORE_STATE,
    Stack,
    create_form,
    log_in,
    seat_click,
)
from tests.games.knatsch.conftest import make_state
from tests.games.knatsch.test_browser import (
    MOVES_SINCE,
    START_SECONDS,
    WAIT_FOR_A_PERSON,
)

pytestmark = pytest.mark.browser

SLUG = "knatsch"
MAX_PRESSES = 10
MOVE_MS = 30_000
# Settled on version v: shown, had from the server (SERVER_VERSION_JS), no
# request under way.
SETTLED_JS = """
v => Number(document.querySelector('#board')?.dataset.version) >= v
  && window.__serverVersion >= v
  && !document.querySelector('#live-root .htmx-request')
"""
FOCUSED_MOVE_JS = "() => document.activeElement?.dataset?.move || ''"
# Per language: the player (the demo accounts' profile language), the words checked.
LANGUAGES = {
    "en": {
        "person": "alice",
        "glance": "At a glance",
        "your_turn": "Your turn.",
        "decision": "Your move: what to roll for",
    },
    "de": {
        "person": "carol",
        "glance": "Auf einen Blick",
        "your_turn": "Du bist am Zug.",
        "decision": "Dein Zug: worum du würfelst",
    },
}


def _start(info: dict[str, Any]) -> Any:
    """Return the position alice plays from: her turn, a castle atop each stack."""
    return make_state(
        seats=2,
        owned={0: ("castle-dragon-1",), 1: ("castle-bear-2",)},
        stacks=(("castle-lion-1",), ("castle-eagle-1",)),
        current=0,
        start=0,
        seed=info["seed"],
    )


class Keys:
    """The keyboard, counting every press."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0
        self.pressed: list[str] = []

    def __call__(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1
        self.pressed.append(key)


def _settle(page: Any, version: int) -> None:
    page.wait_for_function(SETTLED_JS, arg=version, timeout=MOVE_MS)
    page.wait_for_timeout(80)


def _version(page: Any) -> int:
    return int(
        page.evaluate("Number(document.querySelector('#board').dataset.version)")
    )


def _open_match(
    stack: Stack, page: Any, person: str = "alice"
) -> tuple[int, dict[str, Any]]:
    """`person` creates a 2-seat match with the default robot; return its id and seats."""
    page.add_init_script(SERVER_VERSION_JS)
    log_in(page, person)
    form = create_form(page, SLUG)
    form.locator("select[name=seats]").select_option("2")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    found = re.search(r"/matches/(\d+)/", page.url)
    assert found, page.url
    match_id = int(found.group(1))
    page.locator("select[name=robot]").select_option(default_robot(SLUG).name)
    seat_click(page, page.locator("form[action$='/robots/'] button"))
    page.wait_for_selector("#board .knatsch", timeout=20_000)
    info = json.loads(
        stack.shell(
            WAIT_FOR_A_PERSON.format(match_id=match_id, tries=START_SECONDS * 4)
        ).strip()
    )
    assert [s["user"] for s in info["seats"]] == [person, None], info["seats"]
    return match_id, info


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_one_knatsch_turn_by_keyboard_in_at_most_ten_presses(
    stack: Stack, new_page, language: str
) -> None:
    words = LANGUAGES[language]
    page = new_page()
    match_id, info = _open_match(stack, page, words["person"])
    version = info["version"]
    start = _start(info)
    stack.shell(
        STORE_STATE.format(
            match_id=match_id, version=version, state=json.dumps(start.to_json())
        )
    )
    page.reload()
    page.wait_for_selector("#board .knatsch")
    _settle(page, version)
    assert _version(page) == version
    player_name, robot_name = (s["name"] for s in info["seats"])

    # The board in words, as a screen reader reads it in order.
    summary = page.locator("#board-summary")
    expect(summary.locator("h3")).to_have_text(words["glance"])
    expect(summary.locator("[data-role=whose-turn]")).to_have_text(words["your_turn"])
    expect(summary.locator("#kn-decision-title")).to_have_text(words["decision"])
    if language == "en":
        expect(summary).to_match_aria_snapshot(
            f"""
            - region "At a glance":
              - heading "At a glance" [level=3]
              - paragraph: Your turn.
              - list "Scores":
                - listitem: "{player_name} (you): 1 castle, 0 tournaments, 0 special cards"
                - listitem: "{robot_name}: 1 castle, 0 tournaments, 0 special cards"
              - text: Your cards
              - list "Your cards":
                - listitem: "Castle Dragon, castle, to beat: 3 × 1 + 5"
              - 'group "Your move: what to roll for"':
                - text: "Your move: what to roll for"
                - 'button "Roll for the top card of stack 1: Castle Lion"'
                - 'button "Roll for the top card of stack 2: Castle Eagle"'
                - 'button "Put the top card of stack 1 under it: Castle Lion"'
              - group: Keyboard
            """
        )
    # Colour is never the only cue: every card on the board is named in words.
    for card in page.locator("#board .kn-card[data-card]:not([data-card=king])").all():
        assert card.get_attribute("aria-label"), card.get_attribute("data-card")

    press = Keys(page)
    # From the page load: the skip link, then N to the next decision.
    press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('skip-link')")
    press("Enter")
    press("n")
    first = json.loads(page.evaluate(FOCUSED_MOVE_JS))
    assert first == {"kind": "stack", "stack": 0}, first
    # One Tab stop for the whole group: the other choices have tabindex -1.
    group = page.locator("#board-summary [data-role=decision]")
    assert group.locator("button[tabindex='0']").count() == 1
    press("ArrowRight")
    second = json.loads(page.evaluate(FOCUSED_MOVE_JS))
    assert second == {"kind": "stack", "stack": 1}, second
    press("Enter")  # roll for the top card of stack 2: the first throw
    _settle(page, version + 1)

    # The keep form: N focuses the first die, Space keeps it, T throws the others.
    press("n")
    die = page.locator("#board [data-role=keep-form] input[data-first-decision]")
    expect(die).to_be_focused()
    kept = int(die.get_attribute("value") or 0)
    press("Space")
    assert die.is_checked()
    press("t")
    _settle(page, version + 2)
    played = 2
    if page.locator("#board [data-key=S]").count():
        press("s")  # stop here
        played = 3
        _settle(page, version + 3)

    print(
        f"knatsch keyboard turn ({language}): {press.count} presses: {' '.join(press.pressed)}"
    )
    assert press.count <= MAX_PRESSES, press.pressed
    moves = json.loads(
        stack.shell(MOVES_SINCE.format(match_id=match_id, version=version)).strip()
    )["moves"]
    mine = [(seat, RULES.move_from_json(p).to_json()) for _, seat, p, _ in moves][
        :played
    ]
    expected = [
        (0, {"kind": "stack", "stack": 1}),
        (0, RULES.move_from_json({"kind": "throw", "keep": [kept]}).to_json()),
        (0, {"kind": "stop"}),
    ][:played]
    assert mine == expected, moves
    assert page.locator("#flash .message.error").count() == 0
