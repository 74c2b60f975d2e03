"""Benchmark: how well each robot plays, over seeded games.

Prints, per game, robot and seat count, the average final score ("-" for a
game without scores, such as Knatsch), seat 0's share of the first places
(a first place shared by k seats counts 1/k; for solo: wins against the
virtual opponent) and games per second. Every seat is
played by the same robot; game n uses seed n, so runs are reproducible.

Then, per game, each robot other than "random" plays against the random
robot with two seats (it moves first in the even-numbered games): its
outright wins, its shared first places, its score (a win counts 1, a first
place shared by k seats 1/k), the ratio of that score to the 1/seats
baseline of an even match, and its decision time per move (mean, p99 and
max, wall clock).

Run: `make bench` or `python bench/robots.py [games] [slug]`. Pure Python,
no Django.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import Robot, Rules  # noqa: E402
from games.rules.registry import GAMES  # noqa: E402
from games.rules.rng import Rng  # noqa: E402


def play(
    rules: Rules[Any, Any], robot: Robot[Any], seats: int, seed: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Play one seeded game with `robot` on every seat; return (ranks, scores).

    The scores are () for a game without scores.
    """
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
    return outcome.ranks, outcome.scores or ()


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
    times in seconds).
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
            started = time.perf_counter()
            move = robot.choose(view, legal, Rng(seed, step))
            times.append(time.perf_counter() - started)
        else:
            move = opponent.choose(view, legal, Rng(seed, step))
        state, _ = rules.apply(state, seat, move)
        step += 1
    outcome = rules.outcome(state)
    assert outcome is not None
    firsts = outcome.ranks.count(1)
    return (1 / firsts if outcome.ranks[mine] == 1 else 0.0), times


def percentile(ordered: list[float], share: float) -> float:
    """Return the nearest-rank percentile `share` (0-100) of sorted `ordered`."""
    return ordered[max(1, math.ceil(share / 100 * len(ordered))) - 1]


def head_to_head(games: int, only: str | None) -> None:
    """Print each robot's results against the random robot with two seats."""
    print(
        f"\n{'game':<12}{'robot':<8}{'vs':<8}{'seats':>6}{'games':>7}{'wins':>8}"
        f"{'shared':>8}{'score':>8}{'x even':>8}{'ms mean':>9}{'ms p99':>8}"
        f"{'ms max':>8}"
    )
    for slug, entry in GAMES.items():
        rules, robots = entry.rules, entry.robots
        if (only and slug != only) or "random" not in robots:
            continue
        seats = max(2, rules.info.min_seats)
        if seats > rules.info.max_seats:
            continue
        for name, robot in robots.items():
            if name == "random":
                continue
            results = [
                duel(rules, robot, robots["random"], seats, seed)
                for seed in range(games)
            ]
            wins = sum(share == 1 for share, _ in results) / games
            shared = sum(0 < share < 1 for share, _ in results) / games
            rate = sum(share for share, _ in results) / games
            times = sorted(t for _, ts in results for t in ts)
            print(
                f"{slug:<12}{name:<8}{'random':<8}{seats:>6}{games:>7}{wins:>8.1%}"
                f"{shared:>8.1%}{rate:>8.1%}{rate * seats:>8.2f}"
                f"{statistics.mean(times) * 1000:>9.2f}"
                f"{percentile(times, 99) * 1000:>8.2f}{times[-1] * 1000:>8.2f}"
            )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    only = sys.argv[2] if len(sys.argv) > 2 else None
    print(
        f"{'game':<12}{'robot':<8}{'seats':>6}{'games':>7}{'avg score':>11}"
        f"{'sd':>7}{'seat 0 wins':>13}{'games/s':>9}"
    )
    for slug, entry in GAMES.items():
        rules = entry.rules
        if only and slug != only:
            continue
        for name, robot in entry.robots.items():
            for seats in sorted({rules.info.min_seats, min(3, rules.info.max_seats)}):
                started = time.perf_counter()
                results = [play(rules, robot, seats, seed) for seed in range(games)]
                elapsed = time.perf_counter() - started
                scores = [score for _, s in results if s for score in s]
                # A first place shared by k seats counts 1/k.
                wins = sum(1 / ranks.count(1) for ranks, _ in results if ranks[0] == 1)
                average = (
                    f"{statistics.mean(scores):>11.1f}{statistics.pstdev(scores):>7.1f}"
                    if scores
                    else f"{'-':>11}{'-':>7}"
                )
                print(
                    f"{slug:<12}{name:<8}{seats:>6}{games:>7}{average}"
                    f"{wins / games:>13.1%}{games / elapsed:>9.1f}"
                )
    head_to_head(games, only)


if __name__ == "__main__":
    main()
