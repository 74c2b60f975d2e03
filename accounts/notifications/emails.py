"""Composing and sending the notice e-mails (issue 11, "E-mails").

`schedule` decides when and to whom an e-mail goes; this module builds what
is sent and sends it:

- `turn_email`: one e-mail for one or several notices of one person (those
  that fell due together go out as one);
- `digest_rows` and `digest_email`: the daily digest, every match where the
  person is to move, most urgent first;
- `email_send`: through Django's configured backend (EMAIL_BACKEND: the
  console by default, SMTP by settings), recording failures on the person;
- `emails_deliver`: the one service the task calls (load, compose, send);
- `unsubscribe_target` and `email_unsubscribe`: what an unsubscribe link
  does (tokens: `tokens`).

Every e-mail is rendered in the person's profile language, as plain text
and HTML (templates/notifications/email/, one shared layout), with absolute
links (settings.SITE_URL): a button to each board, the e-mail settings on
the profile, and a one-click unsubscribe for the kind it tells of, both as
a visible link and as RFC 8058 headers (`List-Unsubscribe` with the HTTPS
URL, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). A digest's
link stops the digest (tokens.DIGEST, see `email_unsubscribe`).

Only what the person's own seat may see goes into an e-mail: the lines of
the move that began their turn come from `games.selectors.board_context`
for their seat (the seat's `view` and the events visible to it), never
from the stored state or another seat's events.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import F, Prefetch
from django.db.models.functions import Least
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Notification, User
from accounts.notifications import texts
from accounts.notifications.tokens import (
    DIGEST,
    UnsubscribeTokenInvalid,
    unsubscribe_check,
    unsubscribe_token,
)
from games.clock_text import time_left_text
from games.clocks import seconds_left
from games.models import Match, Seat

Kind = Notification.Kind

# Notices about a turn: their e-mail tells the board's situation and the
# time left, and the most urgent comes first.
TURN_KINDS = frozenset({Kind.YOUR_TURN, Kind.TIME_LOW})
# The subject names the opponents, except where the title already names
# who matters (who joined) or there is no match.
_NO_OPPONENTS_IN_SUBJECT = frozenset({Kind.PLAYER_JOINED, Kind.VACATION_ENDING})
# The failure count is a small integer column; a dead address must not
# overflow it over the years.
_FAILURES_MAX = 1000
TEMPLATES = "notifications/email"


@dataclass(frozen=True, slots=True)
class EmailItem:
    """One entry of an e-mail, already in the person's language.

    `title`: its headline ("Your turn in Race #12"); `text`: one line of
    situation or detail ("" for none); `url`: the absolute link of its
    button, labelled `button`; `seconds_left`: on the person's running
    clock (None: none runs for them), to put the most urgent first.
    """

    title: str
    text: str
    url: str
    button: str
    seconds_left: int | None = None


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


@dataclass(frozen=True, slots=True)
class StopLink:
    """A visible unsubscribe link of an e-mail: its text and absolute URL."""

    label: str
    url: str


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
            stops = [StopLink(_("Stop these e-mails"), _stop_url(user, kinds[0]))]
        else:
            stops = [
                StopLink(
                    _("Stop “%(kind)s” e-mails") % {"kind": email_topic(kind)},
                    _stop_url(user, kind),
                )
                for kind in kinds
            ]
        return _message(
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
        return _message(
            user,
            template="digest",
            subject=subject,
            heading=_turns_heading(len(rows)),
            items=items,
            stops=[StopLink(_("Stop the daily digest"), _stop_url(user, DIGEST))],
        )


def email_send(user: User, message: EmailMultiAlternatives) -> bool:
    """Send `message` through the configured backend; return whether it went.

    A success sets the person's `email_failures` back to 0. An SMTP or
    network error (smtplib.SMTPException is an OSError) adds one to it and
    sets `email_failed_at`, then is raised again, for the task to retry.
    Counts by update, not save: a profile saved meanwhile is not undone.
    """
    people = User.objects.filter(pk=user.pk)
    try:
        sent = message.send(fail_silently=False)
    except OSError:
        now = timezone.now()
        people.update(
            email_failures=Least(F("email_failures") + 1, _FAILURES_MAX),
            email_failed_at=now,
        )
        user.refresh_from_db(fields=["email_failures", "email_failed_at"])
        raise
    if user.email_failures:
        people.update(email_failures=0)
        user.email_failures = 0
    return sent > 0


def emails_deliver(
    *, user_id: int, notification_ids: Iterable[int], digest: bool = False
) -> bool:
    """Compose and send one person's e-mail; return whether one was sent.

    1. Load the person; nothing is sent to a deleted one or one without
       an address.
    2. Digest: the matches where they are to move now (`digest_rows`);
       nothing is sent when there are none, or they switched the digest
       off since it was planned. Otherwise: their notices among
       `notification_ids` (another person's ids are ignored), without the
       kinds they switched off since; nothing is sent when none is left.
    3. Compose (`turn_email`, `digest_email`) and send (`email_send`): an
       SMTP or network error (OSError) is recorded on the person and
       raised, for the task to retry with back-off.

    The notices' `email_state` is the scheduler's: it marked them "sent"
    when it enqueued this. Runs outside any transaction, so nothing is
    locked while the mail server answers and no move waits for it.
    """
    user = User.objects.filter(pk=user_id).first()
    if user is None or not user.email:
        return False
    switched_off = set(user.email_off or [])
    if digest:
        if not user.email_digest:
            return False
        rows = digest_rows(user)
        if not rows:
            return False
        return email_send(user, digest_email(user, rows))
    notices = [
        notice
        for notice in Notification.objects.filter(
            user_id=user_id, id__in=list(notification_ids)
        )
        .select_related("match")
        .order_by("created_at", "id")
        if notice.kind not in switched_off
    ]
    if not notices:
        return False
    return email_send(user, turn_email(user, notices))


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


def settings_url() -> str:
    """Return the absolute URL of the e-mail settings on the profile page."""
    return _absolute(reverse("accounts:profile")) + "#email"


# Helpers


def _notice_item(user: User, notice: Notification) -> EmailItem:
    """Return `notice`'s entry; call with the person's language active."""
    match = notice.match
    if notice.kind in TURN_KINDS and match is not None:
        text, left = _turn_situation(user, notice)
    else:
        text, left = capfirst(texts.line(notice)), None
    if match is not None:
        url, button = _board_url(match.pk), _("Open the board")
    else:
        url = _absolute(reverse("accounts:profile")) + "#vacation"
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

    The lines of the move (and table events) that produced the version the
    turn began at, as the person's seat sees them, then "Your move, 1 day
    3 h left" while it still waits for them. A person no longer seated
    sees what a spectator sees. Precondition: `notice.match` is set.
    """
    from games.selectors import board_context, match_with_seats, viewer_seat

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
        url=_board_url(row.match_id),
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


def _message(
    user: User,
    *,
    template: str,
    subject: str,
    heading: str,
    items: list[EmailItem],
    stops: list[StopLink],
    titled: bool = True,
) -> EmailMultiAlternatives:
    """Render `template` (.txt and .html) into an e-mail to `user`.

    Call with the person's language active. The first of `stops` goes into
    the List-Unsubscribe headers. `titled=False` leaves out the entries'
    titles (one notice: the heading says it already).
    """
    context: dict[str, Any] = {
        "subject": subject,
        "heading": heading,
        "name": user.name,
        "items": items,
        "titled": titled,
        "stops": stops,
        "settings_url": settings_url(),
        "site_url": _absolute("/"),
        "language": user.language,
    }
    text = _tidy(render_to_string(f"{TEMPLATES}/{template}.txt", context))
    html = render_to_string(f"{TEMPLATES}/{template}.html", context)
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[user.email],
        headers={
            # RFC 8058: mail providers POST "List-Unsubscribe=One-Click" to
            # the HTTPS URL, without cookies; the token authenticates.
            "List-Unsubscribe": f"<{stops[0].url}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            # RFC 3834: no vacation auto-replies to a machine's e-mail.
            "Auto-Submitted": "auto-generated",
            "X-Auto-Response-Suppress": "All",
            "Content-Language": user.language,
        },
    )
    message.attach_alternative(html, "text/html")
    return message


def _tidy(text: str) -> str:
    """Strip the template's trailing spaces and runs of blank lines."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)) + "\n"


def _stop_url(user: User, kind: str) -> str:
    token = unsubscribe_token(user.pk, kind)
    return _absolute(reverse("unsubscribe", kwargs={"token": token}))


def _board_url(match_id: int) -> str:
    return _absolute(reverse("games:match_detail", kwargs={"match_id": match_id}))


def _absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path
