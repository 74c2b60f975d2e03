"""`POST /api/token/`: a player's API token for their username and password.

The same checks as the log-in page (accounts.services.api_token_log_in):
allauth's rate limits per IP and per account, shared with that page, active
accounts with a verified e-mail address only. On top, DRF's anonymous
throttle (REST_FRAMEWORK's DEFAULT_THROTTLE_CLASSES) applies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import ErrorSerializer

from . import services
from .exceptions import (
    SEND_CREDENTIALS,
    LogInRateLimited,
    LogInRefused,
)
from .forms import LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH


class TokenRequestSerializer(serializers.Serializer[Any]):
    """A username (or e-mail address) and password."""

    # DRF's CharField also refuses NUL and lone surrogate characters.
    username = serializers.CharField(
        max_length=LOGIN_MAX_LENGTH, help_text="Your username or e-mail address."
    )
    password = serializers.CharField(
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

    @extend_schema(
        operation_id="api_token_create",
        request=TokenRequestSerializer,
        responses={
            200: inline_serializer(
                "ApiToken", fields={"token": serializers.CharField()}
            ),
            400: OpenApiResponse(
                ErrorSerializer,
                description="Missing or malformed fields, wrong credentials, "
                "or an account that may not log in (inactive, e-mail address "
                "not verified).",
            ),
            415: OpenApiResponse(
                ErrorSerializer, description="The body is neither JSON nor a form."
            ),
            429: OpenApiResponse(
                ErrorSerializer,
                description="Too many failed log-ins from this address or for "
                "this account, or too many requests.",
            ),
        },
        auth=[],
    )
    def post(self, request: Request) -> Response:
        # A body over Django's limits raises here; the API's exception
        # handler answers it (games.api.errors).
        data = request.data
        if not isinstance(data, Mapping):
            return _refusal(SEND_CREDENTIALS)
        serializer = TokenRequestSerializer(data=data)
        if not serializer.is_valid():
            field, errors = next(iter(serializer.errors.items()))
            return _refusal(f"{field}: {errors[0]}")
        try:
            token = services.api_token_log_in(
                request=request._request,
                login=serializer.validated_data["username"],
                password=serializer.validated_data["password"],
            )
        except LogInRateLimited as refusal:
            return _refusal(refusal.message, status.HTTP_429_TOO_MANY_REQUESTS)
        except LogInRefused as refusal:
            return _refusal(refusal.message)
        return Response({"token": token.key})


def _refusal(
    message: Promise | str, code: int = status.HTTP_400_BAD_REQUEST
) -> Response:
    return Response({"detail": str(message)}, status=code)
