"""Chat by the API: `GET`/`POST /api/matches/{id}/chat/` and `/api/chat/` (issue 24).

`GET` reads one page of the lines the caller may read (games.chat.selectors:
hidden lines and the lines of people the caller muted or blocked left out),
newest page first, each page oldest line first; `?before=<id>` pages back.
`POST` writes a line through games.chat.services.chat_post: the people
seated there only. A match the caller may not see answers 404 as for no
match (games.selectors.access), a spectator of a match whose chat is for
its players 403. `/api/chat/` is the lobby's chat, the same shapes, paging
and refusals: every signed-in person reads and writes it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.errors import refusal_response
from games.api.serializers import (
    InviteField,
    QueryIntegerField,
    QuerySerializer,
    StrictCharField,
)
from games.chat import selectors as chat_selectors
from games.chat import services as chat_services
from games.chat.selectors import ChatEntry
from games.exceptions import NOT_SEATED
from games.models import CHAT_LINE_MAX, Match

from .base import (
    CSRF,
    JSON_ONLY,
    NO_MATCH,
    NOT_JSON_BODY,
    UNAUTHENTICATED,
    AuthedRequest,
    body_valid,
    error_responses,
    match_or_404,
)

UNKNOWN_CHAT_PARAMETER = _(
    "Unknown query parameter: this address takes only before and invite."
)
UNKNOWN_LOBBY_CHAT_PARAMETER = _(
    "Unknown query parameter: this address takes only before."
)


class ChatLineSerializer(serializers.Serializer[Any]):
    """One chat line: plain text, to be escaped where shown."""

    id = serializers.IntegerField()
    author = serializers.CharField(help_text="The writer's public name.")
    text = serializers.CharField(help_text="Plain text as written; escape it.")
    at = serializers.DateTimeField(help_text="When it was written (UTC).")
    links = serializers.BooleanField(
        help_text="Whether its links may be made clickable (the writer's "
        "account is older than a day)."
    )


class ChatPageSerializer(serializers.Serializer[Any]):
    """A page of chat lines, oldest first."""

    lines = ChatLineSerializer(many=True)
    older = serializers.IntegerField(
        allow_null=True,
        help_text="Pass as `before` for the page before this one; null at the start.",
    )


class ChatQuerySerializer(QuerySerializer):
    """The query of GET /api/matches/<id>/chat/."""

    before = QueryIntegerField(
        required=False,
        min_value=1,
        help_text="Only lines older than the line with this id.",
    )
    invite = InviteField(
        help_text="The invitation secret of a private match: needed to read "
        "it without a seat.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if set(self.initial_data) - set(self.fields):
            raise serializers.ValidationError(UNKNOWN_CHAT_PARAMETER)
        return super().validate(attrs)


class LobbyChatQuerySerializer(QuerySerializer):
    """The query of GET /api/chat/."""

    before = QueryIntegerField(
        required=False,
        min_value=1,
        help_text="Only lines older than the line with this id.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if set(self.initial_data) - set(self.fields):
            raise serializers.ValidationError(UNKNOWN_LOBBY_CHAT_PARAMETER)
        return super().validate(attrs)


@extend_schema_field(
    {
        "type": "string",
        "minLength": 1,
        "maxLength": CHAT_LINE_MAX,
        # Something besides spaces and control characters (chat_text_clean).
        "pattern": r"[^\s\x00-\x1f\x7f-\x9f]",
    }
)
class ChatTextField(StrictCharField):
    """A chat line's text: something to read, at most 500 characters."""


class ChatPostSerializer(serializers.Serializer[Any]):
    """A chat line to write: plain text, at most 500 characters."""

    text = ChatTextField(
        max_length=CHAT_LINE_MAX,
        trim_whitespace=False,
        help_text="Plain text; newlines and control characters become spaces.",
    )


def _line_body(line: ChatEntry) -> dict[str, Any]:
    return {
        "id": line.id,
        "author": line.author,
        "text": line.text,
        "at": line.at,
        "links": line.links,
    }


# The refusals a posted line meets at both doors (the 403's wording differs).
_POST_REFUSALS = {
    400: "An empty line, one over 500 characters, or an unreadable body.",
    401: UNAUTHENTICATED,
    415: NOT_JSON_BODY,
    429: "Too many lines in a short time: wait a few seconds.",
    503: "The rate limits' store is down: try again shortly.",
}


class MatchChatView(APIView):
    """A match's chat: read it (seated, or as a spectator when the match lets
    spectators read) and write to it (seated only)."""

    parser_classes = JSON_ONLY

    @extend_schema(
        parameters=[ChatQuerySerializer],
        responses={
            200: ChatPageSerializer,
            **error_responses(
                {
                    400: "An unreadable query parameter.",
                    401: UNAUTHENTICATED,
                    403: "This match's chat is for its players only.",
                    404: NO_MATCH,
                }
            ),
        },
    )
    def get(self, request: AuthedRequest, match_id: int) -> Response:
        query = ChatQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        match = match_or_404(match_id, request, query.validated_data.get("invite", ""))
        if not chat_selectors.chat_readable(match=match, user=request.user):
            return refusal_response(NOT_SEATED, 403)
        page = chat_selectors.chat_page(
            match=match,
            viewer=request.user,
            before=query.validated_data.get("before"),
        )
        return _page_response(page)

    @extend_schema(
        request=ChatPostSerializer,
        responses={
            201: ChatLineSerializer,
            **error_responses(
                {
                    **_POST_REFUSALS,
                    403: "You have no seat at this match, you may not chat "
                    "now (muted or suspended), or " + CSRF,
                    404: NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        data = body_valid(ChatPostSerializer, request)
        match = match_or_404(match_id, request)
        return _post_response(request, match, data["text"])


class LobbyChatView(APIView):
    """The lobby's chat: every signed-in person reads and writes it."""

    parser_classes = JSON_ONLY

    @extend_schema(
        parameters=[LobbyChatQuerySerializer],
        responses={
            200: ChatPageSerializer,
            **error_responses(
                {400: "An unreadable query parameter.", 401: UNAUTHENTICATED}
            ),
        },
    )
    def get(self, request: AuthedRequest) -> Response:
        query = LobbyChatQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = chat_selectors.chat_page(
            match=None,
            viewer=request.user,
            before=query.validated_data.get("before"),
        )
        return _page_response(page)

    @extend_schema(
        request=ChatPostSerializer,
        responses={
            201: ChatLineSerializer,
            **error_responses(
                {
                    **_POST_REFUSALS,
                    403: "You may not chat now (muted or suspended), or " + CSRF,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest) -> Response:
        data = body_valid(ChatPostSerializer, request)
        return _post_response(request, None, data["text"])


def _page_response(page: chat_selectors.ChatPage) -> Response:
    return Response(
        {"lines": [_line_body(line) for line in page.lines], "older": page.older}
    )


def _post_response(request: AuthedRequest, match: Match | None, text: str) -> Response:
    """Write `text` at `match` (None: the lobby) as the caller; 201 with the line."""
    line = chat_services.chat_post(user=request.user, match=match, text=text)
    entry = ChatEntry(
        id=line.id,
        author=request.user.name,
        text=line.text,
        at=line.created_at,
        links=chat_selectors.links_allowed(request.user, line.created_at),
    )
    return Response(_line_body(entry), status=201)
