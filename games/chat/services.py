"""Writing a chat line: `chat_post` (issue 24, Chat).

Who may write: a signed-in person, not muted (`User.chat_muted_until`)
nor suspended (`User.suspended_until`) now; at a match, only the people
seated there (a private match one may not see is answered as no match).
Each person writes at most CHAT_RATE_LINES lines per CHAT_RATE_SECONDS
(counted in the default cache, which fails closed while Redis is down:
accounts.ratelimits). A line to someone who blocked the writer is stored
as any other and simply never shown to the blocker (chat selectors): the
block stays silent.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.ratelimits import RateLimitsUnavailable
from games import broadcast, exceptions
from games.models import CHAT_LINE_MAX, ChatLine, Match

# At most this many lines per person in each window of this many seconds.
CHAT_RATE_LINES = 5
CHAT_RATE_SECONDS = 10

CHAT_EMPTY = _("Write something first.")
CHAT_TOO_LONG = _("A chat line has at most 500 characters.")
CHAT_TOO_FAST = _("You are writing too fast. Wait a few seconds.")
CHAT_MUTED = _("You may not chat until %(until)s.")
CHAT_UNAVAILABLE = _("Chat is unavailable for a moment. Try again shortly.")
CHAT_SUSPENDED = _("Your account is suspended until %(until)s.")


class ChatRefused(exceptions.MatchError):
    """A chat line refused: empty or too long (400), muted or suspended (403),
    too fast (429). `message` is shown to the writer as it is."""

    status_code = 400
    page_status_code = 400

    def __init__(self, message: Promise | str, status_code: int = 400) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.page_status_code = status_code


def chat_text_clean(text: str) -> str:
    """Return `text` as one plain line: control characters (newlines too) and
    lone surrogates become spaces, ends stripped. Nothing is escaped here:
    the pages and the API escape on the way out."""
    return "".join(
        " " if unicodedata.category(ch) in ("Cc", "Cs") else ch for ch in text
    ).strip()


def _until_text(until: datetime) -> str:
    return timezone.localtime(until).strftime("%Y-%m-%d %H:%M %Z")


def _rate_allowed(user: User, now: datetime) -> bool:
    """Count one line of `user`'s in the current window; False past the limit."""
    window = int(now.timestamp()) // CHAT_RATE_SECONDS
    key = f"chat-rate:{user.pk}:{window}"
    if cache.add(key, 1, timeout=CHAT_RATE_SECONDS * 2):
        return True
    try:
        count = cache.incr(key)
    except ValueError:
        # Expired between add and incr: this line starts a new count.
        cache.set(key, 1, timeout=CHAT_RATE_SECONDS * 2)
        return True
    return count <= CHAT_RATE_LINES


def chat_post(*, user: User, match: Match | None, text: str) -> ChatLine:
    """Store `user`'s line `text` at `match` (None: the lobby) and announce it.

    The caller has already checked that `user` may see `match`
    (games.selectors.access; pages and API answer 404 otherwise). Raises
    ChatRefused (400 empty or over CHAT_LINE_MAX characters, 403 muted or
    suspended, 429 too fast, 503 while the rate limits' store is down)
    and exceptions.NotSeated (403) for a person without a seat at `match`.
    The line's `created_at` is now (UTC); the sockets hear of it after
    commit (broadcast.chat_line_on_commit).
    """
    now = timezone.now()
    if user.suspended_until is not None and user.suspended_until > now:
        raise ChatRefused(
            CHAT_SUSPENDED % {"until": _until_text(user.suspended_until)}, 403
        )
    if user.chat_muted_until is not None and user.chat_muted_until > now:
        raise ChatRefused(
            CHAT_MUTED % {"until": _until_text(user.chat_muted_until)}, 403
        )
    clean = chat_text_clean(text)
    if not clean:
        raise ChatRefused(CHAT_EMPTY)
    if len(clean) > CHAT_LINE_MAX:
        raise ChatRefused(CHAT_TOO_LONG)
    if match is not None and not match.seats.filter(user=user).exists():
        raise exceptions.NotSeated
    try:
        allowed = _rate_allowed(user, now)
    except RateLimitsUnavailable:
        # Fail closed, as every rate limit (accounts.ratelimits).
        raise ChatRefused(CHAT_UNAVAILABLE, 503) from None
    if not allowed:
        raise ChatRefused(CHAT_TOO_FAST, 429)
    with transaction.atomic():
        line = ChatLine.objects.create(
            match=match, author=user, text=clean, created_at=now
        )
        broadcast.chat_line_on_commit(line_id=line.id, match_id=line.match_id)
    return line
