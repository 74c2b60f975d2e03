"""Request and response bodies of the JSON API, declared for its schema."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import (
    extend_schema_field,
)
from rest_framework import serializers

from games.clocks import PRESETS
from games.models import LeaveReason, Match, Seat
from games.rules.registry import RULES_BY_SLUG

UNKNOWN_QUERY_PARAMETER = _("Unknown query parameter: this address takes only invite.")


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


class _StrictBooleanField(serializers.BooleanField):
    """A boolean that must be a JSON true or false, as the schema says ("1" is not)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return bool(data)


_PRESET_NAMES = sorted(PRESETS)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": _PRESET_NAMES},
            {
                "type": "object",
                "properties": {
                    "bank": {"type": "integer", "minimum": 0},
                    "increment": {"type": "integer", "minimum": 0},
                    "cap": {"type": "integer", "minimum": 0},
                },
                "required": ["bank", "increment", "cap"],
                "additionalProperties": False,
            },
        ],
        "nullable": True,
        "description": "A preset name (fast: 12 h bank, +4 h per move, cap "
        "24 h; daily: 1 day, +1 day, cap 3 days; relaxed: 3 days, +1 day, cap "
        "7 days; live: 5 min, +30 s, cap 10 min; untimed), or a custom "
        "control {bank, increment, cap} in seconds (bank 60 s to 30 days, "
        "increment 0 to 7 days, cap from the bank to 30 days). Absent or "
        "null: daily. A one-seat match is always untimed. An untimed match "
        "that is not private takes robots only.",
    }
)
class _TimeControlField(serializers.Field):  # type: ignore[type-arg]
    """A preset name or a custom `{bank, increment, cap}`; the service judges it."""

    def to_internal_value(self, data: Any) -> str | dict[str, Any]:
        if isinstance(data, str | dict):
            return data
        raise serializers.ValidationError(
            "Send a preset name or an object {bank, increment, cap} in seconds."
        )

    def to_representation(self, value: Any) -> Any:
        return value


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
    time_control = _TimeControlField(required=False, allow_null=True, default=None)
    private = _StrictBooleanField(
        required=False,
        default=False,
        help_text="Not listed in the lobby (nor in GET /api/matches/ for "
        "others); seen and joined by its invitation secret (the answer's "
        "`invite`) only. Default false.",
    )


class RobotAddSerializer(serializers.Serializer[Any]):
    robot = _StrictCharField(required=False, default="", allow_blank=True)


class MatchJoinSerializer(serializers.Serializer[Any]):
    """The body of POST /api/matches/<id>/join/ (optional for a public match)."""

    invite = _StrictCharField(
        required=False,
        default="",
        allow_blank=True,
        max_length=64,
        help_text="The invitation secret of a private match (its link's "
        "`invite`); not needed for a public match or by staff.",
    )


class MatchDetailQuerySerializer(serializers.Serializer[Any]):
    """The query of GET /api/matches/<id>/: `invite` only (others are a 400)."""

    invite = _StrictCharField(
        required=False,
        default="",
        allow_blank=True,
        max_length=64,
        help_text="The invitation secret of a private match (its link's "
        "`invite`): needed to see it without a seat.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if set(self.initial_data) - set(self.fields):
            raise serializers.ValidationError(UNKNOWN_QUERY_PARAMETER)
        return attrs


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
    left = serializers.ChoiceField(
        choices=[r.value for r in LeaveReason],
        allow_null=True,
        help_text="Why the seat's person left the match (a robot plays it to "
        "the end); null while they play.",
    )


class TimeControlSerializer(serializers.Serializer[Any]):
    preset = serializers.ChoiceField(
        choices=[*_PRESET_NAMES, "custom"],
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
    seats = SeatSerializer(many=True)
    to_move = serializers.ListField(
        child=serializers.IntegerField(), help_text=TO_MOVE_HELP
    )
    your_seat = serializers.IntegerField(allow_null=True)
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
