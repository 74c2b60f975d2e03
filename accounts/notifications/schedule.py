"""Which notices become e-mails, and when (issue 11, "E-mail rules").

`email_plan` decides, when a notice is written, what becomes of its e-mail;
two sweeps of the beat act on it (composing and sending is
`accounts.tasks.send_notification_emails`'s, after commit):

- `emails_send_due` (every 30 s): a notice's e-mail is pending for a grace
  period (NOTIFY_EMAIL_GRACE seconds) and then goes out only if the person
  had no page of Spielpost open since the notice was written (presence) and
  it still matters (their turn at that version, the match still running
  for "started"...). A person's notices go out together, as one e-mail;
  at most one e-mail tells of a match's turn. During the person's quiet
  hours the e-mail waits for their end, and is checked again then.
- `digests_send` (every 5 minutes): who chose the daily digest gets, at
  their hour in their time zone, one e-mail listing every match where they
  are to move; none when there is nothing to do.

Every kind of notice may be e-mailed, and each can be switched off on the
profile (`User.email_off`). Only "your turn" goes to the digest: a "time
is running out" warning that waited up to a day would come too late.
Persons on vacation get no turn e-mails (their clocks stand still). Mail
goes only to a verified address (allauth's `EmailAddress`); that is
checked when an e-mail is due, not when the notice is written, so that
writing a notice costs no query inside the game's locked transaction.

Local times (digest hour, quiet hours) are wall-clock times in the
person's `time_zone` (IANA, via zoneinfo; an unknown name counts as UTC).
A wall time the clocks skip (spring) means the moment they jump; one that
occurs twice (autumn) its first occurrence.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from allauth.account.models import EmailAddress
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from accounts.models import Notification, User
from accounts.notifications.presence import seen_since
from games.models import Match, Seat

logger = logging.getLogger(__name__)

Kind = Notification.Kind
State = Notification.EmailState

# Notices about one turn of a match: their params name the turn (`version`,
# the match version it began at) and the `seat`. One e-mail at most per
# match and turn.
TURN_KINDS = frozenset({Kind.YOUR_TURN, Kind.TIME_LOW})
# Held for the daily digest when the person chose it.
DIGEST_KINDS = frozenset({Kind.YOUR_TURN})
# Of two notices about the same turn, the e-mail tells the more urgent.
_URGENCY: dict[str, int] = {Kind.TIME_LOW: 0, Kind.YOUR_TURN: 1}
# The farthest a local date runs ahead of UTC (Kiribati, UTC+14).
_MAX_AHEAD = timedelta(hours=14)


def email_plan(user: User, kind: str, *, now: datetime) -> tuple[str, datetime | None]:
    """Return (`Notification.email_state`, `email_due_at`) for a new notice.

    From the person's preferences on `user` alone (no query: this runs for
    every notice, inside the game's locked transaction):
    - ("", None) when `kind` is switched off (`user.email_off`) or the
      person has no address;
    - ("digest", None) for a "your turn" when they chose the daily digest;
    - else ("pending", `now` + NOTIFY_EMAIL_GRACE seconds), UTC.
    """
    if kind in (user.email_off or []) or not user.email:
        return State.NONE, None
    if user.email_digest and kind in DIGEST_KINDS:
        return State.DIGEST, None
    return State.PENDING, now + timedelta(seconds=settings.NOTIFY_EMAIL_GRACE)


def emails_send_due(now: datetime | None = None) -> int:
    """Send the pending e-mails that are due by `now` (UTC; default: now).

    1. Find the persons with a pending notice due (one indexed query).
    2. For each, in a transaction of their own, lock their pending notices
       (a concurrent sweep skips them): the due ones, and those still in
       their grace period, which join the same e-mail.
    3. Skip ("skipped") those that no longer matter (`_still_relevant`),
       those the person had a page open for since they were written, turn
       notices whose match and turn already had an e-mail (of two about one
       turn the more urgent is kept), and every notice of a person without
       a verified address or with the kind now switched off.
    4. Nothing goes out unless one notice that stayed was due: a turn
       still in its grace period does not leave early with notices that
       were skipped. During the person's quiet hours, postpone the rest
       to their end.
    5. Otherwise mark the rest "sent" and enqueue, on commit, one
       `send_notification_emails(user_id, ids)` for all of them.

    Returns the number of e-mails enqueued. Running it again sends nothing
    twice: what it sent is no longer pending. Presence errors (Redis down)
    are raised; the notices stay pending for the next run.
    """
    moment = now or timezone.now()
    persons = (
        Notification.objects.filter(email_state=State.PENDING, email_due_at__lte=moment)
        .order_by("user_id")
        .values_list("user_id", flat=True)
        .distinct()
    )
    return sum(_person_emails_send(user_id, moment) for user_id in list(persons))


def digests_send(now: datetime | None = None) -> int:
    """Send the daily digests that are due by `now` (UTC; default: now).

    1. For each person who chose the digest, the digest of their local date
       D is due at `digest_hour` on D in their time zone; the latest one
       due (`digest_day`) goes out unless `digest_sent_on` is D or later.
    2. During their quiet hours it waits (a later run sends it when they
       end, even if that is after midnight).
    3. In a transaction, with the person's row locked: if they are to move
       anywhere (`_to_move_anywhere`), are not on vacation and have a
       verified address, enqueue on commit one
       `send_notification_emails(user_id, ids, digest=True)`; their "digest"
       notices become "sent" (the ids passed) or "skipped" (the turn is
       over). With nothing to do there is no e-mail that day.
    4. Set `digest_sent_on` to D either way.

    Returns the number of digests enqueued.
    """
    moment = now or timezone.now()
    latest_possible = (moment + _MAX_AHEAD).date()
    persons = User.objects.filter(email_digest=True).exclude(
        digest_sent_on__gte=latest_possible
    )
    sent = 0
    for person in persons:
        day = digest_day(person, moment)
        if person.digest_sent_on is not None and person.digest_sent_on >= day:
            continue
        if quiet_now(person, moment):
            continue
        sent += _person_digest_send(person.pk, day, moment)
    return sent


# Local time


def user_zone(user: User) -> ZoneInfo:
    """Return the person's time zone; UTC if its name is unknown."""
    try:
        return ZoneInfo(user.time_zone or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        logger.warning("unknown time zone %r of user %s", user.time_zone, user.pk)
        return ZoneInfo("UTC")


def local_instant(day: date, at: time, zone: ZoneInfo) -> datetime:
    """Return the first instant (UTC) at or after wall-clock `day` `at` in `zone`.

    A wall time that occurs twice (the clocks go back) is its first
    occurrence; one the clocks skip (they go forward) is the moment they
    jump, the first instant whose wall time is later.
    """
    wall = datetime.combine(day, at.replace(tzinfo=None))
    first = wall.replace(tzinfo=zone, fold=0).astimezone(UTC)
    second = wall.replace(tzinfo=zone, fold=1).astimezone(UTC)
    if second >= first:
        return first
    # Skipped: fold=0 read it with the offset before the jump, fold=1 with
    # the one after, so the jump lies between; find its second.
    after = first.astimezone(zone).utcoffset()
    low, high = int(second.timestamp()), int(first.timestamp())
    while high - low > 1:
        middle = (low + high) // 2
        if datetime.fromtimestamp(middle, zone).utcoffset() == after:
            high = middle
        else:
            low = middle
    return datetime.fromtimestamp(high, UTC)


def digest_day(user: User, now: datetime) -> date:
    """Return the local date of the person's latest digest due by `now`.

    Today's (in their time zone) once `digest_hour` has come, else
    yesterday's.
    """
    zone = user_zone(user)
    today = now.astimezone(zone).date()
    at = time(min(int(user.digest_hour), 23))
    if local_instant(today, at, zone) <= now:
        return today
    return today - timedelta(days=1)


def quiet_now(user: User, now: datetime) -> bool:
    """Return whether `now` falls in the person's quiet hours.

    From `quiet_from` (included) to `quiet_to` (excluded), local times;
    from later than to spans midnight. None unless both are set and differ.
    """
    start, end = user.quiet_from, user.quiet_to
    if start is None or end is None or start == end:
        return False
    wall = now.astimezone(user_zone(user)).time().replace(tzinfo=None)
    if start < end:
        return start <= wall < end
    return wall >= start or wall < end


def quiet_end(user: User, now: datetime) -> datetime:
    """Return when (UTC) the person's quiet hours that hold `now` end.

    Call only when `quiet_now(user, now)`: the next time the wall clock in
    their time zone shows `quiet_to` after `now`.
    """
    assert user.quiet_to is not None
    zone = user_zone(user)
    local = now.astimezone(zone)
    day = local.date()
    if local.time().replace(tzinfo=None) >= user.quiet_to:
        day += timedelta(days=1)
    end = local_instant(day, user.quiet_to, zone)
    # A wall time the clocks skipped can land on `now` itself.
    return max(end, now + timedelta(seconds=1))


# Helpers


def _person_emails_send(user_id: int, now: datetime) -> bool:
    """Handle one person's pending notices (steps 2-5 of `emails_send_due`).

    Returns whether an e-mail was enqueued.
    """
    with transaction.atomic():
        notices = list(
            Notification.objects.select_for_update(skip_locked=True, of=("self",))
            .select_related("match")
            .filter(user_id=user_id, email_state=State.PENDING)
            .order_by("created_at", "id")
        )
        if not any(_due(notice, now) for notice in notices):
            return False
        user = User.objects.get(pk=user_id)
        keep, drop = _sort_out(user, notices, now)
        _state_set(drop, State.SKIPPED)
        if not any(_due(notice, now) for notice in keep):
            # What fell due was no longer needed; the rest waits its grace.
            return False
        if quiet_now(user, now):
            Notification.objects.filter(id__in=[n.pk for n in keep]).update(
                email_due_at=quiet_end(user, now)
            )
            return False
        _state_set(keep, State.SENT)
        _send_on_commit(user_id, [n.pk for n in keep], digest=False)
    return True


def _person_digest_send(user_id: int, day: date, now: datetime) -> bool:
    """Send one person's digest of local date `day` (step 3-4 of `digests_send`).

    Returns whether a digest was enqueued.
    """
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user_id)
        if not user.email_digest or (
            user.digest_sent_on is not None and user.digest_sent_on >= day
        ):
            return False
        notices = list(
            Notification.objects.select_related("match")
            .filter(user_id=user_id, email_state=State.DIGEST)
            .order_by("created_at", "id")
        )
        relevant = _relevant_only(user, notices, now)
        send = (
            not _on_vacation(user, now)
            and _has_verified_address(user)
            and _to_move_anywhere(user_id)
        )
        kept = relevant if send else []
        _state_set([n for n in notices if n not in kept], State.SKIPPED)
        _state_set(kept, State.SENT)
        user.digest_sent_on = day
        user.save(update_fields=["digest_sent_on"])
        if send:
            _send_on_commit(user_id, [n.pk for n in kept], digest=True)
    return send


def _due(notice: Notification, now: datetime) -> bool:
    return notice.email_due_at is not None and notice.email_due_at <= now


def _sort_out(
    user: User, notices: list[Notification], now: datetime
) -> tuple[list[Notification], list[Notification]]:
    """Split a person's pending notices into (to e-mail, to skip); see step 3."""
    if not _has_verified_address(user):
        return [], notices
    switched_off = set(user.email_off or [])
    on_vacation = _on_vacation(user, now)
    candidates = [
        notice
        for notice in _relevant_only(user, notices, now)
        if notice.kind not in switched_off
        and not (on_vacation and notice.kind in TURN_KINDS)
        and not seen_since(user.pk, notice.created_at)
    ]
    keep = _one_per_turn(user, candidates)
    return keep, [n for n in notices if n not in keep]


def _one_per_turn(user: User, notices: list[Notification]) -> list[Notification]:
    """Keep one notice per match and turn, and none for a turn already e-mailed.

    Of several about one turn the most urgent is kept. Order is preserved.
    """
    turns = [n for n in notices if n.kind in TURN_KINDS]
    if not turns:
        return notices
    e_mailed = {
        (match_id, params.get("version"))
        for match_id, params in Notification.objects.filter(
            user_id=user.pk,
            kind__in=TURN_KINDS,
            email_state=State.SENT,
            match_id__in={n.match_id for n in turns if n.match_id is not None},
        ).values_list("match_id", "params")
    }
    chosen: dict[tuple[int | None, object], Notification] = {}
    for notice in sorted(turns, key=lambda n: _URGENCY.get(n.kind, 9)):
        turn = (notice.match_id, notice.params.get("version"))
        if turn not in e_mailed:
            chosen.setdefault(turn, notice)
    winners = {notice.pk for notice in chosen.values()}
    return [n for n in notices if n.kind not in TURN_KINDS or n.pk in winners]


def _relevant_only(
    user: User, notices: list[Notification], now: datetime
) -> list[Notification]:
    """Return the notices that still matter, in order (one query for the seats)."""
    turn_matches = {
        n.match_id for n in notices if n.kind in TURN_KINDS and n.match_id is not None
    }
    seats = {
        (seat.match_id, seat.position): seat
        for seat in Seat.objects.filter(match_id__in=turn_matches).only(
            "match_id", "position", "user_id", "controller", "to_move_version"
        )
    }
    return [n for n in notices if _still_relevant(user, n, seats, now)]


def _still_relevant(
    user: User,
    notice: Notification,
    seats: dict[tuple[int, int], Seat],
    now: datetime,
) -> bool:
    """Return whether an e-mail about `notice` still tells something true.

    Precondition: `notice.match` is loaded and `seats` holds the seats of
    the matches of its turn notices by (match id, position).
    - your turn, time low: the person still plays the seat themself and it
      still waits to move since the turn's version, in a running match;
    - match started: the match still runs; someone joined: it still waits
      or runs;
    - vacation ending: the vacation still runs;
    - the rest (timed out, seat lost, finished, cancelled) are facts.
    """
    match = notice.match
    if notice.kind in TURN_KINDS:
        if match is None or match.status != Match.Status.ACTIVE:
            return False
        seat = seats.get((match.pk, _int(notice.params.get("seat"))))
        version = _int(notice.params.get("version"))
        return (
            seat is not None
            and version >= 0
            and seat.user_id == user.pk
            and seat.controller == Seat.Controller.PERSON
            and seat.to_move_version == version
        )
    if notice.kind == Kind.MATCH_STARTED:
        return match is not None and match.status == Match.Status.ACTIVE
    if notice.kind == Kind.PLAYER_JOINED:
        return match is not None and match.status in {
            Match.Status.OPEN,
            Match.Status.ACTIVE,
        }
    if notice.kind == Kind.VACATION_ENDING:
        return _on_vacation(user, now)
    return True


def _int(value: object) -> int:
    """Return `value` as an int, or -1 (matches no seat or version)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else -1


def _on_vacation(user: User, now: datetime) -> bool:
    return user.vacation_until is not None and user.vacation_until > now


def _has_verified_address(user: User) -> bool:
    """Return whether the person's address (`user.email`) is verified (one query)."""
    if not user.email:
        return False
    return bool(
        EmailAddress.objects.filter(
            user_id=user.pk, email__iexact=user.email, verified=True
        ).exists()
    )


def _to_move_anywhere(user_id: int) -> bool:
    """Return whether a seat the person plays themself waits for their move."""
    return Seat.objects.filter(
        user_id=user_id,
        controller=Seat.Controller.PERSON,
        to_move_version__isnull=False,
        match__status=Match.Status.ACTIVE,
    ).exists()


def _state_set(notices: Iterable[Notification], state: str) -> None:
    ids = [notice.pk for notice in notices]
    if ids:
        Notification.objects.filter(id__in=ids).update(email_state=state)


def _send_on_commit(user_id: int, notification_ids: list[int], *, digest: bool) -> None:
    """Enqueue the person's e-mail after commit (never for a rolled-back sweep).

    robust: a broker that is down must not undo the sweep's other persons;
    the notices are already marked, so that e-mail is lost, and logged.
    """
    from accounts.tasks import send_notification_emails as send_notification_emails_task

    transaction.on_commit(
        lambda: send_notification_emails_task.delay(
            user_id, notification_ids, digest=digest
        ),
        robust=True,
    )
