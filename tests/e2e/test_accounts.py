"""A person signs up, verifies the e-mail address through the link, logs in."""

from __future__ import annotations

import re
import time
import uuid

import pytest

from tests.browser import Stack, log_in

pytestmark = pytest.mark.browser

LINK = re.compile(r"https?://\S+/accounts/confirm-email/\S+/")


def _verification_link(stack: Stack, email: str, timeout: float = 20) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for path in sorted(stack.mail_dir.glob("*.log")):
            text = path.read_text(errors="replace")
            for message in text.split("-" * 79):
                if f"To: {email}" in message and (found := LINK.search(message)):
                    return found.group(0)
        time.sleep(0.2)
    raise AssertionError(f"no verification e-mail to {email} in {stack.mail_dir}")


def test_sign_up_verify_and_log_in(stack: Stack, new_page) -> None:
    # A new address each run: with REDIS_URL the cache (and with it allauth's
    # limit of one confirmation e-mail per address and 3 minutes) outlives it.
    username = f"dora{uuid.uuid4().hex[:8]}"
    email = f"{username}@example.com"
    page = new_page()
    page.goto("/")
    page.get_by_role("link", name="Sign up and play").click()
    page.fill("input[name=email]", email)
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", "a long enough passphrase")
    page.fill("input[name=password2]", "a long enough passphrase")
    page.fill("input[name=display_name]", "Dora the Player")
    page.locator("form:has(input[name=username]) button[type=submit]").click()
    page.wait_for_url("**/accounts/confirm-email/")

    link = _verification_link(stack, email)
    assert link.startswith(stack.url), link
    page.goto(link)
    page.locator("form button[type=submit]", has_text="Confirm").click()

    # Confirming in the browser that signed up logs in (issue 9).
    page.wait_for_url("**/play/")
    assert page.locator("h1").first.inner_text() == "Play"
    assert page.locator("header nav").get_by_text("Dora the Player").is_visible()

    page.get_by_role("button", name="Log out").click()
    log_in(page, username, "a long enough passphrase")
    assert page.locator("h1").first.inner_text() == "Play"


def test_signing_up_with_a_taken_address_says_to_check_the_mail(
    stack: Stack, new_page
) -> None:
    page = new_page()
    page.goto("/accounts/signup/")
    page.fill("input[name=email]", "alice@example.com")  # a demo account's
    page.fill("input[name=username]", f"eve{uuid.uuid4().hex[:8]}")
    page.fill("input[name=password1]", "a long enough passphrase")
    page.fill("input[name=password2]", "a long enough passphrase")
    page.locator("form:has(input[name=username]) button[type=submit]").click()

    page.wait_for_url("**/accounts/confirm-email/")
    assert page.locator("h1").first.inner_text() == "Check your mail"
    assert page.get_by_text("If the address already has an account").is_visible()
