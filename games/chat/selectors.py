"""Reading chat: who may read a match's chat, and one page of its lines.

The lines a viewer reads leave out hidden lines (a moderator's) and the
lines of the people the viewer muted or blocked (accounts' Mute, Block), so a
blocked person's lines never reach the blocker. Pages run newest first by
id: `chat_page(before=...)` gives the page older than a line.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.utils import formats, timezone

from accounts.local_time import user_zone
from accounts.models import Block, Mute, User
from games.models import ChatLine, Match
from games.selectors.seating import viewer_seat

# Lines per page.
CHAT_PAGE_SIZE = 50
# Links in a line become clickable once its author's account is this old.
LINKS_AFTER = timedelta(days=1)


@dataclass(frozen=True)
class ChatEntry:
    """One line as a viewer reads it: `text` plain (escape it where shown),
    `at` UTC, `links` whether its links may be made clickable."""

    id: int
    author: str
    text: str
    at: datetime
    links: bool
    # The writer's user id: the page offers "Report" on others' lines only.
    author_id: int | None = None


@dataclass(frozen=True)
class ChatPage:
    """A page of lines, oldest first; `older` is the id to pass as `before`
    for the page before it, None when there is none."""

    lines: list[ChatEntry]
    older: int | None


def links_allowed(author: User, at: datetime) -> bool:
    """Return whether `author`'s links may be clickable at `at` (a day old)."""
    return at - author.date_joined >= LINKS_AFTER


def chat_readable(*, match: Match, user: Any) -> bool:
    """Return whether `user` may read `match`'s chat, given they may see it.

    The people seated there and staff always; anyone else (spectators,
    guests) only when `match.chat_spectators`. Reads `match.seats.all()`.
    """
    if match.chat_spectators:
        return True
    signed_in = user is not None and user.is_authenticated
    return signed_in and (user.is_staff or viewer_seat(match, user) is not None)


def chat_writable(*, match: Match | None, user: Any) -> bool:
    """Return whether `user` is one who may write here (signed in; seated at
    `match`); the service still refuses a muted or suspended person."""
    if user is None or not user.is_authenticated:
        return False
    return match is None or viewer_seat(match, user) is not None


def chat_page(
    *,
    match: Match | None,
    viewer: Any,
    before: int | None = None,
    size: int = CHAT_PAGE_SIZE,
) -> ChatPage:
    """Return the page of `size` lines at `match` (None: lobby) before id `before`.

    Leaves out hidden lines and, for a signed-in `viewer`, the lines of the
    people they muted or blocked. One query.
    """
    lines = ChatLine.objects.filter(match=match, hidden_at__isnull=True)
    if viewer is not None and viewer.is_authenticated:
        # Subqueries, not a list read first: the page stays one query.
        lines = lines.exclude(
            author_id__in=Mute.objects.filter(owner=viewer.pk).values("other_id")
        ).exclude(
            author_id__in=Block.objects.filter(owner=viewer.pk).values("other_id")
        )
    if before is not None:
        lines = lines.filter(id__lt=before)
    rows = list(lines.select_related("author").order_by("-id")[: size + 1])
    older = rows[size - 1].id if len(rows) > size else None
    rows = rows[:size]
    now = timezone.now()
    return ChatPage(
        lines=[
            ChatEntry(
                id=row.id,
                author=row.author.name,
                text=row.text,
                at=row.created_at,
                links=links_allowed(row.author, now),
                author_id=row.author_id,
            )
            for row in reversed(rows)
        ],
        older=older,
    )


def chat_entry_for(*, line_id: int, viewer_id: int | None) -> ChatEntry | None:
    """Return line `line_id` as `viewer_id` (None: a guest) may read it, or None.

    None for a hidden line, a muted or blocked author, or a match whose chat
    the viewer may not read (the socket already checked the match is seen).
    """
    line = (
        ChatLine.objects.select_related("author", "match")
        .filter(id=line_id, hidden_at__isnull=True)
        .first()
    )
    if line is None:
        return None
    viewer = User.objects.filter(pk=viewer_id).first() if viewer_id else None
    if viewer is not None and (
        Mute.objects.filter(owner=viewer, other_id=line.author_id).exists()
        or Block.objects.filter(owner=viewer, other_id=line.author_id).exists()
    ):
        return None
    if line.match is not None and not line.match.chat_spectators:
        seated = viewer is not None and (
            viewer.is_staff or line.match.seats.filter(user=viewer).exists()
        )
        if not seated:
            return None
    return ChatEntry(
        id=line.id,
        author=line.author.name,
        text=line.text,
        at=line.created_at,
        links=links_allowed(line.author, timezone.now()),
        author_id=line.author_id,
    )


@dataclass(frozen=True)
class ChatClosed:
    """Why a person may not chat now: `kind` "suspended" (no play either) or
    "muted", until `until` (UTC)."""

    kind: str
    until: datetime


def chat_closed_for(user: Any) -> ChatClosed | None:
    """Return why `user` may not chat now (a suspension first), or None.

    Reads the fields of `user` as given (no query); None for a guest.
    """
    if user is None or not user.is_authenticated:
        return None
    now = timezone.now()
    if user.suspended_until is not None and user.suspended_until > now:
        return ChatClosed("suspended", user.suspended_until)
    if user.chat_muted_until is not None and user.chat_muted_until > now:
        return ChatClosed("muted", user.chat_muted_until)
    return None


def until_text(until: datetime, user: User) -> str:
    """Return `until` as `user` reads it: their time zone (named), the active
    language's date format."""
    local = timezone.localtime(until, user_zone(user))
    return f"{formats.date_format(local, 'DATETIME_FORMAT')} {local.tzname()}"
