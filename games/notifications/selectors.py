"""Reading notices: the notification page's rows (issue 11), the API's window (issue 21)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.paginator import Page, Paginator
from django.utils import timezone

from accounts.models import User
from games.models import Notification
from games.notifications import texts

# Notices on one page of the notification list.
NOTICES_PER_PAGE = 50
# Younger notices show "3 minutes ago"; older ones their date and time.
RECENT = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class NoticeRow:
    """One notice as the list shows it, its texts in the active language."""

    id: int
    title: str
    line: str
    match_id: int | None
    match_label: str
    created_at: datetime
    unread: bool
    recent: bool


@dataclass(frozen=True, slots=True)
class NoticeWindow:
    """A slice of a person's notices, newest first, for the API.

    `count`: all of them (or the unread ones, when only those were asked
    for); `unread`: their unread ones; `notices`: the slice.
    """

    count: int
    unread: int
    notices: list[Notification]


@dataclass(frozen=True, slots=True)
class NoticePage:
    """One page of a person's notices, newest first, and the paginator's page."""

    rows: list[NoticeRow]
    page: Page[Notification]


def notice_page(
    *, user: User, number: str | int | None, per_page: int | None = None
) -> NoticePage:
    """Return page `number` of `user`'s notices, `per_page` (default 50) a page.

    `number` is 1-based; an invalid one gives the first page, one past the
    end the last (Paginator.get_page). Newest first, through the (user,
    -created_at) index: two queries (the count and the page), none per
    notice, since the texts read only the notice's `params`. `unread` is as it was when read here, so a page that
    then marks them read still shows which were new.
    """
    notices = Notification.objects.filter(user=user).order_by("-created_at", "-id")
    page = Paginator(notices, per_page or NOTICES_PER_PAGE).get_page(number)
    now = timezone.now()
    rows = [
        NoticeRow(
            id=notice.id,
            title=texts.title(notice),
            line=texts.line(notice),
            match_id=notice.match_id,
            match_label=texts.match_label(notice),
            created_at=notice.created_at,
            unread=notice.read_at is None,
            recent=now - notice.created_at < RECENT,
        )
        for notice in page
    ]
    return NoticePage(rows=rows, page=page)


def notices_window(
    *, user: User, offset: int, limit: int, unread_only: bool = False
) -> NoticeWindow:
    """Return `limit` of `user`'s notices after the `offset` newest ones.

    Newest first (created_at, then id: a turn rewritten moves to the top),
    only unread ones with `unread_only`. Three queries (two with
    `unread_only`) through the (user, -created_at) and unread indexes:
    the count, the unread count, the slice; none per notice.
    """
    notices = Notification.objects.filter(user=user)
    unread = notices.filter(read_at__isnull=True).count()
    if unread_only:
        notices = notices.filter(read_at__isnull=True)
        count = unread
    else:
        count = notices.count()
    rows = list(notices.order_by("-created_at", "-id")[offset : offset + limit])
    return NoticeWindow(count=count, unread=unread, notices=rows)
