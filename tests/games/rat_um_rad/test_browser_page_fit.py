"""Rat um Rad fits the screen (issue 21): its rules page and its map.

The rules page was 1,255 px wide at 390 px and 1,323 px at 1,280 px (its
protocol example and command names); on a phone the map showed only its
left two thirds until "Fit" was pressed. Moved from tests/e2e/test_page_fit.py
(issue 22), which checks every game's rules page for sideways scrolling.
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, create_form, log_in, screenshot, seat_click

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_rules_protocol_example_scrolls_in_its_box(
    stack: Stack, new_page, width: int, locale: str
) -> None:
    page = new_page(locale=locale, width=width)
    # A long command name wraps in its cell; the example scrolls in its box.
    page.goto("/games/rat-um-rad/rules/")
    scroll_width = page.evaluate("document.scrollingElement.scrollWidth")
    assert scroll_width <= page.evaluate("window.innerWidth"), scroll_width
    example = page.locator("pre.rr-protocol-example")
    assert example.evaluate("e => getComputedStyle(e).overflowX") == "auto"
    box = example.bounding_box()
    assert box
    assert box["x"] + box["width"] <= width


def test_the_map_fits_a_phone_on_load(stack: Stack, new_page) -> None:
    page = new_page(width=390)
    log_in(page, "alice")
    form = create_form(page, "rat-um-rad")
    form.locator("select[name=seats]").select_option("2")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    seat_click(page, page.locator("form[action$='/robots/'] button"))
    frame = page.locator("#board [data-role=map-scroll]")
    svg = frame.locator("svg.rr-map")
    svg.wait_for(timeout=20_000)
    page.wait_for_function(
        "() => !document.querySelector('#board [data-role=zoom]').hidden"
    )
    framed, drawn = frame.bounding_box(), svg.bounding_box()
    assert framed
    assert drawn
    # The whole map is in view: nothing of it lies past the frame's right edge.
    assert drawn["width"] <= framed["width"] + 1, (drawn, framed)
    assert frame.evaluate("f => f.scrollWidth <= f.clientWidth + 1")
    assert page.locator("#board [data-role=zoom] [data-zoom='0']").is_disabled()
    screenshot(page, "rat-um-rad-map-fitted-390")
