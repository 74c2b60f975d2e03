"""The Dice Stars score sheet fits its box: laptop and phone, English and German.

Issue 9: at 1280 px in German the sheet's "Wertung" column and the total
were clipped (672 px of content in a 629 px box), and at 390 px the sheet
scrolled sideways inside its box. The board page sets the box's width
(templates/games/match_detail.html: seats 240px | board | log 300px); the
sheet follows it (static/games/dice-stars/board.css: a size container,
the compact sheet below 480 px). Nothing of the sheet may reach past its
box: the box does not scroll, and the total and every cell, head and button
lie inside it.

Matches are set up through the JSON API (alice plays in English, carol in
German: her profile's language) and looked at in the browser while choosing
(the take step: buttons in the column heads and by the rows), placing stars
when the dice allow, and at the end of a solo game, whose result is one
plain sentence (Dice Stars rules, F).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import Stack, log_in, screenshot

pytestmark = pytest.mark.browser

WIDTHS = (1280, 390)
PLAYERS = {"en": ("alice", "en-GB"), "de": ("carol", "de-DE")}
MAX_API_MOVES = 400

# Every visible sheet box: its scroll and client widths, and whatever of it
# (cells, heads, buttons, the total) reaches past its left or right edge.
SHEET_BOXES_JS = """
() => [...document.querySelectorAll('#board .ds-sheet-scroll')]
  .filter((box) => box.getClientRects().length > 0)
  .map((box) => {
    const edge = box.getBoundingClientRect();
    const total = box.querySelector('.ds-total').getBoundingClientRect();
    const outside = [...box.querySelectorAll('th, td, button, abbr')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < edge.left - 0.5 || r.right > edge.right + 0.5;
      })
      .map((el) => el.tagName.toLowerCase() + '.' + String(el.className).split(' ').join('.')
        + ' "' + el.textContent.trim().slice(0, 20) + '"');
    return {
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
      box: [Math.round(edge.left), Math.round(edge.right)],
      total: [Math.round(total.left), Math.round(total.right)],
      totalInside: total.left >= edge.left - 0.5 && total.right <= edge.right + 0.5,
      outside: outside.slice(0, 8),
    };
  })
"""


class SoloMatch:
    """A solo Dice Stars match played through the API by its player."""

    def __init__(self, stack: Stack, username: str, solo_grid: int = 30):
        self.stack = stack
        self.token = stack.token(username)
        status, body = stack.api(
            "POST",
            "/api/matches/",
            self.token,
            {"game": "dice-stars", "seats": 1, "options": {"solo_grid": solo_grid}},
        )
        assert status == 201, body
        self.id = body["id"]
        self.path = f"/api/matches/{self.id}/"

    @property
    def url(self) -> str:
        return f"/matches/{self.id}/"

    def get(self) -> dict[str, Any]:
        status, body = self.stack.api("GET", self.path, self.token)
        assert status == 200, body
        return dict(body)

    def play(self, move: dict[str, Any]) -> dict[str, Any]:
        match = self.get()
        assert move in match["legal_moves"], (move, match["legal_moves"])
        status, body = self.stack.api(
            "POST", self.path + "moves/", self.token,
            {"version": match["version"], "move": move},
        )  # fmt: skip
        assert status == 200, body
        return self.get()

    def play_until(self, step: str, prefer: str | None = None) -> bool:
        """Play until the view's step is `step` ("over": the end); return whether it came.

        Draws 3 dice; takes the `prefer` kind when it is legal, else the
        first legal move. Stops at the end of the game.
        """
        for _ in range(MAX_API_MOVES):
            match = self.get()
            if match["view"]["step"] == step:
                return True
            if match["status"] != "active":
                return False
            moves = match["legal_moves"]
            preferred = [m for m in moves if m.get("kind") == prefer]
            draws = [m for m in moves if m.get("kind") == "draw"]
            self.play((preferred or draws[-1:] or moves)[0])
        return False


def _check_sheet_fits(page: Any, what: str) -> list[dict[str, Any]]:
    page.wait_for_selector("#board .ds-sheet")
    boxes = page.evaluate(SHEET_BOXES_JS)
    assert boxes, f"{what}: no score sheet on the page"
    for box in boxes:
        assert box["scrollWidth"] <= box["clientWidth"], f"{what}: clipped {box}"
        assert box["totalInside"], f"{what}: the total is outside its box {box}"
        assert not box["outside"], f"{what}: outside the box {box}"
    return list(boxes)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_sheet_fits_its_box_on_a_laptop_and_a_phone(
    stack: Stack, new_page, language: str
) -> None:
    username, locale = PLAYERS[language]
    match = SoloMatch(stack, username)
    # The first draw of a solo game is forced: 3 dice, then the take step.
    assert match.play_until("take")

    for width in WIDTHS:
        page = new_page(locale=locale, width=width)
        log_in(page, username)
        page.goto(match.url)
        assert page.locator("html").get_attribute("lang") == language
        # Choosing: buttons in the column heads and by the value rows.
        assert page.locator("#board .ds-sheet .ds-take-btn").count() >= 1
        _check_sheet_fits(page, f"take step, {width} px, {language}")
        screenshot(page, f"dice-stars-sheet-{width}-{language}")

    # Placing stars puts a button by each row's star cells: the widest sheet.
    # The dice decide whether stars come up; most games get there quickly.
    if match.play_until("stars", prefer="stars"):
        for width in WIDTHS:
            page = new_page(locale=locale, width=width)
            log_in(page, username)
            page.goto(match.url)
            assert page.locator("#board .ds-place-star button").count() >= 1
            _check_sheet_fits(page, f"stars step, {width} px, {language}")
            screenshot(page, f"dice-stars-sheet-stars-{width}-{language}")


def test_a_finished_solo_game_says_how_it_went_in_one_sentence(
    stack: Stack, new_page
) -> None:
    # A small solo grid fills up fast: the game ends in a few dozen moves.
    match = SoloMatch(stack, "alice", solo_grid=10)
    assert match.play_until("over")
    body = match.get()
    assert body["status"] == "finished", body["status"]
    score = body["outcome"]["scores"][0]
    opponent = body["view"]["solo"]["opponent_score"]
    won = body["outcome"]["ranks"] == [1]

    page = new_page(width=1280)
    log_in(page, "alice")
    page.goto(match.url)
    outcome = page.locator("#board .outcome")
    sentence = outcome.locator(".ds-solo-outcome").inner_text()
    verb = (
        "You beat the virtual opponent"
        if won
        else "You lost against the virtual opponent"
    )
    assert sentence.startswith(f"{verb}: {score} to {opponent}."), sentence
    # Said once: no "The game wins this time.", no ranking, nothing on the board.
    assert "The game wins" not in outcome.inner_text()
    assert outcome.locator(".ranking").count() == 0
    assert (
        page.locator("#board .dice-stars").get_by_text("virtual opponent wins").count()
        == 0
    )
    _check_sheet_fits(page, "solo end, 1280 px, en")
    screenshot(page, "dice-stars-solo-end")

    # A spectator reads the player's name; a German phone gets the compact sheet.
    phone = new_page(locale="de-DE", width=390)
    phone.goto(match.url)
    assert phone.locator("#board .ds-solo-outcome").inner_text().startswith("Alice ")
    _check_sheet_fits(phone, "solo end, 390 px, de")
    screenshot(phone, "dice-stars-solo-end-390-de")
