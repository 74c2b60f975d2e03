"""Forms of the lobby and the board."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.rules import GameInfo


class MatchCreateForm(forms.Form):
    """Seat count and the game's own options, built from its GameInfo."""

    def __init__(self, *args: Any, info: GameInfo, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.info = info
        self.fields["seats"] = forms.TypedChoiceField(
            label=_("Seats"),
            choices=[(n, str(n)) for n in range(info.min_seats, info.max_seats + 1)],
            coerce=int,
            initial=info.min_seats,
        )
        for option in info.options:
            field: forms.Field
            if option.kind == "bool":
                field = forms.BooleanField(required=False, initial=option.default)
            else:
                field = forms.IntegerField(
                    initial=option.default,
                    min_value=option.min_value,
                    max_value=option.max_value,
                )
            field.label = gettext(option.label)
            field.help_text = gettext(option.help) if option.help else ""
            self.fields[f"option_{option.key}"] = field

    @property
    def options(self) -> dict[str, Any]:
        """Return the chosen options keyed as the rules expect (after is_valid)."""
        return {
            option.key: self.cleaned_data[f"option_{option.key}"]
            for option in self.info.options
        }


class MoveForm(forms.Form):
    """A move as the board posts it: the move's JSON and the version it saw."""

    move = forms.CharField(max_length=2000)
    expected_version = forms.IntegerField(min_value=0)

    def clean_move(self) -> Any:
        try:
            return json.loads(self.cleaned_data["move"])
        except ValueError:
            raise forms.ValidationError(
                gettext("That move could not be read.")
            ) from None
