"""Spielpost's allauth adapter: what happens around a log-in."""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest
from django.utils import translation


class AccountAdapter(DefaultAccountAdapter):  # type: ignore[misc]
    """allauth's adapter, speaking the person's language from the log-in on."""

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
