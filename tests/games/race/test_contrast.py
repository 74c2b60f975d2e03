"""Race's Knonster colours with more contrast asked for (issue 25, colour).

Each Knonster's colour is text (its name) and a fill with letters on it; when
the system asks for more contrast, each reaches 4.5:1 on the page and white
letters reach 4.5:1 on it (WCAG 1.4.3). The rules page loads the board's
stylesheet (games/rules/race/board.py).
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, css_var_contrast

pytestmark = pytest.mark.browser

KNONSTERS = ("--rithle", "--aristas", "--celya", "--elaari")


def test_every_knonster_reaches_4_5_to_1_with_more_contrast(
    stack: Stack, new_page
) -> None:
    page = new_page()
    page.goto("/games/race/rules/")
    before = {name: css_var_contrast(page, name) for name in KNONSTERS}

    page.emulate_media(contrast="more")
    after = {name: css_var_contrast(page, name) for name in KNONSTERS}

    # Celya's yellow is what the preference exists for (1.9:1 as a colour).
    assert before["--celya"] < 4.5
    assert all(ratio >= 4.5 for ratio in after.values()), after
