"""The API's report door: `POST /api/reports/` (issue 24, "Reports").

Files the caller's report through games.services.moderation_reports
(`report_file`), the same service as the pages' report forms.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games.api.serializers import StrictCharField, StrictIntegerField
from games.models import Report
from games.selectors.profiles import player_by_name
from games.services.moderation_reports import (
    NO_SUCH_PERSON,
    REPORT_TEXT_MAX,
    ReportNotFound,
    report_file,
)

from .base import (
    CSRF,
    JSON_ONLY,
    UNAUTHENTICATED,
    AuthedRequest,
    body_valid,
    error_responses,
)

# What the text fields accept, as the schema states it: DRF's CharField
# refuses NUL, and a name blank after trimming (as the token view's fields).
_NO_NUL = "^[^\\x00]*$"
_NOT_BLANK = "^[^\\x00]*[^\\s\\x00\\x1c-\\x1f\\x85][^\\x00]*$"


@extend_schema_field(
    {
        "type": "string",
        "maxLength": REPORT_TEXT_MAX,
        "pattern": _NO_NUL,
        "description": "What happened, in your words (optional).",
    }
)
class _TextField(StrictCharField):
    """The reporter's free text: up to REPORT_TEXT_MAX characters, no NUL."""


@extend_schema_field(
    {
        "type": "string",
        "minLength": 1,
        "maxLength": 150,
        "pattern": _NOT_BLANK,
        "description": "The reported person's public name (not for `chat_line`).",
    }
)
class _NameField(StrictCharField):
    """A person's public name: some text besides spaces, no NUL."""


class ReportRequestSerializer(serializers.Serializer[Any]):
    """A report: what (`kind`), about whom, why (`reason` + free `text`)."""

    kind = serializers.ChoiceField(
        choices=Report.Kind.values,
        help_text="`chat_line` (give `chat_line`), `display_name` or `profile` "
        "(give `player`), `match` (give `match` and `player`).",
    )
    reason = serializers.ChoiceField(choices=Report.Reason.values)
    text = _TextField(
        required=False, allow_blank=True, max_length=REPORT_TEXT_MAX, default=""
    )
    player = _NameField(required=False, max_length=150)
    chat_line = StrictIntegerField(
        required=False, min_value=1, help_text="The reported chat line's id."
    )
    match = StrictIntegerField(
        required=False, min_value=1, help_text="The match the person is reported at."
    )


_REPORT_FILED = inline_serializer(
    "ReportFiled",
    fields={
        "id": serializers.IntegerField(),
        "created_at": serializers.DateTimeField(help_text="ISO 8601, UTC."),
    },
)


class ReportListView(APIView):
    """Report a person to the moderators: a chat line, a name, a profile, a match.

    A moderator looks at it and you get a notice once it is handled.
    """

    parser_classes = JSON_ONLY

    @extend_schema(
        request=ReportRequestSerializer,
        responses={
            201: _REPORT_FILED,
            **error_responses(
                {
                    400: "Unreadable body, an unknown kind or reason, or a "
                    "text too long.",
                    404: "No such player, chat line or match (or one you "
                    "cannot see), or none named for the kind.",
                    409: "A report about yourself.",
                    401: UNAUTHENTICATED,
                    403: CSRF,
                    415: "A body that is not JSON.",
                    429: "Too many reports in the last hour: try again later.",
                }
            ),
        },
    )
    def post(self, request: AuthedRequest) -> Response:
        data = body_valid(ReportRequestSerializer, request)
        reported: User | None = None
        if "player" in data:
            try:
                reported = player_by_name(name=data["player"])
            except User.DoesNotExist:
                raise ReportNotFound(NO_SUCH_PERSON) from None
        report = report_file(
            reporter=request.user,
            kind=data["kind"],
            reason=data["reason"],
            text=data["text"],
            reported=reported,
            chat_line_id=data.get("chat_line"),
            match_id=data.get("match"),
        )
        return Response({"id": report.id, "created_at": report.created_at}, status=201)
