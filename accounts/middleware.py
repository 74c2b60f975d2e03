"""Activate a signed-in player's chosen language on every request."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation


class UserLanguageMiddleware:
    """Use `user.language` for signed-in users.

    Runs after AuthenticationMiddleware; anonymous visitors keep what
    LocaleMiddleware chose (cookie or Accept-Language).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.language:
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
        response = self.get_response(request)
        # The browser remembers the profile language (also set by the log-in
        # of this very request): after logging out, the pages, and the "You
        # have signed out." message rendered before it, stay in it.
        user = getattr(request, "user", None)
        cookie = settings.LANGUAGE_COOKIE_NAME
        if (
            user is not None
            and user.is_authenticated
            and user.language
            and request.COOKIES.get(cookie) != user.language
        ):
            response.set_cookie(
                cookie,
                user.language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                # config/settings.py sets "Lax"; django-stubs reads it as str.
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,  # type: ignore[arg-type]
            )
        return response
