"""The API's vacation door: `GET`/`POST /api/me/vacation/`.

The caller's vacation, started and ended through games.services
(vacation_start, vacation_end): while it runs, the person's clocks stand
still in every match.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.exceptions import VacationRefused
from accounts.models import User
from games import services as games_services
from games.api.errors import refusal_response
from games.api.serializers import (
    ErrorSerializer,
    StrictIntegerField,
    one_of_components,
)
from games.parsers import JSONParser

from .base import AuthedRequest, body_valid


class VacationRequestSerializer(serializers.Serializer[Any]):
    """Start a vacation of `days` whole days, or stop the running one."""

    action = serializers.ChoiceField(
        choices=["start", "stop"],
        help_text="`start` a vacation (with `days`) or `stop` the running one "
        "(the days not taken are kept).",
    )
    days = StrictIntegerField(
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
        data = body_valid(VacationRequestSerializer, request)
        user = request.user
        if data["action"] == "start":
            try:
                games_services.vacation_start(user=user, days=data["days"])
            except VacationRefused as refusal:
                return refusal_response(refusal.message, refusal.status_code)
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
