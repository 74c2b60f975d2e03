"""Race with the keyboard only, and the board read as text (issue 25).

alice and bob (no robot, set up through the API) play the first turns of a
Race with key presses only, counted: alice ticks her two favourites with the
digit keys and Enter; the first player then plays a card with its digit
and Enter; the other one Tabs in from the skip link "Skip to content" to the
hand's toolbar (one Tab stop), moves with an arrow key and plays with Enter.
Each turn takes at most 10 presses (issue 25's target) and is played: the
board's version rises and the log grows. The text summary `#board-summary`
is checked on the accessibility tree (Playwright's ARIA snapshot: what a
screen reader reads, in order) for the position after the favourites, where
every Knonster is still on field 0. Colour is never the only cue: every
token, chip and step box shows its Knonster's letter or name. The turns are
played in English (alice and bob) and in German (carol, whose profile
language is German, and bob, made German for the test), with the same keys:
the German run checks the German summary and favourites instead of the
English snapshot.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import Stack, log_in

pytestmark = pytest.mark.browser

TARGET_PRESSES = 10
MOVE_MS = 20_000
VERSION_JS = "Number(document.querySelector('#board').dataset.version)"
# Per language: the two players (the first one chooses her favourites by
# keyboard), whether the second must be made German, the words checked.
LANGUAGES: dict[str, dict[str, Any]] = {
    "en": {
        "people": ("alice", "bob"),
        "summary": "Summary",
        "favourites": "Your favourites",
    },
    "de": {
        "people": ("carol", "bob"),
        "summary": "Zusammenfassung",
        "favourites": "Deine Favoriten",
    },
}
SET_LANGUAGE = """
from accounts.models import User
User.objects.filter(username={name!r}).update(language={language!r})
"""
FIRST_LETTERS = {"rithle": "R", "aristas": "A", "celya": "C", "elaari": "E"}

# Regular expressions say "." for ": " (a colon and a space would be YAML).
SUMMARY_AFTER_FAVOURITES = """
- region "Summary":
  - heading "Summary" [level=3]
  - paragraph: /Your turn. play a card\\./
  - heading "Knonsters, leading first" [level=4]
  - list:
    - listitem: "Rithle: field 0, rank 1"
    - listitem: "Aristas: field 0, rank 1"
    - listitem: "Celya: field 0, rank 1"
    - listitem: "Elaari: field 0, rank 1"
  - heading "Players" [level=4]
  - list:
    - listitem: /[Aa]lice. \\d+ cards/
    - listitem: /[Bb]ob. \\d+ cards/
  - paragraph: /Your favourites. (Rithle, Aristas|Celya, Elaari)\\./
  - paragraph: /Your hand. .+\\./
  - paragraph: "You can: choose a card with its number key and press Enter to play it."
"""


class Keys:
    """The keyboard of one page, counting every press."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.presses = 0

    def press(self, key: str) -> None:
        self.presses += 1
        self.page.keyboard.press(key)

    def focused(self, selector: str) -> bool:
        return bool(
            self.page.evaluate(
                "s => Boolean(document.activeElement && document.activeElement.matches(s))",
                selector,
            )
        )


def _version(page: Any) -> int:
    return int(page.evaluate(VERSION_JS))


def _wait_version_above(page: Any, version: int) -> None:
    page.wait_for_function(f"v => {VERSION_JS} > v", arg=version, timeout=MOVE_MS)


def _match(stack: Stack, tokens: dict[str, str], people: tuple[str, str]) -> int:
    """Create a 2-seat Race of `people` (no variants); return its id."""
    status, match = stack.api(
        "POST",
        "/api/matches/",
        tokens[people[0]],
        {
            "game": "race",
            "seats": 2,
            "options": {"win_bet": False, "superpowers": False},
        },
    )
    assert status == 201, match
    status, match = stack.api(
        "POST", f"/api/matches/{match['id']}/join/", tokens[people[1]]
    )
    assert status == 200, match
    assert match["status"] == "active", match
    return int(match["id"])


def _state(stack: Stack, token: str, match_id: int) -> dict[str, Any]:
    status, match = stack.api("GET", f"/api/matches/{match_id}/", token)
    assert status == 200, match
    return match


def _choose_by_api(
    stack: Stack, token: str, match_id: int, knonsters: set[str]
) -> None:
    match = _state(stack, token, match_id)
    move = next(
        m for m in match["legal_moves"] if set(m.get("knonsters", ())) == knonsters
    )
    status, body = stack.api(
        "POST",
        f"/api/matches/{match_id}/moves/",
        token,
        {"version": match["version"], "move": move},
    )
    assert status == 200, body


def _wait_my_turn(stack: Stack, token: str, match_id: int, seat: int) -> None:
    deadline = time.monotonic() + MOVE_MS / 1000
    while seat not in _state(stack, token, match_id)["to_move"]:
        assert time.monotonic() < deadline, "the turn never came"
        time.sleep(0.2)


def _open(page: Any, match_id: int) -> None:
    page.goto(f"/matches/{match_id}/")
    page.wait_for_selector("#board .race")


def _assert_letters(page: Any) -> None:
    """Every Knonster's colour comes with its letter or name (not colour alone)."""
    for token in page.locator("#board .lane .token").all():
        knonster = token.get_attribute("data-knonster")
        seen = token.locator("[aria-hidden=true]").inner_text().strip()
        assert seen == FIRST_LETTERS[knonster]
    for step in page.locator("#board .players-table .step").all():
        knonster = step.get_attribute("data-knonster")
        assert step.locator(".step-who").inner_text().strip() == FIRST_LETTERS[knonster]
    for chip in page.locator("#board .race .chip").all():
        assert any(
            name in chip.inner_text()
            for name in ("Rithle", "Aristas", "Celya", "Elaari")
        ), chip.inner_text()


def _log_count(page: Any) -> int:
    return page.locator("#move-log .log li").count()


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_race_turn_takes_few_key_presses(
    stack: Stack, new_page, language: str
) -> None:
    words = LANGUAGES[language]
    people: tuple[str, str] = words["people"]
    if language == "de":
        stack.shell(SET_LANGUAGE.format(name=people[1], language="de"))
    try:
        _play(stack, new_page, language, words, people)
    finally:
        if language == "de":
            stack.shell(SET_LANGUAGE.format(name=people[1], language="en"))


def _play(
    stack: Stack,
    new_page: Any,
    language: str,
    words: dict[str, Any],
    people: tuple[str, str],
) -> None:
    tokens = {name: stack.token(name) for name in people}
    match_id = _match(stack, tokens, people)
    pages = {name: new_page() for name in people}
    for name, page in pages.items():
        log_in(page, name)
        _open(page, match_id)
        assert page.locator("html").get_attribute("lang") == language

    # The first one ticks Rithle and Aristas (keys 1 and 2) and sends them (Enter).
    chooser = Keys(pages[people[0]])
    before = _version(chooser.page)
    chooser.press("1")
    chooser.press("2")
    assert chooser.focused(".favourite-picks input[value=aristas]")
    chooser.press("Enter")
    _wait_version_above(chooser.page, before)
    assert chooser.presses == 3
    favourites = chooser.page.locator("#board .my-favourites").inner_text()
    assert words["favourites"] in favourites
    assert "Rithle" in favourites
    assert "Aristas" in favourites
    _choose_by_api(stack, tokens[people[1]], match_id, {"celya", "elaari"})

    # The first player to move: from the page as loaded.
    first = _state(stack, tokens[people[0]], match_id)
    seat_of = {people[0]: first["your_seat"], people[1]: 1 - first["your_seat"]}
    mover = next(name for name in people if seat_of[name] in first["to_move"])
    other = next(name for name in people if name != mover)
    for page in pages.values():
        _open(page, match_id)
    _assert_letters(pages[mover])

    # The summary a screen reader reads, in order, for this position.
    summary = pages[mover].locator("#board-summary")
    if language == "en":
        expect(summary).to_match_aria_snapshot(SUMMARY_AFTER_FAVOURITES)
    else:
        expect(summary.locator("h3")).to_have_text(words["summary"])
        expect(summary).to_contain_text(words["favourites"])

    # The first player: the second card's key, Enter.
    keys = Keys(pages[mover])
    before, log_before = _version(keys.page), _log_count(keys.page)
    keys.press("2")
    assert keys.focused('#board .hand [role=toolbar] [data-key="2"]')
    keys.press("Enter")
    _wait_version_above(keys.page, before)
    assert _log_count(keys.page) > log_before
    assert keys.presses <= TARGET_PRESSES
    mover_presses = keys.presses

    # The other one: skip link, then Tab to the hand (one stop), an arrow, Enter.
    _wait_my_turn(stack, tokens[other], match_id, seat_of[other])
    _open(pages[other], match_id)
    keys = Keys(pages[other])
    before, log_before = _version(keys.page), _log_count(keys.page)
    if keys.focused("body"):
        keys.press("Tab")
        assert keys.focused("a.skip-link")
        keys.press("Enter")
        assert keys.focused("main#main")
    while not keys.focused("#board .hand [role=toolbar] button"):
        keys.press("Tab")
        assert keys.presses < TARGET_PRESSES, "the hand is too many Tabs away"
    assert keys.focused("[data-first-decision]")
    keys.press("ArrowRight")
    assert keys.focused('#board .hand [role=toolbar] [data-key="2"]')
    keys.press("Enter")
    _wait_version_above(keys.page, before)
    assert _log_count(keys.page) > log_before
    assert keys.presses <= TARGET_PRESSES, f"{keys.presses} presses"
    print(
        f"presses ({language}): favourites 3, {mover} {mover_presses},"
        f" {other} {keys.presses}"
    )
