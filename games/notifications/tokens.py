"""One-click unsubscribe links: signed, expiring tokens (issue 11, "Links").

A token names a person and what to stop: a `Notification.Kind` value, or
DIGEST for the daily digest. It is the JSON `[user_id, kind]` signed with
Django's `TimestampSigner` (`django.core.signing.dumps`, keyed by
SECRET_KEY, salted for this use only), URL-safe, about 90 characters. Whoever
holds it may switch that e-mail off without logging in, which is what a
link in an e-mail is for; it stops working UNSUBSCRIBE_TOKEN_MAX_AGE seconds
after it was made, or when SECRET_KEY changes.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing

from games.models import Notification

# What a digest's link stops: the daily digest (see emails.email_unsubscribe).
DIGEST = "digest"
# Namespaces the signature: a token of another use of signing never passes.
SALT = "spielpost.notifications.unsubscribe"


class UnsubscribeTokenInvalid(ValueError):
    """The token is malformed, forged, or older than its maximum age.

    `expired` tells an old token (otherwise genuine) from a bad one.
    """

    def __init__(self, message: str, *, expired: bool = False) -> None:
        super().__init__(message)
        self.expired = expired


def unsubscribe_token(user_id: int, kind: str) -> str:
    """Return a token that stops `kind` e-mails (or DIGEST) for `user_id`.

    Raises ValueError for a `kind` that is neither a Notification.Kind
    value nor DIGEST.
    """
    if kind not in _KINDS:
        raise ValueError(f"Unknown kind of e-mail: {kind!r}")
    return signing.dumps([int(user_id), kind], salt=SALT)


def unsubscribe_check(token: str) -> tuple[int, str]:
    """Return (user_id, kind) of a token made by `unsubscribe_token`.

    Raises UnsubscribeTokenInvalid when the signature is wrong, the token is
    older than settings.UNSUBSCRIBE_TOKEN_MAX_AGE seconds (`expired`), or it
    does not hold a user id and a known kind.
    """
    try:
        data = signing.loads(
            token, salt=SALT, max_age=settings.UNSUBSCRIBE_TOKEN_MAX_AGE
        )
    except signing.SignatureExpired as error:
        raise UnsubscribeTokenInvalid("expired token", expired=True) from error
    except (signing.BadSignature, ValueError) as error:
        # ValueError: a genuine signature over something that is not JSON
        # cannot occur, but a truncated token may fail to decode at all.
        raise UnsubscribeTokenInvalid("bad token") from error
    if (
        not isinstance(data, list)
        or len(data) != 2
        or not isinstance(data[0], int)
        or isinstance(data[0], bool)
        or data[1] not in _KINDS
    ):
        raise UnsubscribeTokenInvalid("bad token")
    return data[0], str(data[1])


_KINDS = frozenset([*Notification.Kind.values, DIGEST])
