"""Account forms: the extra sign-up field, the profile and vacation forms.

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
from django.utils.translation import gettext_lazy as _

from .models import User
from .names import player_name_validate

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

    def clean_display_name(self) -> str:
        """Refuse a display name that passes for someone else's."""
        name: str = self.cleaned_data["display_name"]
        if name:
            player_name_validate(name)
        return name

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
        user.language = getattr(request, "LANGUAGE_CODE", "en")[:2]
        if user.language not in {"en", "de"}:
            user.language = "en"
        user.save(update_fields=["display_name", "language"])


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


class VacationForm(forms.Form):
    """How many whole days of vacation to start.

    `most`: the whole days left this year, offered to the browser as the
    maximum; the service refuses more with a message naming the limit.
    """

    days = forms.IntegerField(label=_("Days of vacation"), min_value=1)

    def __init__(self, *args: Any, most: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["days"].widget.attrs["max"] = str(max(1, most))


class LoginForm(allauth_forms.LoginForm):  # type: ignore[misc]
    """allauth's log-in form with bounded input (ACCOUNT_FORMS["login"]).

    The login and password are cut at the same lengths as the API token
    endpoint's: a 100,000-character login made SQLite refuse allauth's
    case-insensitive lookup ("LIKE pattern too complex"), a 500.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, limit in (
            ("login", LOGIN_MAX_LENGTH),
            ("password", PASSWORD_MAX_LENGTH),
        ):
            field = self.fields.get(name)
            if field is not None:
                field.max_length = limit
                field.validators.append(MaxLengthValidator(limit))
                field.widget.attrs.setdefault("maxlength", str(limit))
