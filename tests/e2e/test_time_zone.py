"""A new account starts in the browser's time zone (issue 21), in chromium.

The sign-up form's hidden field is filled by static/js/time-zone.js from
Intl; the profile offers the browser's zone while the account says UTC.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import Stack, log_in, screenshot

pytestmark = pytest.mark.browser


@pytest.fixture
def zoned_page(browser: Any, stack: Stack) -> Iterator[Any]:
    """A page whose browser says it is in Europe/Berlin; fails on console errors."""
    context = browser.new_context(
        base_url=stack.url, locale="en-GB", timezone_id="Europe/Berlin"
    )
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == []


def test_a_new_account_gets_the_browsers_time_zone(stack: Stack, zoned_page) -> None:
    page = zoned_page
    username = f"tz{uuid.uuid4().hex[:8]}"
    page.goto("/accounts/signup/")
    assert page.locator("input[name=time_zone]").input_value() == "Europe/Berlin"
    page.fill("input[name=email]", f"{username}@example.com")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", "a long enough passphrase")
    page.fill("input[name=password2]", "a long enough passphrase")
    page.locator("form:has(input[name=username]) button[type=submit]").click()
    page.wait_for_url("**/accounts/confirm-email/")

    out = stack.shell(
        "from accounts.models import User; "
        f"print(User.objects.get(username={username!r}).time_zone)"
    )
    assert out.strip() == "Europe/Berlin"


def test_the_profile_offers_the_browsers_zone_while_it_says_utc(
    stack: Stack, zoned_page
) -> None:
    page = zoned_page
    stack.shell(
        "from accounts.models import User; "
        "User.objects.filter(username='bob').update(time_zone='UTC')"
    )
    log_in(page, "bob")
    page.goto("/profile/")
    offer = page.locator("[data-role=time-zone-offer]")
    offer.wait_for(state="visible")
    assert "Berlin (UTC+0" in offer.inner_text()
    offer.get_by_role("button").click()
    assert page.locator("select[name=time_zone]").input_value() == "Europe/Berlin"
    assert offer.is_hidden()
    screenshot(page, "profile-time-zone-offer")
