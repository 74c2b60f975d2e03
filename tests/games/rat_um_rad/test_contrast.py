"""Rat um Rad's player colours with more contrast asked for (issue 25, colour).

The players' colours fill score bars, built roads and results; when the
system asks for more contrast, each reaches 4.5:1 on the page (WCAG 1.4.3,
above 1.4.11's 3:1). The rules page loads the board's stylesheet
(games/rules/rat_um_rad/board.py).
"""

from __future__ import annotations

import pytest

from tests.browser import Stack

pytestmark = pytest.mark.browser

PLAYER_COLOURS = ("red", "blue", "green", "yellow", "black")
PLAYER_CONTRAST_JS = """(colour) => {
  const lum = (rgb) => {
    const c = rgb.match(/\\d+/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  // Inside the game's scope, where its colours are defined.
  const scope = document.createElement("div");
  scope.className = "rat-um-rad";
  const probe = document.createElement("span");
  probe.className = "rr-p-" + colour;
  scope.append(probe);
  probe.style.color = "var(--rr-p)";
  document.body.append(scope);
  const a = lum(getComputedStyle(probe).color);
  probe.style.color = "var(--paper)";
  const b = lum(getComputedStyle(probe).color);
  scope.remove();
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_every_player_colour_reaches_4_5_to_1_with_more_contrast(
    stack: Stack, new_page
) -> None:
    page = new_page()
    page.goto("/games/rat-um-rad/rules/")
    before = page.evaluate(PLAYER_CONTRAST_JS, "yellow")

    page.emulate_media(contrast="more")
    after = {c: page.evaluate(PLAYER_CONTRAST_JS, c) for c in PLAYER_COLOURS}

    assert before < 4.5
    assert all(ratio >= 4.5 for ratio in after.values()), after
