"""Pages fit the screen (issue 21): rules pages and the Rat um Rad map.

The Rat um Rad rules page was 1,255 px wide at 390 px and 1,323 px at
1,280 px (its protocol example and command names); on a phone the map
showed only its left two thirds until "Fit" was pressed.
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, create_form, log_in, screenshot

pytestmark = pytest.mark.browser

RULES_PAGES = [
    "/games/race/rules/",
    "/games/dice-stars/rules/",
    "/games/knatsch/rules/",
    "/games/rat-um-rad/rules/",
]


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_no_rules_page_scrolls_sideways(
    stack: Stack, new_page, width: int, locale: str
) -> None:
    page = new_page(locale=locale, width=width)
    for path in RULES_PAGES:
        page.goto(path)
        scroll_width = page.evaluate("document.scrollingElement.scrollWidth")
        assert scroll_width <= page.evaluate("window.innerWidth"), (path, scroll_width)
    # A long command name wraps in its cell; the example scrolls in its box.
    page.goto("/games/rat-um-rad/rules/")
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
    page.locator("form[action$='/robots/'] button").click()
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


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_too_short_custom_time_is_stopped_at_its_field(
    stack: Stack, new_page, locale: str
) -> None:
    # Issue 21: hours only, and a too-short time came back as a refused
    # page (a console error). Now the unit is chosen, and the browser
    # points at the field with the server's message before sending.
    page = new_page(locale=locale, width=390)
    refused: list[str] = []
    page.on("response", lambda r: refused.append(r.url) if r.status >= 400 else None)
    log_in(page, "carol" if locale.startswith("de") else "alice")
    form = create_form(page, "race")
    form.locator("select[name=time_control]").select_option("custom")
    assert form.locator("details.custom-time").evaluate("d => d.open")
    bank = form.locator("input[name=custom_bank]")
    bank.fill("0,5" if locale.startswith("de") else "0.5")
    form.locator("select[name=custom_bank_unit]").select_option("minutes")
    form.locator("input[name=custom_increment]").fill("0")
    form.locator("input[name=custom_cap]").fill("1")
    form.locator("button[type=submit]").click()

    message = bank.evaluate("i => i.validationMessage")
    expected = (
        "Das Zeitkonto muss zwischen 1 Minute und 30 Tagen liegen."
        if locale.startswith("de")
        else "The time bank must be between 1 minute and 30 days."
    )
    assert message == expected
    assert page.url.endswith("/play/")
    assert refused == []

    # 90 minutes is a time bank: the match is created.
    bank.fill("90")
    form.locator("select[name=custom_cap_unit]").select_option("days")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    screenshot(page, f"custom-time-{locale[:2]}")
