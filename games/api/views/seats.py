"""The seat endpoints: take a seat, add a robot, and who plays your seat.

Join a match, put a robot on a free seat, let the system finish the match
for your seat (autoplay) or decline that offer, say "I'm back" after a
timeout, and take your seat back from its robot stand-in. Each answers with
the match as your seat sees it.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from games import services
from games.api.bodies import match_body
from games.api.serializers import (
    MatchJoinSerializer,
    MatchSerializer,
    RobotAddSerializer,
)

from .base import (
    CSRF,
    JSON_ONLY,
    NO_MATCH,
    NOT_JSON_BODY,
    NOT_SEATED,
    UNAUTHENTICATED,
    AuthedRequest,
    body_valid,
    error_responses,
    match_or_404,
)


class MatchJoinView(APIView):
    """Take the first free seat.

    A private match needs its invitation secret in the body
    (`{"invite": "<secret>"}`, the link's `invite`); without it, it answers
    404 as for no match.
    """

    @extend_schema(
        request=MatchJoinSerializer,
        responses={
            200: MatchSerializer,
            **error_responses(
                {
                    400: "Unreadable body, or a client seed that is not up "
                    "to 64 printable ASCII characters.",
                    409: "The match is not open, has no free seat, you "
                    "already sit there, or it is untimed and not private "
                    "(robots only).",
                    401: UNAUTHENTICATED,
                    403: CSRF,
                    404: NO_MATCH,
                    415: "A body that is neither JSON nor a form.",
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        data = body_valid(MatchJoinSerializer, request)
        invite = data["invite"]
        match = match_or_404(match_id, request, invite)
        services.seat_claim(
            match_id=match.id,
            user=request.user,
            invite=invite,
            client_seed=data["client_seed"],
        )
        return Response(match_body(match_or_404(match_id, request), request.user))


class MatchRobotView(APIView):
    """Put a robot (optionally named) on the first free seat."""

    parser_classes = JSON_ONLY

    @extend_schema(
        request=RobotAddSerializer,
        responses={
            200: MatchSerializer,
            **error_responses(
                {
                    400: "Unreadable body.",
                    409: "The match's game has no such robot, or the match "
                    "is not open or has no free seat.",
                    401: UNAUTHENTICATED,
                    403: NOT_SEATED,
                    404: NO_MATCH,
                    415: NOT_JSON_BODY,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        data = body_valid(RobotAddSerializer, request)
        services.seat_robot_add(
            match_id=match_or_404(match_id, request).id,
            user=request.user,
            robot=data["robot"],
        )
        return Response(match_body(match_or_404(match_id, request), request.user))


class MatchAutoplayView(APIView):
    """Let the system finish the match for your seat.

    Allowed while `autoplay_offered`, and after declining
    (`autoplay_declined`).
    """

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **error_responses(
                {
                    409: "The match is not running, the rules do not offer "
                    "it to you now (or not yet: the winners are asked "
                    "first), or it is on already.",
                    401: UNAUTHENTICATED,
                    403: NOT_SEATED,
                    404: NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_autoplay_start(
            match_id=match_or_404(match_id, request).id, user=request.user
        )
        return Response(match_body(match_or_404(match_id, request), request.user))


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
            **error_responses(
                {
                    409: "The match is not running, the offer has not come "
                    "to you (yet), or you answered it already.",
                    401: UNAUTHENTICATED,
                    403: NOT_SEATED,
                    404: NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_autoplay_decline(
            match_id=match_or_404(match_id, request).id, user=request.user
        )
        return Response(match_body(match_or_404(match_id, request), request.user))


class MatchBackView(APIView):
    """Say "I'm back" after your clock ran out and the robot played for you.

    Moving does the same. Clears your seat's timeout mark (three timeouts in
    a row hand the seat to the robot for good).
    """

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **error_responses(
                {
                    409: "The match is not running, you have not timed out, or "
                    "you have left the match.",
                    401: UNAUTHENTICATED,
                    403: NOT_SEATED,
                    404: NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_back(
            match_id=match_or_404(match_id, request).id, user=request.user
        )
        return Response(match_body(match_or_404(match_id, request), request.user))


class MatchTakeBackView(APIView):
    """Play your seat yourself again instead of its robot stand-in."""

    @extend_schema(
        request=None,
        responses={
            200: MatchSerializer,
            **error_responses(
                {
                    409: "The match is not running, or no robot stands in for you.",
                    401: UNAUTHENTICATED,
                    403: NOT_SEATED,
                    404: NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.seat_take_back(
            match_id=match_or_404(match_id, request).id, user=request.user
        )
        return Response(match_body(match_or_404(match_id, request), request.user))
