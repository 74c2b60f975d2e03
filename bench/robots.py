"""Benchmark: how well each robot plays, over seeded games.

Prints, per game, robot and seat count, the average final score, the share
of seat 0's wins (for solo: wins against the virtual opponent) and games per
second. Every seat is played by the same robot; game n uses seed n, so runs
are reproducible. Run: `make bench` or
`python bench/robots.py [games] [slug]`. Pure Python, no Django.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import Robot, Rules  # noqa: E402
from games.rules.registry import ROBOTS_BY_SLUG, RULES_BY_SLUG  # noqa: E402
from games.rules.rng import Rng  # noqa: E402


def play(
    rules: Rules[Any, Any], robot: Robot[Any], seats: int, seed: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Play one seeded game with `robot` on every seat; return (ranks, scores)."""
    options = rules.validate_options({}, seats)
    state = rules.new_state(seats=seats, options=options, seed=seed)
    step = 0
    while to_move := rules.to_move(state):
        seat = min(to_move)
        legal = rules.legal_moves(state, seat)
        move = robot.choose(rules.view(state, seat), legal, Rng(seed, step))
        state, _ = rules.apply(state, seat, move)
        step += 1
    outcome = rules.outcome(state)
    assert outcome is not None
    return outcome.ranks, outcome.scores or (0,) * seats


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    only = sys.argv[2] if len(sys.argv) > 2 else None
    print(
        f"{'game':<12}{'robot':<8}{'seats':>6}{'games':>7}{'avg score':>11}"
        f"{'sd':>7}{'seat 0 wins':>13}{'games/s':>9}"
    )
    for slug, rules in RULES_BY_SLUG.items():
        if only and slug != only:
            continue
        for name, robot in ROBOTS_BY_SLUG[slug].items():
            for seats in sorted({rules.info.min_seats, min(3, rules.info.max_seats)}):
                started = time.perf_counter()
                results = [play(rules, robot, seats, seed) for seed in range(games)]
                elapsed = time.perf_counter() - started
                scores = [score for _, s in results for score in s]
                wins = sum(1 for ranks, _ in results if ranks[0] == 1)
                print(
                    f"{slug:<12}{name:<8}{seats:>6}{games:>7}"
                    f"{statistics.mean(scores):>11.1f}{statistics.pstdev(scores):>7.1f}"
                    f"{wins / games:>13.1%}{games / elapsed:>9.1f}"
                )


if __name__ == "__main__":
    main()
