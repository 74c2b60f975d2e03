"""The games and the matches: list the games, list or create matches, show one.

`GameListView` (GET /api/games/, open to anonymous callers),
`MatchListView` (GET and POST /api/matches/) and `MatchDetailView`
(GET /api/matches/<id>/).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.api.bodies import match_body, match_summary, option_body
from games.api.serializers import (
    STATUS_HELP,
    TO_MOVE_HELP,
    GameSerializer,
    MatchCreateSerializer,
    MatchDetailQuerySerializer,
    MatchListQuerySerializer,
    MatchSerializer,
    SeatSerializer,
)
from games.models import Match
from games.rules import registry

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


class GameListView(APIView):
    """The games, their seat ranges, options and robots."""

    permission_classes: list[Any] = []

    @extend_schema(
        responses={
            200: GameSerializer(many=True),
            **error_responses(
                {
                    401: "An `Authorization` header with an unknown token.",
                    429: "Too many requests without a token: wait (Retry-After).",
                }
            ),
        }
    )
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "slug": slug,
                    "name": entry.rules.info.name,
                    "min_seats": entry.rules.info.min_seats,
                    "max_seats": entry.rules.info.max_seats,
                    "options": [option_body(o) for o in entry.rules.info.options],
                    "robots": list(entry.robots),
                }
                for slug, entry in registry.GAMES.items()
            ]
        )


class MatchListView(APIView):
    """List matches (filter by `status` and `game`) or create one.

    Others' private matches are never listed: they are found by their
    invitation link only.
    """

    parser_classes = JSON_ONLY

    @extend_schema(
        parameters=[MatchListQuerySerializer],
        responses={
            200: inline_serializer(
                "MatchSummary",
                {
                    "id": serializers.IntegerField(),
                    "game": serializers.CharField(),
                    "status": serializers.ChoiceField(
                        choices=[s.value for s in Match.Status], help_text=STATUS_HELP
                    ),
                    "version": serializers.IntegerField(),
                    "options": serializers.DictField(),
                    "to_move": serializers.ListField(
                        child=serializers.IntegerField(), help_text=TO_MOVE_HELP
                    ),
                    "seats": SeatSerializer(many=True),
                },
                many=True,
            ),
            **error_responses(
                {
                    400: "A filter has an unknown value (`detail` names it).",
                    401: UNAUTHENTICATED,
                }
            ),
        },
    )
    def get(self, request: AuthedRequest) -> Response:
        filters = MatchListQuerySerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        matches = selectors.matches_visible_to(user=request.user)
        if status_filter := filters.validated_data.get("status"):
            matches = matches.filter(status=status_filter)
        if game := filters.validated_data.get("game"):
            matches = matches.filter(game_slug=game)
        if filters.validated_data.get("mine"):
            matches = matches.filter(seats__user=request.user)
        return Response([match_summary(match) for match in matches[:100]])

    @extend_schema(
        # One variant per game (serializers.match_create_schema).
        request=MatchCreateSerializer,
        responses={
            201: MatchSerializer,
            **error_responses(
                {
                    400: "Unreadable body, or settings the game refuses "
                    "(seat count outside its range, unknown options), an "
                    "unknown time control preset or a custom one out of "
                    "bounds: each a body the schema does not allow.",
                    401: UNAUTHENTICATED,
                    403: CSRF,
                    415: NOT_JSON_BODY,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest) -> Response:
        data = body_valid(MatchCreateSerializer, request)
        match = services.match_create(
            user=request.user,
            game_slug=data["game"],
            seats=data["seats"],
            options=data["options"],
            time_control=data["time_control"],
            private=data["private"],
            rated=data["rated"],
            client_seed=data["client_seed"],
        )
        return Response(match_body(match, request.user), status=status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    """One match as the caller's seat (or a spectator) sees it.

    A private match is shown to its seats, staff, and with its invitation
    secret (`?invite=<secret>`); to anyone else it answers 404 as for no match.
    """

    @extend_schema(
        parameters=[MatchDetailQuerySerializer],
        responses={
            200: MatchSerializer,
            **error_responses(
                {
                    400: "An unknown query parameter, or an `invite` over 64 "
                    "characters.",
                    401: UNAUTHENTICATED,
                    404: NO_MATCH,
                }
            ),
        },
    )
    def get(self, request: AuthedRequest, match_id: int) -> Response:
        query = MatchDetailQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        invite = query.validated_data["invite"]
        return Response(
            match_body(match_or_404(match_id, request, invite), request.user)
        )
