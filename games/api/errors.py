"""Every API error as `{"detail": str}`, and the JSON 404 under /api/."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import (
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from accounts.exceptions import REQUEST_TOO_LARGE
from games import exceptions


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Answer every API error with `{"detail": str}` (ErrorSerializer).

    The services' refusals map to 400/403/409 (match_error_status;
    MatchNotFound to the 404 of an unknown id), a body over Django's upload
    limits to 400; DRF's own errors keep their
    status, and validation errors become one `detail` naming each field
    (`seats: Ensure this value is ...`). Returns None for anything else,
    which DRF re-raises.
    """
    if isinstance(exc, RequestDataTooBig | TooManyFieldsSent | TooManyFilesSent):
        # Django's own answer would be an HTML page.
        return Response(
            {"detail": str(REQUEST_TOO_LARGE)}, status=status.HTTP_400_BAD_REQUEST
        )
    if isinstance(exc, exceptions.MatchNotFound):
        # Exactly the answer to an unknown id (`raise Http404`).
        exc = NotFound()
    elif isinstance(exc, exceptions.MatchError):
        return Response({"detail": str(exc.message)}, status=match_error_status(exc))
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, ValidationError):
        response.data = {"detail": _error_text(exc.detail)}
    return response


def match_error_status(error: exceptions.MatchError) -> int:
    """Return the API status of a service's refusal.

    400 only for settings of a new match the game refuses (the schema states
    every limit, so a request valid by it is not refused so); 403 for a
    caller without a seat, or not to move; 409 for everything the match's
    state decides: not open or not running, no free seat, an offer not made,
    a move the rules do not allow now (or that this match's game cannot
    read: the body's schema covers every game), a stale version.
    """
    if isinstance(error, exceptions.InvalidMatchSettings):
        return status.HTTP_400_BAD_REQUEST
    if isinstance(error, exceptions.NotSeated | exceptions.NotYourTurn):
        return status.HTTP_403_FORBIDDEN
    return status.HTTP_409_CONFLICT


def _error_text(detail: Any, field: str = "") -> str:
    """Return DRF's validation messages as one line, each after its field."""
    if isinstance(detail, dict):
        return " ".join(
            _error_text(value, _field_path(field, str(key)))
            for key, value in detail.items()
        )
    if isinstance(detail, list):
        return " ".join(_error_text(item, field) for item in detail)
    return f"{field}: {detail}" if field else str(detail)


def _field_path(field: str, key: str) -> str:
    if key in ("non_field_errors", "detail"):
        return field
    return f"{field}.{key}" if field else key


@csrf_exempt
def not_found(request: HttpRequest) -> JsonResponse:
    """Answer any unknown path under /api/ with a JSON 404 `{"detail": ...}`.

    CSRF-exempt like the API's views: a token client sends no CSRF token,
    and this changes nothing.
    """
    return JsonResponse(
        {"detail": gettext("There is no such API endpoint.")}, status=404
    )
