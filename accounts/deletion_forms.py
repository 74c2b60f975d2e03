"""The form of the account deletion page (accounts.views.account_delete_page)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .deletion import DeletionRefused, account_delete_check
from .models import User

# As accounts.forms.PASSWORD_MAX_LENGTH; not imported from there: importing
# accounts.forms first imports allauth's forms, which import it back
# (ACCOUNT_SIGNUP_FORM_CLASS) half-initialised.
PASSWORD_MAX_LENGTH = 4096

NOT_CONFIRMED = _("Type your username exactly as shown to confirm.")


class AccountDeleteForm(forms.Form):
    """The person's password and their username typed again, to confirm.

    Valid only when the password is the person's
    (`deletion.account_delete_check`) and `confirm` is their username.
    """

    password = forms.CharField(
        label=_("Your password"),
        max_length=PASSWORD_MAX_LENGTH,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )
    confirm = forms.CharField(label=_("Your username, to confirm"), max_length=150)

    def __init__(
        self, *args: Any, request: HttpRequest, user: User, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.user = user

    def clean_confirm(self) -> str:
        confirm = str(self.cleaned_data["confirm"]).strip()
        if confirm != self.user.username:
            raise forms.ValidationError(NOT_CONFIRMED)
        return confirm

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean()
        if "password" in self.cleaned_data:
            try:
                account_delete_check(
                    request=self.request,
                    user=self.user,
                    password=self.cleaned_data["password"],
                )
            except DeletionRefused as refusal:
                self.add_error("password", str(refusal.message))
        return cleaned
