"""The board page's second skip link, "Skip to your move" (issue 25).

On a board page, the first Tab reaches "Skip to content" and the second
"Skip to your move" when it is the viewer's turn; Enter on it puts focus
on the board's first decision ([data-first-decision]). Checked in English
(alice) and German (carol, whose profile language is German) on a solo
Dice Stars match, whose first move is always the viewer's. The link
follows the turn through pushes: on a Race of alice and bob (set up
through the API) it is shown while alice has a decision, and hidden on
her open page once she has chosen and waits for bob.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser import Stack, create_form, log_in

pytestmark = pytest.mark.browser

LANGUAGES = {
    "en": ("alice", "Skip to content", "Skip to your move"),
    "de": ("carol", "Zum Inhalt springen", "Zu deinem Zug springen"),
}
MOVE_MS = 20_000


def _focused_text(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.textContent.trim()"))


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_tab_reaches_the_skip_link_and_enter_lands_on_the_first_decision(
    stack: Stack, new_page, language: str
) -> None:
    person, to_content, to_move = LANGUAGES[language]
    page = new_page()
    log_in(page, person)
    form = create_form(page, "dice-stars")
    form.locator("select[name=seats]").select_option("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    page.reload()  # a fresh page load: focus is on <body>
    page.locator("#board [data-roll] button").first.wait_for()

    page.keyboard.press("Tab")
    assert _focused_text(page) == to_content
    page.keyboard.press("Tab")
    link = page.locator("#skip-to-move")
    expect(link).to_be_focused()
    expect(link).to_have_text(to_move)
    page.keyboard.press("Enter")
    first = page.locator("#board [data-first-decision]").first
    expect(first).to_be_focused()
    # The decision is the draw: Enter plays it from there.
    assert page.evaluate("() => Boolean(document.activeElement.closest('[data-roll]'))")


def test_the_skip_link_follows_the_turn_through_pushes(stack: Stack, new_page) -> None:
    tokens = {name: stack.token(name) for name in ("alice", "bob")}
    status, match = stack.api(
        "POST",
        "/api/matches/",
        tokens["alice"],
        {
            "game": "race",
            "seats": 2,
            "options": {"win_bet": False, "superpowers": False},
        },
    )
    assert status == 201, match
    match_id = match["id"]
    status, match = stack.api("POST", f"/api/matches/{match_id}/join/", tokens["bob"])
    assert status == 200, match
    page = new_page()
    log_in(page, "alice")
    page.goto(f"/matches/{match_id}/")
    link = page.locator("#skip-to-move")
    # Both choose their favourites at once: alice has a decision.
    expect(link).to_be_attached()
    assert link.get_attribute("hidden") is None

    def choose(name: str, knonsters: set[str]) -> None:
        status, state = stack.api("GET", f"/api/matches/{match_id}/", tokens[name])
        assert status == 200, state
        move = next(
            m for m in state["legal_moves"] if set(m.get("knonsters", ())) == knonsters
        )
        status, body = stack.api(
            "POST",
            f"/api/matches/{match_id}/moves/",
            tokens[name],
            {"version": state["version"], "move": move},
        )
        assert status == 200, body

    # alice chooses elsewhere (the API): the push to her open page hides it.
    choose("alice", {"rithle", "aristas"})
    expect(link).to_be_hidden(timeout=MOVE_MS)
    expect(page.locator("#board .your-turn")).to_have_count(0)
    # bob chooses: now one of them plays the first card; the link says so.
    choose("bob", {"celya", "elaari"})
    status, state = stack.api("GET", f"/api/matches/{match_id}/", tokens["alice"])
    assert status == 200, state
    if state["your_seat"] in state["to_move"]:
        expect(link).to_be_visible(timeout=MOVE_MS)
        link.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#board [data-first-decision]").first).to_be_focused()
    else:
        page.wait_for_function(
            "v => Number(document.querySelector('#board').dataset.version) >= v",
            arg=state["version"],
            timeout=MOVE_MS,
        )
        expect(link).to_be_hidden()
