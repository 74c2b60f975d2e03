"""Playing a move: POST /api/matches/<id>/moves/.

`MoveSubmitView` plays a move made against a version of the match through
`services.move_submit`, and answers with the match after it (409 when the
match has moved on and the move is no longer possible).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from games import exceptions, services
from games.api.bodies import match_body
from games.api.serializers import MatchSerializer, MoveSubmitSerializer

from .base import (
    JSON_ONLY,
    NO_MATCH,
    NOT_JSON_BODY,
    UNAUTHENTICATED,
    AuthedRequest,
    body_valid,
    error_responses,
    match_or_404,
)


class MoveSubmitView(APIView):
    """Play a move made against `version`.

    A move made against an older version is still played when your seat
    has been waiting to move since then (other seats moved meanwhile) and
    the move is still legal; otherwise 409.
    """

    parser_classes = JSON_ONLY

    @extend_schema(
        request=MoveSubmitSerializer,
        responses={
            200: MatchSerializer,
            **error_responses(
                {
                    400: "Unreadable body.",
                    401: UNAUTHENTICATED,
                    403: "You have no seat here, your seat is not to move, "
                    "or a robot stands in for you (or logged in by session "
                    "without CSRF token).",
                    404: NO_MATCH,
                    409: "The match has moved on and the move is no longer "
                    "possible (GET the match again), the move is not legal "
                    "now or not one of this match's game (the rules' reason), "
                    "or the match is not running.",
                    415: NOT_JSON_BODY,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        data = body_valid(MoveSubmitSerializer, request)
        try:
            match = services.move_submit(
                match_id=match_id,
                user=request.user,
                move_data=data["move"],
                expected_version=data["version"],
            )
        except exceptions.MatchError:
            # A match the caller may not see is no match (404), whatever
            # the refusal. Asked only then: a move played was the caller's
            # seat's, and a seated person sees the match (one read saved).
            match_or_404(match_id, request)
            raise
        return Response(match_body(match, request.user))
