"""Writes to accounts: profile changes and API tokens."""

from __future__ import annotations

from allauth.account import app_settings as allauth_account_settings
from allauth.account.adapter import get_adapter
from allauth.account.forms import LoginForm
from allauth.account.models import Login
from allauth.account.utils import has_verified_email
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import transaction
from django.http import HttpRequest
from rest_framework.authtoken.models import Token

from .exceptions import (
    ACCOUNT_INACTIVE,
    EMAIL_UNVERIFIED,
    LOG_IN_CODE_REQUIRED,
    TOO_MANY_FAILED_LOG_INS,
    WRONG_CREDENTIALS,
    LogInRateLimited,
    LogInRefused,
)
from .models import User


def api_token_get_or_create(*, user: User) -> Token:
    """Return the user's API token, creating one on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return token


def api_token_regenerate(*, user: User) -> Token:
    """Replace the user's API token; the old one stops working at once."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


def api_token_log_in(*, request: HttpRequest, login: str, password: str) -> Token:
    """Check a log-in as the log-in page does; return the user's API token.

    `login` is a username or e-mail address. Raises LogInRateLimited or
    LogInRefused (wrong credentials, or an account that may not log in).

    1. allauth's log-in form authenticates through its adapter: it counts
       the attempt against the `login_failed` rate limits (per IP and per
       account, the same counters as the log-in page's) before it checks the
       password, so a locked account's password is not even tried.
    2. The account must be active, need no log-in code, and have a verified
       e-mail address when ACCOUNT_EMAIL_VERIFICATION is "mandatory": the
       checks of allauth's `pre_login` and login stages, without their
       redirects and e-mails.
    3. Return the user's token, created on first use.
    """
    form = LoginForm(data={"login": login, "password": password}, request=request)
    if not form.is_valid():
        if form.has_error(NON_FIELD_ERRORS, code="too_many_login_attempts"):
            raise LogInRateLimited(TOO_MANY_FAILED_LOG_INS)
        raise LogInRefused(WRONG_CREDENTIALS)
    user: User = form.user
    attempt = Login(user=user, email=form.user_credentials().get("email"))
    if not user.is_active:
        raise LogInRefused(ACCOUNT_INACTIVE)
    if get_adapter(request).is_login_by_code_required(attempt):
        raise LogInRefused(LOG_IN_CODE_REQUIRED)
    if attempt.email_verification == (
        allauth_account_settings.EmailVerificationMethod.MANDATORY
    ) and not has_verified_email(user, attempt.email):
        raise LogInRefused(EMAIL_UNVERIFIED)
    return api_token_get_or_create(user=user)
