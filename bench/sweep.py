"""Benchmark: the robot sweep and "my matches" with many active matches.

Fills a throwaway test database (created and dropped by Django's test
utilities, on the configured DATABASE_URL's server) with N active Race
matches (default 10,000): 100 of them wait on a robot whose task was lost,
and one person sits in 200 of them, 100 of which wait on her. Then it
measures, in the same run:

- `robot_turns_resume` (indexed seat columns) against the sweep as it was
  before (parse every active match's state, one seat query per match);
- `matches_for_user` (the lobby's "my matches", with its "your turn"
  badges from the seat columns) against the old way (parse every state).

It prints the queries and the median time of each, and the ratio old/new.
Run: `python bench/sweep.py [matches]`, e.g. with
`DATABASE_URL=postgres://postgres@127.0.0.1:5432/spielpost`.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_databases, teardown_databases  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.models import User  # noqa: E402
from games import selectors, services  # noqa: E402
from games.models import Match, Seat  # noqa: E402
from games.rules.registry import rules_for  # noqa: E402

# The SQL and parameters of the last query `measure` saw.
LAST_QUERY: list[Any] = []
OVERDUE = 100
MINE = 200
MY_TURN = 100


def fill(count: int) -> User:
    """Create `count` active 2-seat Race matches; return the person in MINE."""
    rules = rules_for("race")
    alice = User.objects.create(username="sweep-alice")
    bob = User.objects.create(username="sweep-bob")
    carol = User.objects.create(username="sweep-carol")
    now = timezone.now()
    long_ago = now - timedelta(minutes=10)
    states = [rules.new_state(seats=2, options={}, seed=n) for n in range(count)]
    # Favourites: both seats are to move. In half of alice's matches she has
    # chosen already, so only bob is.
    for n in range(OVERDUE + MY_TURN, OVERDUE + MINE):
        states[n], _events = rules.apply(
            states[n], 0, rules.legal_moves(states[n], 0)[0]
        )
    matches = Match.objects.bulk_create(
        Match(
            game_slug="race",
            options={"win_bet": False, "superpowers": False},
            seed=n,
            state=state.to_json(),
            rules_version=rules.info.version,
            status=Match.Status.ACTIVE,
            started_at=now,
        )
        for n, state in enumerate(states)
    )
    seats = []
    for n, (match, state) in enumerate(zip(matches, states, strict=True)):
        robot = n < OVERDUE
        mine = OVERDUE <= n < OVERDUE + MINE
        to_move = rules.to_move(state)
        for position in (0, 1):
            person = (alice if mine else carol) if position == 0 else bob
            is_robot = robot and position == 1
            due = position in to_move
            seats.append(
                Seat(
                    match=match,
                    position=position,
                    user=None if is_robot else person,
                    controller=Seat.Controller.ROBOT
                    if is_robot
                    else Seat.Controller.PERSON,
                    robot="easy" if is_robot else "",
                    to_move_since=(long_ago if robot else now) if due else None,
                    to_move_version=0 if due else None,
                )
            )
    Seat.objects.bulk_create(seats, batch_size=2000)
    return alice


def legacy_sweep() -> int:
    """The sweep before the seat columns: parse every active match's state."""
    count = 0
    for match in Match.objects.filter(status=Match.Status.ACTIVE).iterator():
        rules = match.rules
        state = match.game_state()
        to_move = rules.to_move(state)
        robots = dict(
            match.seats.filter(position__in=to_move).values_list("position", "robot")
        )
        if any(robots.get(position) for position in to_move):
            count += 1
    return count


def legacy_matches_for_user(user: User) -> list[tuple[Match, bool]]:
    """ "My matches" before the seat columns: parse every match's state."""
    matches = (
        Match.objects.filter(
            seats__user=user, status__in=[Match.Status.OPEN, Match.Status.ACTIVE]
        )
        .order_by("-updated_at")
        .prefetch_related("seats__user")
    )
    result = []
    for match in matches:
        rules = match.rules
        to_move = rules.to_move(match.game_state())
        mine = any(
            seat.user_id == user.id and seat.position in to_move
            for seat in match.seats.all()
        )
        result.append((match, mine))
    result.sort(key=lambda item: not item[1])
    return result


def measure(call: Callable[[], Any], repeat: int) -> tuple[int, float, Any]:
    """Return (queries of one call, median seconds over `repeat`, result)."""
    # A counting wrapper: CaptureQueriesContext keeps only the last 9,000.
    executed = 0

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        nonlocal executed
        executed += 1
        LAST_QUERY[:] = [sql, params]
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        result = call()
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return executed, statistics.median(times), result


def report(name: str, old: tuple[int, float, Any], new: tuple[int, float, Any]) -> None:
    print(f"{name}:")
    print(f"  before (parse every state): {old[0]:>6} queries  {old[1] * 1000:9.1f} ms")
    print(f"  now (seat columns):         {new[0]:>6} queries  {new[1] * 1000:9.1f} ms")
    print(
        f"  ratio before/now: {old[0] / new[0]:.1f}x queries, "
        f"{old[1] / new[1]:.1f}x time"
    )


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    old_config = setup_databases(verbosity=0, interactive=False)
    try:
        began = time.perf_counter()
        alice = fill(count)
        if connection.vendor == "postgresql":
            # Statistics, as autovacuum keeps them on a live database.
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        print(
            f"database: {connection.vendor}; {count} active matches, {OVERDUE} "
            f"overdue robots, {MINE} matches of one person ({MY_TURN} her turn); "
            f"filled in {time.perf_counter() - began:.0f} s"
        )
        old = measure(legacy_sweep, 3)
        # The robot tasks go nowhere: only the selection is measured.
        with mock.patch("games.services.moves.robot_task_enqueue"):
            new = measure(services.robot_turns_resume, 3)
        assert old[2] == new[2] == OVERDUE, (old[2], new[2])
        report("robot sweep", old, new)
        if connection.vendor == "postgresql":
            sql, params = LAST_QUERY
            with connection.cursor() as cursor:
                cursor.execute(f"EXPLAIN {sql}", params)
                plan = [row[0] for row in cursor.fetchall()]
            print("  plan of the sweep's query:")
            print("\n".join(f"    {line}" for line in plan))
        old = measure(lambda: legacy_matches_for_user(alice), 3)
        new = measure(lambda: selectors.matches_for_user(user=alice), 3)
        # Both ways agree on every match and its "your turn" badge.
        assert {(m.id, t) for m, t in old[2]} == {(m.id, t) for m, t in new[2]}
        assert sum(t for _m, t in new[2]) == MY_TURN
        report('"my matches"', old, new)
    finally:
        teardown_databases(old_config, verbosity=0)


if __name__ == "__main__":
    main()
