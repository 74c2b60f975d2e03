"""What the notice e-mails say: entries, subjects and the digest's rows.

`turn_email` builds one e-mail for a person's notices that fell due
together (a turn's entry tells the move that began it, read from the
board as the person's seat sees it, and the time left); `digest_rows`
reads the matches where the person is to move and `digest_email` lists
them. Everything is worded in the person's language; the layout and the
headers are `render`'s, the links `links`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.core.mail import EmailMultiAlternatives
from django.db.models import F, Prefetch
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from games.clock_text import time_left_text
from games.clocks import seconds_left
from games.models import Match, Notification, Seat
from games.notifications import texts
from games.notifications.tokens import DIGEST

from .links import absolute_url, board_url, stop_url
from .render import EmailItem, StopLink, message_render
from .unsubscribe import email_topic

Kind = Notification.Kind

# Notices about a turn: their e-mail tells the board's situation and the
# time left, and the most urgent comes first.
TURN_KINDS = frozenset({Kind.YOUR_TURN, Kind.TIME_LOW})
# The subject names the opponents, except where the title already names
# who matters (who joined) or there is no match.
_NO_OPPONENTS_IN_SUBJECT = frozenset(
    {
        Kind.PLAYER_JOINED,
        Kind.VACATION_ENDING,
        Kind.INVITED,
        Kind.INVITATION_DECLINED,
    }
)


@dataclass(frozen=True, slots=True)
class DigestRow:
    """A match where the person is to move, for the digest.

    `game`: the game's slug; `opponents`: the other seats' names;
    `seconds_left`: on the person's clock when the rows were read (None:
    untimed, or the clock stands: match paused, vacation).
    """

    match_id: int
    game: str
    opponents: tuple[str, ...]
    seconds_left: int | None


def turn_email(
    user: User, notifications: Sequence[Notification]
) -> EmailMultiAlternatives:
    """Return the e-mail to `user` about `notifications` (at least one, theirs).

    One notice: the subject is its title with the opponents ("Your turn in
    Race #12 with Bob"). Several: "Your turn in 3 matches" when all are
    turns, else "3 notices from Spielpost"; each is an entry of its own,
    turns first by time left, then the rest in the given order. A turn's
    entry tells the move that began it and "Your move, 1 day 3 h left".
    Reads each turn's board (a few queries per turn notice). The
    unsubscribe headers stop the first entry's kind; the body has a link
    per kind. Raises ValueError for an empty `notifications`.
    """
    if not notifications:
        raise ValueError("An e-mail needs at least one notice.")
    with translation.override(user.language):
        pairs = [(notice, _notice_item(user, notice)) for notice in notifications]
        turns = sorted(
            (pair for pair in pairs if pair[0].kind in TURN_KINDS),
            key=lambda pair: _urgency(pair[1]),
        )
        pairs = turns + [pair for pair in pairs if pair[0].kind not in TURN_KINDS]
        kinds = list(dict.fromkeys(str(notice.kind) for notice, _item in pairs))
        if len(pairs) == 1:
            subject = _single_subject(pairs[0][0])
        elif len(turns) == len(pairs):
            subject = _turns_heading(len(pairs))
        else:
            subject = ngettext(
                "%(count)d notice from Spielpost",
                "%(count)d notices from Spielpost",
                len(pairs),
            ) % {"count": len(pairs)}
        if len(kinds) == 1:
            stops = [StopLink(_("Stop these e-mails"), stop_url(user, kinds[0]))]
        else:
            stops = [
                StopLink(
                    _("Stop “%(kind)s” e-mails") % {"kind": email_topic(kind)},
                    stop_url(user, kind),
                )
                for kind in kinds
            ]
        return message_render(
            user,
            template="notices",
            subject=subject,
            heading=subject,
            items=[item for _notice, item in pairs],
            titled=len(pairs) > 1,
            stops=stops,
        )


def digest_rows(user: User, *, now: datetime | None = None) -> list[DigestRow]:
    """Return the matches where `user` is to move, most urgent first.

    Running matches whose seat the person plays themself and which waits
    for their move, ordered by the clock's deadline (UTC), those without a
    running clock last, then by how long they have waited. Two queries.
    """
    moment = now or timezone.now()
    seats = (
        Seat.objects.filter(
            user=user,
            controller=Seat.Controller.PERSON,
            to_move_version__isnull=False,
            match__status=Match.Status.ACTIVE,
        )
        .select_related("match")
        .prefetch_related(
            Prefetch(
                "match__seats",
                queryset=Seat.objects.select_related("user").order_by("position"),
            )
        )
        .order_by(
            F("clock_deadline_at").asc(nulls_last=True),
            F("to_move_since").asc(nulls_last=True),
            "match_id",
        )
    )
    rows = []
    for seat in seats:
        match = seat.match
        paused = match.paused_at is not None
        deadline = None if paused else seat.clock_deadline_at
        rows.append(
            DigestRow(
                match_id=match.pk,
                game=match.game_slug,
                opponents=tuple(
                    other.name
                    for other in match.seats.all()
                    if other.position != seat.position
                ),
                seconds_left=seconds_left(deadline=deadline, now=moment)
                if deadline is not None
                else None,
            )
        )
    return rows


def digest_email(user: User, rows: Sequence[DigestRow]) -> EmailMultiAlternatives:
    """Return the daily digest to `user`: one entry per row, in the given order.

    `rows` as `digest_rows` returns them (most urgent first). Its
    unsubscribe link and headers stop the digest (tokens.DIGEST).
    """
    with translation.override(user.language):
        items = [_digest_item(row) for row in rows]
        subject = ngettext(
            "Daily digest: your turn in %(count)d match",
            "Daily digest: your turn in %(count)d matches",
            len(rows),
        ) % {"count": len(rows)}
        return message_render(
            user,
            template="digest",
            subject=subject,
            heading=_turns_heading(len(rows)),
            items=items,
            stops=[StopLink(_("Stop the daily digest"), stop_url(user, DIGEST))],
        )


# Helpers


def _notice_item(user: User, notice: Notification) -> EmailItem:
    """Return `notice`'s entry; call with the person's language active."""
    match = notice.match
    if notice.kind in TURN_KINDS and match is not None:
        text, left = _turn_situation(user, notice)
    else:
        text, left = capfirst(texts.line(notice)), None
    if match is not None:
        url, button = board_url(match.pk), _("Open the board")
    else:
        url = absolute_url(reverse("accounts:profile")) + "#vacation"
        button = _("Open your profile")
    return EmailItem(
        title=texts.title(notice),
        text=text,
        url=url,
        button=button,
        seconds_left=left,
    )


def _turn_situation(user: User, notice: Notification) -> tuple[str, int | None]:
    """Return a turn notice's situation line and the seconds left on the clock.

    The others' moves and table events since the seat's last move ("Since
    your move: ...", `selectors.recap`), else the lines of the move that
    produced the version the turn began at, as the person's seat sees
    them; then "Your move, 1 day 3 h left" while it still waits for them. A person no longer seated
    sees what a spectator sees. Precondition: `notice.match` is set.
    """
    from games.selectors import board_context, match_with_seats, viewer_seat
    from games.selectors.recap import recap_for, recap_sentence

    assert notice.match_id is not None
    match = match_with_seats(match_id=notice.match_id)
    seat = viewer_seat(match, user)
    version = notice.params.get("version")
    started_by_move = isinstance(version, int) and version > 0
    board = board_context(
        match=match,
        seat=seat,
        log_since=version - 1 if started_by_move else None,
        with_log=started_by_move,
    )
    parts = [
        line for entry in board.log if entry.seq == version for line in entry.lines
    ]
    # Issue 23: what the others did since the seat's last move, as the
    # seat's log tells it, in place of the one move that began the turn.
    recap = recap_for(match, seat) if seat is not None else None
    if recap:
        parts = [recap_sentence(recap)]
    viewer = board.viewer
    left = None
    if board.is_my_turn and viewer is not None:
        if viewer.clock_running and viewer.clock_left is not None:
            left = viewer.clock_left
            parts.append(_("Your move, %(left)s") % {"left": time_left_text(left)})
        else:
            parts.append(_("Your move."))
    return " ".join(parts), left


def _digest_item(row: DigestRow) -> EmailItem:
    """Return a digest row's entry; call with the person's language active."""
    notice = Notification(
        kind=Kind.YOUR_TURN,
        match_id=row.match_id,
        params={"game": row.game, "opponents": list(row.opponents)},
    )
    whom = texts.with_whom(notice)
    label = texts.match_label(notice)
    left = row.seconds_left
    return EmailItem(
        title=_("%(title)s %(whom)s") % {"title": label, "whom": whom}
        if whom
        else label,
        text=capfirst(time_left_text(left)) if left is not None else "",
        url=board_url(row.match_id),
        button=_("Open the board"),
        seconds_left=left,
    )


def _single_subject(notice: Notification) -> str:
    """Return the subject of an e-mail about `notice` alone."""
    title = texts.title(notice)
    whom = texts.with_whom(notice)
    if not whom or notice.kind in _NO_OPPONENTS_IN_SUBJECT:
        return title
    return _("%(title)s %(whom)s") % {"title": title, "whom": whom}


def _turns_heading(count: int) -> str:
    return ngettext(
        "Your turn in %(count)d match", "Your turn in %(count)d matches", count
    ) % {"count": count}


def _urgency(item: EmailItem) -> tuple[int, int]:
    """Sort key: running clocks by time left, then the rest."""
    if item.seconds_left is None:
        return (1, 0)
    return (0, item.seconds_left)
