"""allauth's entrance forms in the site's words (ACCOUNT_FORMS, issue 21).

Apart from accounts.forms: allauth builds its sign-up form on
accounts.forms.SignupForm (ACCOUNT_SIGNUP_FORM_CLASS), so a subclass of
allauth's sign-up form cannot live in that module (a circular import).
"""

from __future__ import annotations

from typing import Any

from allauth.account import forms as allauth_forms
from django.utils.translation import gettext_lazy as _

from .forms import words_use


class AccountSignupForm(allauth_forms.SignupForm):  # type: ignore[misc]
    """allauth's sign-up form in the site's words (ACCOUNT_FORMS["signup"]).

    Its base is SignupForm above (ACCOUNT_SIGNUP_FORM_CLASS), which adds
    the display name and the time zone.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        words_use(
            self,
            {
                "email": (_("E-mail address"), _("E-mail address")),
                "username": (_("Username"), _("Username")),
                "password1": (_("Password"), _("Password")),
                "password2": (_("Password (again)"), _("Password (again)")),
            },
        )


class PasswordResetForm(allauth_forms.ResetPasswordForm):  # type: ignore[misc]
    """allauth's "forgot your password" form (ACCOUNT_FORMS["reset_password"])."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        words_use(self, {"email": (_("E-mail address"), _("E-mail address"))})


class PasswordResetKeyForm(allauth_forms.ResetPasswordKeyForm):  # type: ignore[misc]
    """allauth's new-password form (ACCOUNT_FORMS["reset_password_from_key"])."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        words_use(
            self,
            {
                "password1": (_("New password"), _("New password")),
                "password2": (_("New password (again)"), _("New password (again)")),
            },
        )


class EmailAddForm(allauth_forms.AddEmailForm):  # type: ignore[misc]
    """allauth's add-an-address form (ACCOUNT_FORMS["add_email"])."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        words_use(self, {"email": (_("E-mail address"), _("E-mail address"))})


class PasswordChangeForm(allauth_forms.ChangePasswordForm):  # type: ignore[misc]
    """allauth's change-password form (ACCOUNT_FORMS["change_password"])."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        words_use(
            self,
            {
                "oldpassword": (_("Current password"), _("Current password")),
                "password1": (_("New password"), _("New password")),
                "password2": (_("New password (again)"), _("New password (again)")),
            },
        )
