"""The JSON API's endpoints: each calls one service or selector (thin)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games import services
from games.models import Match, Seat
from games.parsers import JSONParser
from games.rules.registry import ROBOTS_BY_SLUG, RULES_BY_SLUG

from .bodies import match_body, match_summary, option_body
from .serializers import (
    ErrorSerializer,
    GameSerializer,
    MatchCreateSerializer,
    MatchListQuerySerializer,
    MatchSerializer,
    MoveSubmitSerializer,
    RobotAddSerializer,
    SeatSerializer,
)


class AuthedRequest(Request):
    """A request to a view behind the default `IsAuthenticated` permission."""

    user: User


# What each error status means, for the schema: every error body is
# ErrorSerializer's `{"detail": str}`.
_UNAUTHENTICATED = "No valid `Authorization: Token <key>` header (or session)."
_CSRF = "Logged in by session cookie without a valid CSRF token."
_NOT_JSON_BODY = "The body is not `application/json`."
_NO_MATCH = "There is no such match."
_NOT_SEATED = (
    "You have no seat at this match (or logged in by session without CSRF token)."
)

# Bodies of JSON objects (a move, options): a form cannot write them the way
# the schema shows, so these views read JSON only.
_JSON_ONLY = [JSONParser]


def _errors(descriptions: Mapping[int, str]) -> dict[int, OpenApiResponse]:
    """Return drf-spectacular responses: ErrorSerializer for each status."""
    return {
        code: OpenApiResponse(ErrorSerializer, description=text)
        for code, text in descriptions.items()
    }


class GameListView(APIView):
    """The games, their seat ranges, options and robots."""

    permission_classes: list[Any] = []

    @extend_schema(
        responses={
            200: GameSerializer(many=True),
            **_errors(
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
                    "name": rules.info.name,
                    "min_seats": rules.info.min_seats,
                    "max_seats": rules.info.max_seats,
                    "options": [option_body(o) for o in rules.info.options],
                    "robots": list(ROBOTS_BY_SLUG[slug]),
                }
                for slug, rules in RULES_BY_SLUG.items()
            ]
        )


class MatchListView(APIView):
    """List matches (filter by `status` and `game`) or create one.

    Others' private matches are not listed (they are joined by their id).
    """

    parser_classes = _JSON_ONLY

    @extend_schema(
        parameters=[MatchListQuerySerializer],
        responses={
            200: inline_serializer(
                "MatchSummary",
                {
                    "id": serializers.IntegerField(),
                    "game": serializers.CharField(),
                    "status": serializers.ChoiceField(
                        choices=[s.value for s in Match.Status]
                    ),
                    "version": serializers.IntegerField(),
                    "options": serializers.DictField(),
                    "seats": SeatSerializer(many=True),
                },
                many=True,
            ),
            **_errors(
                {
                    400: "A filter has an unknown value (`detail` names it).",
                    401: _UNAUTHENTICATED,
                }
            ),
        },
    )
    def get(self, request: AuthedRequest) -> Response:
        filters = MatchListQuerySerializer(data=request.query_params)
        filters.is_valid(raise_exception=True)
        mine = Exists(Seat.objects.filter(match=OuterRef("pk"), user=request.user))
        matches: QuerySet[Match] = (
            Match.objects.filter(Q(private=False) | mine)
            .prefetch_related("seats__user")
            .order_by("-created_at")
        )
        if status_filter := filters.validated_data.get("status"):
            matches = matches.filter(status=status_filter)
        if game := filters.validated_data.get("game"):
            matches = matches.filter(game_slug=game)
        if filters.validated_data.get("mine"):
            matches = matches.filter(seats__user=request.user)
        return Response([match_summary(match) for match in matches[:100]])

    @extend_schema(
        request=MatchCreateSerializer,
        responses={
            201: MatchSerializer,
            **_errors(
                {
                    400: "Unreadable body, or settings the game refuses "
                    "(seat count outside its range, unknown options), an "
                    "unknown time control preset or a custom one out of bounds.",
                    401: _UNAUTHENTICATED,
                    403: _CSRF,
                    415: _NOT_JSON_BODY,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest) -> Response:
        data = _valid(MatchCreateSerializer, request)
        match = services.match_create(
            user=request.user,
            game_slug=data["game"],
            seats=data["seats"],
            options=data["options"],
            time_control=data["time_control"],
            private=data["private"],
        )
        return Response(match_body(match, request.user), status=status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    """One match as the caller's seat (or a spectator) sees it."""

    @extend_schema(
        responses={
            200: MatchSerializer,
            **_errors({401: _UNAUTHENTICATED, 404: _NO_MATCH}),
        }
    )
    def get(self, request: AuthedRequest, match_id: int) -> Response:
        return Response(match_body(_match(match_id), request.user))


class MatchJoinView(APIView):
    """Take the first free seat."""

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "The match is not open, has no free seat, you "
                    "already sit there, or it is untimed and not private "
                    "(robots only).",
                    401: _UNAUTHENTICATED,
                    403: _CSRF,
                    404: _NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_claim(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MatchRobotView(APIView):
    """Put a robot (optionally named) on the first free seat."""

    parser_classes = _JSON_ONLY

    @extend_schema(
        request=RobotAddSerializer,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "Unreadable body, an unknown robot, or the match is "
                    "not open or has no free seat.",
                    401: _UNAUTHENTICATED,
                    403: _NOT_SEATED,
                    404: _NO_MATCH,
                    415: _NOT_JSON_BODY,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        data = _valid(RobotAddSerializer, request)
        services.seat_robot_add(
            match_id=_match(match_id).id, user=request.user, robot=data["robot"]
        )
        return Response(match_body(_match(match_id), request.user))


class MatchAutoplayView(APIView):
    """Let the system finish the match for your seat.

    Allowed while `autoplay_offered`, and after declining
    (`autoplay_declined`).
    """

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "The match is not running, the rules do not offer "
                    "it to you now (or not yet: the winners are asked "
                    "first), or it is on already.",
                    401: _UNAUTHENTICATED,
                    403: _NOT_SEATED,
                    404: _NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_autoplay_start(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MatchAutoplayDeclineView(APIView):
    """Answer "no, I'll play on" to the offer to finish automatically.

    Allowed while `autoplay_offered`; afterwards `autoplay_declined` is true
    and POST autoplay/ still accepts. In a decided Race the winners are
    asked first, the others once every winner has answered.
    """

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "The match is not running, the offer has not come "
                    "to you (yet), or you answered it already.",
                    401: _UNAUTHENTICATED,
                    403: _NOT_SEATED,
                    404: _NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_autoplay_decline(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MatchBackView(APIView):
    """Say "I'm back" after your clock ran out and the robot played for you.

    Moving does the same. Clears your seat's timeout mark (three timeouts in
    a row hand the seat to the robot for good).
    """

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "The match is not running, you have not timed out, or "
                    "you have left the match.",
                    401: _UNAUTHENTICATED,
                    403: _NOT_SEATED,
                    404: _NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_back(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MatchTakeBackView(APIView):
    """Play your seat yourself again instead of its robot stand-in."""

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "The match is not running, or no robot stands in for you.",
                    401: _UNAUTHENTICATED,
                    403: _NOT_SEATED,
                    404: _NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_take_back(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MatchResignView(APIView):
    """Resign from a running match.

    With one opponent (or alone against the game) the match ends now and
    you rank last; at a bigger table a robot plays your seat to the end and
    you are ranked last when the match ends. Your seat's `left` is then
    "resigned", and it cannot be taken back.
    """

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "The match is not running, or you have left it already.",
                    401: _UNAUTHENTICATED,
                    403: _NOT_SEATED,
                    404: _NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.match_resign(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MatchCancelView(APIView):
    """Propose to cancel a running match, or agree to the standing proposal.

    Every seated person who has not left must agree (`cancel_agreed` lists
    who has); the last agreement aborts the match, without a winner. A move
    ends the proposal.
    """

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "The match is not running, you have left it, or "
                    "you have agreed already.",
                    401: _UNAUTHENTICATED,
                    403: _NOT_SEATED,
                    404: _NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.match_cancel_agree(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MoveSubmitView(APIView):
    """Play a move made against `version`.

    A move made against an older version is still played when your seat
    has been waiting to move since then (other seats moved meanwhile) and
    the move is still legal; otherwise 409.
    """

    parser_classes = _JSON_ONLY

    @extend_schema(
        request=MoveSubmitSerializer,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "Unreadable body, an illegal move (the rules' "
                    "reason), or the match is not running.",
                    401: _UNAUTHENTICATED,
                    403: "You have no seat here, your seat is not to move, "
                    "or a robot stands in for you (or logged in by session "
                    "without CSRF token).",
                    404: _NO_MATCH,
                    409: "The match has moved on and the move is no longer "
                    "possible: GET the match again.",
                    415: _NOT_JSON_BODY,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        data = _valid(MoveSubmitSerializer, request)
        match = services.move_submit(
            match_id=_match(match_id).id,
            user=request.user,
            move_data=data["move"],
            expected_version=data["version"],
        )
        return Response(match_body(match, request.user))


_SEND_AN_OBJECT = _("Send a JSON object.")


def _valid(
    serializer_class: type[serializers.Serializer[Any]], request: Request
) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise ValidationError({"detail": _SEND_AN_OBJECT})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _match(match_id: int) -> Match:
    try:
        return Match.objects.get(id=match_id)
    except Match.DoesNotExist:
        raise Http404 from None
