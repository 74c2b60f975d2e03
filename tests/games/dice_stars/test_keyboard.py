"""A person plays a Dice Stars turn with the keyboard only, and counts the presses.

Issue 25: one typical turn in at most 10 key presses, from page load. The
turn: the skip link (Tab, Enter), the draw (its number key, Enter), the
take (an arrow inside the sheet's group, then an option's number key,
Enter). Each press goes through `press`, which counts it. The board's text
summary is checked on the accessibility tree (Playwright's ARIA snapshot,
standing in for what a screen reader reads in order) at the first position
of a solo game, which is always the same. The turn is played in English
(alice) and in German (carol, whose profile language is German): the same
presses, the German skip link, summary and log.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import Stack, create_form, log_in

pytestmark = pytest.mark.browser

MOVE_SECONDS = 30
VERSION_JS = "Number(document.querySelector('#board').dataset.version)"
MAX_PRESSES = 10
# Per language: the player (the demo accounts' profile language), the words checked.
LANGUAGES: dict[str, dict[str, Any]] = {
    "en": {
        "person": "alice",
        "skip": "Skip to content",
        "your_turn": "Your turn.",
        "took": {
            "colour": "Alice takes colour",
            "value": "Alice takes",
            "stars": "Alice takes the stars",
        },
    },
    "de": {
        "person": "carol",
        "skip": "Zum Inhalt springen",
        "your_turn": "Du bist am Zug.",
        "took": {
            "colour": "Carol nimmt die Farbe",
            "value": "Carol nimmt die",
            "stars": "Carol nimmt die Sterne",
        },
    },
}


def _solo(page) -> None:
    form = create_form(page, "dice-stars")
    form.locator("select[name=seats]").select_option("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    page.locator("#board [data-roll] button").first.wait_for()


def _active(page, attribute: str) -> str | None:
    return page.evaluate(
        f"() => document.activeElement && document.activeElement.getAttribute('{attribute}')"
    )


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_whole_turn_takes_at_most_ten_key_presses(
    stack: Stack, new_page, language: str
) -> None:
    words = LANGUAGES[language]
    page = new_page()
    log_in(page, words["person"])
    _solo(page)
    page.reload()  # a fresh page load: focus is on <body>
    page.locator("#board [data-roll] button").first.wait_for()
    assert page.locator("html").get_attribute("lang") == language
    expect(page.locator("#board-summary li").first).to_have_text(words["your_turn"])
    presses: list[str] = []

    def press(key: str) -> None:
        presses.append(key)
        page.keyboard.press(key)

    def played(before: int) -> None:
        page.wait_for_function(
            f"v => {VERSION_JS} > v", arg=before, timeout=MOVE_SECONDS * 1000
        )

    # The skip link, then the draw: solo's first draw of 3 dice is forced.
    press("Tab")
    assert (
        page.evaluate("() => document.activeElement.textContent.trim()")
        == (words["skip"])
    )
    press("Enter")
    draw = page.locator("#board [data-roll] button").first
    key = draw.get_attribute("data-key")
    assert key == "3"
    press(key)
    expect(draw).to_be_focused()
    before = int(page.evaluate(VERSION_JS))
    press("Enter")
    played(before)

    # The take: focus went to the first button of the decision on the sheet.
    page.locator(".dice-stars[data-step=take]").wait_for()
    page.wait_for_function(
        "() => document.activeElement && document.activeElement.hasAttribute('data-first-decision')"
    )
    sheet_group = page.locator("#board .ds-main div.ds-sheet-scroll[data-roving]")
    assert sheet_group.get_attribute("role") == "group"
    # One Tab stop per group: the others are reached by the arrow keys.
    assert sheet_group.locator("button[tabindex='0']").count() == 1
    first = _active(page, "data-move")
    press("ArrowRight")
    if sheet_group.locator("button:not([disabled])").count() > 1:
        assert _active(page, "data-move") != first
    assert sheet_group.locator("button[tabindex='0']").count() == 1

    # An option that is not the stars (those would ask for star cells too).
    options = page.locator("#board .ds-options button[data-key]")
    chosen = None
    for i in range(options.count()):
        move = json.loads(options.nth(i).get_attribute("data-move") or "{}")
        if move["kind"] != "stars":
            chosen = options.nth(i)
            break
    if chosen is None:  # only stars fit: take them and mark the cells
        chosen = options.first
    move = json.loads(chosen.get_attribute("data-move") or "{}")
    press(chosen.get_attribute("data-key") or "")
    expect(chosen).to_be_focused()
    before = int(page.evaluate(VERSION_JS))
    press("Enter")
    played(before)
    while page.locator(".dice-stars[data-step=stars]").count():
        row = page.locator("#board .ds-options button[data-key]").first
        press(row.get_attribute("data-key") or "")
        before = int(page.evaluate(VERSION_JS))
        press("Enter")
        played(before)

    # The move was played: the log tells it, the dice are on the sheet.
    expect(page.locator("#log-entries")).to_contain_text(words["took"][move["kind"]])
    assert page.locator("#board .ds-main .ds-cell.ds-marked").count() >= 1
    # The turn is over: the next one starts with a draw (or the rebag).
    assert page.locator(".dice-stars[data-step=take]").count() == 0
    print(f"key presses for one turn ({language}): {len(presses)} {presses}")
    assert len(presses) <= MAX_PRESSES, presses


def test_the_board_summary_reads_the_position_in_order(stack: Stack, new_page) -> None:
    page = new_page()
    log_in(page, "alice")
    _solo(page)

    summary = page.locator("#board-summary")
    expect(summary).to_match_aria_snapshot(
        """
        - region "Summary":
          - heading "Summary" [level=3]
          - list:
            - listitem: Your turn.
            - listitem: "Scores: Alice 0 points; virtual opponent 0."
            - listitem: "Reserve: empty. Bag 14, discard 0."
            - listitem: "Your sheet: row 2 scores 0 (0 of 2 stars), row 3 scores 0 (0 of 3 stars), row 4 scores 0 (0 of 4 stars), row 5 scores 0 (0 of 5 stars), row 6 scores 0 (0 of 6 stars); comet empty."
            - listitem: "You can: draw dice (the number keys)."
        """
    )
    # The summary is read, not seen, until focused (S); then it shows.
    page.locator("body").press("s")
    expect(summary).to_be_focused()
    assert summary.bounding_box()["width"] > 100
    # The keyboard help is on the page, closed.
    expect(page.locator("#board details.ds-keys > summary")).to_have_text("Keyboard")
