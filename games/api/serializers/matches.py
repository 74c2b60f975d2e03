"""Response bodies of the JSON API: a match as a seat sees it, games, errors."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import LeaveReason, Match, Seat

from .fields import PRESET_NAMES


class ErrorSerializer(serializers.Serializer[Any]):
    """The body of every error answer of the API: `{"detail": str}`."""

    detail = serializers.CharField(
        help_text="Why the request was refused, in the caller's language."
    )


class GameSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    options = serializers.ListField(child=serializers.DictField())
    robots = serializers.ListField(child=serializers.CharField())


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
    left = serializers.ChoiceField(
        choices=[r.value for r in LeaveReason],
        allow_null=True,
        help_text="Why the seat's person left the match (a robot plays it to "
        "the end); null while they play.",
    )


class MatchSeatSerializer(SeatSerializer):
    """A seat in a match body: a seat, and what a rated match did to its rating."""

    rating_change = serializers.IntegerField(
        allow_null=True,
        help_text="What this finished rated match did to the seat's person's "
        "shown rating (rating points: 20 times the change of OpenSkill's "
        "ordinal mu - 3 sigma, rounded); null for a robot's seat, an unrated "
        "match, or one that has not finished.",
    )


class TimeControlSerializer(serializers.Serializer[Any]):
    preset = serializers.ChoiceField(
        choices=[*PRESET_NAMES, "custom"],
        help_text="The preset's name, or custom.",
    )
    bank = serializers.IntegerField(help_text="Seconds each seat starts with.")
    increment = serializers.IntegerField(
        help_text="Seconds added to a seat's bank after each of its moves."
    )
    cap = serializers.IntegerField(help_text="The most seconds a bank may hold.")


class ClockSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField(help_text="The seat's position (0-based).")
    remaining = serializers.IntegerField(
        help_text="Seconds left on the seat's clock when this was answered "
        "(its bank while the clock is stopped)."
    )
    running = serializers.BooleanField(
        help_text="The clock runs now (the seat is to move, and neither a "
        "pause nor a vacation freezes it)."
    )
    deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="When the running clock runs out (ISO 8601, UTC); null "
        "while it is stopped.",
    )


STATUS_HELP = (
    "open: waiting for players; active: running; finished: played to its end "
    "or ended by a resignation (see `outcome`); cancelled: its players agreed "
    "to cancel it, no winner; aborted: a moderator aborted it, no winner."
)
TO_MOVE_HELP = (
    "The positions of the seats to move now; empty unless the match is active."
)


class MatchSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    status = serializers.ChoiceField(
        choices=[s.value for s in Match.Status], help_text=STATUS_HELP
    )
    version = serializers.IntegerField()
    options = serializers.DictField()
    seats = MatchSeatSerializer(many=True)
    to_move = serializers.ListField(
        child=serializers.IntegerField(), help_text=TO_MOVE_HELP
    )
    your_seat = serializers.IntegerField(allow_null=True)
    # view, legal_moves, outcome: the schema states each game's declared
    # types instead (schema_hooks.game_types_declared).
    view = serializers.DictField(
        allow_null=True,
        help_text="The game's view for your seat (a spectator's when you "
        "have none); null while seats are open. Once the match has ended, "
        "its `to_move` is empty and its `current` null.",
    )
    legal_moves = serializers.ListField(child=serializers.DictField())
    autoplay = serializers.BooleanField(
        help_text="A robot stands in for your seat (POST take-back/ to play again)."
    )
    autoplay_offered = serializers.BooleanField(
        help_text="The rules offer to let the system finish the match for you, "
        "and await your answer: POST autoplay/ (yes) or autoplay/decline/ (no). "
        "In a decided Race the winners are asked first, the others once every "
        "winner has answered; at any time, not only on your turn."
    )
    autoplay_declined = serializers.BooleanField(
        help_text="You declined the offer to finish automatically; POST "
        "autoplay/ still accepts it."
    )
    outcome = serializers.DictField(allow_null=True)
    seed_commitment = serializers.CharField(
        help_text="Provably fair randomness: the hex SHA-256 of the match's "
        "secret server seed, fixed at creation; the seed itself is revealed "
        "in the record once the match is over (GET /matches/{id}/verify/ "
        "checks it). Empty for a match created before this scheme."
    )
    cancel_agreed = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The positions of the seats whose person agreed to cancel "
        "the match (POST cancel/); empty when nobody proposed it. A move ends "
        "the proposal.",
    )
    time_control = TimeControlSerializer(
        allow_null=True, help_text="The match's time control; null: untimed."
    )
    private = serializers.BooleanField(
        help_text="Not listed; seen and joined with its invitation secret "
        "(`invite`) only, unless seated."
    )
    paused = serializers.BooleanField(
        help_text="A moderator has paused the match: no clock runs."
    )
    clock = ClockSerializer(
        many=True,
        allow_null=True,
        help_text="Each seat's clock, in position order; null when untimed.",
    )
    invite = serializers.CharField(
        allow_null=True,
        help_text="A private match's invitation secret, shown to its seated "
        "players while seats are open (null otherwise): others join with "
        '`{"invite": ...}` or open `/matches/<id>/?invite=<secret>`.',
    )
