"""Moderators in the admin (issue 10): extend a deadline, pause and resume, hand a seat.

Each action goes through a service, is recorded as a table event with the
moderator and the time, and lands in the admin's history.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.admin.models import LogEntry

from games import exceptions, services
from games.clocks import PRESETS
from games.models import Match, MatchEvent, Seat
from tests.games.helpers import legal_json, live_match
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
LIVE = PRESETS["live"]


@pytest.fixture
def moderator(admin_user):
    return admin_user


def test_extending_the_deadline_moves_every_running_clock(alice, bob, moderator):
    with time_machine.travel(START, tick=False):
        match = live_match(alice, bob)
        services.match_deadline_extend(match_id=match.id, seconds=3600, actor=moderator)

    match.refresh_from_db()
    deadline = START + timedelta(minutes=5, hours=1)
    # Alice's is the one running clock; bob's waits for his turn.
    assert [s.clock_deadline_at for s in match.seats.order_by("position")] == [
        deadline,
        None,
    ]
    assert match.turn_deadline_at == deadline
    event = MatchEvent.objects.get(match=match)
    assert (event.kind, event.actor, event.params) == (
        MatchEvent.Kind.DEADLINE_EXTENDED,
        moderator,
        {"seconds": 3600},
    )


def test_an_untimed_match_has_no_deadline_to_extend(started_match, moderator):
    Match.objects.filter(id=started_match.id).update(time_control=None)
    with pytest.raises(exceptions.InvalidMatchSettings) as refusal:
        services.match_deadline_extend(
            match_id=started_match.id, seconds=60, actor=moderator
        )
    assert refusal.value.message == exceptions.NOT_TIMED


def test_a_paused_match_stops_its_clocks_and_moves_until_resumed(alice, bob, moderator):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(alice, bob)
        traveller.shift(timedelta(minutes=1))
        services.match_pause(match_id=match.id, actor=moderator)
        match.refresh_from_db()
        assert match.turn_deadline_at is None
        assert [
            (s.clock_bank, s.clock_deadline_at)
            for s in match.seats.order_by("position")
        ] == [(240, None), (300, None)]
        # No timeout while paused, and nobody moves.
        assert services.expire_overdue_turns(now=START + timedelta(days=9)) == 0
        with pytest.raises(exceptions.MatchNotActive) as refusal:
            services.move_submit(
                match_id=match.id,
                user=alice,
                move_data=legal_json(match, 0)[0],
                expected_version=0,
            )
        assert refusal.value.message == exceptions.MATCH_PAUSED

        traveller.shift(timedelta(days=2))
        services.match_resume(match_id=match.id, actor=moderator)

    match.refresh_from_db()
    resumed = START + timedelta(minutes=1, days=2)
    # Alice's clock runs on with the 4 minutes it kept.
    assert match.turn_deadline_at == resumed + timedelta(minutes=4)
    kinds = list(MatchEvent.objects.filter(match=match).values_list("kind", flat=True))
    assert kinds == [MatchEvent.Kind.PAUSED, MatchEvent.Kind.RESUMED]


def test_pausing_twice_is_refused(alice, bob, moderator):
    match = live_match(alice, bob)
    services.match_pause(match_id=match.id, actor=moderator)
    with pytest.raises(exceptions.InvalidMatchSettings):
        services.match_pause(match_id=match.id, actor=moderator)
    services.match_resume(match_id=match.id, actor=moderator)
    with pytest.raises(exceptions.InvalidMatchSettings):
        services.match_resume(match_id=match.id, actor=moderator)


def test_a_seat_handed_to_another_player_is_theirs_with_a_clean_record(
    alice, bob, carol, moderator
):
    match = live_match(alice, bob)
    toy_position(match, current=1)  # bob's turn
    Seat.objects.filter(match=match, position=1).update(timeouts_in_row=2)

    services.seat_hand_over(match_id=match.id, position=1, actor=moderator, user=carol)

    seat = match.seats.get(position=1)
    assert (seat.user, seat.controller, seat.timeouts_in_row) == (
        carol,
        Seat.Controller.PERSON,
        0,
    )
    event = MatchEvent.objects.get(match=match)
    assert event.params == {"to": "user", "name": "Carol", "from": "Bob"}
    # carol moves now; bob no longer sits there.
    services.move_submit(
        match_id=match.id,
        user=carol,
        move_data=legal_json(match, 1)[0],
        expected_version=0,
    )
    with pytest.raises(exceptions.NotSeated):
        services.seat_back(match_id=match.id, user=bob)


def test_a_seat_cannot_go_to_someone_already_seated(alice, bob, moderator):
    match = live_match(alice, bob)
    with pytest.raises(exceptions.SeatUnavailable):
        services.seat_hand_over(
            match_id=match.id, position=1, actor=moderator, user=alice
        )


def test_the_extend_action_asks_for_the_hours_then_extends_and_logs(
    admin_client, alice, bob, moderator
):
    with time_machine.travel(START, tick=False):
        match = live_match(alice, bob)
        data = {"action": "extend_deadline", "_selected_action": [match.id]}
        page = admin_client.post("/admin/games/match/", data)
        assert page.status_code == 200
        assert 'name="hours"' in page.content.decode()

        done = admin_client.post(
            "/admin/games/match/", {**data, "apply": "1", "hours": "24"}, follow=True
        )

    assert "Deadline extended in 1 match." in done.content.decode()
    match.refresh_from_db()
    assert match.turn_deadline_at == START + timedelta(minutes=5, hours=24)
    entry = LogEntry.objects.get(object_id=str(match.id))
    assert entry.user == moderator


def test_the_extend_action_refuses_bad_hours(admin_client, alice, bob):
    match = live_match(alice, bob)
    data = {"action": "extend_deadline", "_selected_action": [match.id]}

    page = admin_client.post(
        "/admin/games/match/", {**data, "apply": "1", "hours": "0"}
    )

    assert page.status_code == 200
    assert "errorlist" in page.content.decode()
    assert not MatchEvent.objects.exists()


def test_the_pause_and_resume_actions(admin_client, alice, bob):
    match = live_match(alice, bob)
    selected = {"_selected_action": [match.id]}

    admin_client.post("/admin/games/match/", {"action": "pause", **selected})
    match.refresh_from_db()
    assert match.paused_at is not None
    admin_client.post("/admin/games/match/", {"action": "resume", **selected})
    match.refresh_from_db()
    assert match.paused_at is None


def test_the_hand_over_action_asks_for_the_player(admin_client, alice, bob, carol):
    match = live_match(alice, bob)
    seat = match.seats.get(position=1)
    data = {"action": "hand_to_user", "_selected_action": [seat.id]}

    unknown = admin_client.post(
        "/admin/games/seat/", {**data, "apply": "1", "username": "nobody"}
    )
    assert "There is no user with this username." in unknown.content.decode()
    admin_client.post("/admin/games/seat/", {**data, "apply": "1", "username": "carol"})

    seat.refresh_from_db()
    assert seat.user == carol


def test_a_seat_handed_over_from_a_person_on_vacation_runs_its_clock(
    alice, bob, carol, moderator
):
    with time_machine.travel(START, tick=False) as traveller:
        match = live_match(bob, alice)  # bob on seat 0 is to move
        services.vacation_start(user=bob, days=3)
        traveller.shift(timedelta(hours=1))
        services.seat_hand_over(
            match_id=match.id, position=0, actor=moderator, user=carol
        )

    seat = match.seats.get(position=0)
    # bob's clock stopped at once with all 5 minutes; carol's runs from now.
    assert seat.clock_deadline_at == START + timedelta(hours=1, minutes=5)
