"""A person's public profile: `GET /api/players/{name}/` (issue 23).

The same reads as the profile page (`games.selectors.profiles`), open to
callers without a token (a profile is public). Private matches are listed
only to a caller seated there.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games.api.bodies import match_summary
from games.api.serializers.players import PlayerSerializer
from games.models import Match
from games.selectors.profiles import Profile, player_by_name, player_profile

from .base import error_responses

NO_PLAYER = "Nobody goes by this name, or the account was deactivated."


class PlayerDetailView(APIView):
    """A person's record per game, ratings, matches and reliability."""

    permission_classes: list[Any] = []

    @extend_schema(
        responses={
            200: PlayerSerializer,
            **error_responses(
                {
                    401: "An `Authorization` header with an unknown token.",
                    404: NO_PLAYER,
                    429: "Too many requests without a token: wait (Retry-After).",
                }
            ),
        }
    )
    def get(self, request: Request, name: str) -> Response:
        try:
            person = player_by_name(name=name)
        except User.DoesNotExist:
            raise Http404 from None
        return Response(
            _player_body(player_profile(person=person, viewer=request.user))
        )


def _player_body(profile: Profile) -> dict[str, Any]:
    """Return the profile as PlayerSerializer's JSON shape (times in UTC)."""
    reliability = profile.reliability
    return {
        "name": profile.person.name,
        "member_since": profile.member_since,
        "games": [
            {
                "game": record.slug,
                "name": record.name,
                "played": record.played,
                "won": record.won,
                "rating": (
                    None
                    if record.rating is None
                    else {
                        "value": record.rating.value,
                        "uncertainty": record.rating.uncertainty,
                        "matches": record.rating.matches,
                        "provisional": record.rating.provisional,
                    }
                ),
                "start": record.start,
                "history": [
                    {"match": p.match_id, "at": p.at, "rating": p.value}
                    for p in record.history
                ],
            }
            for record in profile.games
        ],
        "current": [_match_body(match) for match in profile.current],
        "recent": [_match_body(match) for match in profile.recent],
        "reliability": {
            "days": reliability.days,
            "median_seconds": reliability.median_seconds,
            "moves": reliability.moves,
            "timeouts": reliability.timeouts,
            "matches_left": reliability.matches_left,
            "left_by_reason": reliability.left_by_reason,
        },
    }


def _match_body(match: Match) -> dict[str, Any]:
    return {**match_summary(match), "finished_at": match.finished_at}
