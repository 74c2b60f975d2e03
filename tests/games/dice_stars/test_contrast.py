"""Dice Stars' dice colours with more contrast asked for (issue 25, colour).

A die's colour fills the dice, the bag's and discard's pips and the sheet's
column heads, and edges the sheet's cells; white or dark letters (the face,
the colour's initial) sit on it. When the system asks for more contrast,
each colour reaches 4.5:1 on the page (WCAG 1.4.3 for the colour heads'
text, above 1.4.11's 3:1 for a die's shape) and the letters on it reach
4.5:1 on it. The rules page loads the board's stylesheet
(games/rules/dice_stars/board.py).
"""

from __future__ import annotations

import pytest

from tests.browser import Stack

pytestmark = pytest.mark.browser

DICE = ("black", "pink", "blue", "yellow")

# [fill on the page, letters on the fill] for one die colour, as WCAG 2.2
# computes contrast, resolved inside the game's scope where its colours are
# defined (a probe die, as templates/games/dice-stars/board.html draws one).
DIE_CONTRAST_JS = """(colour) => {
  const lum = (rgb) => {
    const c = rgb.match(/\\d+/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const scope = document.createElement("div");
  scope.className = "dice-stars";
  const die = document.createElement("span");
  die.className = "ds-die ds-" + colour;
  die.textContent = "5";
  scope.append(die);
  document.body.append(scope);
  const fill = lum(getComputedStyle(die).backgroundColor);
  const ink = lum(getComputedStyle(die).color);
  die.style.color = "var(--paper)";
  const paper = lum(getComputedStyle(die).color);
  scope.remove();
  return [ratio(fill, paper), ratio(ink, fill)];
}"""


def test_every_die_colour_reaches_4_5_to_1_with_more_contrast(
    stack: Stack, new_page
) -> None:
    page = new_page()
    page.goto("/games/dice-stars/rules/")
    before = {c: page.evaluate(DIE_CONTRAST_JS, c) for c in DICE}

    page.emulate_media(contrast="more")
    after = {c: page.evaluate(DIE_CONTRAST_JS, c) for c in DICE}

    # Light blue and yellow are what the preference exists for (1.9:1 and
    # 1.5:1 on the page as colours).
    assert before["blue"][0] < 3
    assert before["yellow"][0] < 3
    assert all(fill >= 4.5 for fill, _ in after.values()), after
    assert all(ink >= 4.5 for _, ink in after.values()), after
