"""Rate limits that fail closed, with a clear answer, while their store is down.

The rate limits (allauth's log-in, sign-up and e-mail limits, DRF's
throttles on the API and on /ws/play/ before authentication) count in the
default cache, Redis in production. A Redis that is down made every
request through them a 500. Now:

- `FailClosedRedisCache` (settings.CACHES) raises `RateLimitsUnavailable`
  instead of Redis's errors, and gives up on an unanswering Redis after
  CONNECT_TIMEOUT seconds instead of hanging the request.
- The doors refuse, never let through uncounted: the API's throttle
  (`AnonRateThrottle`) answers 503 `{"detail": ...}` with Retry-After,
  `POST /api/token/` too (accounts.services.api_token_log_in), and every
  page (log-in, sign-up, ...) answers a 503 page saying so
  (`RateLimitsUnavailableMiddleware`). /ws/play/ answers `unavailable`.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from redis.exceptions import RedisError
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.throttling import AnonRateThrottle as DRFAnonRateThrottle

if TYPE_CHECKING:
    # Not at run time: DRF imports this throttle while rest_framework.views
    # is still being imported (DEFAULT_THROTTLE_CLASSES).
    from rest_framework.request import Request
    from rest_framework.views import APIView

logger = logging.getLogger(__name__)

LOG_IN_UNAVAILABLE = _("Log-in is unavailable for a moment. Try again shortly.")
SIGN_UP_UNAVAILABLE = _("Sign-up is unavailable for a moment. Try again shortly.")
PAGE_UNAVAILABLE = _("This page is unavailable for a moment. Try again shortly.")
API_UNAVAILABLE = _("The API is unavailable for a moment. Try again shortly.")

# The pages' messages by URL name (allauth's), PAGE_UNAVAILABLE otherwise.
PAGE_MESSAGES = {
    "account_login": LOG_IN_UNAVAILABLE,
    "account_signup": SIGN_UP_UNAVAILABLE,
}

# Seconds a client is asked to wait (Retry-After) while the store is down.
RETRY_AFTER_SECONDS = 30
# Seconds to connect to, and to hear from, the cache's Redis.
CONNECT_TIMEOUT = 2.0

F = TypeVar("F", bound=Callable[..., Any])


class RateLimitsUnavailable(Exception):
    """The rate limits' counters cannot be read or written (Redis is down)."""


def _fail_closed(method: F) -> F:
    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except (RedisError, OSError) as error:
            logger.warning("rate-limit cache unavailable: %s", error)
            raise RateLimitsUnavailable(str(error)) from error

    return cast("F", wrapper)


class _FailClosedClient(RedisCacheClient):
    """Django's Redis cache client, raising RateLimitsUnavailable for Redis's errors."""


for _name in (
    "add",
    "get",
    "set",
    "touch",
    "delete",
    "get_many",
    "has_key",
    "incr",
    "set_many",
    "delete_many",
    "clear",
):
    setattr(_FailClosedClient, _name, _fail_closed(getattr(RedisCacheClient, _name)))


class FailClosedRedisCache(RedisCache):
    """Django's Redis cache whose errors are RateLimitsUnavailable.

    Its OPTIONS default to connect and socket timeouts of CONNECT_TIMEOUT
    seconds: a Redis that does not answer fails the request's rate limit
    quickly instead of holding it.
    """

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = {
            "socket_connect_timeout": CONNECT_TIMEOUT,
            "socket_timeout": CONNECT_TIMEOUT,
            **params.get("OPTIONS", {}),
        }
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = _FailClosedClient


class ServiceUnavailable(APIException):
    """503 with Retry-After (DRF sets it from `wait`): the API cannot count requests."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE
    default_code = "unavailable"
    wait = RETRY_AFTER_SECONDS

    def __init__(self, detail: Any = None) -> None:
        super().__init__(detail if detail is not None else API_UNAVAILABLE)


class AnonRateThrottle(DRFAnonRateThrottle):
    """DRF's anonymous throttle, refusing with 503 while its counters are down.

    Raises ServiceUnavailable, with the view's `unavailable_message` if it
    has one (the token view's says log-in); `allow_request` otherwise as
    DRF's.
    """

    def allow_request(self, request: Request, view: APIView) -> bool:
        try:
            return super().allow_request(request, view)
        except RateLimitsUnavailable as error:
            message = getattr(view, "unavailable_message", API_UNAVAILABLE)
            raise ServiceUnavailable(message) from error


class RateLimitsUnavailableMiddleware:
    """Answer a request whose rate limit could not be counted with 503, not 500.

    Under /api/: `{"detail": ...}`; a page: 503.html ("Log-in is
    unavailable for a moment", PAGE_MESSAGES). Both with Retry-After.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        return self.get_response(request)

    def process_exception(
        self, request: HttpRequest, exception: Exception
    ) -> HttpResponse | None:
        if not isinstance(exception, RateLimitsUnavailable):
            return None
        response: HttpResponse
        if request.path_info.startswith("/api/"):
            response = JsonResponse({"detail": str(API_UNAVAILABLE)}, status=503)
        else:
            match = request.resolver_match
            name = match.url_name if match is not None else None
            message = PAGE_MESSAGES.get(name or "", PAGE_UNAVAILABLE)
            response = render(request, "503.html", {"message": message}, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
