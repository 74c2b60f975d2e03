"""Forms of the lobby and the board."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games import parsers
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
            elif option.kind == "choice":
                field = forms.ChoiceField(
                    choices=[
                        (value, gettext(label)) for value, label in option.choices
                    ],
                    initial=option.default,
                )
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


_UNREADABLE_MOVE = _("That move could not be read.")
# A grouped form has a handful of fields; more is not a board's form.
_MAX_GROUPED_FIELDS = 64


class MoveForm(forms.Form):
    """A move as a board posts it, and the version the board showed.

    A board posts a move in one of two ways:

    - `move`: the move's JSON (one button per legal move);
    - a grouped form: one field per key of the move, named `move.<key>`
      (dots nest: `move.payment.red`), so a person can tick the dice to keep
      or pick a payment in one form. Each value is JSON, and a bare word
      that is not JSON is a string (`rithle`, `3`, `true`, `"3"`). A key
      ending in `[]` is a list of all its values; an empty value only
      makes sure the list exists when nothing is ticked.

    Either way the server gets a move's JSON and the rules judge it as
    always: the form is only a way to write it. A move nested deeper than
    `parsers.MAX_DEPTH` (either way) is unreadable, not a RecursionError.
    """

    move = forms.CharField(max_length=2000, required=False)
    expected_version = forms.IntegerField(min_value=0)

    def clean_move(self) -> Any:
        text = self.cleaned_data["move"]
        if not text:
            return _grouped_move(self.data)
        try:
            return parsers.loads(text)
        except ValueError:
            raise forms.ValidationError(_UNREADABLE_MOVE) from None


def _grouped_move(data: Any) -> dict[str, Any]:
    """Return the move JSON written by a grouped form's `move.<key>` fields.

    Raises ValidationError when there are none, too many, they clash
    (`move.a` and `move.a.b`), or they nest deeper than parsers.MAX_DEPTH.
    """
    keys = [key for key in data if key.startswith("move.")]
    if not keys or len(keys) > _MAX_GROUPED_FIELDS:
        raise forms.ValidationError(_UNREADABLE_MOVE)
    move: dict[str, Any] = {}
    for key in keys:
        path = key.removeprefix("move.")
        is_list = path.endswith("[]")
        *parents, name = path.removesuffix("[]").split(".")
        # The move itself, each parent and a list are one level each.
        depth = 1 + len(parents) + is_list
        if not name or not all(parents) or depth > parsers.MAX_DEPTH:
            raise forms.ValidationError(_UNREADABLE_MOVE)
        values = [_field_value(text) for text in data.getlist(key) if text != ""]
        node = move
        for part in parents:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise forms.ValidationError(_UNREADABLE_MOVE)
        if name in node:
            raise forms.ValidationError(_UNREADABLE_MOVE)
        if is_list:
            node[name] = values
        elif len(values) == 1:
            node[name] = values[0]
        else:
            raise forms.ValidationError(_UNREADABLE_MOVE)
    return move


def _field_value(text: str) -> Any:
    """Return a grouped form field's value: its JSON, or the text itself."""
    if len(text) > 200:
        raise forms.ValidationError(_UNREADABLE_MOVE)
    try:
        value = json.loads(text)
    except ValueError:
        return text
    # Only scalars: a field holds one value, lists come from `[]` keys.
    if isinstance(value, dict | list):
        raise forms.ValidationError(_UNREADABLE_MOVE)
    return value
