"""What an unsubscribe link does, and the names of the kinds of e-mail.

`unsubscribe_target` reads a link's token (`tokens`) into the person and
the kind it stops; `email_unsubscribe` switches that kind off (the daily
digest with "your turn"); `email_topic` names a kind, for the links in
the e-mails and the page that confirms.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.models import Notification
from games.notifications.tokens import (
    DIGEST,
    UnsubscribeTokenInvalid,
    unsubscribe_check,
)

Kind = Notification.Kind


def unsubscribe_target(*, token: str) -> tuple[User, str]:
    """Return the person and the kind (or tokens.DIGEST) `token` stops.

    Raises tokens.UnsubscribeTokenInvalid for a bad or expired token, or
    one whose person no longer exists.
    """
    user_id, kind = unsubscribe_check(token)
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        raise UnsubscribeTokenInvalid("unknown person")
    return user, kind


def email_unsubscribe(*, user: User, kind: str) -> User:
    """Switch `kind` e-mails off for `user`; return the person as saved.

    A Notification.Kind value joins `email_off`. tokens.DIGEST switches
    the daily digest off and "your turn" e-mails with it: who stops the
    digest asked for fewer e-mails, not for one per turn instead. Doing it
    twice changes nothing more. The row is locked, so a profile saved at
    the same moment loses neither change.
    """
    kinds = [Kind.YOUR_TURN.value] if kind == DIGEST else [kind]
    with transaction.atomic():
        person = User.objects.select_for_update().get(pk=user.pk)
        off = list(person.email_off or [])
        off.extend(k for k in kinds if k not in off)
        person.email_off = off
        fields = ["email_off"]
        if kind == DIGEST:
            person.email_digest = False
            fields.append("email_digest")
        person.save(update_fields=fields)
    return person


def email_topic(kind: str) -> str:
    """Return the name of a kind of e-mail (or tokens.DIGEST), in the active language."""
    if kind == DIGEST:
        return _("Daily digest")
    try:
        return str(Kind(kind).label)
    except ValueError:
        return kind
