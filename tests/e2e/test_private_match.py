"""A private match in two browsers: the invitation link is the only way in.

The match is the test-only Toy's (tests/games/toy/): the invitation is the
platform's, whatever the game.

The creator copies the link from the board (the copy button puts it on the
clipboard: only a browser shows that); a friend who types the match's
address gets "not found", and with the link sees the board and takes a seat.
"""

from __future__ import annotations

import pytest

from tests.browser import Stack, create_form, log_in, screenshot, seat_click

pytestmark = pytest.mark.browser


def test_the_invitation_link_is_copied_and_lets_a_friend_in(
    stack: Stack, new_page
) -> None:
    alice, bob = new_page(), new_page()
    alice.context.grant_permissions(["clipboard-read", "clipboard-write"])
    log_in(alice, "alice")
    log_in(bob, "bob")
    form = create_form(alice, "toy")
    form.locator("select[name=seats]").select_option("2")
    form.locator("input[name=private]").check()
    form.locator("button[type=submit]").click()
    alice.wait_for_url("**/matches/*/")
    board_path = "/matches/" + alice.url.split("/matches/")[1]

    link = alice.locator("#invite-url").input_value()
    assert link.endswith(f"{board_path}?invite=" + link.rsplit("=", 1)[1])
    copy = alice.get_by_role("button", name="Copy link")
    copy.click()
    alice.get_by_role("button", name="Copied").wait_for()
    assert alice.evaluate("navigator.clipboard.readText()") == link
    screenshot(alice, "private-match-invitation-link")

    # The address alone finds nothing: exactly a missing match's page.
    assert bob.goto(board_path).status == 404
    # The link is absolute (SITE_URL, the stack's own address here).
    bob.goto(link)
    bob.wait_for_url(f"**{board_path}")
    seat_click(bob, bob.get_by_role("button", name="Take a seat"))

    # The match starts: the link leaves alice's board, unreloaded.
    alice.locator("#invite-url").wait_for(state="detached", timeout=10_000)
    # Bob's own page may still be on its way back from the seat form.
    bob.locator(".seat.viewer").wait_for(timeout=10_000)
    assert bob.locator(".seat.viewer").count() == 1
