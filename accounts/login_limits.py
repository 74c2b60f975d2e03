"""The per-account log-in limit: one counter per account, and the owner's way in.

allauth counts failed log-ins per IP and per "key" (LOGIN_RATE_LIMIT,
default `10/m/ip,5/5m/key`). Its key was the login as typed, so a
username and its e-mail address had a counter each (10 guesses per 5
minutes instead of 5), and anyone could keep the owner out by sending one
wrong password a minute (issue 21). Here:

1. One counter per account. The typed username or e-mail address is
   resolved to the account (`login_user_resolve`), and the key is its id,
   whichever was typed. A login that names no account keys on the typed
   text, lower-cased (guessing at names is limited too).
2. Known devices. A successful log-in leaves a cookie (KNOWN_DEVICE_COOKIE)
   holding, per account, an HMAC of its id and password hash under the
   SECRET_KEY. A browser that shows it for the account counts its failures
   against a counter of its own: guesses from elsewhere cannot lock the
   owner's browser out, and the owner's typos do not help an attacker. The
   per-IP limit applies to every browser alike. Changing the password
   forgets every known device (the HMAC no longer matches).
3. Everyone else (a new browser, the API token endpoint) shares the
   account's counter; the owner there can still choose a new password by
   e-mail, which also clears that counter (allauth's password reset).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from allauth.account.utils import filter_users_by_email, filter_users_by_username
from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest, HttpResponseBase
from django.utils.crypto import constant_time_compare, salted_hmac

KNOWN_DEVICE_COOKIE = "spielpost_known"
# A year: a device that has not logged in for that long is a new one again.
KNOWN_DEVICE_MAX_AGE = 365 * 24 * 3600
# Accounts remembered per browser (a family computer); the oldest drops out.
KNOWN_DEVICE_ACCOUNTS = 5
_SALT = "accounts.login_limits.known_device"


def login_user_resolve(credentials: Mapping[str, Any]) -> AbstractBaseUser | None:
    """Return the one account the typed login names, or None.

    `credentials` as allauth's log-in form passes them: "email" or
    "username" (and "password", not read). An e-mail address names the
    account that has it (ACCOUNT_UNIQUE_EMAIL); a username is matched as
    allauth's log-in matches it (case-insensitively).
    """
    email = credentials.get("email")
    if isinstance(email, str) and email:
        users = filter_users_by_email(email)
        return users[0] if len(users) == 1 else None
    username = credentials.get("username")
    if isinstance(username, str) and username:
        found = list(filter_users_by_username(username)[:2])
        return found[0] if len(found) == 1 else None
    return None


def login_limit_key(request: HttpRequest, credentials: Mapping[str, Any]) -> str:
    """Return the per-account rate-limit key of a log-in attempt.

    "user:<id>:<username>" for an account (whichever of its name or e-mail
    address was typed); the same + ":known" when this browser has logged
    in to it before (see the module docstring); "login:<typed,
    lower-cased>" when the login names no account.
    """
    user = login_user_resolve(credentials)
    if user is None:
        typed = credentials.get("email") or credentials.get("username") or ""
        return f"login:{str(typed).lower()}"
    # The username beside the id: ids come again when a database is made
    # anew (a fresh demo, the tests), while the cache (Redis) keeps counts.
    account = f"user:{user.pk}:{user.get_username()}"
    if _known_device(request, user):
        return f"{account}:known"
    return account


def known_device_remember(
    request: HttpRequest, response: HttpResponseBase, user: AbstractBaseUser
) -> None:
    """Set the cookie that makes this browser a known device of `user`.

    Call on a successful log-in. Keeps the other accounts this browser
    knows (at most KNOWN_DEVICE_ACCOUNTS, newest last).
    """
    mark = f"{user.pk}:{_device_mark(user)}"
    kept = [
        entry for entry in _entries(request) if entry.split(":", 1)[0] != str(user.pk)
    ]
    value = " ".join([*kept, mark][-KNOWN_DEVICE_ACCOUNTS:])
    response.set_cookie(
        KNOWN_DEVICE_COOKIE,
        value,
        max_age=KNOWN_DEVICE_MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


# Helpers


def _device_mark(user: AbstractBaseUser) -> str:
    """Return the HMAC naming `user` with their current password."""
    return salted_hmac(
        _SALT, f"{user.pk}:{user.password}", algorithm="sha256"
    ).hexdigest()


def _entries(request: HttpRequest) -> list[str]:
    raw = request.COOKIES.get(KNOWN_DEVICE_COOKIE, "")
    return raw.split()[:KNOWN_DEVICE_ACCOUNTS]


def _known_device(request: HttpRequest, user: AbstractBaseUser) -> bool:
    expected = _device_mark(user)
    for entry in _entries(request):
        pk, _sep, mark = entry.partition(":")
        if pk == str(user.pk) and constant_time_compare(mark, expected):
            return True
    return False
