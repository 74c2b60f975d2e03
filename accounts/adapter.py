"""Spielpost's allauth adapter: what happens around a log-in."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from .login_limits import known_device_remember, login_limit_key


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    """allauth's adapter: the person's language from the log-in on, and one
    failed-log-in counter per account that cannot lock the owner out
    (accounts.login_limits)."""

    def login(self, request: HttpRequest, user: AbstractBaseUser) -> None:
        """Log `user` in and switch this request to their profile language.

        allauth renders "Successfully signed in as …" right after this, in
        the same request that was anonymous until now: without the switch
        a German profile got that message in the browser's language.
        """
        super().login(request, user)
        language = getattr(user, "language", "")
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language

    def post_login(
        self, request: HttpRequest, user: AbstractBaseUser, **kwargs: Any
    ) -> HttpResponse:
        """Answer a successful log-in and remember this browser as known.

        The known-device cookie lets this browser past the per-account
        failed-log-in lock later (accounts.login_limits).
        """
        response: HttpResponse = super().post_login(request, user, **kwargs)
        known_device_remember(request, response, user)
        return response

    def _get_login_attempts_cache_key(
        self, request: HttpRequest, **credentials: Any
    ) -> str:
        """Key the per-account `login_failed` limit on the account, not the text.

        allauth keys it on the login as typed, so a username and its e-mail
        address had a counter each. Also used to clear the account's counter
        after a password reset.
        """
        return login_limit_key(request, credentials)
