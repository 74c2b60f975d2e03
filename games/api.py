"""The JSON API for bots and other clients (Django REST framework).

Thin like the HTML views: each endpoint calls one service or selector. A
match body carries `view` and `legal_moves` exactly as the engine gives them
for the caller's seat, never more. Every error answers `{"detail": str}`
(ErrorSerializer) with a status the schema documents for its endpoint; no
input produces a 500.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import (
    RequestDataTooBig,
    TooManyFieldsSent,
    TooManyFilesSent,
)
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, JsonResponse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from accounts.exceptions import REQUEST_TOO_LARGE
from accounts.models import User
from games import exceptions, selectors, services
from games.models import Match, Seat
from games.parsers import JSONParser
from games.rules import Message, OptionInfo
from games.rules.registry import ROBOTS_BY_SLUG, RULES_BY_SLUG
from games.text import message_text


class AuthedRequest(Request):
    """A request to a view behind the default `IsAuthenticated` permission."""

    user: User


# ---------------------------------------------------------------------------
# Serializers


class ErrorSerializer(serializers.Serializer[Any]):
    """The body of every error answer of the API: `{"detail": str}`."""

    detail = serializers.CharField(
        help_text="Why the request was refused, in the caller's language."
    )


class _StrictIntegerField(serializers.IntegerField):
    """An integer that must be a JSON number, as the schema says ("3" is not)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class _StrictCharField(serializers.CharField):
    """A string that must be a JSON string, as the schema says (3 is not)."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "enum": ["true", "1", "false", "0", ""]})
class _QueryFlagField(serializers.BooleanField):
    """A yes/no query parameter: `true` or `1`, `false` or `0` (or empty)."""

    TRUE_VALUES = {"true", "1"}
    # False: DRF's own value for an absent parameter.
    FALSE_VALUES = {"false", "0", False}


class GameSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    options = serializers.ListField(child=serializers.DictField())
    robots = serializers.ListField(child=serializers.CharField())


class MatchCreateSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=sorted(RULES_BY_SLUG))
    # The range of all games together; each game refuses counts outside its
    # own min_seats..max_seats with a 400 naming the reason.
    seats = _StrictIntegerField(
        min_value=min(rules.info.min_seats for rules in RULES_BY_SLUG.values()),
        max_value=max(rules.info.max_seats for rules in RULES_BY_SLUG.values()),
        help_text="Within the game's min_seats..max_seats (GET /api/games/); "
        "other counts are refused with 400.",
    )
    options = serializers.DictField(required=False, default=dict)


class RobotAddSerializer(serializers.Serializer[Any]):
    robot = _StrictCharField(required=False, default="", allow_blank=True)


class MoveSubmitSerializer(serializers.Serializer[Any]):
    version = _StrictIntegerField(min_value=0)
    move = serializers.DictField()


class MatchListQuerySerializer(serializers.Serializer[Any]):
    """The filters of GET /api/matches/: an unknown value is a 400 naming it."""

    status = serializers.ChoiceField(
        choices=[s.value for s in Match.Status], required=False, allow_blank=True
    )
    game = serializers.ChoiceField(
        choices=sorted(RULES_BY_SLUG), required=False, allow_blank=True
    )
    # Absent or empty: false.
    mine = _QueryFlagField(
        required=False, help_text="Only matches where you have a seat."
    )


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
    status = serializers.ChoiceField(choices=[s.value for s in Match.Status])
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
    """Return the API's JSON body of `match` as seen by `user`.

    Loads the seats with their players once (unless already loaded by
    `selectors.match_for_viewer`), parses the state once and reads no log.
    """
    if "seats" not in getattr(match, "_prefetched_objects_cache", {}):
        selectors.seats_load(match)
    seat = selectors.viewer_seat(match, user)
    board = selectors.board_context(match=match, seat=seat, with_log=False)
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
    """Return the match's id, game, status, version, options and seats.

    Reads `match.seats.all()`: prefetch the seats with their players
    (`selectors.seats_prefetch`) when summarising many matches.
    """
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
            for s in sorted(match.seats.all(), key=lambda s: s.position)
        ],
    }


# ---------------------------------------------------------------------------
# Views

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
        matches: QuerySet[Match] = Match.objects.prefetch_related(
            "seats__user"
        ).order_by("-created_at")
        if status_filter := filters.validated_data.get("status"):
            matches = matches.filter(status=status_filter)
        if game := filters.validated_data.get("game"):
            matches = matches.filter(game_slug=game)
        if filters.validated_data.get("mine"):
            matches = matches.filter(seats__user=request.user)
        return Response([_match_summary(match) for match in matches[:100]])

    @extend_schema(
        request=MatchCreateSerializer,
        responses={
            201: MatchSerializer,
            **_errors(
                {
                    400: "Unreadable body, or settings the game refuses "
                    "(seat count outside its range, unknown options).",
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
                    400: "The match is not open, has no free seat, or you "
                    "already sit there.",
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
    """Let the system finish the match for your seat, when `autoplay_offered`."""

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **_errors(
                {
                    400: "The match is not running, the rules do not offer "
                    "it now, or it is on already.",
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


# ---------------------------------------------------------------------------
# Errors


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Answer every API error with `{"detail": str}` (ErrorSerializer).

    The services' refusals map to 400/403/409, a body over Django's upload
    limits to 400; DRF's own errors keep their
    status, and validation errors become one `detail` naming each field
    (`seats: Ensure this value is ...`). Returns None for anything else,
    which DRF re-raises.
    """
    if isinstance(exc, RequestDataTooBig | TooManyFieldsSent | TooManyFilesSent):
        # Django's own answer would be an HTML page.
        return Response(
            {"detail": str(REQUEST_TOO_LARGE)}, status=status.HTTP_400_BAD_REQUEST
        )
    if isinstance(exc, exceptions.MatchError):
        code: int = status.HTTP_400_BAD_REQUEST
        if isinstance(exc, exceptions.StaleMatch):
            code = status.HTTP_409_CONFLICT
        elif isinstance(exc, exceptions.NotSeated | exceptions.NotYourTurn):
            code = status.HTTP_403_FORBIDDEN
        return Response({"detail": str(exc.message)}, status=code)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, ValidationError):
        response.data = {"detail": _error_text(exc.detail)}
    return response


def _error_text(detail: Any, field: str = "") -> str:
    """Return DRF's validation messages as one line, each after its field."""
    if isinstance(detail, dict):
        return " ".join(
            _error_text(value, _field_path(field, str(key)))
            for key, value in detail.items()
        )
    if isinstance(detail, list):
        return " ".join(_error_text(item, field) for item in detail)
    return f"{field}: {detail}" if field else str(detail)


def _field_path(field: str, key: str) -> str:
    if key in ("non_field_errors", "detail"):
        return field
    return f"{field}.{key}" if field else key


@csrf_exempt
def not_found(request: HttpRequest) -> JsonResponse:
    """Answer any unknown path under /api/ with a JSON 404 `{"detail": ...}`.

    CSRF-exempt like the API's views: a token client sends no CSRF token,
    and this changes nothing.
    """
    return JsonResponse(
        {"detail": gettext("There is no such API endpoint.")}, status=404
    )


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
