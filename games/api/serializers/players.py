"""Response body of `GET /api/players/{name}/`: a person's public profile (issue 23)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import LeaveReason, Match

from .matches import SeatSerializer


class RatingBodySerializer(serializers.Serializer[Any]):
    value = serializers.IntegerField(
        help_text="The displayed rating: round(1000 + 20 * (mu - 3 * sigma))."
    )
    uncertainty = serializers.IntegerField(
        help_text="Plus or minus this much: round(20 * sigma)."
    )
    matches = serializers.IntegerField(help_text="Rated matches played in the game.")
    provisional = serializers.BooleanField(
        help_text="Fewer than 10 rated matches: the rating may still move a lot."
    )


class RatingPointSerializer(serializers.Serializer[Any]):
    match = serializers.IntegerField(help_text="The rated match's id.")
    at = serializers.DateTimeField(help_text="When it was rated (UTC).")
    rating = serializers.IntegerField(help_text="The displayed rating after it.")


class GameRecordSerializer(serializers.Serializer[Any]):
    game = serializers.CharField(help_text="The game's slug.")
    name = serializers.CharField()
    played = serializers.IntegerField(help_text="Finished matches played.")
    won = serializers.IntegerField(
        help_text="Finished matches ranked first (a shared first place counts)."
    )
    rating = RatingBodySerializer(allow_null=True, help_text="null: not rated yet.")
    start = serializers.IntegerField(
        allow_null=True,
        help_text="The displayed rating before the first match of `history` "
        "(null: no rated match).",
    )
    history = RatingPointSerializer(
        many=True,
        help_text="The rating after each of the latest 200 rated matches, "
        "oldest first.",
    )


class ReliabilitySerializer(serializers.Serializer[Any]):
    days = serializers.IntegerField(help_text="The figures cover this many days.")
    median_seconds = serializers.FloatField(
        allow_null=True,
        help_text="Median seconds the person took to move (null: no moves).",
    )
    moves = serializers.IntegerField(help_text="The person's own moves counted.")
    timeouts = serializers.IntegerField(
        help_text="Turns the robot played because the person's clock ran out."
    )
    matches_left = serializers.IntegerField(help_text="Matches left before the end.")
    left_by_reason = serializers.DictField(
        child=serializers.IntegerField(),
        help_text="Matches left by reason: "
        + ", ".join(reason.value for reason in LeaveReason)
        + ".",
    )


class PlayerMatchSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(choices=[s.value for s in Match.Status])
    version = serializers.IntegerField()
    options = serializers.DictField()
    to_move = serializers.ListField(child=serializers.IntegerField())
    seats = SeatSerializer(many=True)
    finished_at = serializers.DateTimeField(
        allow_null=True, help_text="When it ended (UTC); null while it runs."
    )


class PlayerSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="The public name (the profile's address).")
    member_since = serializers.DateTimeField(help_text="When the account was made.")
    games = GameRecordSerializer(
        many=True, help_text="Games played or rated in, in the site's order."
    )
    current = PlayerMatchSerializer(
        many=True,
        help_text="Running matches, latest move first (private ones only if "
        "the caller is seated there).",
    )
    recent = PlayerMatchSerializer(
        many=True,
        help_text="The last 10 ended matches, newest first (private ones only "
        "if the caller is seated there).",
    )
    reliability = ReliabilitySerializer()
