"""The query and the body of GET /api/games/{slug}/rankings/ (issue 23, Rankings)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from .fields import QueryFlagField
from .queries import QuerySerializer

RATING_HELP = (
    "The shown rating: round(1000 + 20 * (mu - 3 * sigma)) of the player's "
    "OpenSkill (Plackett-Luce) rating; a newcomer has 1000."
)


class RankingsQuerySerializer(QuerySerializer):
    """`page` (1-based; past the last: the last) and `all`."""

    page = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=1_000_000,
        help_text="The page, 1-based, 25 players a page; past the last page "
        "the last is answered. Default 1.",
    )
    all = QueryFlagField(
        required=False,
        help_text="Also players who finished no rated match of the game in "
        "the last 90 days. Default false.",
    )


class RankingRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField(
        help_text="1 = best; players with equal ratings share a rank."
    )
    player = serializers.CharField(help_text="The player's public name.")
    rating = serializers.IntegerField(help_text=RATING_HELP)
    uncertainty = serializers.IntegerField(
        help_text="The rating's uncertainty in rating points: round(20 * sigma)."
    )
    provisional = serializers.BooleanField(
        help_text="Fewer than 10 rated matches of the game played."
    )
    matches = serializers.IntegerField(help_text="Rated matches of the game played.")
    last_played = serializers.DateTimeField(
        help_text="When the player's last rated match of the game finished "
        "(ISO 8601, UTC)."
    )
    you = serializers.BooleanField(help_text="This row is the caller's.")


class RankingPositionSerializer(serializers.Serializer[Any]):
    page = serializers.IntegerField(help_text="The page that holds the caller's row.")
    position = serializers.IntegerField(
        help_text="The caller's row in the listing, 1-based."
    )
    all = serializers.BooleanField(
        help_text="The row is in the listing of all players (`all=1`): the "
        "caller has not played a rated match in the last 90 days."
    )


class RankingsSerializer(serializers.Serializer[Any]):
    game = serializers.CharField()
    all = serializers.BooleanField(
        help_text="Players not active lately are listed too."
    )
    page = serializers.IntegerField(help_text="This page, 1-based.")
    pages = serializers.IntegerField(help_text="The number of pages (at least 1).")
    total = serializers.IntegerField(help_text="The players listed on all pages.")
    results = RankingRowSerializer(many=True)
    you = RankingPositionSerializer(
        allow_null=True,
        help_text="Where the caller's own row is; null when anonymous or "
        "not rated in the game.",
    )
