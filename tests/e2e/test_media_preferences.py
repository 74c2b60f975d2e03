"""The site follows the person's system settings for motion and contrast (issue 25).

WCAG 2.2: 2.3.3 (animation from interactions can be turned off) and 1.4.3
(contrast). Chromium is told what the system asks for with Playwright's
`emulate_media`; the computed styles must follow.
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, css_var_contrast

pytestmark = pytest.mark.browser


def test_more_contrast_darkens_the_muted_text(stack: Stack, new_page) -> None:
    page = new_page()
    page.goto("/")
    normal = css_var_contrast(page, "--muted")

    page.emulate_media(contrast="more")

    assert normal >= 4.5
    assert css_var_contrast(page, "--muted") >= 7.0


def test_reduced_motion_stops_transitions(stack: Stack, new_page) -> None:
    page = new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto("/")

    # Any element's own transition, as a board's sliding token has one.
    duration = page.evaluate(
        """() => {
          const probe = document.createElement("div");
          probe.style.transition = "opacity 2s";
          document.body.append(probe);
          return getComputedStyle(probe).transitionDuration;
        }"""
    )

    assert float(duration.rstrip("s")) < 0.001
