"""Query strings of the JSON API: each parameter once, no unknown ones."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.models import Match
from games.rules import registry

from .fields import InviteField, QueryFlagField

REPEATED_PARAMETER = _("Send each query parameter once: %(names)s.")
UNKNOWN_QUERY_PARAMETER = _("Unknown query parameter: this address takes only invite.")


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


@extend_schema_field({"type": "integer"})
class QueryIntegerField(serializers.IntegerField):
    """A whole number in a query string: ASCII digits only ("5.0", "+5" are not).

    DRF reads an empty optional parameter ("offset=") as absent; the schema
    says a whole number, so an empty one is refused (400) like any other
    that is not one.
    """

    def get_value(self, dictionary: Any) -> Any:
        if self.field_name in dictionary and dictionary.get(self.field_name) == "":
            return ""
        return super().get_value(dictionary)

    def to_internal_value(self, data: Any) -> int:
        if not (isinstance(data, str) and data.isascii() and data.isdigit()):
            self.fail("invalid")
        return super().to_internal_value(data)


class MatchDetailQuerySerializer(QuerySerializer):
    """The query of GET /api/matches/<id>/: `invite` only (others are a 400)."""

    invite = InviteField(
        help_text="The invitation secret of a private match (its link's "
        "`invite`): needed to see it without a seat.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if set(self.initial_data) - set(self.fields):
            raise serializers.ValidationError(UNKNOWN_QUERY_PARAMETER)
        return super().validate(attrs)


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
