"""The API's strict fields: a value must be the JSON type the schema says.

DRF coerces ("3" passes as 3, "False" as false); schemathesis sends what the
schema allows and nothing else, so a field that coerces answers requests
the schema calls invalid. These refuse them with a 400 instead.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.clocks import BANK_MAX, BANK_MIN, CAP_MAX, INCREMENT_MAX, PRESETS
from games.rules import registry

BAD_INVITE = _("An invitation secret has only letters, digits, - and _.")


class StrictIntegerField(serializers.IntegerField):
    """An integer that must be a JSON number, as the schema says ("3" is not)."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
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


class StrictBooleanField(serializers.BooleanField):
    """A boolean that must be a JSON true or false, as the schema says ("1" is not)."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return bool(data)


PRESET_NAMES = sorted(PRESETS)


# The time control of a new match, as the schema states it: every limit
# that games.clocks.time_control_custom checks, but that the cap is at least
# the bank (JSON Schema cannot compare two fields): a smaller cap is raised
# to the bank (TimeControlField), so no request valid by the schema is refused.
TIME_CONTROL_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"type": "string", "enum": PRESET_NAMES},
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
class TimeControlField(serializers.Field):  # type: ignore[type-arg]
    """A preset name or a custom `{bank, increment, cap}`; the service judges it."""

    def to_internal_value(self, data: Any) -> str | dict[str, Any]:
        if isinstance(data, dict):
            bank, cap = data.get("bank"), data.get("cap")
            # The schema cannot say "cap >= bank": a smaller cap within its
            # own bounds is the bank; one outside them is judged as sent.
            if is_int(bank) and is_int(cap) and BANK_MIN <= cap < bank:
                return {**data, "cap": bank}
            return data
        if isinstance(data, str):
            return data
        raise serializers.ValidationError(
            "Send a preset name or an object {bank, increment, cap} in seconds."
        )

    def to_representation(self, value: Any) -> Any:
        return value


def is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


class RobotNameField(StrictCharField):
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


# An invitation secret is secrets.token_urlsafe's alphabet (Match.invite_secret).
# Non-empty: drf-spectacular states a blank one as a second variant of a
# oneOf, and "" must match only that one.
INVITE_PATTERN = r"^[A-Za-z0-9_-]+$"


@extend_schema_field({"type": "string", "maxLength": 64, "pattern": INVITE_PATTERN})
class InviteField(StrictCharField):
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
        self.validators.append(RegexValidator(INVITE_PATTERN, message=BAD_INVITE))
