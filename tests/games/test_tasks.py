from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games import tasks
from games.models import Match
from games.services.moves import ROBOT_RESUME_AFTER
from tests.games.helpers import legal_json
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_play_robot_turn_delegates_to_robot_move_play(monkeypatch):
    calls = []
    monkeypatch.setattr(
        "games.services.robot_move_play", lambda **kwargs: calls.append(kwargs)
    )

    tasks.play_robot_turn(7, 3)

    assert calls == [{"match_id": 7, "expected_version": 3}]


def test_play_robot_turn_plays_the_robots_move(started_match):
    toy_position(started_match, current=2)
    tasks.play_robot_turn(started_match.id, 0)

    started_match.refresh_from_db()
    assert started_match.version == 1
    assert started_match.moves.get().seat == 2


def test_play_robot_turn_for_an_old_version_does_nothing(started_match, alice):
    from games import services

    services.move_submit(
        match_id=started_match.id,
        user=alice,
        move_data=legal_json(started_match, 0)[0],
        expected_version=0,
    )

    tasks.play_robot_turn(started_match.id, 0)

    started_match.refresh_from_db()
    assert started_match.version == 1


def test_resume_robot_turns_re_enqueues_matches_waiting_on_a_robot(
    started_match, alice, bob, django_capture_on_commit_callbacks, robot_enqueues
):
    from games import services

    toy_position(started_match, current=2)
    services.match_create(user=alice, game_slug="toy", seats=3)  # still open
    people_only = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=people_only.id, user=bob)
    people_only.refresh_from_db()
    assert people_only.status == Match.Status.ACTIVE

    # The robot of started_match has waited longer than a task takes: lost.
    with (
        time_machine.travel(timezone.now() + ROBOT_RESUME_AFTER, tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        count = tasks.resume_robot_turns()

    # Only the match whose robot is to move; the version makes repeats no-ops.
    assert count == 1
    assert robot_enqueues == [(started_match.id, 0)]


def test_resume_robot_turns_leaves_a_robot_whose_task_is_still_due(
    started_match, django_capture_on_commit_callbacks, robot_enqueues
):
    toy_position(started_match, current=2)
    # Enqueued a moment ago: the worker has it, a second task would be waste.
    with (
        time_machine.travel(
            timezone.now() + ROBOT_RESUME_AFTER - timedelta(seconds=1), tick=False
        ),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert tasks.resume_robot_turns() == 0

    assert robot_enqueues == []


def test_resume_robot_turns_finds_nothing_when_only_people_are_to_move(
    started_match, django_capture_on_commit_callbacks, robot_enqueues
):
    # The robot banks (from 12 points on): alice is to move.
    toy_position(started_match, current=2, pending=12)
    tasks.play_robot_turn(started_match.id, 0)

    with (
        time_machine.travel(timezone.now() + timedelta(days=1), tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert tasks.resume_robot_turns() == 0

    assert robot_enqueues == []


def test_the_beat_schedule_runs_resume_robot_turns(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["robot-turns-resume"]
    assert entry["task"] == tasks.resume_robot_turns.name
    # A robot turn lost with its worker is played within a minute (issue 27):
    # it waits ROBOT_RESUME_AFTER, then the next sweep hands it out again.
    assert ROBOT_RESUME_AFTER.total_seconds() + entry["schedule"] <= 60


def test_resume_robot_turns_leaves_a_paused_match_alone(
    started_match, admin_user, django_capture_on_commit_callbacks, robot_enqueues
):
    from games import services

    toy_position(started_match, current=2)
    services.match_pause(match_id=started_match.id, actor=admin_user)
    with (
        time_machine.travel(timezone.now() + ROBOT_RESUME_AFTER, tick=False),
        django_capture_on_commit_callbacks(execute=True),
    ):
        assert tasks.resume_robot_turns() == 0
    assert tasks.play_robot_turn(started_match.id, 0) is None
    started_match.refresh_from_db()
    assert started_match.version == 0

    # Resuming enqueues the robot to move.
    with django_capture_on_commit_callbacks(execute=True):
        services.match_resume(match_id=started_match.id, actor=admin_user)
    assert robot_enqueues == [(started_match.id, 0)]


def test_the_beat_schedule_expires_overdue_turns_every_30_seconds(settings):
    entry = settings.CELERY_BEAT_SCHEDULE["turns-expire"]
    assert entry["task"] == tasks.expire_overdue_turns.name
    assert entry["schedule"] == 30.0
