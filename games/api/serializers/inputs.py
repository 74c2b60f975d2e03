"""Request bodies of the JSON API (what a client sends to change a match)."""

from __future__ import annotations

from typing import Any

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers

from games import fairness
from games.rules import registry

from .fields import (
    InviteField,
    RobotNameField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    TimeControlField,
)
from .schema import match_create_variants, one_of_components

# Provably fair randomness (issue 23, games/fairness.py): a client seed.
CLIENT_SEED_PATTERN = r"^[ -~]*$"
CLIENT_SEED_BAD = _(fairness.CLIENT_SEED_INVALID)
CLIENT_SEED_HELP = (
    "Your share of the match's randomness (provably fair randomness, see "
    "the README): up to 64 printable ASCII characters; blank or absent: the "
    "server generates one. Revealed with the server seed once the match is "
    "over."
)


def _seats_field() -> StrictIntegerField:
    """Return the seat count field for the registered games (at call time)."""
    # The range of all games together; each game refuses counts outside its
    # own min_seats..max_seats with a 400 naming the reason.
    infos = [entry.rules.info for entry in registry.GAMES.values()]
    return StrictIntegerField(
        min_value=min(info.min_seats for info in infos),
        max_value=max(info.max_seats for info in infos),
        help_text="Within the game's min_seats..max_seats (GET /api/games/); "
        "other counts are refused with 400.",
    )


def _client_seed_field() -> StrictCharField:
    """Return the optional client seed of a body that takes a seat (issue 23)."""
    return StrictCharField(
        required=False,
        default="",
        allow_blank=True,
        max_length=fairness.CLIENT_SEED_MAX,
        trim_whitespace=False,
        validators=[RegexValidator(CLIENT_SEED_PATTERN, message=CLIENT_SEED_BAD)],
        help_text=CLIENT_SEED_HELP,
    )


class MatchCreateSerializer(serializers.Serializer[Any]):
    # The creator's seat: their share of the match's randomness.
    client_seed = _client_seed_field()
    # The games are read when the serializer is made (__init__), not at
    # import: a game registered later (a test's) is a choice too.
    game = serializers.ChoiceField(choices=[])
    seats = StrictIntegerField()
    options = serializers.DictField(required=False, default=dict)
    time_control = TimeControlField(required=False, allow_null=True, default=None)
    private = StrictBooleanField(
        required=False,
        default=False,
        help_text="Not listed in the lobby (nor in GET /api/matches/ for "
        "others); seen and joined by its invitation secret (the answer's "
        "`invite`) only. Default false.",
    )
    rated = StrictBooleanField(
        required=False,
        default=True,
        help_text="The match changes the ratings of the people seated once "
        "it finishes (at least two people; robots are not rated). Default true.",
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["game"] = serializers.ChoiceField(choices=sorted(registry.GAMES))
        self.fields["seats"] = _seats_field()


class MatchCreateSchema(OpenApiSerializerExtension):  # type: ignore[no-untyped-call]
    """MatchCreateSerializer in the schema: one variant per game (match_create_variants)."""

    target_class = MatchCreateSerializer

    def map_serializer(self, auto_schema: AutoSchema, direction: Any) -> Any:
        return one_of_components(
            auto_schema, match_create_variants(), ["game", "seats"]
        )


class RobotAddSerializer(serializers.Serializer[Any]):
    robot = RobotNameField(required=False, default="", allow_blank=True)


class MatchJoinSerializer(serializers.Serializer[Any]):
    """The body of POST /api/matches/<id>/join/ (optional for a public match)."""

    invite = InviteField(
        help_text="The invitation secret of a private match (its link's "
        "`invite`); not needed for a public match or by staff.",
    )
    client_seed = _client_seed_field()


class MoveSubmitSerializer(serializers.Serializer[Any]):
    version = StrictIntegerField(min_value=0)
    # The schema states every game's declared moves instead
    # (schema_hooks.game_types_declared); the match's rules judge it.
    move = serializers.DictField()
