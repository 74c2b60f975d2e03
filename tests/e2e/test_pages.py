"""What a new player ran into outside the boards (issue 9), in a browser.

The lobby follows the person's own matches live and says in the tab title
when it is their turn; the back button never shows a stale lobby; wrong
addresses get the site's own pages (the stack runs with DEBUG on, as `make
run` does); a German profile gets allauth's messages in German. Every
page here also fails on console errors and on sideways scrolling at 390 px
and 1280 px (see the `new_page` fixture).
"""

from __future__ import annotations

import pytest

from tests.browser import (
    Stack,
    assert_no_sideways_scroll,
    create_form,
    log_in,
    screenshot,
    seat_click,
)

pytestmark = pytest.mark.browser


def _create_toy(page, seats: str = "2") -> str:
    """Create a Toy match (tests/games/toy/) in the lobby; return its URL."""
    form = create_form(page, "toy")
    form.locator("select[name=seats]").select_option(seats)
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    return page.url


def test_the_lobby_follows_my_matches_live_with_the_tab_title(
    stack: Stack, new_page
) -> None:
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")
    match_url = _create_toy(alice)
    alice.goto("/play/")
    row = alice.locator(
        "#my-matches .match-row",
        has=alice.locator(f"a[href$='{match_url.split('/matches/')[1]}']"),
    )
    assert row.count() == 1
    assert row.locator(".badge.turn").count() == 0
    alice.evaluate("window.__e2eNoReload = true")
    # Other tests may have left alice to move elsewhere: count from there.
    waiting = int(alice.locator("#turn-count").get_attribute("data-count"))

    # bob takes the last seat in his browser: the match starts with alice
    # (seat 1) to move, and her open lobby shows it is her turn, unreloaded.
    bob.goto(match_url)
    seat_click(bob, bob.get_by_role("button", name="Take a seat"))
    row.locator(".badge.turn").wait_for(timeout=10_000)
    alice.wait_for_function(
        "n => document.title.startsWith(`(${n}) `)", arg=waiting + 1
    )
    assert alice.evaluate("window.__e2eNoReload === true")
    screenshot(alice, "lobby-live-your-turn")


def test_back_to_the_lobby_shows_it_as_it_is_now(stack: Stack, new_page) -> None:
    page = new_page()
    log_in(page, "bob")
    page.goto("/play/")
    match_url = _create_toy(page, "3")
    seat_click(page, page.get_by_role("button", name="Add a robot"))
    page.locator("#seats .seat", has_text="Robot").first.wait_for()

    page.go_back()
    page.wait_for_url("**/play/")
    # The match is listed, and the seat count chosen before is not restored.
    path = match_url.split(stack.url)[1]
    page.locator(f"#my-matches a[href='{path}']").wait_for(timeout=10_000)
    robots = page.locator(f"#my-matches a[href='{path}'] ~ .seats .robot")
    assert robots.count() == 1


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_wrong_addresses_get_the_sites_own_pages(
    stack: Stack, new_page, width: int, locale: str
) -> None:
    page = new_page(locale=locale, width=width)
    response = page.goto("/matches/999999/")
    assert response.status == 404
    assert page.locator(".site-header").is_visible()
    assert page.locator(".error-code").inner_text() == "404"
    assert "URLconf" not in page.content()
    assert_no_sideways_scroll(page)
    if width == 390:
        screenshot(page, f"page-404-{locale[:2]}")

    response = page.goto("/matches/1/moves/")  # a form's address, opened
    assert response.status == 405
    assert page.locator(".error-code").inner_text() == "405"


def test_a_german_profile_is_greeted_in_german(stack: Stack, new_page) -> None:
    page = new_page(locale="en-GB")
    log_in(page, "carol")  # carol's profile language is German

    assert page.locator(".messages").inner_text().strip() == (
        "Erfolgreich als carol angemeldet."
    )


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_the_site_pages_fit_the_screen(
    stack: Stack, new_page, width: int, locale: str
) -> None:
    page = new_page(locale=locale, width=width)
    # Every game's rules page is checked in test_page_fit.py.
    for path in ("/", "/accounts/login/", "/accounts/signup/", "/games/toy/rules/"):
        page.goto(path)
        assert_no_sideways_scroll(page)
    log_in(page, "carol" if locale.startswith("de") else "alice")
    for path in ("/play/", "/profile/"):
        page.goto(path)
        assert_no_sideways_scroll(page)
    screenshot(page, f"profile-{width}-{locale[:2]}")
