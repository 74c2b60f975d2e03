"""Every API error as `{"detail": str}`, and the JSON 404 under /api/."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import (
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.http import HttpRequest, JsonResponse
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from accounts.exceptions import REQUEST_TOO_LARGE
from games import exceptions


def refusal_response(
    message: Promise | str, status_code: int = status.HTTP_400_BAD_REQUEST
) -> Response:
    """Return the API's answer to a refusal: `{"detail": message}` with its status."""
    return Response({"detail": str(message)}, status=status_code)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Answer every API error with `{"detail": str}` (ErrorSerializer).

    The services' refusals answer their class's `status_code` (400/403/409,
    games.exceptions; MatchNotFound the 404 of an unknown id), a body over
    Django's upload limits 400; DRF's own errors keep their status, and
    validation errors become one `detail` naming each field
    (`seats: Ensure this value is ...`). Returns None for anything else,
    which DRF re-raises.
    """
    if isinstance(exc, RequestDataTooBig | TooManyFieldsSent | TooManyFilesSent):
        # Django's own answer would be an HTML page.
        return refusal_response(REQUEST_TOO_LARGE)
    if isinstance(exc, exceptions.MatchNotFound):
        # Exactly the answer to an unknown id (`raise Http404`).
        exc = NotFound()
    elif isinstance(exc, exceptions.MatchError):
        return refusal_response(exc.message, exc.status_code)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, ValidationError):
        response.data = {"detail": _error_text(exc.detail)}
    return response


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
