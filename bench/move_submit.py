"""Benchmark: committed moves per second through `games.services`.

Plays Race matches (two people) on the configured database, every move
through `move_submit` (row lock, expected version, Move row), and prints
moves per second and the median and 95th-percentile commit time. Run with
the settings you want to measure, e.g.
`DATABASE_URL=postgres://postgres@127.0.0.1:5432/spielpost_bench python bench/move_submit.py 20`.
It creates its own users and matches in that database.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from accounts.models import User  # noqa: E402
from games import services  # noqa: E402
from games.rules import JSON  # noqa: E402


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    call_command("migrate", verbosity=0)
    alice, _ = User.objects.get_or_create(username="bench-alice")
    bob, _ = User.objects.get_or_create(username="bench-bob")
    users = {0: alice, 1: bob}
    timings: list[float] = []
    started = time.perf_counter()
    for _ in range(matches):
        match = services.match_create(user=alice, game_slug="race", seats=2, options={})
        services.seat_claim(match_id=match.id, user=bob)
        match.refresh_from_db()
        while match.status == "active":
            rules = match.rules
            state = rules.state_from_json(cast(JSON, match.state))
            seat = min(rules.to_move(state))
            move = rules.legal_moves(state, seat)[0]
            began = time.perf_counter()
            match = services.move_submit(
                match_id=match.id,
                user=users[seat],
                move_data=move.to_json(),
                expected_version=match.version,
            )
            timings.append(time.perf_counter() - began)
    elapsed = time.perf_counter() - started
    timings.sort()
    print(f"database: {django.db.connection.vendor}")
    print(f"matches: {matches}, moves: {len(timings)}, wall: {elapsed:.1f} s")
    print(f"moves/s (sequential, incl. reads): {len(timings) / elapsed:.0f}")
    print(
        f"move_submit median: {statistics.median(timings) * 1000:.1f} ms, "
        f"p95: {timings[int(len(timings) * 0.95)] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
