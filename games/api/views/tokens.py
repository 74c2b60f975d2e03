"""The API's token door: `POST /api/token/`.

A player's API token for their username and password. The same checks as
the log-in page (accounts.services.api_token_log_in): allauth's rate limits
per IP and per account, shared with that page, active accounts with a
verified e-mail address only. On top, DRF's anonymous throttle
(REST_FRAMEWORK's DEFAULT_THROTTLE_CLASSES) applies.

The door lives with the API (games/api/), which owns its conventions (strict
fields, the error body, the parsers); identity stays in `accounts`, which
imports nothing from games (issue 22).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from accounts.exceptions import SEND_CREDENTIALS, LogInRateLimited, LogInRefused
from accounts.forms import LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH
from accounts.ratelimits import (
    LOG_IN_UNAVAILABLE,
    RateLimitsUnavailable,
    ServiceUnavailable,
)
from games.api.errors import refusal_response
from games.api.serializers import ErrorSerializer, StrictCharField

# What the token's fields accept, as the schema states it: DRF's CharField
# refuses NUL and a blank value (the username after trimming its spaces).
_NO_NUL = "^[^\\x00]*$"
# \s in the schema (ECMA-262) leaves out \x1c-\x1f and \x85, which
# Python's strip() (DRF's trim) takes away: they are blank here too.
_NOT_BLANK = "^[^\\x00]*[^\\s\\x00\\x1c-\\x1f\\x85][^\\x00]*$"


@extend_schema_field(
    {
        "type": "string",
        "minLength": 1,
        "maxLength": LOGIN_MAX_LENGTH,
        "pattern": _NOT_BLANK,
        "description": "Your username or e-mail address.",
    }
)
class _LoginField(StrictCharField):
    """The username or e-mail address: some text besides spaces, no NUL."""


@extend_schema_field(
    {
        "type": "string",
        "minLength": 1,
        "maxLength": PASSWORD_MAX_LENGTH,
        "pattern": _NO_NUL,
        "format": "password",
    }
)
class _PasswordField(StrictCharField):
    """The password, as typed (spaces count): not empty, no NUL."""


class TokenRequestSerializer(serializers.Serializer[Any]):
    """A username (or e-mail address) and password."""

    # DRF's CharField also refuses NUL and lone surrogate characters; the
    # strict one also a number (DRF would read 12.5 as "12.5", and then
    # answer a body the schema refuses as wrong credentials).
    username = _LoginField(
        max_length=LOGIN_MAX_LENGTH, help_text="Your username or e-mail address."
    )
    password = _PasswordField(
        max_length=PASSWORD_MAX_LENGTH,
        trim_whitespace=False,
        style={"input_type": "password"},
    )


class TokenView(APIView):
    """Return the API token of the player whose username and password these are."""

    # No session authentication (and so no CSRF check): the credentials are
    # in the body. Every caller is anonymous to the throttle.
    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    # The throttle's answer while its counters (Redis) are down.
    unavailable_message = LOG_IN_UNAVAILABLE

    @extend_schema(
        operation_id="api_token_create",
        request=TokenRequestSerializer,
        responses={
            200: inline_serializer(
                "ApiToken", fields={"token": serializers.CharField()}
            ),
            400: OpenApiResponse(
                ErrorSerializer, description="Missing or malformed fields."
            ),
            401: OpenApiResponse(
                ErrorSerializer,
                description="Wrong credentials, or an account that may not log "
                "in (inactive, e-mail address not verified).",
            ),
            415: OpenApiResponse(
                ErrorSerializer, description="The body is neither JSON nor a form."
            ),
            429: OpenApiResponse(
                ErrorSerializer,
                description="Too many failed log-ins from this address or for "
                "this account, or too many requests.",
            ),
            503: OpenApiResponse(
                ErrorSerializer,
                description="Log-in cannot be counted against its rate limits "
                "for a moment (their store is down): try again after "
                "Retry-After seconds.",
            ),
        },
        auth=[],
    )
    def post(self, request: Request) -> Response:
        # A body over Django's limits raises here; the API's exception
        # handler answers it (games.api.errors).
        data = request.data
        if not isinstance(data, Mapping):
            return refusal_response(SEND_CREDENTIALS)
        serializer = TokenRequestSerializer(data=data)
        if not serializer.is_valid():
            field, errors = next(iter(serializer.errors.items()))
            return refusal_response(f"{field}: {errors[0]}")
        try:
            token = services.api_token_log_in(
                request=request._request,
                login=serializer.validated_data["username"],
                password=serializer.validated_data["password"],
            )
        except LogInRateLimited as refusal:
            return refusal_response(refusal.message, refusal.status_code)
        except RateLimitsUnavailable as error:
            # Fail closed: no password is tried uncounted.
            raise ServiceUnavailable(LOG_IN_UNAVAILABLE) from error
        except LogInRefused as refusal:
            response = refusal_response(refusal.message, refusal.status_code)
            response["WWW-Authenticate"] = "Token"
            return response
        return Response({"token": token.key})
