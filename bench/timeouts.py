"""Benchmark: the timeout sweep `expire_overdue_turns` is O(overdue), not O(active).

Fills a throwaway test database (created and dropped by Django's test
utilities, on the configured DATABASE_URL's server) with N active matches
(default 100,000) whose turn deadlines lie in the coming days, 100 of
which have passed. Then it measures, in the same run:

- the sweep as it runs (one query through the partial index
  `match_deadline_idx`);
- the same query with PostgreSQL's index scans switched off (what the
  sweep would cost without its index: a scan of every active match);
- a sweep that reads every active match and compares in Python (the
  O(active) way a task per match, or a loop, would go).

It prints queries per sweep and the median time of each, the ratios to
the sweep, and the query plan. Run:
`DATABASE_URL=postgres://postgres@127.0.0.1:5432/spielpost python bench/timeouts.py [matches]`.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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

from games import services  # noqa: E402
from games.clocks import PRESETS  # noqa: E402
from games.models import Match  # noqa: E402
from games.rules.registry import rules_for  # noqa: E402

OVERDUE = 100
LAST_QUERY: list[Any] = []


def fill(count: int) -> None:
    """Create `count` active Daily matches; OVERDUE of them past their deadline."""
    rules = rules_for("race")
    now = timezone.now()
    control = PRESETS["daily"].to_json()
    Match.objects.bulk_create(
        (
            Match(
                game_slug="race",
                seed=n,
                rules_version=rules.info.version,
                status=Match.Status.ACTIVE,
                started_at=now,
                time_control=control,
                version=n % 50,
                # Spread over the next three days, or a minute ago.
                turn_deadline_at=now - timedelta(minutes=1)
                if n % (count // OVERDUE) == 0
                else now + timedelta(seconds=60 + n % (3 * 24 * 3600)),
            )
            for n in range(count)
        ),
        batch_size=5000,
    )


def sweep() -> int:
    """The sweep as the beat runs it; the tasks go nowhere (only the selection)."""
    with mock.patch("games.services.timeouts._timeout_task_enqueue"):
        return services.expire_overdue_turns()


@contextmanager
def index_scans_off() -> Iterator[None]:
    """Let PostgreSQL plan without index scans (a sweep without its index)."""
    with connection.cursor() as cursor:
        cursor.execute("SET enable_indexscan = off")
        cursor.execute("SET enable_bitmapscan = off")
        cursor.execute("SET enable_indexonlyscan = off")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET enable_indexscan")
            cursor.execute("RESET enable_bitmapscan")
            cursor.execute("RESET enable_indexonlyscan")


def sweep_without_index() -> int:
    with index_scans_off():
        return sweep()


def sweep_every_active_match() -> int:
    """Read every active match and compare its deadline in Python: O(active)."""
    now = timezone.now()
    count = 0
    for _id, _version, deadline in (
        Match.objects.filter(status=Match.Status.ACTIVE)
        .values_list("id", "version", "turn_deadline_at")
        .iterator(chunk_size=5000)
    ):
        if deadline is not None and deadline <= now:
            count += 1
    return count


def measure(call: Callable[[], Any], repeat: int) -> tuple[int, float, Any]:
    """Return (queries of one call, median seconds over `repeat`, result)."""
    executed = 0

    def counting(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        nonlocal executed
        executed += 1
        if sql.lstrip().upper().startswith("SELECT"):
            LAST_QUERY[:] = [sql, params]
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counting):
        result = call()
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return executed, statistics.median(times), result


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    # A database of its own: a test run on the same server keeps its own.
    connection.settings_dict["TEST"]["NAME"] = "test_spielpost_bench_timeouts"
    old_config = setup_databases(verbosity=0, interactive=False)
    try:
        began = time.perf_counter()
        fill(count)
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        print(
            f"database: {connection.vendor}; {count} active timed matches, "
            f"{OVERDUE} past their deadline; filled in "
            f"{time.perf_counter() - began:.0f} s"
        )
        new = measure(sweep, 20)
        assert new[2] == OVERDUE, new[2]
        sql, params = LAST_QUERY
        plan: list[str] = []
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f"EXPLAIN {sql}", params)
                plan = [row[0] for row in cursor.fetchall()]
        rows = [("expire_overdue_turns (partial index)", new)]
        if connection.vendor == "postgresql":
            rows.append(
                ("same query, index scans off", measure(sweep_without_index, 5))
            )
        rows.append(("every active match read", measure(sweep_every_active_match, 3)))
        print(f"{'sweep':<40} {'queries':>8} {'median ms':>10} {'x sweep':>8}")
        for name, (queries, seconds, result) in rows:
            assert result == OVERDUE, (name, result)
            # The "index scans off" row also counts its SET/RESET statements.
            print(
                f"{name:<40} {queries:>8} {seconds * 1000:>10.2f} "
                f"{seconds / new[1]:>8.1f}"
            )
        if plan:
            print("plan of the sweep's query:")
            print("\n".join(f"  {line}" for line in plan))
    finally:
        teardown_databases(old_config, verbosity=0)


if __name__ == "__main__":
    main()
