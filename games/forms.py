"""Forms of the lobby and the board."""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import parsers
from games.clock_text import time_control_choices
from games.clocks import (
    BANK_MAX,
    BANK_MIN,
    BANK_RANGE,
    CAP_MAX,
    CAP_RANGE,
    DAY,
    DEFAULT_PRESET,
    HOUR,
    INCREMENT_MAX,
    INCREMENT_RANGE,
    MINUTE,
    TimeControlError,
    time_control_custom,
)
from games.rules import GameInfo

# The custom time control's amounts; each has a unit field named
# `<amount>_unit` (minutes, hours or days; hours when absent).
CUSTOM_TIME_FIELDS = ("custom_bank", "custom_increment", "custom_cap")
UNIT_SUFFIX = "_unit"
TIME_UNITS = {"minutes": MINUTE, "hours": HOUR, "days": DAY}
# Per amount: its label, first unit shown, bounds
# (seconds; the cap's lower bound is the bank) and the message out of them.
_CUSTOM_TIMES = {
    "custom_bank": (
        _("Time bank at the start"),
        "hours",
        BANK_MIN,
        BANK_MAX,
        BANK_RANGE,
    ),
    "custom_increment": (
        _("Time added per move"),
        "minutes",
        0,
        INCREMENT_MAX,
        INCREMENT_RANGE,
    ),
    "custom_cap": (_("Most time a seat may hold"), "hours", 0, CAP_MAX, CAP_RANGE),
}


class MatchCreateForm(forms.Form):
    """Seat count, time control, privacy, rated, friends to invite and the game's options.

    `friends`: the people the creator follows (`games.friends.selectors.
    followed_people`); the "Invite friends" choice shows only when there are any.

    The game's options are built from its GameInfo. A custom time control
    is entered as three amounts, each in minutes, hours or days of the
    person's choice, and handed to the service in seconds (`time_control`);
    its bounds are checked here, so a bad one is an error next to its field
    and nothing is created.
    """

    custom_field_names = CUSTOM_TIME_FIELDS + tuple(
        name + UNIT_SUFFIX for name in CUSTOM_TIME_FIELDS
    )

    def __init__(
        self,
        *args: Any,
        info: GameInfo,
        friends: Sequence[User] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.info = info
        # Issue 24: whom the creator may invite, by id (the people they follow).
        self.friends = {str(person.pk): person for person in friends}
        # The custom time control in seconds, once clean() has read it.
        self.custom_seconds: dict[str, int] = {}
        self.fields["seats"] = forms.TypedChoiceField(
            label=_("Seats"),
            choices=[(n, str(n)) for n in range(info.min_seats, info.max_seats + 1)],
            coerce=int,
            initial=info.min_seats,
        )
        self.fields["time_control"] = forms.ChoiceField(
            label=_("Time control"),
            choices=time_control_choices(),
            initial=DEFAULT_PRESET,
            # Absent (an older page, a script): the default, as for the service.
            required=False,
            # Only a game that can be played alone has untimed matches.
            help_text=(
                _("A match for one seat is never timed.") if info.min_seats == 1 else ""
            ),
        )
        unit_choices = [
            ("minutes", _("minutes")),
            ("hours", _("hours")),
            ("days", _("days")),
        ]
        for name, (label, unit, least, most, message) in _CUSTOM_TIMES.items():
            self.fields[name] = forms.DecimalField(
                label=label,
                required=False,
                min_value=Decimal(0),
                max_digits=9,
                decimal_places=2,
                # "0,5" in German, "0.5" in English.
                localize=True,
                widget=forms.TextInput(
                    # The bounds in seconds and their message, for the
                    # browser's check before sending (js/time-control.js).
                    attrs={
                        "inputmode": "decimal",
                        "data-least": str(least),
                        "data-most": str(most),
                        "data-message": str(message),
                    }
                ),
            )
            self.fields[name + UNIT_SUFFIX] = forms.ChoiceField(
                label=_("Unit"),
                choices=unit_choices,
                initial=unit,
                # Absent (an older page, a script): hours, as before.
                required=False,
            )
        self.fields["private"] = forms.BooleanField(
            label=_("Private: not listed in the lobby, invite by link"),
            required=False,
        )
        # Issue 23, Ratings: the creator may make a match unrated.
        self.fields["rated"] = forms.BooleanField(
            label=_("Rated"),
            required=False,
            initial=True,
            help_text=_(
                "Changes the ratings of the people seated once the match is "
                "over; only with at least two people, robots are not rated."
            ),
        )
        if self.friends:
            self.fields["invite"] = forms.MultipleChoiceField(
                label=_("Invite friends"),
                choices=[(pk, person.name) for pk, person in self.friends.items()],
                widget=forms.CheckboxSelectMultiple,
                required=False,
                help_text=_("Each gets an invitation and a notice."),
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

    def clean_time_control(self) -> str:
        return str(self.cleaned_data["time_control"] or DEFAULT_PRESET)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("time_control") != "custom":
            return cleaned
        seconds: dict[str, int] = {}
        for name in CUSTOM_TIME_FIELDS:
            amount = cleaned.get(name)
            if amount is None:
                if name not in self.errors:
                    self.add_error(
                        name, _("Enter this time for a custom time control.")
                    )
                continue
            unit = cleaned.get(name + UNIT_SUFFIX) or "hours"
            seconds[name] = int((amount * TIME_UNITS[unit]).to_integral_value())
        if len(seconds) == len(CUSTOM_TIME_FIELDS):
            try:
                time_control_custom(
                    bank=seconds["custom_bank"],
                    increment=seconds["custom_increment"],
                    cap=seconds["custom_cap"],
                )
            except TimeControlError as error:
                field = f"custom_{error.field}" if error.field else None
                self.add_error(field, error.message)
        self.custom_seconds = seconds
        return cleaned

    @property
    def invitees(self) -> list[User]:
        """Return the people to invite once the match exists (after is_valid)."""
        chosen = self.cleaned_data.get("invite") or []
        return [self.friends[pk] for pk in chosen if pk in self.friends]

    @property
    def options(self) -> dict[str, Any]:
        """Return the chosen options keyed as the rules expect (after is_valid)."""
        return {
            option.key: self.cleaned_data[f"option_{option.key}"]
            for option in self.info.options
        }

    @property
    def time_control(self) -> str | dict[str, int]:
        """Return the time control for `match_create` (after is_valid).

        A preset's name, or `{"bank", "increment", "cap"}` in seconds.
        """
        preset: str = self.cleaned_data["time_control"]
        if preset != "custom":
            return preset
        return {
            "bank": self.custom_seconds["custom_bank"],
            "increment": self.custom_seconds["custom_increment"],
            "cap": self.custom_seconds["custom_cap"],
        }

    @property
    def custom_fields(self) -> list[tuple[forms.BoundField, forms.BoundField]]:
        """Return the custom times' (amount, unit) fields, for their fieldset."""
        return [(self[name], self[name + UNIT_SUFFIX]) for name in CUSTOM_TIME_FIELDS]

    @property
    def custom_open(self) -> bool:
        """Return whether the custom fields show opened (chosen, or wrong)."""
        chosen = self.is_bound and self.data.get("time_control") == "custom"
        return chosen or any(self[name].errors for name in self.custom_field_names)


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
