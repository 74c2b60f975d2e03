"""When notices become e-mails (issue 11, "E-mail rules").

A notice's e-mail waits NOTIFY_EMAIL_GRACE seconds and goes out only if the
person had no page open meanwhile and it still matters; a person's notices
go out as one e-mail, one per match and turn at most; quiet hours postpone;
the daily digest comes at the person's hour in their time zone, also on the
days the clocks change. Notices come from real moves (games.services);
sending is the `send_notification_emails` task's, whose `.delay` (an
EmailDelivery row) is recorded here, after commit. Time is travelled, never slept.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
import time_machine
from allauth.account.models import EmailAddress

from accounts.models import EmailDelivery
from games import services, tasks
from games.models import Notification
from games.notifications import presence
from games.notifications.schedule import (
    digests_send,
    email_plan,
    emails_send_due,
    local_instant,
)
from games.notifications.services import notify
from tests.games.helpers import legal_json
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

Kind = Notification.Kind
State = Notification.EmailState
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
GRACE = timedelta(seconds=180)


@pytest.fixture(autouse=True)
def _database_presence(settings):
    settings.REDIS_URL = ""
    settings.NOTIFY_EMAIL_GRACE = 180
    settings.PRESENCE_TTL = 90


@pytest.fixture
def sends(monkeypatch):
    """Record the e-mails handed out: (user_id, sorted notice ids, digest).

    `send_notification_emails.delay(delivery_id, attempt)` is read back
    through its EmailDelivery row and the notices in it.
    """
    calls = []

    def delay(delivery_id, attempt=0):
        delivery = EmailDelivery.objects.get(pk=delivery_id)
        ids = delivery.notifications.values_list("id", flat=True)
        calls.append((delivery.user_id, sorted(ids), delivery.digest))

    monkeypatch.setattr(tasks.send_notification_emails, "delay", delay)
    return calls


@pytest.fixture
def sweep(django_capture_on_commit_callbacks):
    """Run a sweep at `moment`, running what it enqueues on commit."""

    def run(moment, sweeper=emails_send_due):
        with (
            time_machine.travel(moment, tick=False),
            django_capture_on_commit_callbacks(execute=True),
        ):
            return sweeper()

    return run


def _duel(alice, bob, at=START):
    """A running 2-seat Toy match: alice is to move at version 0."""
    with time_machine.travel(at, tick=False):
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    return match


def _turn(user, match):
    return Notification.objects.get(user=user, match=match, kind=Kind.YOUR_TURN)


def _state(notice):
    notice.refresh_from_db()
    return notice.email_state


def _move(match, user, seat, at):
    match.refresh_from_db()
    with time_machine.travel(at, tick=False):
        services.move_submit(
            match_id=match.id,
            user=user,
            move_data=legal_json(match, seat)[-1],  # bank when it may
            expected_version=match.version,
        )


# The plan, from the person's preferences


def test_a_notice_s_e_mail_is_pending_for_the_grace_period(alice):
    assert email_plan(alice, Kind.YOUR_TURN, now=START) == (
        State.PENDING,
        START + GRACE,
    )


def test_the_grace_period_is_a_setting(alice, settings):
    settings.NOTIFY_EMAIL_GRACE = 600

    assert email_plan(alice, Kind.MATCH_FINISHED, now=START) == (
        State.PENDING,
        START + timedelta(minutes=10),
    )


def test_a_kind_switched_off_plans_no_e_mail(alice):
    alice.email_off = [Kind.YOUR_TURN]

    assert email_plan(alice, Kind.YOUR_TURN, now=START) == (State.NONE, None)
    assert email_plan(alice, Kind.TIME_LOW, now=START)[0] == State.PENDING


def test_a_person_without_address_gets_no_e_mail(alice):
    alice.email = ""

    assert email_plan(alice, Kind.YOUR_TURN, now=START) == (State.NONE, None)


def test_with_the_digest_turns_wait_for_it_and_the_rest_goes_singly(alice):
    alice.email_digest = True

    assert email_plan(alice, Kind.YOUR_TURN, now=START) == (State.DIGEST, None)
    # A warning that waited for tomorrow's digest could come too late.
    assert email_plan(alice, Kind.TIME_LOW, now=START)[0] == State.PENDING
    assert email_plan(alice, Kind.MATCH_FINISHED, now=START)[0] == State.PENDING


def test_a_turn_that_begins_plans_its_e_mail(alice, bob):
    match = _duel(alice, bob)

    notice = _turn(alice, match)
    assert (notice.email_state, notice.email_due_at) == (State.PENDING, START + GRACE)


# The due sweep


def test_nothing_goes_out_before_the_grace_period_ends(alice, bob, sends, sweep):
    _duel(alice, bob)

    assert sweep(START + GRACE - timedelta(seconds=1)) == 0
    assert sends == []


def test_after_the_grace_period_each_absent_person_gets_one_e_mail(
    alice, bob, sends, sweep
):
    # Alice is to move at the one, bob at the other.
    match = _duel(alice, bob)
    other = _duel(bob, alice)

    assert sweep(START + GRACE) == 2

    # One e-mail each, with their turn (and the news that the other match
    # started, due as well).
    by_user = {user: ids for user, ids, _digest in sends}
    assert len(sends) == len(by_user) == 2
    assert _turn(alice, match).id in by_user[alice.id]
    assert _turn(bob, other).id in by_user[bob.id]
    assert _state(_turn(alice, match)) == State.SENT


def test_the_e_mail_is_enqueued_only_on_commit(
    alice, bob, sends, django_capture_on_commit_callbacks
):
    match = _duel(alice, bob)

    with time_machine.travel(START + GRACE, tick=False):
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            emails_send_due()
        # A sweep that rolled back would have told nobody.
        assert sends == []
        for callback in callbacks:
            callback()

    assert (alice.id, [_turn(alice, match).id], False) in sends
    assert len(callbacks) == 2


def test_none_while_the_person_has_the_board_open(alice, bob, sends, sweep):
    match = _duel(alice, bob)
    with time_machine.travel(START + timedelta(seconds=5), tick=False):
        presence.presence_join(alice.id, "alice-board")
    for beat in (60, 120, 180):
        with time_machine.travel(START + timedelta(seconds=beat), tick=False):
            presence.presence_beat(alice.id, "alice-board")

    sweep(START + GRACE)

    assert [user_id for user_id, _ids, _digest in sends] == [bob.id]
    assert _state(_turn(alice, match)) == State.SKIPPED


def test_none_when_the_person_came_by_during_the_grace_period(alice, bob, sends, sweep):
    match = _duel(alice, bob)
    with time_machine.travel(START + timedelta(seconds=30), tick=False):
        presence.presence_join(alice.id, "alice-lobby")
    with time_machine.travel(START + timedelta(seconds=40), tick=False):
        presence.presence_leave(alice.id, "alice-lobby")

    sweep(START + GRACE)

    assert _state(_turn(alice, match)) == State.SKIPPED


def test_a_visit_before_the_turn_began_does_not_count(alice, bob, sends, sweep):
    with time_machine.travel(START - timedelta(minutes=10), tick=False):
        presence.presence_join(alice.id, "alice-lobby")
        presence.presence_leave(alice.id, "alice-lobby")
    match = _duel(alice, bob)

    sweep(START + GRACE)

    assert (alice.id, [_turn(alice, match).id], False) in sends


def test_skipped_when_it_is_no_longer_their_turn_at_that_version(
    alice, bob, sends, sweep
):
    match = _duel(alice, bob)
    # alice banked (by the API: no page open); bob's turn since a minute later.
    toy_position(match, pending=5)
    _move(match, alice, 0, START + timedelta(seconds=60))

    sweep(START + GRACE + timedelta(seconds=60))

    assert _state(_turn(alice, match)) == State.SKIPPED
    ((user, ids, _digest),) = sends
    assert user == bob.id
    assert _turn(bob, match).id in ids
    assert _turn(alice, match).id not in ids


def test_skipped_when_a_robot_plays_the_seat_now(alice, bob, sends, sweep):
    match = _duel(alice, bob)
    match.seats.filter(position=0).update(controller="stand_in", robot="medium")

    sweep(START + GRACE)

    assert _state(_turn(alice, match)) == State.SKIPPED


def test_several_matches_go_out_as_one_e_mail(alice, bob, sends, sweep):
    first = _duel(alice, bob)
    # The second turn begins within the first one's grace period.
    second = _duel(alice, bob, at=START + timedelta(seconds=60))

    assert sweep(START + GRACE) == 2

    # The second's own grace is not over, yet it joins the first's e-mail.
    ids = sorted([_turn(alice, first).id, _turn(alice, second).id])
    assert (alice.id, ids, False) in sends
    assert sweep(START + GRACE + timedelta(seconds=60)) == 0


def test_at_most_one_e_mail_per_match_and_turn(alice, bob, sends, sweep):
    match = _duel(alice, bob)
    with time_machine.travel(START + timedelta(seconds=30), tick=False):
        (warning,) = notify(
            [alice],
            Kind.TIME_LOW,
            match=match,
            params={"game": "toy", "seat": 0, "version": 0, "left": 60},
        )

    sweep(START + timedelta(minutes=10))

    # Two notices about one turn: the e-mail tells the more urgent.
    assert (alice.id, [warning.id], False) in sends
    assert _state(_turn(alice, match)) == State.SKIPPED


def test_a_turn_already_e_mailed_is_not_e_mailed_again(alice, bob, sends, sweep):
    match = _duel(alice, bob)
    sweep(START + GRACE)
    with time_machine.travel(START + timedelta(hours=1), tick=False):
        (warning,) = notify(
            [alice],
            Kind.TIME_LOW,
            match=match,
            params={"game": "toy", "seat": 0, "version": 0, "left": 60},
        )
    sends.clear()

    sweep(START + timedelta(hours=1) + GRACE)

    assert sends == []
    assert _state(warning) == State.SKIPPED


def test_running_the_sweep_twice_sends_once(alice, bob, sends, sweep):
    _duel(alice, bob)

    assert sweep(START + GRACE) == 2
    assert sweep(START + GRACE) == 0
    assert sweep(START + GRACE + timedelta(minutes=5)) == 0
    assert len(sends) == 2


def test_none_to_an_address_not_verified(alice, bob, sends, sweep):
    match = _duel(alice, bob)
    EmailAddress.objects.filter(user=alice).update(verified=False)

    sweep(START + GRACE)

    assert _state(_turn(alice, match)) == State.SKIPPED
    assert [user_id for user_id, _ids, _digest in sends] == [bob.id]


def test_none_for_a_kind_switched_off_after_the_notice(alice, bob, sends, sweep):
    match = _duel(alice, bob)
    alice.email_off = [Kind.YOUR_TURN]
    alice.save(update_fields=["email_off"])

    sweep(START + GRACE)

    assert _state(_turn(alice, match)) == State.SKIPPED


def test_no_turn_e_mails_while_on_vacation(alice, bob, sends, sweep):
    match = _duel(alice, bob)
    alice.vacation_until = START + timedelta(days=3)
    alice.save(update_fields=["vacation_until"])

    sweep(START + GRACE)

    assert _state(_turn(alice, match)) == State.SKIPPED


def test_the_beat_task_runs_the_sweep(alice, bob, sends, sweep):
    # Called synchronously: the task is a thin wrapper of the service.
    _duel(alice, bob)

    assert sweep(START + GRACE, tasks.send_due_notification_emails) == 2


# Quiet hours


def _quiet(user, start, end, zone="Europe/Berlin"):
    user.time_zone = zone
    user.quiet_from, user.quiet_to = start, end
    user.save(update_fields=["time_zone", "quiet_from", "quiet_to"])


def test_quiet_hours_over_midnight_postpone_to_their_end(alice, bob, sends, sweep):
    _quiet(alice, time(22, 0), time(7, 0))
    # 22:30 in Berlin (CET, UTC+1) on 23 November.
    late = datetime(2026, 11, 23, 21, 30, tzinfo=UTC)
    match = _duel(alice, bob, at=late)

    sweep(late + GRACE)

    notice = _turn(alice, match)
    assert (notice.email_state, notice.email_due_at) == (
        State.PENDING,
        datetime(2026, 11, 24, 6, 0, tzinfo=UTC),  # 07:00 in Berlin
    )
    assert [user_id for user_id, _ids, _digest in sends] == [bob.id]

    sweep(datetime(2026, 11, 24, 6, 0, tzinfo=UTC))

    assert (alice.id, [notice.id], False) in sends


def test_quiet_hours_after_midnight_end_the_same_morning(alice, bob, sends, sweep):
    _quiet(alice, time(22, 0), time(7, 0))
    night = datetime(2026, 11, 24, 2, 0, tzinfo=UTC)  # 03:00 in Berlin
    match = _duel(alice, bob, at=night)

    sweep(night + GRACE)

    assert _turn(alice, match).email_due_at == datetime(2026, 11, 24, 6, 0, tzinfo=UTC)


def test_quiet_hours_within_a_day(alice, bob, sends, sweep):
    _quiet(alice, time(13, 0), time(15, 0))
    noon = datetime(2026, 11, 23, 12, 30, tzinfo=UTC)  # 13:30 in Berlin
    match = _duel(alice, bob, at=noon)

    sweep(noon + GRACE)

    assert _turn(alice, match).email_due_at == datetime(2026, 11, 23, 14, 0, tzinfo=UTC)


def test_what_became_irrelevant_during_quiet_hours_is_not_sent(
    alice, bob, sends, sweep
):
    _quiet(alice, time(22, 0), time(7, 0))
    late = datetime(2026, 11, 23, 21, 30, tzinfo=UTC)
    match = _duel(alice, bob, at=late)
    sweep(late + GRACE)
    _move(match, alice, 0, late + timedelta(hours=2))

    sweep(datetime(2026, 11, 24, 6, 0, tzinfo=UTC))

    assert _state(_turn(alice, match)) == State.SKIPPED
    assert alice.id not in [user_id for user_id, _ids, _digest in sends]


# The daily digest


def _digest(user, hour=8, zone="Europe/Berlin"):
    user.email_digest = True
    user.digest_hour = hour
    user.time_zone = zone
    user.save(update_fields=["email_digest", "digest_hour", "time_zone"])


def _digests(sends):
    return [(user_id, ids) for user_id, ids, digest in sends if digest]


@pytest.mark.parametrize(
    ("day", "due"),
    [
        # CET (UTC+1): 08:00 is 07:00 UTC.
        (datetime(2026, 11, 24, tzinfo=UTC), datetime(2026, 11, 24, 7, tzinfo=UTC)),
        # The clocks go forward at 02:00: 08:00 CEST is 06:00 UTC.
        (datetime(2026, 3, 29, tzinfo=UTC), datetime(2026, 3, 29, 6, tzinfo=UTC)),
        # The clocks go back at 03:00: 08:00 CET is 07:00 UTC again.
        (datetime(2026, 10, 25, tzinfo=UTC), datetime(2026, 10, 25, 7, tzinfo=UTC)),
        # The day before: still summer time.
        (datetime(2026, 10, 24, tzinfo=UTC), datetime(2026, 10, 24, 6, tzinfo=UTC)),
    ],
    ids=["winter", "spring-forward", "fall-back", "summer"],
)
def test_the_digest_comes_at_eight_in_berlin(alice, bob, sends, sweep, day, due):
    _digest(alice)
    match = _duel(alice, bob, at=day - timedelta(hours=6))
    notice = _turn(alice, match)
    assert notice.email_state == State.DIGEST
    alice.digest_sent_on = (day - timedelta(days=1)).date()
    alice.save(update_fields=["digest_sent_on"])

    assert sweep(due - timedelta(seconds=1), digests_send) == 0
    assert sweep(due, digests_send) == 1

    assert _digests(sends) == [(alice.id, [notice.id])]
    assert _state(notice) == State.SENT
    alice.refresh_from_db()
    assert alice.digest_sent_on == due.date()
    # Once a day: the next runs that day send nothing.
    assert sweep(due + timedelta(hours=5), digests_send) == 0


def test_a_digest_hour_the_clocks_skip_comes_when_they_jump(alice, bob, sends, sweep):
    # 29 March 2026 in Berlin: 02:00 CET is followed by 03:00 CEST (01:00 UTC).
    _digest(alice, hour=2)
    _duel(alice, bob, at=datetime(2026, 3, 28, 20, tzinfo=UTC))
    alice.digest_sent_on = date(2026, 3, 28)
    alice.save(update_fields=["digest_sent_on"])

    assert sweep(datetime(2026, 3, 29, 0, 59, tzinfo=UTC), digests_send) == 0
    assert sweep(datetime(2026, 3, 29, 1, 0, tzinfo=UTC), digests_send) == 1


def test_no_digest_when_there_is_nothing_to_do(alice, bob, sends, sweep):
    _digest(alice)
    match = _duel(alice, bob, at=datetime(2026, 11, 23, 20, tzinfo=UTC))
    # alice rolls; unless a 1 ended her turn she banks: bob is to move.
    _move(match, alice, 0, datetime(2026, 11, 23, 21, tzinfo=UTC))
    match.refresh_from_db()
    if 0 in match.rules.to_move(match.game_state()):
        _move(match, alice, 0, datetime(2026, 11, 23, 21, tzinfo=UTC))
    alice.digest_sent_on = date(2026, 11, 23)
    alice.save(update_fields=["digest_sent_on"])

    assert sweep(datetime(2026, 11, 24, 7, tzinfo=UTC), digests_send) == 0

    assert _digests(sends) == []
    # That day's digest is done: a turn beginning at noon waits for tomorrow.
    alice.refresh_from_db()
    assert alice.digest_sent_on == date(2026, 11, 24)
    assert _state(_turn(alice, match)) == State.SKIPPED


def test_quiet_hours_hold_the_digest_until_they_end(alice, bob, sends, sweep):
    _digest(alice)
    _quiet(alice, time(7, 30), time(9, 0))
    _duel(alice, bob, at=datetime(2026, 11, 23, 20, tzinfo=UTC))
    alice.digest_sent_on = date(2026, 11, 23)
    alice.save(update_fields=["digest_sent_on"])

    assert sweep(datetime(2026, 11, 24, 7, tzinfo=UTC), digests_send) == 0
    assert sweep(datetime(2026, 11, 24, 8, tzinfo=UTC), digests_send) == 1


def test_only_persons_who_chose_it_get_a_digest(alice, bob, sends, sweep):
    _duel(alice, bob)

    assert sweep(START + timedelta(days=1), digests_send) == 0


def test_the_beat_task_runs_the_digests(alice, bob, sends, sweep):
    _digest(alice)
    _duel(alice, bob, at=datetime(2026, 11, 23, 20, tzinfo=UTC))
    alice.digest_sent_on = date(2026, 11, 23)
    alice.save(update_fields=["digest_sent_on"])

    assert sweep(datetime(2026, 11, 24, 7, tzinfo=UTC), tasks.send_digests) == 1


# Local times


def test_a_doubled_wall_time_is_its_first_occurrence():
    from zoneinfo import ZoneInfo

    berlin = ZoneInfo("Europe/Berlin")

    # 02:30 happens twice on 25 October 2026: first in CEST (00:30 UTC).
    assert local_instant(date(2026, 10, 25), time(2, 30), berlin) == (
        datetime(2026, 10, 25, 0, 30, tzinfo=UTC)
    )
    # 02:30 never happens on 29 March 2026: the clocks jump at 01:00 UTC.
    assert local_instant(date(2026, 3, 29), time(2, 30), berlin) == (
        datetime(2026, 3, 29, 1, 0, tzinfo=UTC)
    )
