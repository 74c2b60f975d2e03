"""Request and response bodies of the JSON API, declared for its schema."""

from __future__ import annotations

import copy
from typing import Any, TypeGuard

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent
from drf_spectacular.utils import (
    extend_schema_field,
)
from rest_framework import serializers

from games.clocks import BANK_MAX, BANK_MIN, CAP_MAX, INCREMENT_MAX, PRESETS
from games.models import LeaveReason, Match, Seat
from games.rules import OptionInfo, registry

BAD_INVITE = _("An invitation secret has only letters, digits, - and _.")
REPEATED_PARAMETER = _("Send each query parameter once: %(names)s.")
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
class QueryFlagField(serializers.BooleanField):
    """A yes/no query parameter: `true` or `1`, `false` or `0` (or empty).

    Exactly these: DRF lower-cases first ("False" would pass), the schema's
    enum does not.
    """

    TRUE_VALUES = {"true", "1"}
    # False: DRF's own value for an absent parameter.
    FALSE_VALUES = {"false", "0", "", False}

    def to_internal_value(self, data: Any) -> bool:
        if not (data is False or data in ("true", "1", "false", "0", "")):
            self.fail("invalid", input=data)
        return bool(super().to_internal_value(data))


class _StrictBooleanField(serializers.BooleanField):
    """A boolean that must be a JSON true or false, as the schema says ("1" is not)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return bool(data)


_PRESET_NAMES = sorted(PRESETS)


# The time control of a new match, as the schema states it: every limit
# that games.clocks.time_control_custom checks, but that the cap is at least
# the bank (JSON Schema cannot compare two fields): a smaller cap is raised
# to the bank (_TimeControlField), so no request valid by the schema is refused.
TIME_CONTROL_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string", "enum": _PRESET_NAMES},
        {
            "type": "object",
            "properties": {
                "bank": {"type": "integer", "minimum": BANK_MIN, "maximum": BANK_MAX},
                "increment": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": INCREMENT_MAX,
                },
                "cap": {"type": "integer", "minimum": BANK_MIN, "maximum": CAP_MAX},
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
    "increment 0 to 7 days, cap up to 30 days; a cap below the bank counts "
    "as the bank). Absent or null: daily. A one-seat match is always "
    "untimed. An untimed match that is not private takes robots only.",
}


@extend_schema_field(TIME_CONTROL_SCHEMA)
class _TimeControlField(serializers.Field):  # type: ignore[type-arg]
    """A preset name or a custom `{bank, increment, cap}`; the service judges it."""

    def to_internal_value(self, data: Any) -> str | dict[str, Any]:
        if isinstance(data, dict):
            bank, cap = data.get("bank"), data.get("cap")
            # The schema cannot say "cap >= bank": a smaller cap within its
            # own bounds is the bank; one outside them is judged as sent.
            if _is_int(bank) and _is_int(cap) and BANK_MIN <= cap < bank:
                return {**data, "cap": bank}
            return data
        if isinstance(data, str):
            return data
        raise serializers.ValidationError(
            "Send a preset name or an object {bank, increment, cap} in seconds."
        )

    def to_representation(self, value: Any) -> Any:
        return value


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _option_schema(option: OptionInfo) -> dict[str, Any]:
    """Return the JSON Schema of one game option (games.rules Rules.validate_options)."""
    schema: dict[str, Any] = {"description": option.label, "default": option.default}
    if option.kind == "bool":
        schema["type"] = "boolean"
    elif option.kind == "int":
        schema["type"] = "integer"
        if option.min_value is not None:
            schema["minimum"] = option.min_value
        if option.max_value is not None:
            schema["maximum"] = option.max_value
    else:
        schema.update(type="string", enum=[value for value, _label in option.choices])
    return schema


def match_create_variants() -> dict[str, dict[str, Any]]:
    """Return the request body of POST /api/matches/ per game, by component name.

    Each states the game's seat range and its options exactly (no others),
    so a body valid by the schema is one the game accepts.
    """
    variants = {}
    for slug, entry in sorted(registry.GAMES.items()):
        info = entry.rules.info
        name = "MatchCreate" + "".join(part.title() for part in slug.split("-"))
        variants[name] = {
            "type": "object",
            "title": info.name,
            "properties": {
                "game": {"type": "string", "enum": [slug]},
                "seats": {
                    "type": "integer",
                    "minimum": info.min_seats,
                    "maximum": info.max_seats,
                },
                "options": {
                    "type": "object",
                    "properties": {
                        option.key: _option_schema(option) for option in info.options
                    },
                    "additionalProperties": False,
                    "description": "The game's options (GET /api/games/); "
                    "absent ones take their default.",
                },
                "time_control": TIME_CONTROL_SCHEMA,
                "private": {
                    "type": "boolean",
                    "default": False,
                    "description": "Not listed in the lobby (nor in GET "
                    "/api/matches/ for others); joined by its link or id.",
                },
            },
            "required": ["game", "seats"],
        }
    return variants


def one_of_components(
    auto_schema: AutoSchema, variants: dict[str, dict[str, Any]], required: list[str]
) -> dict[str, Any]:
    """Register each variant as a component; return a schema of one of them.

    A component per variant: drf-spectacular names an enum after its
    component and property, so single-value enums of one component (the
    game, the action) would share one name and be merged into one. The
    top-level `required` (without a top-level type or properties, which
    generators would read instead of the variants) makes the body required.
    """
    refs = []
    for name, schema in variants.items():
        component = ResolvedComponent(  # type: ignore[no-untyped-call]
            name=name,
            type=ResolvedComponent.SCHEMA,
            object=name,
            # A copy: drf-spectacular's enum hook edits component schemas in
            # place, and the next schema built would find the enums gone.
            schema=copy.deepcopy(schema),
        )
        auto_schema.registry.register_on_missing(component)
        refs.append(component.ref)
    return {"required": required, "oneOf": refs}


class GameSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_seats = serializers.IntegerField()
    max_seats = serializers.IntegerField()
    options = serializers.ListField(child=serializers.DictField())
    robots = serializers.ListField(child=serializers.CharField())


def _seats_field() -> _StrictIntegerField:
    """Return the seat count field for the registered games (at call time)."""
    # The range of all games together; each game refuses counts outside its
    # own min_seats..max_seats with a 400 naming the reason.
    infos = [entry.rules.info for entry in registry.GAMES.values()]
    return _StrictIntegerField(
        min_value=min(info.min_seats for info in infos),
        max_value=max(info.max_seats for info in infos),
        help_text="Within the game's min_seats..max_seats (GET /api/games/); "
        "other counts are refused with 400.",
    )


class MatchCreateSerializer(serializers.Serializer[Any]):
    # The games are read when the serializer is made (__init__), not at
    # import: a game registered later (a test's) is a choice too.
    game = serializers.ChoiceField(choices=[])
    seats = _StrictIntegerField()
    options = serializers.DictField(required=False, default=dict)
    time_control = _TimeControlField(required=False, allow_null=True, default=None)
    private = _StrictBooleanField(
        required=False,
        default=False,
        help_text="Not listed in the lobby (nor in GET /api/matches/ for "
        "others); seen and joined by its invitation secret (the answer's "
        "`invite`) only. Default false.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"] = serializers.ChoiceField(choices=sorted(registry.GAMES))
        self.fields["seats"] = _seats_field()


class _RobotNameField(_StrictCharField):
    """A robot's name: the schema lists every game's robots.

    Listed when the field is made (serializers copy their fields per
    instance), not at import, so a game registered later counts too.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        names = {name for entry in registry.GAMES.values() for name in entry.robots}
        # What extend_schema_field sets on a class, per instance here.
        self._spectacular_annotation = {
            "field": {
                "type": "string",
                "enum": ["", *sorted(names)],
                "description": "One of the match's game's robots (GET "
                "/api/games/); empty or absent: its default. A robot of "
                "another game is refused with 409.",
            }
        }


class MatchCreateSchema(OpenApiSerializerExtension):  # type: ignore[no-untyped-call]
    """MatchCreateSerializer in the schema: one variant per game (match_create_variants)."""

    target_class = MatchCreateSerializer

    def map_serializer(self, auto_schema: AutoSchema, direction: Any) -> Any:
        return one_of_components(
            auto_schema, match_create_variants(), ["game", "seats"]
        )


class RobotAddSerializer(serializers.Serializer[Any]):
    robot = _RobotNameField(required=False, default="", allow_blank=True)


# An invitation secret is secrets.token_urlsafe's alphabet (Match.invite_secret).
# Non-empty: drf-spectacular states a blank one as a second variant of a
# oneOf, and "" must match only that one.
_INVITE_PATTERN = r"^[A-Za-z0-9_-]+$"


@extend_schema_field({"type": "string", "maxLength": 64, "pattern": _INVITE_PATTERN})
class _InviteField(_StrictCharField):
    """An invitation secret: up to 64 URL-safe characters (others are a 400)."""

    def __init__(self, **kwargs: Any) -> None:
        # trim_whitespace off: Python strips "\x1d" too, and a secret of
        # separators would pass as blank (none).
        super().__init__(
            required=False,
            default="",
            allow_blank=True,
            max_length=64,
            trim_whitespace=False,
            **kwargs,
        )
        self.validators.append(RegexValidator(_INVITE_PATTERN, message=BAD_INVITE))


class MatchJoinSerializer(serializers.Serializer[Any]):
    """The body of POST /api/matches/<id>/join/ (optional for a public match)."""

    invite = _InviteField(
        help_text="The invitation secret of a private match (its link's "
        "`invite`); not needed for a public match or by staff.",
    )


class QuerySerializer(serializers.Serializer[Any]):
    """A query string's serializer: each parameter at most once.

    A QueryDict keeps every value of a repeated parameter and DRF reads the
    last; the schema says one value, so `?invite=a&invite=b` is a 400
    (REPEATED_PARAMETER) rather than a guess.
    """

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        getlist = getattr(self.initial_data, "getlist", None)
        if getlist is not None:
            repeated = sorted(key for key in self.initial_data if len(getlist(key)) > 1)
            if repeated:
                raise serializers.ValidationError(
                    REPEATED_PARAMETER % {"names": ", ".join(repeated)}
                )
        return attrs


class MatchDetailQuerySerializer(QuerySerializer):
    """The query of GET /api/matches/<id>/: `invite` only (others are a 400)."""

    invite = _InviteField(
        help_text="The invitation secret of a private match (its link's "
        "`invite`): needed to see it without a seat.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if set(self.initial_data) - set(self.fields):
            raise serializers.ValidationError(UNKNOWN_QUERY_PARAMETER)
        return super().validate(attrs)


class MoveSubmitSerializer(serializers.Serializer[Any]):
    version = _StrictIntegerField(min_value=0)
    move = serializers.DictField()


class MatchListQuerySerializer(QuerySerializer):
    """The filters of GET /api/matches/: an unknown value is a 400 naming it."""

    status = serializers.ChoiceField(
        choices=[s.value for s in Match.Status], required=False, allow_blank=True
    )
    # The games are read when the serializer is made (see MatchCreateSerializer).
    game = serializers.ChoiceField(choices=[], required=False, allow_blank=True)
    # Absent or empty: false.
    mine = QueryFlagField(
        required=False, help_text="Only matches where you have a seat."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game = self.fields["game"]
        assert isinstance(game, serializers.ChoiceField)
        game.choices = sorted(registry.GAMES)


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
