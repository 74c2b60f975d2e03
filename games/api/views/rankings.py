"""A game's rankings: GET /api/games/{slug}/rankings/ (issue 23, Rankings).

Open to anonymous callers, as the games list is; reads through
`selectors.rankings_page` (and `rankings_position` for the caller's own
row), a fixed number of queries however many players the game has.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games import selectors
from games.api.serializers import RankingsQuerySerializer, RankingsSerializer
from games.rules import registry

from .base import error_responses


class RankingsView(APIView):
    """One page of a game's rankings, best first."""

    permission_classes: list[Any] = []

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "slug", str, OpenApiParameter.PATH, description="The game's slug."
            ),
            RankingsQuerySerializer,
        ],
        responses={
            200: RankingsSerializer,
            **error_responses(
                {
                    400: "A query parameter is unreadable (`detail` names it).",
                    401: "An `Authorization` header with an unknown token.",
                    404: "There is no such game.",
                    429: "Too many requests without a token: wait (Retry-After).",
                }
            ),
        },
    )
    def get(self, request: Request, slug: str) -> Response:
        if slug not in registry.GAMES:
            raise Http404
        query = RankingsQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        show_all = bool(query.validated_data.get("all"))
        viewer = request.user if isinstance(request.user, User) else None
        page = selectors.rankings_page(
            game_slug=slug,
            page=query.validated_data.get("page") or 1,
            show_all=show_all,
            viewer=viewer,
        )
        position = (
            selectors.rankings_position(game_slug=slug, user=viewer, show_all=show_all)
            if viewer is not None
            else None
        )
        return Response(
            {
                "game": slug,
                "all": page.show_all,
                "page": page.page,
                "pages": page.pages,
                "total": page.total,
                "results": [
                    {
                        "rank": row.rank,
                        "player": row.name,
                        "rating": row.rating,
                        "uncertainty": row.uncertainty,
                        "provisional": row.provisional,
                        "matches": row.matches,
                        "last_played": row.last_played_at.isoformat().replace(
                            "+00:00", "Z"
                        ),
                        "you": row.is_viewer,
                    }
                    for row in page.rows
                ],
                "you": (
                    None
                    if position is None
                    else {
                        "page": position.page,
                        "position": position.position,
                        "all": position.show_all,
                    }
                ),
            }
        )
