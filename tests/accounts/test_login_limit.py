"""One failed-log-in counter per account, and the owner still gets in (issue 21).

The per-account limit (LOGIN_RATE_LIMIT, `5/5m/key`) counted the username
and the e-mail address apart: 10 guesses per 5 minutes. And anyone could
keep the owner out with one wrong password a minute. Now the key is the
account, and a browser that has logged in to it before (the known-device
cookie, accounts/login_limits.py) has a counter of its own; the per-IP
limit applies to everyone.
"""

from __future__ import annotations

import re

import pytest
from django.core import mail

from accounts.login_limits import KNOWN_DEVICE_COOKIE
from accounts.models import User

pytestmark = pytest.mark.django_db

RATE_LIMITS = {"login_failed": "10/m/ip,5/5m/key"}
TOO_MANY = "Too many failed login attempts"
RESET_LINK = re.compile(r"https?://[^/\s]+(/accounts/password/reset/key/[^\s]+/)")


@pytest.fixture(autouse=True)
def limits(settings):
    settings.ACCOUNT_RATE_LIMITS = RATE_LIMITS


def _log_in(client, login, password):
    return client.post("/accounts/login/", {"login": login, "password": password})


def _logged_in(client):
    return "_auth_user_id" in client.session


def _stranger(client_for, new_address):
    """A browser that never logged in, from an address of its own."""
    return client_for(REMOTE_ADDR=new_address())


def _owner_browser(client_for, new_address, eve, password):
    """eve's own browser: it logged in once (and out), keeping its cookie."""
    browser = client_for(REMOTE_ADDR=new_address())
    _log_in(browser, eve.username, password)
    assert _logged_in(browser)
    assert KNOWN_DEVICE_COOKIE in browser.cookies
    browser.post("/accounts/logout/")
    assert not _logged_in(browser)
    return browser


@pytest.mark.parametrize("then", ["username", "email"])
def test_five_guesses_in_total_across_name_and_address_lock_the_account(
    client_for, new_address, eve, password, then
):
    # The attacker alternates: 3 guesses by username, 2 by e-mail address,
    # each from a new address (the per-IP limit is not what stops them).
    for n in range(5):
        login = eve.username if n % 2 == 0 else eve.email.upper()
        response = _log_in(_stranger(client_for, new_address), login, "wrong")
        assert TOO_MANY not in response.content.decode()

    browser = _stranger(client_for, new_address)
    response = _log_in(browser, getattr(eve, then), password)

    # Even the right password is not tried from a browser the account does
    # not know: 5 guesses per 5 minutes per account, not per spelling.
    assert not _logged_in(browser)
    assert TOO_MANY in response.content.decode()


def test_the_owners_known_browser_logs_in_while_the_account_is_under_attack(
    client_for, new_address, eve, password
):
    browser = _owner_browser(client_for, new_address, eve, password)
    for n in range(12):
        login = eve.username if n % 2 else eve.email
        _log_in(_stranger(client_for, new_address), login, "wrong")
    assert (
        TOO_MANY
        in _log_in(
            _stranger(client_for, new_address), eve.username, password
        ).content.decode()
    )

    # A typo of the owner's own, then the password: neither is refused.
    _log_in(browser, eve.email, "typo")
    response = _log_in(browser, eve.email, password)

    assert _logged_in(browser), response.content.decode()


def test_a_known_browsers_guesses_are_limited_too(
    client_for, new_address, eve, password
):
    # A stolen cookie is no way round the limit: the browser's own counter.
    browser = _owner_browser(client_for, new_address, eve, password)
    for _ in range(5):
        _log_in(browser, eve.username, "wrong")

    response = _log_in(browser, eve.username, password)

    assert not _logged_in(browser)
    assert TOO_MANY in response.content.decode()
    # ... which does not lock the account for others.
    other = _stranger(client_for, new_address)
    _log_in(other, eve.username, password)
    assert _logged_in(other)


def test_the_per_address_limit_still_applies_to_a_known_browser(
    client_for, new_address, eve, password, make_user
):
    browser = _owner_browser(client_for, new_address, eve, password)
    # Ten failures from the owner's address, at other (unknown) names.
    for n in range(10):
        _log_in(browser, f"nobody-{n}-{eve.username}", "wrong")

    response = _log_in(browser, eve.username, password)

    assert not _logged_in(browser)
    assert TOO_MANY in response.content.decode()


@pytest.mark.parametrize("cookie", ["forged", "old password", "other account"])
def test_only_a_genuine_current_cookie_makes_a_browser_known(
    client_for, new_address, eve, password, make_user, cookie
):
    browser = _owner_browser(client_for, new_address, eve, password)
    if cookie == "forged":
        browser.cookies[KNOWN_DEVICE_COOKIE] = f"{eve.pk}:{'0' * 64}"
    elif cookie == "old password":
        # A new password forgets every known device.
        user = User.objects.get(pk=eve.pk)
        user.set_password(password)
        user.save()
    else:
        mallory = make_user(f"mallory{eve.username}")
        browser.cookies[KNOWN_DEVICE_COOKIE] = ""
        _log_in(browser, mallory.username, password)
        browser.post("/accounts/logout/")
    for _ in range(5):
        _log_in(_stranger(client_for, new_address), eve.username, "wrong")

    _log_in(browser, eve.username, password)

    assert not _logged_in(browser)


def test_a_new_password_by_e_mail_lets_the_owner_in_anywhere(
    client_for, new_address, eve, password
):
    for _ in range(5):
        _log_in(_stranger(client_for, new_address), eve.email, "wrong")
    browser = _stranger(client_for, new_address)
    browser.post("/accounts/password/reset/", {"email": eve.email})
    link = RESET_LINK.search(mail.outbox[-1].body).group(1)
    form = browser.get(link, follow=True)
    new = "another long passphrase 43"
    browser.post(
        form.redirect_chain[-1][0] if form.redirect_chain else link,
        {"password1": new, "password2": new},
    )

    # allauth clears the account's counter after a reset: keyed on the
    # account, that is the counter the guesses by name filled too.
    _log_in(browser, eve.username, new)
    assert _logged_in(browser)
