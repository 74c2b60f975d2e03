"""Benchmark: what a board push costs to render, per game (issue 27).

Every move pushes the board's live part to each socket watching it,
rendered by Django's template engine in the process holding the socket
(`games.consumers.renders.board_render`); the same render answers a board
page's own move. This benchmark fills a throwaway test database (Django's
test utilities, on the configured DATABASE_URL's server) with seeded random
games of every registered game, at its smallest and largest seat count,
and renders the board as a push does (one seat's view, the log entries of
the last move) at several points of each game: after the first move, after
10, 30 and 90 moves and at the end. Per game and seat count it prints the
renders measured, the median size (KB), the median and 95th-percentile CPU
time per render (ms: one core's process time, whatever else the machine
runs), and the median's ratio to the lobby's open-matches list rendered in
the same run (`lobby_render`, the baseline).

The seeds are fixed (the client seeds given, `fairness.server_seed_new`
patched) and the moves drawn from a seeded random stream, so two runs, say of
two commits (`TREE=/tmp/before python bench/renders.py` imports the code of
the tree in TREE), render the same boards. Run:
`python bench/renders.py [games per seat count] [repeats per render]`.
"""

from __future__ import annotations

import hashlib
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast
from unittest import mock

TREE = Path(os.environ.get("TREE", Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(TREE))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.test.utils import (  # noqa: E402
    setup_databases,
    setup_test_environment,
    teardown_databases,
)

from accounts.models import User  # noqa: E402
from games import services  # noqa: E402
from games.consumers.renders import board_render, lobby_render  # noqa: E402
from games.models import Match  # noqa: E402
from games.rules import JSON  # noqa: E402
from games.rules.registry import GAMES  # noqa: E402


@dataclass(frozen=True, slots=True)
class Row:
    """One game at one seat count: CPU ms and bytes of each render measured."""

    slug: str
    seats: int
    times: list[float]
    sizes: list[int]


MARKS = frozenset({1, 10, 30, 90})
# A random game of a slow game can be long; the end is reached well before.
LONGEST = 3000


def snapshot(
    slug: str, seats: int, seed: int, moves: int, users: list[User]
) -> tuple[int, int, bool]:
    """Play `moves` moves of seeded random game `seed` of `slug` (fewer if it ends).

    Return (match id, version, whether it ended). The server seed comes
    from (slug, seats, seed), so each call plays the same game as far.
    """
    rng = random.Random(seed)
    # Every seed of the match fixed: the server's and each seat's client seed.
    seeded = f"{slug}/{seats}/{seed}"
    server_seed = hashlib.sha256(seeded.encode()).hexdigest()
    with mock.patch("games.fairness.server_seed_new", return_value=server_seed):
        match = services.match_create(
            user=users[0], game_slug=slug, seats=seats, options={}, client_seed=seeded
        )
    for user in users[1:seats]:
        services.seat_claim(match_id=match.id, user=user, client_seed=seeded)
    match.refresh_from_db()
    for _ in range(moves):
        rules = match.rules
        state = rules.state_from_json(cast(JSON, match.state))
        seat = min(rules.to_move(state))
        move = rng.choice(rules.legal_moves(state, seat))
        match = services.move_submit(
            match_id=match.id,
            user=users[seat],
            move_data=move.to_json(),
            expected_version=match.version,
        )
        if match.status != Match.Status.ACTIVE:
            return match.id, match.version, True
    return match.id, match.version, False


def _marks(
    slug: str, seats: int, seed: int, users: list[User]
) -> list[tuple[int, int]]:
    """Return (match id, version) of game `seed` at each mark it reaches and at its end."""
    taken = []
    for moves in sorted(MARKS):
        match_id, version, ended = snapshot(slug, seats, seed, moves, users)
        if ended:
            break
        taken.append((match_id, version))
    match_id, version, _ = snapshot(slug, seats, seed, LONGEST, users)
    return [*taken, (match_id, version)]


def cpu_ms(render: Callable[[], Any], repeats: int) -> float:
    """Return the median CPU time of `render` over `repeats` calls, in ms."""
    times = []
    for _ in range(repeats):
        started = time.process_time()
        render()
        times.append((time.process_time() - started) * 1000)
    return statistics.median(times)


def measure(games: int, repeats: int) -> tuple[list[Row], float]:
    """Return (a row per game and seat count, the lobby's ms per render)."""
    users = [User.objects.create(username=f"bench-render-{i}") for i in range(8)]
    rows = []
    for slug, entry in GAMES.items():
        info = entry.rules.info
        for seats in sorted(
            {max(info.min_seats, min(2, info.max_seats)), info.max_seats}
        ):
            times: list[float] = []
            sizes: list[int] = []
            for seed in range(games):
                for match_id, version in _marks(slug, seats, seed, users):
                    for position in [*range(seats), None]:

                        def render(
                            m: int = match_id,
                            p: int | None = position,
                            v: int = version,
                        ) -> str:
                            return board_render(m, p, p is not None, "en", v - 1)[0]

                        sizes.append(len(render()))
                        times.append(cpu_ms(render, repeats))
            rows.append(Row(slug, seats, times, sizes))
    return rows, cpu_ms(lambda: lobby_render("en"), repeats * 10)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    setup_test_environment()
    databases = setup_databases(verbosity=0, interactive=False)
    try:
        rows, lobby = measure(games, repeats)
    finally:
        teardown_databases(databases, verbosity=0)
    print(f"code: {TREE}")
    print(f"baseline: the lobby's open-matches list, {lobby:.2f} ms CPU per render")
    print(
        f"{'game':<12} {'seats':>5} {'renders':>7} {'KB':>6} {'median ms':>9} {'p95 ms':>7} {'x lobby':>7}"
    )
    for row in rows:
        times = sorted(row.times)
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        median = statistics.median(times)
        print(
            f"{row.slug:<12} {row.seats:>5} {len(times):>7} {statistics.median(row.sizes) / 1024:>6.1f}"
            f" {median:>9.2f} {p95:>7.2f} {median / lobby:>7.1f}"
        )


if __name__ == "__main__":
    main()
