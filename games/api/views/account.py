"""The API's doors to the caller's own account (issue 24, GDPR).

`GET /api/me/export/`: the caller's data as one JSON object (the same as
the profile's download, accounts.export). `DELETE /api/me/` with
`{"password": ...}`: deletes the caller's account (accounts.deletion):
their running seats go to robots, their open seats are left, their chat
lines hidden; the token stops working at once.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.deletion import DeletionRefused, account_delete, account_delete_check
from accounts.export import account_export
from accounts.forms import PASSWORD_MAX_LENGTH
from accounts.ratelimits import (
    LOG_IN_UNAVAILABLE,
    RateLimitsUnavailable,
    ServiceUnavailable,
)
from games.api.errors import refusal_response
from games.api.serializers import StrictCharField
from games.parsers import JSONParser

from .base import (
    CSRF,
    NOT_JSON_BODY,
    UNAUTHENTICATED,
    AuthedRequest,
    body_valid,
    error_responses,
)


@extend_schema_field(
    {
        "type": "string",
        "minLength": 1,
        "maxLength": PASSWORD_MAX_LENGTH,
        "pattern": "^[^\\x00]*$",
        "format": "password",
    }
)
class _PasswordField(StrictCharField):
    """The password, as typed (spaces count): not empty, no NUL."""


class AccountDeleteRequestSerializer(serializers.Serializer[Any]):
    """Your password, asked again: a token alone does not delete an account."""

    password = _PasswordField(max_length=PASSWORD_MAX_LENGTH, trim_whitespace=False)


class AccountExportView(APIView):
    """Everything Spielpost keeps about you, as one JSON object (GDPR).

    Your account and settings, your follows, mutes and blocks, and your
    matches, move counts, chat lines, ratings, notices and reports filed.
    Times in UTC, ISO 8601.
    """

    @extend_schema(
        responses={
            200: OpenApiResponse(
                description="Your data: `format`, `exported_at`, `account`, "
                "`preferences`, `relations`, `matches`, `chat_lines`, "
                "`ratings`, `rating_changes`, `notices`, `reports_filed`."
            ),
            **error_responses({401: UNAUTHENTICATED}),
        },
    )
    def get(self, request: AuthedRequest) -> Response:
        return Response(account_export(user=request.user, now=timezone.now()))


class _BodyOnDeleteSchema(AutoSchema):
    """drf-spectacular's schema, stating the body of a DELETE too.

    It documents bodies of POST, PUT and PATCH only; `DELETE /api/me/`
    reads the password from its body.
    """

    def _get_request_body(self, direction: str = "request") -> Any:
        method = self.method
        if method != "DELETE":
            return super()._get_request_body(direction)  # type: ignore[no-untyped-call]
        self.method = "POST"
        try:
            return super()._get_request_body(direction)  # type: ignore[no-untyped-call]
        finally:
            self.method = method


class AccountView(APIView):
    """Your account."""

    parser_classes = [JSONParser]
    schema = _BodyOnDeleteSchema()

    @extend_schema(
        request=AccountDeleteRequestSerializer,
        responses={
            204: OpenApiResponse(
                description="Deleted: your running seats are played by robots, "
                "your name reads “deleted player”, this token no longer works."
            ),
            **error_responses(
                {
                    400: "Unreadable body, or no password.",
                    401: UNAUTHENTICATED,
                    403: "Not your password (nothing was deleted), or "
                    + CSRF[0].lower()
                    + CSRF[1:],
                    415: NOT_JSON_BODY,
                    429: "Too many wrong passwords from this address or for "
                    "this account (the log-in's limits): nothing was deleted.",
                    503: "The password cannot be counted against its rate "
                    "limits for a moment: try again after Retry-After seconds.",
                }
            ),
        },
    )
    def delete(self, request: AuthedRequest) -> Response:
        data = body_valid(AccountDeleteRequestSerializer, request)
        try:
            # allauth's rate limits read the plain HttpRequest, as at
            # POST /api/token/.
            account_delete_check(
                request=request._request,
                user=request.user,
                password=data["password"],
            )
            account_delete(user=request.user, now=timezone.now())
        except DeletionRefused as refusal:
            return refusal_response(refusal.message, refusal.status_code)
        except RateLimitsUnavailable as error:
            # Fail closed: no password is tried uncounted.
            raise ServiceUnavailable(LOG_IN_UNAVAILABLE) from error
        return Response(status=204)
