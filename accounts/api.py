"""The API's account endpoints: the token, and the caller's vacation.

`POST /api/token/`: a player's API token for their username and password.
The same checks as the log-in page (accounts.services.api_token_log_in):
allauth's rate limits per IP and per account, shared with that page, active
accounts with a verified e-mail address only. On top, DRF's anonymous
throttle (REST_FRAMEWORK's DEFAULT_THROTTLE_CLASSES) applies.

`GET`/`POST /api/me/vacation/`: the caller's vacation, started and ended
through games.services (vacation_start, vacation_end).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import services as games_services
from games.api.serializers import (
    ErrorSerializer,
    _StrictCharField,
    _StrictIntegerField,
    one_of_components,
)
from games.api.views import AuthedRequest
from games.parsers import JSONParser

from . import services
from .exceptions import (
    SEND_CREDENTIALS,
    LogInRateLimited,
    LogInRefused,
    VacationRefused,
)
from .forms import LOGIN_MAX_LENGTH, PASSWORD_MAX_LENGTH
from .models import User
from .ratelimits import LOG_IN_UNAVAILABLE, RateLimitsUnavailable, ServiceUnavailable

_SEND_AN_OBJECT = _("Send a JSON object.")


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
class _LoginField(_StrictCharField):
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
class _PasswordField(_StrictCharField):
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
            return _refusal(refusal.message, refusal.status_code)
        except RateLimitsUnavailable as error:
            # Fail closed: no password is tried uncounted.
            raise ServiceUnavailable(LOG_IN_UNAVAILABLE) from error
        except LogInRefused as refusal:
            response = _refusal(refusal.message, refusal.status_code)
            response["WWW-Authenticate"] = "Token"
            return response
        return Response({"token": token.key})


class VacationRequestSerializer(serializers.Serializer[Any]):
    """Start a vacation of `days` whole days, or stop the running one."""

    action = serializers.ChoiceField(
        choices=["start", "stop"],
        help_text="`start` a vacation (with `days`) or `stop` the running one "
        "(the days not taken are kept).",
    )
    days = _StrictIntegerField(
        min_value=1,
        max_value=settings.VACATION_DAYS_PER_YEAR,
        required=False,
        help_text="For `start`: whole days, at most the whole days left this "
        "year (`days_left` rounded down); more are refused with 400.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["action"] == "start" and "days" not in attrs:
            raise serializers.ValidationError(
                {"days": self.fields["days"].error_messages["required"]}
            )
        return attrs


# The body of POST /api/me/vacation/ as the schema states it: `days` is
# required with `start` (VacationRequestSerializer.validate).
_VACATION_REQUEST_VARIANTS: dict[str, dict[str, Any]] = {
    "VacationStart": {
        "type": "object",
        "title": "Start",
        "properties": {
            "action": {"type": "string", "enum": ["start"]},
            "days": {
                "type": "integer",
                "minimum": 1,
                "maximum": settings.VACATION_DAYS_PER_YEAR,
                "description": "Whole days, at most the whole days left "
                "this year (`days_left` rounded down); more are refused "
                "with 409.",
            },
        },
        "required": ["action", "days"],
    },
    "VacationStop": {
        "type": "object",
        "title": "Stop",
        "description": "Stop the running vacation (the days not taken are kept).",
        "properties": {"action": {"type": "string", "enum": ["stop"]}},
        "required": ["action"],
    },
}


class VacationRequestSchema(OpenApiSerializerExtension):  # type: ignore[no-untyped-call]
    """VacationRequestSerializer in the schema: start (with days) or stop."""

    target_class = VacationRequestSerializer

    def map_serializer(self, auto_schema: AutoSchema, direction: Any) -> Any:
        return one_of_components(auto_schema, _VACATION_REQUEST_VARIANTS, ["action"])


_VACATION_STATE = inline_serializer(
    "VacationState",
    fields={
        "on_vacation": serializers.BooleanField(),
        "until": serializers.DateTimeField(
            allow_null=True,
            help_text="When the vacation ends at the latest (ISO 8601, UTC); "
            "null when not on vacation.",
        ),
        "days_left": serializers.FloatField(
            help_text="Vacation days of this calendar year (UTC) not yet taken, "
            "the running vacation included, rounded down to a tenth."
        ),
    },
)


class VacationView(APIView):
    """Your vacation: while it runs, your clocks stand still in every match.

    It ends when its days run out, when you stop it, or when you move.
    """

    parser_classes = [JSONParser]

    @extend_schema(
        responses={
            200: _VACATION_STATE,
            401: OpenApiResponse(
                ErrorSerializer,
                description="No valid `Authorization: Token <key>` header "
                "(or session).",
            ),
        },
    )
    def get(self, request: AuthedRequest) -> Response:
        return Response(_vacation_body(request.user))

    @extend_schema(
        request=VacationRequestSerializer,
        responses={
            200: _VACATION_STATE,
            400: OpenApiResponse(
                ErrorSerializer,
                description="Unreadable body, or one the schema does not allow.",
            ),
            401: OpenApiResponse(
                ErrorSerializer,
                description="No valid `Authorization: Token <key>` header "
                "(or session).",
            ),
            403: OpenApiResponse(
                ErrorSerializer,
                description="Logged in by session cookie without a valid CSRF token.",
            ),
            409: OpenApiResponse(
                ErrorSerializer,
                description="A vacation that cannot start: one runs already, "
                "or the days are more than are left this year.",
            ),
            415: OpenApiResponse(
                ErrorSerializer, description="The body is not `application/json`."
            ),
        },
    )
    def post(self, request: AuthedRequest) -> Response:
        if not isinstance(request.data, Mapping):
            return _refusal(_SEND_AN_OBJECT)
        serializer = VacationRequestSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = request.user
        if serializer.validated_data["action"] == "start":
            try:
                games_services.vacation_start(
                    user=user, days=serializer.validated_data["days"]
                )
            except VacationRefused as refusal:
                return _refusal(refusal.message, refusal.status_code)
        else:
            games_services.vacation_end(user=user)
        return Response(_vacation_body(user))


def _vacation_body(user: User) -> dict[str, Any]:
    state = games_services.vacation_state(user=user)
    return {
        "on_vacation": state.on_vacation,
        "until": state.until,
        "days_left": state.days_left,
    }


def _refusal(
    message: Promise | str, code: int = status.HTTP_400_BAD_REQUEST
) -> Response:
    return Response({"detail": str(message)}, status=code)
