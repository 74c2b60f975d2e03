"""Account forms: the extra sign-up fields, the profile, e-mail and vacation forms.

The first two refuse names that pass for a robot, staff or another player
(accounts.names).
"""

from __future__ import annotations

from typing import Any

from allauth.account import forms as allauth_forms
from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import seams
from .local_time import digest_day
from .models import User
from .names import player_name_validate
from .time_zones import time_zone_choices, time_zone_names

# Longest e-mail address (RFC 5321 path limit); usernames are shorter.
LOGIN_MAX_LENGTH = 254
# Django's own cap after CVE-2013-1443: no megabyte passwords to hash.
PASSWORD_MAX_LENGTH = 4096


class SignupForm(forms.Form):
    """Extra fields on allauth's sign-up form (ACCOUNT_SIGNUP_FORM_CLASS)."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=40,
        required=False,
        help_text=_("Shown to other players; your username if empty."),
    )
    # The browser's time zone (Intl), for turn e-mails and quiet hours.
    # No max_length: a hidden field's error could not be fixed by anyone;
    # anything not in the list becomes UTC (clean_time_zone).
    time_zone = forms.CharField(
        required=False,
        widget=forms.HiddenInput(attrs={"data-browser-time-zone": ""}),
    )

    def clean_display_name(self) -> str:
        """Refuse a display name that passes for someone else's."""
        name: str = self.cleaned_data["display_name"]
        if name:
            player_name_validate(name)
        return name

    def clean_time_zone(self) -> str:
        """Return the browser's zone if it is one offered, else "UTC".

        The hidden field is filled by static/js/time-zone.js; a browser
        without it, or naming a zone not in the list, gets UTC (changeable
        on the profile page) rather than an error nobody could fix.
        """
        name: str = self.cleaned_data.get("time_zone") or ""
        return name if name in time_zone_names() else "UTC"

    def clean(self) -> dict[str, Any]:
        """Refuse a username that passes for someone else's.

        The username is shown wherever the display name is empty. This form
        is the base of allauth's sign-up form, whose `clean_username` has run
        (and dropped a taken or malformed username) before this.
        """
        cleaned_data = super().clean() or {}
        username = cleaned_data.get("username")
        if username:
            try:
                player_name_validate(username)
            except ValidationError as error:
                self.add_error("username", error)
        return cleaned_data

    def signup(self, request: HttpRequest, user: User) -> None:
        """Store the extra fields on the new user (called by allauth)."""
        user.display_name = self.cleaned_data.get("display_name", "")
        user.time_zone = self.cleaned_data.get("time_zone") or "UTC"
        user.language = getattr(request, "LANGUAGE_CODE", "en")[:2]
        if user.language not in {"en", "de"}:
            user.language = "en"
        user.save(update_fields=["display_name", "language", "time_zone"])


class ProfileForm(forms.ModelForm[User]):
    """What a player may change about themselves."""

    class Meta:
        model = User
        fields = ["display_name", "language"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["display_name"].widget.attrs["autocomplete"] = "nickname"

    def clean_display_name(self) -> str:
        """Refuse a new display name that passes for someone else's.

        An unchanged name is let through: a player who got a name before the
        check existed can still change their language.
        """
        name: str = self.cleaned_data["display_name"]
        if name and "display_name" in self.changed_data:
            player_name_validate(name, user=self.instance)
        return name


class EmailSettingsForm(forms.ModelForm[User]):
    """Which notices to e-mail, the daily digest, quiet hours and time zone.

    Besides the model fields, one checkbox per kind of notice
    (`email_kind_<kind>`, checked = e-mailed) that `save` turns into
    `User.email_off`. Quiet hours take both ends or neither, and differ.
    """

    KIND_PREFIX = "email_kind_"

    time_zone = forms.ChoiceField(label=_("Time zone"))
    digest_hour = forms.TypedChoiceField(
        label=_("Digest at"),
        coerce=int,
        choices=[(hour, f"{hour:02d}:00") for hour in range(24)],
        help_text=_("In your time zone."),
    )

    class Meta:
        model = User
        fields = ["email_digest", "digest_hour", "quiet_from", "quiet_to", "time_zone"]
        labels = {
            "email_digest": _("Daily digest instead of single turn e-mails"),
            "quiet_from": _("Quiet from"),
            "quiet_to": _("Quiet until"),
        }
        help_texts = {
            "email_digest": _(
                "One e-mail a day listing every match where it is your turn."
            ),
            "quiet_to": _(
                "No e-mail in between (in your time zone); what is still "
                "relevant then is sent when they end."
            ),
        }
        widgets = {
            "quiet_from": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_to": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        zones = self.fields["time_zone"]
        assert isinstance(zones, forms.ChoiceField)
        zones.choices = time_zone_choices()
        current = self.instance.time_zone
        if current and current not in time_zone_names():
            # An old alias stored before the list was current stays choosable.
            zones.choices = [(current, current), *zones.choices]
        off = set(self.instance.email_off or [])
        # The kinds' checkboxes first, in their order (seams.email_kinds:
        # the notices games writes).
        kinds = {
            self.KIND_PREFIX + value: forms.BooleanField(
                label=label, required=False, initial=value not in off
            )
            for value, label in seams.email_kinds_choices()
        }
        self.fields = {**kinds, **self.fields}

    def kind_fields(self) -> list[forms.BoundField]:
        """Return the bound checkboxes of the kinds, in order."""
        return [self[name] for name in self.fields if self._is_kind(name)]

    def other_fields(self) -> list[forms.BoundField]:
        """Return the bound fields that are not kinds' checkboxes, in order."""
        return [self[name] for name in self.fields if not self._is_kind(name)]

    def clean(self) -> dict[str, Any]:
        """Refuse quiet hours with one end only, or with equal ends."""
        cleaned_data = super().clean() or {}
        start, end = cleaned_data.get("quiet_from"), cleaned_data.get("quiet_to")
        if (start is None) != (end is None):
            raise ValidationError(
                _("Give both ends of your quiet hours, or neither."), code="half"
            )
        if start is not None and start == end:
            raise ValidationError(
                _("Your quiet hours must end at another time than they start."),
                code="empty",
            )
        return cleaned_data

    def save(self, commit: bool = True) -> User:
        """Store the fields and the kinds left unchecked as `email_off`.

        A digest switched on starts with the next one due: one whose hour
        passed today is not sent at once.
        """
        user = self.instance
        user.email_off = [
            value
            for value, _label in seams.email_kinds_choices()
            if not self.cleaned_data.get(self.KIND_PREFIX + value)
        ]
        if user.email_digest and "email_digest" in self.changed_data:
            user.digest_sent_on = digest_day(user, timezone.now())
        return super().save(commit=commit)

    def _is_kind(self, name: str) -> bool:
        return name.startswith(self.KIND_PREFIX)


class VacationForm(forms.Form):
    """How many whole days of vacation to start.

    `most`: the whole days left this year, offered to the browser as the
    maximum; the service refuses more with a message naming the limit.
    """

    days = forms.IntegerField(label=_("Days of vacation"), min_value=1)

    def __init__(self, *args: Any, most: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["days"].widget.attrs["max"] = str(max(1, most))


def words_use(form: forms.Form, words: dict[str, tuple[Any, Any]]) -> None:
    """Give `form`'s fields the site's words: {name: (label, placeholder)}.

    allauth says "Sign In", "Login:", "Remember Me" and "Email" where the
    site says "Log in", "Username or e-mail", "Stay logged in" and "e-mail"
    (issue 21); a placeholder of None leaves the field without one.
    """
    for name, (label, placeholder) in words.items():
        field = form.fields.get(name)
        if field is None:
            continue
        field.label = label
        if placeholder is None:
            field.widget.attrs.pop("placeholder", None)
        else:
            field.widget.attrs["placeholder"] = placeholder


class LoginForm(allauth_forms.LoginForm):  # type: ignore[misc]
    """allauth's log-in form with bounded input (ACCOUNT_FORMS["login"]).

    The login and password are cut at the same lengths as the API token
    endpoint's: a 100,000-character login made SQLite refuse allauth's
    case-insensitive lookup ("LIKE pattern too complex"), a 500. The
    labels are the site's words.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        words_use(
            self,
            {
                "login": (_("Username or e-mail"), _("Username or e-mail")),
                "password": (_("Password"), _("Password")),
                "remember": (_("Stay logged in"), None),
            },
        )
        for name, limit in (
            ("login", LOGIN_MAX_LENGTH),
            ("password", PASSWORD_MAX_LENGTH),
        ):
            field = self.fields.get(name)
            if field is not None:
                field.max_length = limit
                field.validators.append(MaxLengthValidator(limit))
                field.widget.attrs.setdefault("maxlength", str(limit))
