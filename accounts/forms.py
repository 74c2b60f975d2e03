"""Account forms: the extra sign-up field and the profile form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .models import User


class SignupForm(forms.Form):
    """Extra fields on allauth's sign-up form (ACCOUNT_SIGNUP_FORM_CLASS)."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=40,
        required=False,
        help_text=_("Shown to other players; your username if empty."),
    )

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
        fields = ["display_name", "language", "email_on_turn", "email_reminders"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["display_name"].widget.attrs["autocomplete"] = "nickname"
