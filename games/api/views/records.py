"""Records of ended matches and the caller's history (issue 23).

`MatchRecordView` (GET /api/matches/<id>/record/): the record of an ended
match, as the page's download gives it (`selectors.records.match_record`);
409 while the match is open or runs, 404 for a private match the caller
may not see. `HistoryView` (GET /api/me/history/): the caller's ended
matches, the latest first, paged by `limit` and `offset` like the notices
(`count`, `next`, `previous`, `results`).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.errors import refusal_response
from games.api.paging import page_links
from games.api.serializers import (
    MatchDetailQuerySerializer,
    QueryIntegerField,
    QuerySerializer,
)
from games.models import Match, Seat
from games.selectors import records

from .base import (
    NO_MATCH,
    UNAUTHENTICATED,
    AuthedRequest,
    error_responses,
    match_or_404,
)

# Matches in one page of the history: the default and the most one may ask.
LIMIT_DEFAULT = 50
LIMIT_MAX = 200
# Bounds the OFFSET a database is given; far beyond anybody's matches.
OFFSET_MAX = 10_000_000

_TIME = "ISO 8601, UTC; null when it has not happened."


class RecordSeatSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField(help_text="The seat, 0-based.")
    player = serializers.CharField(
        allow_null=True, help_text="The person's name; null for a robot's seat."
    )
    robot = serializers.CharField(
        allow_null=True,
        help_text="The robot that plays (or stood in for) the seat; null for none.",
    )
    controller = serializers.ChoiceField(
        choices=[c.value for c in Seat.Controller],
        help_text="Who played the seat at the end: its person, a robot, or a "
        "robot standing in for its person.",
    )
    client_seed = serializers.CharField(
        help_text="What the seat contributed to the match's randomness "
        "(provably fair randomness; README)."
    )


class RecordMoveSerializer(serializers.Serializer[Any]):
    seq = serializers.IntegerField(help_text="The match version the move produced.")
    seat = serializers.IntegerField()
    move = serializers.DictField(help_text="The move as the game's API takes it.")
    events = serializers.ListField(
        child=serializers.DictField(),
        help_text="What the move did, as the engine reported it (every seat's "
        "view: the match is over).",
    )
    rules_version = serializers.CharField(
        help_text="The game's rules version the move was played under."
    )
    played_at = serializers.DateTimeField(help_text="ISO 8601, UTC.")


class MatchRecordSerializer(serializers.Serializer[Any]):
    """Everything needed to replay an ended match (issue 23)."""

    id = serializers.IntegerField()
    game = serializers.CharField()
    rules_version = serializers.CharField(
        help_text="The rules version the final state is stored under."
    )
    options = serializers.DictField()
    # All the statuses, as in the match body (one enum in the schema); a
    # record is only ever of an ended match: finished, cancelled, aborted.
    status = serializers.ChoiceField(choices=[s.value for s in Match.Status])
    created_at = serializers.DateTimeField(help_text="ISO 8601, UTC.")
    started_at = serializers.DateTimeField(allow_null=True, help_text=_TIME)
    finished_at = serializers.DateTimeField(allow_null=True, help_text=_TIME)
    seats = RecordSeatSerializer(many=True)
    moves = RecordMoveSerializer(many=True, help_text="In `seq` order.")
    outcome = serializers.DictField(
        allow_null=True,
        help_text="`{ranks, reason, scores}`; null for a cancelled or aborted match.",
    )
    state = serializers.DictField(
        allow_null=True,
        help_text="The final engine state (null for a match that never started).",
    )
    seed_commitment = serializers.CharField(
        help_text="Hex SHA-256 of the server seed's bytes, published at creation; "
        '"" for a match made before provably fair randomness.'
    )
    server_seed = serializers.CharField(
        help_text="The server seed in hex, revealed at the end (README, "
        '"Provably fair randomness").'
    )
    client_seeds = serializers.ListField(
        child=serializers.CharField(),
        help_text="The seats' client seeds, in seat order.",
    )


class HistoryQuerySerializer(QuerySerializer):
    """The query of GET /api/me/history/: a bad value is a 400 naming it."""

    limit = QueryIntegerField(
        min_value=1,
        max_value=LIMIT_MAX,
        required=False,
        help_text=f"Matches in the answer (default {LIMIT_DEFAULT}).",
    )
    offset = QueryIntegerField(
        min_value=0,
        max_value=OFFSET_MAX,
        required=False,
        help_text="Later matches to pass over (default 0).",
    )


class HistoryEntrySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    # All the statuses, as in the match body (one enum in the schema); a
    # record is only ever of an ended match: finished, cancelled, aborted.
    status = serializers.ChoiceField(choices=[s.value for s in Match.Status])
    started_at = serializers.DateTimeField(allow_null=True, help_text=_TIME)
    finished_at = serializers.DateTimeField(allow_null=True, help_text=_TIME)
    seats = serializers.IntegerField(help_text="Seats at the match.")
    position = serializers.IntegerField(allow_null=True, help_text="Your seat.")
    rank = serializers.IntegerField(
        allow_null=True, help_text="Your place (1 = first); null without a ranking."
    )
    result = serializers.ChoiceField(
        choices=["won", "shared", "lost", "none"],
        help_text="`shared`: first place with others; `none`: no ranking "
        "(cancelled, aborted).",
    )
    record = serializers.CharField(help_text="The API path of the match's record.")


class HistoryPageSerializer(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="Your ended matches.")
    next = serializers.URLField(allow_null=True, help_text="The next page, or null.")
    previous = serializers.URLField(
        allow_null=True, help_text="The page before, or null."
    )
    results = HistoryEntrySerializer(many=True)


class MatchRecordView(APIView):
    """The record of an ended match: options, seats, moves, outcome, seeds.

    Refused (409) while the match is open or runs: its moves and seeds would
    tell the seats' secrets. A private match needs a seat, staff or its
    invitation secret (`?invite=`), else 404 as for no match.
    """

    @extend_schema(
        operation_id="api_matches_record",
        parameters=[MatchDetailQuerySerializer],
        responses={
            200: MatchRecordSerializer,
            **error_responses(
                {
                    400: "An unknown query parameter, or an `invite` over 64 "
                    "characters.",
                    401: UNAUTHENTICATED,
                    404: NO_MATCH,
                    409: "The match is open or still runs: its record comes "
                    "at the end.",
                }
            ),
        },
    )
    def get(self, request: AuthedRequest, match_id: int) -> Response:
        query = MatchDetailQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        match = match_or_404(match_id, request, query.validated_data["invite"])
        try:
            return Response(records.match_record(match))
        except records.RecordNotReady as error:
            return refusal_response(error.message, status.HTTP_409_CONFLICT)


class HistoryView(APIView):
    """Your ended matches, the latest first: game, dates, your place, the record."""

    @extend_schema(
        operation_id="api_me_history",
        parameters=[HistoryQuerySerializer],
        responses={
            200: HistoryPageSerializer,
            **error_responses(
                {
                    400: "`limit` or `offset` out of range or not a number "
                    "(`detail` names it).",
                    401: UNAUTHENTICATED,
                }
            ),
        },
    )
    def get(self, request: AuthedRequest) -> Response:
        query = HistoryQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        limit = query.validated_data.get("limit", LIMIT_DEFAULT)
        offset = query.validated_data.get("offset", 0)
        user = request.user
        matches = records.history_matches(user=user)
        count = matches.count()
        url = request.build_absolute_uri()
        return Response(
            {
                "count": count,
                **page_links(url, offset=offset, limit=limit, count=count),
                "results": [
                    records.history_entry(match, user)
                    for match in matches[offset : offset + limit]
                ],
            }
        )
