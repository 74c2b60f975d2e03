"""Sanctions on a person, each audited as a `Sanction` (issue 24, "Sanctions").

Called by the moderation admin (games/admin/). Each function checks its
input, changes the person (or their chat line) and records who did it
(`actor`), what, when, why (`reason`) and until when, in one transaction.
A refusal raises ModerationRefused with a message for the moderator and
changes nothing.

A suspension or a ban hands the person's running seats to the game's
robot, as a seat lost after timeouts (`departures.seats_to_robots`): the
other players' clocks and ranks go on. A ban also closes the person's
open sockets and revokes their API token. After commit, a suspension or a
mute tells the person's open pages ("user.sanctioned": the notice, the
chat form closed), and a hidden line leaves every open page ("chat.hidden").
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.models import Token

from accounts.models import User
from accounts.names import player_name_validate
from games import broadcast, exceptions
from games.models import (
    ChatLine,
    LeaveReason,
    Notification,
    Sanction,
)
from games.notifications.services import notify

from .departures import seats_to_robots

# The longest mute or suspension a moderator gives at once; longer is a ban.
SANCTION_DAYS_MAX = 366

NO_REASON = _("Say why: the reason is kept with the sanction.")
UNTIL_PAST = _("The end of a mute or suspension must be in the future.")
UNTIL_TOO_FAR = _("A mute or suspension lasts at most a year; ban instead.")
NOT_YOURSELF = _("Moderators do not sanction themselves.")
ALREADY_HIDDEN = _("This chat line is already hidden.")
NO_SUCH_LINE = _("There is no such chat line.")
ALREADY_BANNED = _("This person is already banned.")
SAME_NAME = _("That is already the display name.")


class ModerationRefused(exceptions.MatchError):
    """A sanction refused for its input; `message` says why, nothing changed.

    A MatchError, so the admin's `run_service` reports it like the match
    moderation's refusals.
    """

    status_code = 400


def chat_line_hide(*, line_id: int, actor: User, reason: str) -> Sanction:
    """Hide chat line `line_id` (ChatLine.hidden_at/by) and record it.

    Raises ModerationRefused (NO_SUCH_LINE, ALREADY_HIDDEN, NO_REASON).
    """
    reason = _reason_clean(reason)
    with transaction.atomic():
        line = ChatLine.objects.select_for_update().filter(id=line_id).first()
        if line is None:
            raise ModerationRefused(NO_SUCH_LINE)
        if line.hidden_at is not None:
            raise ModerationRefused(ALREADY_HIDDEN)
        now = timezone.now()
        line.hidden_at = now
        line.hidden_by = actor
        line.save(update_fields=["hidden_at", "hidden_by"])
        # Its own event: open boards and lobbies drop the line without
        # rendering the board again.
        broadcast.chat_line_hidden_on_commit(line_id=line.id, match_id=line.match_id)
        return _record(
            line.author,
            actor,
            Sanction.Kind.LINE_HIDDEN,
            reason,
            now=now,
            detail={"line": line.id, "text": line.text},
        )


def chat_mute(*, user: User, actor: User, reason: str, until: datetime) -> Sanction:
    """Forbid `user` to chat until `until` (UTC; `User.chat_muted_until`).

    Raises ModerationRefused (NO_REASON, UNTIL_PAST, UNTIL_TOO_FAR,
    NOT_YOURSELF).
    """
    reason, now = _reason_clean(reason), timezone.now()
    _check(user, actor, until=until, now=now)
    with transaction.atomic():
        user.chat_muted_until = until
        user.save(update_fields=["chat_muted_until"])
        _tell(user, Sanction.Kind.MUTED, reason, until)
        # Their open pages say so at once and take the chat form away.
        broadcast.user_sanctioned_on_commit(user.id)
        return _record(user, actor, Sanction.Kind.MUTED, reason, now=now, until=until)


def suspend(*, user: User, actor: User, reason: str, until: datetime) -> Sanction:
    """Suspend `user` until `until` (UTC): no play, no chat; seats go to robots.

    `User.suspended_until` is set; every playing service then refuses them
    (`suspensions.play_allowed_require`). Their seats in running matches are
    played by the game's robot to the end. Raises ModerationRefused
    (NO_REASON, UNTIL_PAST, UNTIL_TOO_FAR, NOT_YOURSELF).
    """
    reason, now = _reason_clean(reason), timezone.now()
    _check(user, actor, until=until, now=now)
    with transaction.atomic():
        user.suspended_until = until
        user.save(update_fields=["suspended_until"])
        sanction = _record(
            user, actor, Sanction.Kind.SUSPENDED, reason, now=now, until=until
        )
        seats_to_robots(user=user, actor=actor, now=now, reason=LeaveReason.SANCTIONED)
        _tell(user, Sanction.Kind.SUSPENDED, reason, until)
        # Their open pages show the suspension without a reload.
        broadcast.user_sanctioned_on_commit(user.id)
    return sanction


def ban(*, user: User, actor: User, reason: str) -> Sanction:
    """Ban `user`: cannot log in, API token revoked, sockets closed, seats to robots.

    Raises ModerationRefused (NO_REASON, NOT_YOURSELF, ALREADY_BANNED).
    """
    reason, now = _reason_clean(reason), timezone.now()
    _check(user, actor, until=None, now=now)
    if not user.is_active:
        raise ModerationRefused(ALREADY_BANNED)
    with transaction.atomic():
        user.is_active = False
        user.save(update_fields=["is_active"])
        Token.objects.filter(user=user).delete()
        sanction = _record(user, actor, Sanction.Kind.BANNED, reason, now=now)
        seats_to_robots(user=user, actor=actor, now=now, reason=LeaveReason.SANCTIONED)
        _tell(user, Sanction.Kind.BANNED, reason, None)
        broadcast.user_sockets_close_on_commit(user.id)
    return sanction


def display_name_change(*, user: User, actor: User, reason: str, name: str) -> Sanction:
    """Replace `user`'s display name with `name` (blank: their username is shown).

    The new name must pass the sign-up rules (accounts.names). Raises
    ModerationRefused (NO_REASON, NOT_YOURSELF, SAME_NAME, a name rule).
    """
    reason, now = _reason_clean(reason), timezone.now()
    _check(user, actor, until=None, now=now)
    name = name.strip()
    if name == user.display_name:
        raise ModerationRefused(SAME_NAME)
    if name:
        try:
            player_name_validate(name, user=user)
        except ValidationError as error:
            raise ModerationRefused(str(error.messages[0])) from None
        if len(name) > User._meta.get_field("display_name").max_length:  # type: ignore[operator]
            raise ModerationRefused(_("That name is too long."))
    with transaction.atomic():
        old = user.display_name
        user.display_name = name
        user.save(update_fields=["display_name"])
        return _record(
            user,
            actor,
            Sanction.Kind.RENAMED,
            reason,
            now=now,
            detail={"from": old, "to": name},
        )


def _tell(user: User, kind: str, reason: str, until: datetime | None) -> None:
    """Tell `user` what was done, why and until when: a notice, e-mailed too.

    A suspended or muted person reads it on their next visit (the bell); a
    banned one cannot log in and gets it by e-mail (as every notice kind
    not switched off, games.notifications.schedule).
    """
    params = {"sanction": kind, "reason": reason}
    if until is not None:
        params["until"] = until.astimezone(UTC).strftime("%Y-%m-%d %H:%M")
    notify([user], Notification.Kind.SANCTIONED, params=params)


def _reason_clean(reason: str) -> str:
    """Return `reason` stripped; ModerationRefused(NO_REASON) when blank."""
    reason = (reason or "").strip()
    if not reason:
        raise ModerationRefused(NO_REASON)
    return reason[:1000]


def _check(user: User, actor: User, *, until: datetime | None, now: datetime) -> None:
    """Refuse a sanction on oneself, and an `until` not in (now, now + a year]."""
    if user.pk == actor.pk:
        raise ModerationRefused(NOT_YOURSELF)
    if until is None:
        return
    if until <= now:
        raise ModerationRefused(UNTIL_PAST)
    if until > now + timedelta(days=SANCTION_DAYS_MAX):
        raise ModerationRefused(UNTIL_TOO_FAR)


def _record(
    person: User,
    actor: User,
    kind: str,
    reason: str,
    *,
    now: datetime,
    until: datetime | None = None,
    detail: dict[str, object] | None = None,
) -> Sanction:
    """Write the audit row of one sanction."""
    return Sanction.objects.create(
        person=person,
        actor=actor,
        kind=kind,
        reason=reason,
        created_at=now,
        until=until,
        detail=detail or {},
    )
