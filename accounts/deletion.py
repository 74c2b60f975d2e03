"""Deleting an account by its person (issue 24, GDPR).

`account_delete_check` refuses a wrong password (and an account already
deleted); `account_delete` then empties the person's row of everything
personal, in one transaction with the hooks of the apps built on accounts
(`seams.account_deleting`: games hands their running seats to robots,
leaves their open seats, withdraws their invitations and hides their chat
lines). The row itself stays: finished matches keep a seat whose name
reads "deleted player" (`User.name` once `deleted_at` is set), and ratings,
records and reports keep pointing at it. Imports nothing of `games`.
"""

from __future__ import annotations

from datetime import datetime

from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.models import Token

from . import seams
from .exceptions import TOO_MANY_FAILED_LOG_INS
from .models import Block, EmailDelivery, Follow, Mute, Presence, User

WRONG_PASSWORD = _("That is not your password. Nothing was deleted.")
ALREADY_DELETED = _("This account is already deleted.")


class DeletionRefused(Exception):
    """The deletion was refused; `message` is shown as it is, nothing changed.

    403: the person is known (logged in) but did not prove it is them;
    429: too many wrong passwords (the log-in's limits).
    """

    status_code: int = 403

    def __init__(self, message: Promise | str, status_code: int = 403) -> None:
        self.message = message
        self.status_code = status_code
        super().__init__(str(message))


def account_delete_check(*, request: HttpRequest, user: User, password: str) -> None:
    """Refuse to delete `user` unless `password` is theirs.

    Raises DeletionRefused (WRONG_PASSWORD, 403; ALREADY_DELETED, 403;
    TOO_MANY_FAILED_LOG_INS, 429). The password is asked again although the
    person is logged in: a borrowed session or a leaked API token must not
    be enough to delete an account. So each try counts against the log-in
    page's own limits (allauth's `login_failed`, per address and per
    account: accounts.login_limits), or a leaked token could guess the
    password here without end. Raises RateLimitsUnavailable while their
    store is down (answered 503, as at the log-in).
    """
    if user.deleted_at is not None:
        raise DeletionRefused(ALREADY_DELETED)
    if not password:
        raise DeletionRefused(WRONG_PASSWORD)
    try:
        proven = get_adapter(request).authenticate(
            request, username=user.username, password=password
        )
    except ValidationError:
        # allauth's only refusal before the check: too many failures.
        raise DeletionRefused(TOO_MANY_FAILED_LOG_INS, 429) from None
    if proven is None or proven.pk != user.pk:
        raise DeletionRefused(WRONG_PASSWORD)


def account_delete(*, user: User, now: datetime) -> User:
    """Delete `user`'s account at `now` (UTC); return the emptied row.

    In one transaction:
    1. each hook of `seams.account_deleting` runs (games: see
       games.services.departures.account_deleting);
    2. the row is emptied: username "deleted-<pk>", no display, first or
       last name, no e-mail address (allauth's addresses deleted too), an
       unusable password, inactive, no staff rights or groups, e-mail and
       other preferences back to their defaults, `deleted_at` = now;
    3. the API token, follows, mutes and blocks both ways and open pages
       (`Presence`) are deleted, e-mails not yet sent are dropped.
    Every session of the person ends with it: Django checks a session
    against the password's hash and the account's being active on each
    request (the view logs the current one out at once). Raises
    DeletionRefused(ALREADY_DELETED) for an account deleted before.
    """
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        if user.deleted_at is not None:
            raise DeletionRefused(ALREADY_DELETED)
        for hook in seams.account_deleting:
            hook(user=user, now=now)
        # A hook may have saved the row (games ends a running vacation).
        user.refresh_from_db()
        _row_empty(user, now=now)
        Token.objects.filter(user=user).delete()
        EmailAddress.objects.filter(user=user).delete()
        for model in (Follow, Mute, Block):
            model.objects.filter(owner=user).delete()
            model.objects.filter(other=user).delete()
        Presence.objects.filter(user=user).delete()
        EmailDelivery.objects.filter(
            user=user, state=EmailDelivery.State.QUEUED
        ).update(state=EmailDelivery.State.DROPPED)
    return user


def _row_empty(user: User, *, now: datetime) -> None:
    """Empty `user`'s row of everything personal and mark it deleted (saved)."""
    defaults = {
        field.name: field.get_default()
        for field in User._meta.concrete_fields
        if field.name in _PREFERENCES
    }
    for name, value in defaults.items():
        setattr(user, name, value)
    user.username = f"deleted-{user.pk}"
    user.display_name = ""
    user.first_name = ""
    user.last_name = ""
    user.email = ""
    user.set_unusable_password()
    user.is_active = False
    user.is_staff = False
    user.is_superuser = False
    user.deleted_at = now
    user.save()
    user.groups.clear()
    user.user_permissions.clear()


# The settings a person made, put back to their defaults on deletion.
_PREFERENCES = (
    "language",
    "time_zone",
    "email_off",
    "email_digest",
    "digest_hour",
    "digest_sent_on",
    "quiet_from",
    "quiet_to",
    "email_failures",
    "email_failed_at",
)
