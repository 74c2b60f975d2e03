"""The JSON API for bots and other clients (Django REST framework).

Thin like the HTML views: each endpoint calls one service or selector. A
match body carries `view` and `legal_moves` exactly as the engine gives them
for the caller's seat, never more. Refusals map to 400/403/409 with
`detail`; no input produces a 500.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from accounts.models import User
from games import exceptions, selectors, services
from games.models import Match, Seat
from games.rules import Message, OptionInfo
from games.rules.registry import ROBOTS_BY_SLUG, RULES_BY_SLUG
from games.text import message_text


class AuthedRequest(Request):
    """A request to a view behind the default `IsAuthenticated` permission."""

    user: User


# ---------------------------------------------------------------------------
# Serializers


class GameSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    options = serializers.ListField(child=serializers.DictField())
    robots = serializers.ListField(child=serializers.CharField())


class MatchCreateSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=sorted(RULES_BY_SLUG))
    seats = serializers.IntegerField(min_value=1, max_value=16)
    options = serializers.DictField(required=False, default=dict)


class RobotAddSerializer(serializers.Serializer[Any]):
    robot = serializers.CharField(required=False, default="", allow_blank=True)


class MoveSubmitSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField(min_value=0)
    move = serializers.DictField()


class SeatSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    name = serializers.CharField()
    controller = serializers.ChoiceField(
        choices=[c.value for c in Seat.Controller],
        help_text="Who makes the seat's moves: its person, a robot, or a robot "
        "standing in for its person.",
    )
    robot = serializers.CharField(allow_blank=True)
    free = serializers.BooleanField()


class MatchSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    options = serializers.DictField()
    seats = SeatSerializer(many=True)
    to_move = serializers.ListField(child=serializers.IntegerField())
    your_seat = serializers.IntegerField(allow_null=True)
    view = serializers.DictField(allow_null=True)
    legal_moves = serializers.ListField(child=serializers.DictField())
    autoplay = serializers.BooleanField(
        help_text="A robot stands in for your seat (POST take-back/ to play again)."
    )
    autoplay_offered = serializers.BooleanField(
        help_text="The rules offer to let the system finish the match for you "
        "(POST autoplay/)."
    )
    outcome = serializers.DictField(allow_null=True)


def match_body(match: Match, user: User) -> dict[str, Any]:
    """Return the API's JSON body of `match` as seen by `user`."""
    seat = match.seats.filter(user=user).first() if user.is_authenticated else None
    board = selectors.board_context(match=match, seat=seat)
    return {
        **_match_summary(match),
        "to_move": sorted(s.position for s in board.seats if s.to_move),
        "your_seat": board.seat,
        "view": board.view,
        "legal_moves": [move.data for move in board.legal_moves],
        "autoplay": board.autoplay,
        "autoplay_offered": board.autoplay_offered,
        "outcome": board.outcome.to_json() if board.outcome else None,
    }


def _match_summary(match: Match) -> dict[str, Any]:
    return {
        "id": match.id,
        "game": match.game_slug,
        "status": match.status,
        "version": match.version,
        "options": match.options,
        "seats": [
            {
                "position": s.position,
                "name": s.name,
                "controller": s.controller,
                "robot": s.robot,
                "free": s.is_free,
            }
            for s in match.seats.all()
        ],
    }


# ---------------------------------------------------------------------------
# Views


class GameListView(APIView):
    """The games, their seat ranges, options and robots."""

    permission_classes: list[Any] = []

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "slug": slug,
                    "name": rules.info.name,
                    "min_seats": rules.info.min_seats,
                    "max_seats": rules.info.max_seats,
                    "options": [_option_body(o) for o in rules.info.options],
                    "robots": list(ROBOTS_BY_SLUG[slug]),
                }
                for slug, rules in RULES_BY_SLUG.items()
            ]
        )


def _option_body(option: OptionInfo) -> dict[str, Any]:
    body: dict[str, Any] = {
        "key": option.key,
        "label": message_text(Message(option.label)),
        "kind": option.kind,
        "default": option.default,
    }
    if option.kind == "int":
        body.update(min=option.min_value, max=option.max_value)
    if option.kind == "choice":
        body["choices"] = [
            {"value": value, "label": message_text(Message(label))}
            for value, label in option.choices
        ]
    return body


class MatchListView(APIView):
    """List matches (filter by `status` and `game`) or create one."""

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=[s.value for s in Match.Status]),
            OpenApiParameter("game", str, enum=sorted(RULES_BY_SLUG)),
            OpenApiParameter(
                "mine", bool, description="Only matches where you have a seat."
            ),
        ],
        responses=inline_serializer(
            "MatchSummary",
            {
                "id": serializers.IntegerField(),
                "game": serializers.CharField(),
                "status": serializers.CharField(),
                "version": serializers.IntegerField(),
                "options": serializers.DictField(),
                "seats": SeatSerializer(many=True),
            },
            many=True,
        ),
    )
    def get(self, request: AuthedRequest) -> Response:
        matches: QuerySet[Match] = Match.objects.prefetch_related(
            "seats__user"
        ).order_by("-created_at")
        if status_filter := request.query_params.get("status"):
            matches = matches.filter(status=status_filter)
        if game := request.query_params.get("game"):
            matches = matches.filter(game_slug=game)
        if request.query_params.get("mine") in {"1", "true"}:
            matches = matches.filter(seats__user=request.user)
        return Response([_match_summary(match) for match in matches[:100]])

    @extend_schema(request=MatchCreateSerializer, responses={201: MatchSerializer})
    def post(self, request: AuthedRequest) -> Response:
        data = _valid(MatchCreateSerializer, request)
        match = services.match_create(
            user=request.user,
            game_slug=data["game"],
            seats=data["seats"],
            options=data["options"],
        )
        return Response(match_body(match, request.user), status=status.HTTP_201_CREATED)


class MatchDetailView(APIView):
    """One match as the caller's seat (or a spectator) sees it."""

    @extend_schema(responses=MatchSerializer)
    def get(self, request: AuthedRequest, match_id: int) -> Response:
        return Response(match_body(_match(match_id), request.user))


class MatchJoinView(APIView):
    """Take the first free seat."""

    @extend_schema(request=None, responses=MatchSerializer)
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_claim(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MatchRobotView(APIView):
    """Put a robot (optionally named) on the first free seat."""

    @extend_schema(request=RobotAddSerializer, responses=MatchSerializer)
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        data = _valid(RobotAddSerializer, request)
        services.seat_robot_add(
            match_id=_match(match_id).id, user=request.user, robot=data["robot"]
        )
        return Response(match_body(_match(match_id), request.user))


class MatchAutoplayView(APIView):
    """Let the system finish the match for your seat, when `autoplay_offered`."""

    @extend_schema(request=None, responses={200: MatchSerializer, 400: None, 403: None})
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_autoplay_start(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MatchTakeBackView(APIView):
    """Play your seat yourself again instead of its robot stand-in."""

    @extend_schema(request=None, responses={200: MatchSerializer, 400: None, 403: None})
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_take_back(match_id=_match(match_id).id, user=request.user)
        return Response(match_body(_match(match_id), request.user))


class MoveSubmitView(APIView):
    """Play a move made against `version`.

    A move made against an older version is still played when your seat
    has been waiting to move since then (other seats moved meanwhile) and
    the move is still legal; otherwise 409.
    """

    @extend_schema(
        request=MoveSubmitSerializer,
        responses={200: MatchSerializer, 400: None, 403: None, 409: None},
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


# ---------------------------------------------------------------------------
# Errors


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Map the services' refusals to 400/403/409 with `detail`; else DRF's."""
    if isinstance(exc, exceptions.MatchError):
        code: int = status.HTTP_400_BAD_REQUEST
        if isinstance(exc, exceptions.StaleMatch):
            code = status.HTTP_409_CONFLICT
        elif isinstance(exc, exceptions.NotSeated | exceptions.NotYourTurn):
            code = status.HTTP_403_FORBIDDEN
        return Response({"detail": str(exc.message)}, status=code)
    return drf_exception_handler(exc, context)


def _valid(
    serializer_class: type[serializers.Serializer[Any]], request: Request
) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise ValidationError({"detail": "Send a JSON object."})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _match(match_id: int) -> Match:
    try:
        return Match.objects.get(id=match_id)
    except Match.DoesNotExist:
        raise Http404 from None
