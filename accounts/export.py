"""A person's data export (issue 24, GDPR): everything kept about them, as JSON.

`account_export` builds the identity part here (the account, its
preferences, the person's follows, mutes and blocks by name) and adds the
sections of the apps built on accounts (`seams.export_sections`: games'
matches, moves, chat lines, ratings, notices and reports). Only the
person's own data: other people appear by their public name, never with
an e-mail address or anything secret. Times in UTC, ISO 8601. Imports
nothing of `games`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from allauth.account.models import EmailAddress

from . import seams
from .models import Block, Follow, Mute, User

# The export's format, for programs that read it; raised when it changes.
EXPORT_FORMAT = "spielpost-export-1"


def moment(value: datetime | None) -> str | None:
    """Return `value` as ISO 8601 (UTC as stored), None for none."""
    return value.isoformat() if value is not None else None


def account_export(*, user: User, now: datetime) -> dict[str, Any]:
    """Return `user`'s data as one JSON-ready dict, made at `now` (UTC).

    {"format", "exported_at", "account": {...}, "preferences": {...},
    "relations": {"follows", "mutes", "blocks": [public names]}} plus one
    key per section of `seams.export_sections`.
    """
    data: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "exported_at": moment(now),
        "account": {
            "username": user.username,
            "display_name": user.display_name,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "email": user.email,
            "email_addresses": [
                {"email": address.email, "verified": address.verified}
                for address in EmailAddress.objects.filter(user=user).order_by("pk")
            ],
            "date_joined": moment(user.date_joined),
            "last_login": moment(user.last_login),
        },
        "preferences": {
            "language": user.language,
            "time_zone": user.time_zone,
            "email_off": list(user.email_off or []),
            "email_digest": user.email_digest,
            "digest_hour": user.digest_hour,
            "quiet_from": user.quiet_from.isoformat() if user.quiet_from else None,
            "quiet_to": user.quiet_to.isoformat() if user.quiet_to else None,
            "vacation_until": moment(user.vacation_until),
            "vacation_used_seconds": user.vacation_used,
        },
        "relations": {
            "follows": _names(Follow, user),
            "mutes": _names(Mute, user),
            "blocks": _names(Block, user),
        },
    }
    for section in seams.export_sections:
        data.update(section(user))
    return data


def _names(model: type[Follow] | type[Mute] | type[Block], user: User) -> list[str]:
    """Return the public names of the people `user` set `model` about, oldest first."""
    return [
        relation.other.name
        for relation in model.objects.filter(owner=user)
        .select_related("other")
        .order_by("created_at", "pk")
    ]
