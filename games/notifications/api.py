"""The caller's notices through the API (issue 21): list them, mark them read.

`GET /api/me/notifications/`: the caller's notices, newest first, paged by
`limit` (1-100, default 20) and `offset` (0-1,000,000), as DRF's
limit/offset pagination answers (`count`, `next`, `previous`, `results`),
plus `unread`, the bell's count. Reading the list marks nothing read: a
program says what it has handled.

`POST /api/me/notifications/read/`: `{"ids": [...]}` (1-100 ids) marks
those read, `{"all": true}` every one; ids of notices that are not the
caller's, or already read, are passed over. Answers how many it marked and
the unread count left. Through `services.notifications_read`, which tells
the person's open pages (their bell) on commit.

A notice's texts are in the person's profile language, as on the site and
in the e-mails.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import (
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games.api.paging import page_links
from games.api.serializers import (
    QueryFlagField,
    QueryIntegerField,
    QuerySerializer,
    StrictIntegerField,
)
from games.api.views import AuthedRequest
from games.api.views.base import (
    CSRF,
    NOT_JSON_BODY,
    SEND_AN_OBJECT,
    UNAUTHENTICATED,
    error_responses,
)
from games.models import Notification
from games.parsers import JSONParser

from . import texts
from .selectors import notices_window
from .services import notifications_read, unread_count

# Notices in one answer: the default and the most a caller may ask for.
LIMIT_DEFAULT = 20
LIMIT_MAX = 100
# Far beyond any person's notices (they are pruned after
# NOTIFICATION_RETENTION_DAYS); bounds the OFFSET a database is given.
OFFSET_MAX = 1_000_000
# Ids marked read in one request.
IDS_MAX = 100
# The largest id a database row can have (a signed 64-bit integer).
_ID_MAX = 2**63 - 1

_IDS_OR_ALL = _('Send either "ids" (a list of notice ids) or "all": true.')


class NoticeListQuerySerializer(QuerySerializer):
    """The query of GET /api/me/notifications/: a bad value is a 400 naming it."""

    limit = QueryIntegerField(
        min_value=1,
        max_value=LIMIT_MAX,
        required=False,
        help_text=f"Notices in the answer (default {LIMIT_DEFAULT}).",
    )
    offset = QueryIntegerField(
        min_value=0,
        max_value=OFFSET_MAX,
        required=False,
        help_text="Newer notices to pass over (default 0).",
    )
    unread = QueryFlagField(
        required=False, help_text="Only notices not read yet (default: all)."
    )


class NoticeSerializer(serializers.Serializer[Any]):
    """One notice, its texts in the person's language."""

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(
        choices=[kind.value for kind in Notification.Kind],
        help_text="What it tells of. `your_turn`: a person has at most one "
        "unread per match; a new turn rewrites it (new `created`, `text`).",
    )
    title = serializers.CharField(help_text='E.g. "Your turn in Race #12".')
    text = serializers.CharField(
        allow_blank=True, help_text='A line of detail, e.g. "with Bob"; may be empty.'
    )
    match = serializers.IntegerField(
        allow_null=True, help_text="The match it is about; null for none."
    )
    url = serializers.CharField(
        allow_null=True, help_text="The match's board (absolute URL); null for none."
    )
    created = serializers.DateTimeField(
        help_text="When it was written (or, for a turn, last rewritten); ISO 8601, UTC."
    )
    read = serializers.BooleanField()


class NoticePageSerializer(serializers.Serializer[Any]):
    """A page of the caller's notices, newest first."""

    count = serializers.IntegerField(
        help_text="The caller's notices (only unread ones with `unread=true`)."
    )
    unread = serializers.IntegerField(help_text="The caller's unread notices.")
    next = serializers.URLField(allow_null=True, help_text="The next page, or null.")
    previous = serializers.URLField(
        allow_null=True, help_text="The page before, or null."
    )
    results = NoticeSerializer(many=True)


class _IdsField(serializers.ListField):
    """A JSON list of 1 to IDS_MAX notice ids."""

    def to_internal_value(self, data: Any) -> list[int]:
        if not isinstance(data, list):
            self.fail("not_a_list", input_type=type(data).__name__)
        return list(super().to_internal_value(data))


@extend_schema_field({"type": "boolean", "enum": [True]})
class _TrueField(serializers.Field):  # type: ignore[type-arg]
    """JSON `true`, and nothing else."""

    default_error_messages = {"invalid": _("Must be true.")}

    def to_internal_value(self, data: Any) -> bool:
        if data is not True:
            self.fail("invalid")
        return True

    def to_representation(self, value: Any) -> bool:
        return bool(value)


class NoticesReadIdsSerializer(serializers.Serializer[Any]):
    """Mark these notices read."""

    ids = _IdsField(
        child=StrictIntegerField(min_value=1, max_value=_ID_MAX),
        min_length=1,
        max_length=IDS_MAX,
        help_text=f"1 to {IDS_MAX} ids of your notices; others' ids are passed over.",
    )


class NoticesReadAllSerializer(serializers.Serializer[Any]):
    """Mark every notice read."""

    all = _TrueField(help_text="`true`: every one of your notices.")


_READ_REQUEST = PolymorphicProxySerializer(
    component_name="NoticesRead",
    serializers=[NoticesReadIdsSerializer, NoticesReadAllSerializer],
    resource_type_field_name=None,
)


class NoticesReadResultSerializer(serializers.Serializer[Any]):
    marked = serializers.IntegerField(help_text="Notices this request marked read.")
    unread = serializers.IntegerField(help_text="Your unread notices left.")


class NoticeListView(APIView):
    """Your notices, newest first, with the number not read yet.

    Reading them here marks nothing read: use
    `POST /api/me/notifications/read/`.
    """

    @extend_schema(
        operation_id="api_me_notifications_list",
        parameters=[NoticeListQuerySerializer],
        responses={
            200: NoticePageSerializer,
            **error_responses(
                {
                    400: "`limit`, `offset` or `unread` out of range or not a "
                    "number (`detail` names it).",
                    401: UNAUTHENTICATED,
                }
            ),
        },
    )
    def get(self, request: AuthedRequest) -> Response:
        query = NoticeListQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        limit = query.validated_data.get("limit", LIMIT_DEFAULT)
        offset = query.validated_data.get("offset", 0)
        user = request.user
        window = notices_window(
            user=user,
            offset=offset,
            limit=limit,
            unread_only=query.validated_data.get("unread", False),
        )
        url = request.build_absolute_uri()
        return Response(
            {
                "count": window.count,
                "unread": window.unread,
                **page_links(url, offset=offset, limit=limit, count=window.count),
                "results": _notices_body(request, user, window.notices),
            }
        )


class NoticesReadView(APIView):
    """Mark notices read: `{"ids": [...]}` those, `{"all": true}` every one.

    Ids of notices that are not yours, or already read, are passed over.
    Your open pages' bells follow.
    """

    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="api_me_notifications_read",
        request=_READ_REQUEST,
        responses={
            200: NoticesReadResultSerializer,
            **error_responses(
                {
                    400: 'Unreadable body, neither or both of "ids" and "all", '
                    f"more than {IDS_MAX} ids or one that is not a positive "
                    "integer.",
                    401: UNAUTHENTICATED,
                    403: CSRF,
                    415: NOT_JSON_BODY,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest) -> Response:
        data = request.data
        if not isinstance(data, Mapping):
            raise ValidationError({"detail": SEND_AN_OBJECT})
        if ("ids" in data) == ("all" in data):
            raise ValidationError({"detail": _IDS_OR_ALL})
        ids: list[int] | None = None
        if "ids" in data:
            read_ids = NoticesReadIdsSerializer(data=data)
            read_ids.is_valid(raise_exception=True)
            ids = read_ids.validated_data["ids"]
        else:
            NoticesReadAllSerializer(data=data).is_valid(raise_exception=True)
        marked = notifications_read(user=request.user, ids=ids)
        return Response(
            {"marked": marked, "unread": unread_count(user_id=request.user.pk)}
        )


def _notices_body(
    request: Request, user: User, notices: list[Notification]
) -> list[dict[str, Any]]:
    """Return `notices` as NoticeSerializer's shape, texts in `user`'s language."""
    with translation.override(user.language):
        return [
            {
                "id": notice.id,
                "kind": notice.kind,
                "title": texts.title(notice),
                "text": texts.line(notice),
                "match": notice.match_id,
                "url": _board_url(request, notice.match_id),
                "created": notice.created_at,
                "read": notice.read_at is not None,
            }
            for notice in notices
        ]


def _board_url(request: Request, match_id: int | None) -> str | None:
    if match_id is None:
        return None
    path = reverse("games:match_detail", kwargs={"match_id": match_id})
    return request.build_absolute_uri(path)
