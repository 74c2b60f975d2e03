"""Benchmark: how strong each robot level is, and how long it thinks (issue 26).

Prints issue 26's table: per game and pairing, the share of first places of
the robot under test (a first place shared by k seats counts 1/k; solo: wins
against the game's virtual opponent) over seeded games, with its Wilson 95%
interval, and beside it the same pairing played by the medium robot: the
strongest robot before the hard one, measured in the same run (the
"before"). Then the decision times of every level (median, p99, max, in
seconds of CPU: the time on one core, which a busy machine does not inflate
as it does the wall clock; one process per core).

Pairings (2 seats unless said; the robot under test sits `seed % seats`
places after the first seat to move, so over the games it takes every seat
in turn):
- hard vs medium and hard vs easy (targets >= 70% and >= 95%),
- hard + 3 medium, 4 seats, for a game with 4 seats (target: hard's share
  >= 40%),
- solo, for a game with one seat (target >= 30% wins).

Game n uses seed n, so runs are reproducible. Run: `make bench` (20 games per pairing) or
`python bench/robots.py [games per pairing] [slug]` (default 100; the issue
asks for 1,000 where time allows: about an hour per game on two cores).
`BENCH_WORKERS=n` caps the processes (default: one per core).
Pure Python, no Django.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import Robot, Rules  # noqa: E402
from games.rules.registry import GAMES  # noqa: E402
from games.rules.rng import Rng  # noqa: E402


def duel(
    rules: Rules[Any, Any],
    robot: Robot[Any],
    opponent: Robot[Any],
    seats: int,
    seed: int,
) -> tuple[float, list[float]]:
    """Play one seeded game of `robot` against `opponent` on the other seats.

    The robot sits seed % seats places after the first seat to move, so
    with two seats it starts every other game. Return (the robot's share of
    first place: 1 alone, 1/k shared by k seats, 0 below; its decision
    times in seconds of CPU: one core's time, whatever else the machine runs).
    """
    options = rules.validate_options({}, seats)
    state = rules.new_state(seats=seats, options=options, seed=seed)
    mine = (min(rules.to_move(state)) + seed) % seats
    step = 0
    times: list[float] = []
    while to_move := rules.to_move(state):
        seat = min(to_move)
        legal = rules.legal_moves(state, seat)
        view = rules.view(state, seat)
        if seat == mine:
            started = time.process_time()
            move = robot.choose(view, legal, Rng(seed, step))
            times.append(time.process_time() - started)
        else:
            move = opponent.choose(view, legal, Rng(seed, step))
        state, _ = rules.apply(state, seat, move)
        step += 1
    outcome = rules.outcome(state)
    assert outcome is not None
    firsts = outcome.ranks.count(1)
    return (1 / firsts if outcome.ranks[mine] == 1 else 0.0), times


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the Wilson score interval (low, high) of a proportion `share` of `n`."""
    if n == 0:
        return 0.0, 1.0
    centre = share + z * z / (2 * n)
    margin = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (centre - margin) / denominator, (centre + margin) / denominator


def percentile(ordered: list[float], share: float) -> float:
    """Return the nearest-rank percentile `share` (0-100) of sorted `ordered`."""
    return ordered[max(1, math.ceil(share / 100 * len(ordered))) - 1]


@dataclass(frozen=True)
class Pairing:
    """One row of the table: `robot` against `opponent` on the other seats.

    Solo (`seats` 1): no other seat; the game's virtual opponent plays.
    """

    label: str
    seats: int
    robot: str
    opponent: str
    target: float | None


def _one(job: tuple[str, str, str, int, int]) -> tuple[float, list[float]]:
    slug, robot, opponent, seats, seed = job
    entry = GAMES[slug]
    return duel(entry.rules, entry.robots[robot], entry.robots[opponent], seats, seed)


def run(
    pool: ProcessPoolExecutor,
    slug: str,
    robot: str,
    opponent: str,
    seats: int,
    games: int,
) -> tuple[float, int, list[float]]:
    """Return (share of first places, games, the robot's decision times) of a pairing."""
    jobs = [(slug, robot, opponent, seats, seed) for seed in range(games)]
    results = list(pool.map(_one, jobs, chunksize=1))
    share = sum(s for s, _ in results) / games
    return share, games, [t for _, ts in results for t in ts]


def pairings(slug: str) -> list[Pairing]:
    """Return issue 26's pairings that game `slug` can play."""
    info = GAMES[slug].rules.info
    rows = []
    if info.min_seats <= 2 <= info.max_seats:
        rows += [
            Pairing("vs medium", 2, "hard", "medium", 0.70),
            Pairing("vs easy", 2, "hard", "easy", 0.95),
        ]
    if info.min_seats <= 4 <= info.max_seats:
        rows.append(Pairing("+ 3 medium", 4, "hard", "medium", 0.40))
    if info.min_seats == 1:
        rows.append(Pairing("solo", 1, "hard", "medium", 0.30))
    return rows


def _cell(share: float, games: int) -> str:
    low, high = wilson(share, games)
    return f"{share:6.1%} ({low:5.1%}-{high:5.1%})"


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    only = sys.argv[2] if len(sys.argv) > 2 else None
    slugs = [
        s for s in GAMES if (only is None or s == only) and "hard" in GAMES[s].robots
    ]
    times: dict[tuple[str, str], list[float]] = {}
    print(
        f"{'game':<12}{'pairing':<12}{'seats':>5}{'games':>6}{'target':>8}"
        f"   {'hard (95% interval)':<24}{'medium before':<24}{'met':>4}"
    )
    started = time.perf_counter()
    workers = int(os.environ.get("BENCH_WORKERS", 0)) or os.cpu_count() or 1
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for slug in slugs:
            for row in pairings(slug):
                share, n, hard_times = run(
                    pool, slug, "hard", row.opponent, row.seats, games
                )
                base, _, medium_times = run(
                    pool, slug, "medium", row.opponent, row.seats, games
                )
                times.setdefault((slug, "hard"), []).extend(hard_times)
                times.setdefault((slug, "medium"), []).extend(medium_times)
                met = "yes" if row.target is None or share >= row.target else "no"
                target = f">={row.target:.0%}" if row.target is not None else "-"
                print(
                    f"{slug:<12}{row.label:<12}{row.seats:>5}{n:>6}{target:>8}"
                    f"   {_cell(share, n):<24}{_cell(base, n):<24}{met:>4}",
                    flush=True,
                )
        for slug in slugs:
            # The easy robot's times, for the table to be complete.
            _, _, easy_times = run(pool, slug, "easy", "medium", 2, min(games, 20))
            times[(slug, "easy")] = easy_times
    print(
        f"\n{'game':<12}{'level':<8}{'decisions':>10}{'median ms':>11}{'p99 ms':>9}"
        f"{'max ms':>9}   target for hard: median <= 200 ms, p99 <= 1000 ms"
    )
    for (slug, level), spent in sorted(times.items()):
        ordered = sorted(spent)
        if not ordered:
            continue
        print(
            f"{slug:<12}{level:<8}{len(ordered):>10}"
            f"{statistics.median(ordered) * 1000:>11.1f}"
            f"{percentile(ordered, 99) * 1000:>9.1f}{ordered[-1] * 1000:>9.1f}"
        )
    print(f"\n{time.perf_counter() - started:.0f} s, {workers} processes")


if __name__ == "__main__":
    main()
