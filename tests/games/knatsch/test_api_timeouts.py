"""Knatsch through the JSON API: a defender who times out is played by the robot.

The table, the persons' choices and the seed search: api_helpers.py (as
for test_api.py).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import selectors, services
from games.clocks import PRESETS
from games.models import Match, Notification
from tests.games.knatsch.api_helpers import (
    NAMES,
    ROBOT,
    Kind,
    Table,
    _defence_begins,
    _mover,
    _play,
    _seed,
    _your_turn_versions,
)

pytestmark = pytest.mark.django_db


START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _joust_begins(bodies) -> bool:
    attempt = bodies["alice"]["view"]["attempt"]
    return bool(
        attempt
        and attempt["role"] == "joust"
        and attempt["roller"] != ROBOT
        and attempt["throws"] == 0
    )


def _clocks_running(body: dict) -> list[int]:
    return [clock["position"] for clock in body["clock"] if clock["running"]]


def test_a_defender_who_times_out_is_played_by_the_robot_and_the_match_goes_on(
    api_for,
    alice,
    bob,
    robots_via_celery,
    django_capture_on_commit_callbacks,
    monkeypatch,
):
    from games.tasks import apply_turn_timeout

    enqueued: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "games.services.timeouts._timeout_task_enqueue",
        lambda *args: enqueued.append(args),
    )
    users = {"alice": alice, "bob": bob}
    table = Table(api_for, (alice, bob), django_capture_on_commit_callbacks)
    with time_machine.travel(START, tick=False) as traveller:
        table.start(seed=_seed("timeout"), time_control="live")
        _play(table, until=_defence_begins)
        bodies = table.last
        defending = bodies["alice"]["view"]["attempt"]
        defender, attacker = defending["roller"], defending["attacker"]
        assert (defender, attacker) == (0, 1)
        version = bodies["alice"]["version"]
        match = Match.objects.get(id=table.match_id)
        seats = {seat.position: seat for seat in match.seats.all()}

        # The defender's clock runs from their bank; the attacker's stopped.
        assert _clocks_running(bodies["alice"]) == [defender]
        bank = seats[defender].clock_bank
        assert seats[defender].clock_deadline_at == START + timedelta(seconds=bank)
        assert seats[attacker].clock_deadline_at is None
        assert match.turn_deadline_at == seats[defender].clock_deadline_at
        # ... and they heard "your turn" when their defence began.
        person = users[NAMES[defender]]
        assert _your_turn_versions(person, match.id)[-1] == version

        traveller.shift(timedelta(seconds=bank - 1))
        assert services.expire_overdue_turns() == 0
        traveller.shift(timedelta(seconds=1))
        with django_capture_on_commit_callbacks(execute=True):
            assert services.expire_overdue_turns() == 1
        assert enqueued == [(match.id, version)]
        robot_tasks = len(robots_via_celery)
        with django_capture_on_commit_callbacks(execute=True):
            apply_turn_timeout.apply(args=enqueued[0]).get()

        # The robot threw the whole defence for the defender, and nothing else.
        later = list(match.moves.filter(seq__gt=version).order_by("seq"))
        timed_out = [move for move in later if move.by_timeout]
        assert timed_out == later[: len(timed_out)]
        assert timed_out
        assert {(m.seat, m.by_robot) for m in timed_out} == {(defender, True)}
        assert {"defended", "defence_failed"} & {
            event["kind"] for event in timed_out[-1].events
        }
        # The match went on with the next seat, the robot's, by its task.
        assert later[len(timed_out)].seat == ROBOT
        assert len(robots_via_celery) > robot_tasks
        defender_seat = match.seats.get(position=defender)
        assert defender_seat.timeouts_in_row == 1
        assert Notification.objects.filter(
            user=person, match_id=match.id, kind=Kind.TIMED_OUT
        ).exists()
        assert any(
            entry.by_timeout and entry.seat_name == person.display_name
            for entry in selectors.board_context(
                match=selectors.seats_load(Match.objects.get(id=match.id)), seat=None
            ).log
        )

        # Now it is alice's turn (seat 0 follows the robot): "your turn",
        # and her clock runs again, with the increment the timeout earned.
        bodies = table.bodies()
        assert _mover(bodies) == "alice"
        assert bodies["alice"]["view"]["phase"] == "target"
        assert bodies["alice"]["view"]["current"] == 0
        assert _your_turn_versions(alice, match.id)[-1] == bodies["alice"]["version"]
        assert _clocks_running(bodies["alice"]) == [0]
        assert match.seats.get(position=0).clock_deadline_at == START + timedelta(
            seconds=bank + PRESETS["live"].increment
        )

        # In the tournament, the player throwing is the one whose clock runs.
        _play(table, until=_joust_begins)
        bodies = table.last
        jouster = bodies["alice"]["view"]["attempt"]["roller"]
        assert bodies["alice"]["view"]["tournament"]["host"] != jouster
        assert _clocks_running(bodies["alice"]) == [jouster]
        assert (
            _your_turn_versions(users[NAMES[jouster]], match.id)[-1]
            == bodies["alice"]["version"]
        )

        _play(table)

    final = table.bodies()["alice"]
    assert final["status"] == "finished"
    assert _clocks_running(final) == []
    assert sorted(final["outcome"]["ranks"]) == [1, 2, 2]
    # Moving again took the seat back: the strike is cleared.
    match = Match.objects.get(id=table.match_id)
    assert match.seats.get(position=defender).timeouts_in_row == 0


def test_a_timed_out_defence_that_the_defenders_turn_follows_plays_only_the_defence(
    api_for,
    alice,
    bob,
    robots_via_celery,
    django_capture_on_commit_callbacks,
    monkeypatch,
):
    from games.tasks import apply_turn_timeout

    enqueued: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "games.services.timeouts._timeout_task_enqueue",
        lambda *args: enqueued.append(args),
    )
    table = Table(api_for, (alice, bob), django_capture_on_commit_callbacks)
    with time_machine.travel(START, tick=False) as traveller:
        table.start(seed=_seed("next_seat"), time_control="live")
        _play(table, until=_defence_begins)
        defending = table.last["alice"]["view"]["attempt"]
        assert (defending["roller"], defending["attacker"]) == (1, 0)
        version = table.last["alice"]["version"]
        match = Match.objects.get(id=table.match_id)
        bank = match.seats.get(position=1).clock_bank
        traveller.shift(timedelta(seconds=bank))
        with django_capture_on_commit_callbacks(execute=True):
            assert services.expire_overdue_turns() == 1
            apply_turn_timeout.apply(args=enqueued[0]).get()

        timed_out = list(
            match.moves.filter(seq__gt=version, by_timeout=True).order_by("seq")
        )
        # The robot threw bob's defence; his own turn, which follows it,
        # is still his to play.
        assert {"defended", "defence_failed"} & {
            event["kind"] for event in timed_out[-1].events
        }
        bodies = table.bodies()
        assert _mover(bodies) == "bob"
        assert bodies["bob"]["view"]["phase"] == "target"
