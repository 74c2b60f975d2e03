"""Pages fit the screen (issue 21): every game's rules page, the lobby's form.

The Rat um Rad rules page was 1,255 px wide at 390 px and 1,323 px at
1,280 px (its protocol example and command names): now no rules page of a
game the stack offers (the registry's, the test-only Toy among them) may
scroll sideways. Rat um Rad's own checks (its protocol example, its map on
a phone) are in tests/games/rat_um_rad/test_browser_page_fit.py.
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, create_form, log_in, screenshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_no_rules_page_scrolls_sideways(
    stack: Stack, new_page, width: int, locale: str
) -> None:
    games = stack.game_slugs()
    assert "toy" in games
    page = new_page(locale=locale, width=width)
    for slug in games:
        path = f"/games/{slug}/rules/"
        page.goto(path)
        scroll_width = page.evaluate("document.scrollingElement.scrollWidth")
        assert scroll_width <= page.evaluate("window.innerWidth"), (path, scroll_width)


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
    form = create_form(page, "toy")
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
