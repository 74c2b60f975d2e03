"""Ending a running match early: resign, or agree to cancel it.

`MatchResignView` resigns the caller's seat; `MatchCancelView` proposes
cancelling the match or agrees to the standing proposal. Each answers with
the match as the caller's seat sees it.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from games import services
from games.api.bodies import match_body
from games.api.serializers import MatchSerializer

from .base import (
    NO_MATCH,
    NOT_SEATED,
    UNAUTHENTICATED,
    AuthedRequest,
    error_responses,
    match_or_404,
)


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
            **error_responses(
                {
                    409: "The match is not running, or you have left it already.",
                    401: UNAUTHENTICATED,
                    403: NOT_SEATED,
                    404: NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.match_resign(
            match_id=match_or_404(match_id, request).id, user=request.user
        )
        return Response(match_body(match_or_404(match_id, request), request.user))


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
            **error_responses(
                {
                    409: "The match is not running, you have left it, or "
                    "you have agreed already.",
                    401: UNAUTHENTICATED,
                    403: NOT_SEATED,
                    404: NO_MATCH,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        services.match_cancel_agree(
            match_id=match_or_404(match_id, request).id, user=request.user
        )
        return Response(match_body(match_or_404(match_id, request), request.user))
