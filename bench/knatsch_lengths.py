"""Benchmark: how long Knatsch games last, for a turn-limit ruling.

Plays seeded games with the same robot on every seat ("easy" and
"medium"; game n uses seed n, the robot of move k gets Rng(n, k)) for 2, 4
and 6 seats, and prints per robot and seat count the distribution (min,
median, mean, p90, p99, max) of

- moves: moves applied;
- turns: `State.turn` at the end (turns begun, what the turn limit counts);
- rounds: turns / seats, rounded up (every seat has had that many turns);
- platform turns: turns as the platform counts them, the sum of
  `games.rules.base.turns_started` over the game (a defence and each
  tournament throw start a turn of another seat);

how many games hit the turn limit (end reason "turn_limit"; the limit is
read from the view's `turn_limit`) and the win reasons. `--no-limit` lifts
the limit before playing (ROUND_LIMIT, or TURN_LIMIT in older engines, set
to 10**6 in the module that has it, see LIMIT_MODULES): a game still
running after SAFETY_CAP turns is stopped and counted as "never ended" (its
lengths count at the cap).

Run: `python bench/knatsch_lengths.py [--games N] [--no-limit]` (1,000
games per case by default, 2 processes). Pure Python, no Django.
"""

from __future__ import annotations

import argparse
import importlib
import math
import statistics
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules.base import turns_started  # noqa: E402
from games.rules.knatsch import ROBOTS, RULES  # noqa: E402
from games.rules.rng import Rng  # noqa: E402

SEATS = (2, 4, 6)
ROBOT_NAMES = ("easy", "medium")
SAFETY_CAP = 5000  # turns; only with --no-limit
NEVER_ENDED = "never ended"
PROCESSES = 2
NO_LIMIT = 10**6
# Where the engine keeps its turn limit (it moved from flow.TURN_LIMIT to
# ROUND_LIMIT rounds in turn_end); --no-limit raises every one it finds.
LIMIT_MODULES = ("games.rules.knatsch.turn_end", "games.rules.knatsch.flow")
LIMIT_NAMES = ("ROUND_LIMIT", "TURN_LIMIT")


class Game(NamedTuple):
    """One game's lengths and how it ended."""

    moves: int
    turns: int
    rounds: int
    platform_turns: int
    reason: str


def _set_limit(no_limit: bool) -> None:
    """Lift the turn limit in this process (also run in each worker)."""
    if not no_limit:
        return
    for module_name in LIMIT_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        for name in LIMIT_NAMES:
            if hasattr(module, name):
                setattr(module, name, NO_LIMIT)


def turn_limit(seats: int) -> int:
    """Return the engine's turn limit for `seats` seats, as its view shows it."""
    state = RULES.new_state(seats=seats, options={}, seed=0)
    return int(RULES.view(state, None)["turn_limit"])


def limit_text(seats: int) -> str:
    """Return the turn limit for `seats` seats as text ("none" once lifted)."""
    turns = turn_limit(seats)
    if turns >= NO_LIMIT:
        return "none"
    return f"{turns} turns = {turns / seats:g} rounds"


def play(job: tuple[str, int, int, bool]) -> Game:
    """Play one seeded game with robot `name` on every seat; return its lengths."""
    name, seats, seed, no_limit = job
    robot = ROBOTS[name]
    state = RULES.new_state(seats=seats, options={}, seed=seed)
    to_move = RULES.to_move(state)
    platform_turns = len(to_move)
    moves = 0
    while to_move:
        if no_limit and state.turn > SAFETY_CAP:
            rounds = -(-state.turn // seats)
            return Game(moves, state.turn, rounds, platform_turns, NEVER_ENDED)
        seat = min(to_move)
        legal = RULES.legal_moves(state, seat)
        move = robot.choose(RULES.view(state, seat), legal, Rng(seed, moves))
        state, _ = RULES.apply(state, seat, move)
        moves += 1
        after = RULES.to_move(state)
        platform_turns += len(turns_started(to_move, after))
        to_move = after
    rounds = -(-state.turn // seats)
    return Game(moves, state.turn, rounds, platform_turns, state.end_reason or "?")


def percentile(ordered: list[int], share: float) -> int:
    """Return the nearest-rank percentile `share` (0-100) of sorted `ordered`."""
    rank = max(1, math.ceil(share / 100 * len(ordered)))
    return ordered[rank - 1]


def describe(values: list[int]) -> str:
    """Return min, median, mean, p90, p99 and max of `values` as one table row."""
    ordered = sorted(values)
    return (
        f"{ordered[0]:>7}{statistics.median(ordered):>8.1f}"
        f"{statistics.mean(ordered):>8.1f}{percentile(ordered, 90):>7}"
        f"{percentile(ordered, 99):>7}{ordered[-1]:>7}"
    )


def report(name: str, seats: int, games: list[Game], elapsed: float) -> None:
    """Print the length table and the endings of one robot and seat count."""
    print(
        f"\n{name} robot, {seats} seats: {len(games)} games "
        f"(turn limit {limit_text(seats)}, {elapsed:.0f} s)"
    )
    print(f"  {'':<16}{'min':>7}{'median':>8}{'mean':>8}{'p90':>7}{'p99':>7}{'max':>7}")
    print(f"  {'moves':<16}{describe([g.moves for g in games])}")
    print(f"  {'turns':<16}{describe([g.turns for g in games])}")
    print(f"  {'rounds':<16}{describe([g.rounds for g in games])}")
    print(f"  {'platform turns':<16}{describe([g.platform_turns for g in games])}")
    reasons = Counter(g.reason for g in games)
    hit = reasons.get("turn_limit", 0)
    print(f"  turn limit hit: {hit} ({hit / len(games):.1%})", end="")
    if limit_text(seats) == "none":
        never = reasons.get(NEVER_ENDED, 0)
        print(f"; never ended (> {SAFETY_CAP} turns): {never}", end="")
    print()
    endings = ", ".join(
        f"{reason} {count} ({count / len(games):.1%})"
        for reason, count in reasons.most_common()
    )
    print(f"  endings: {endings}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per case")
    parser.add_argument(
        "--no-limit",
        action="store_true",
        help=f"lift the turn limit (games stop after {SAFETY_CAP} turns)",
    )
    args = parser.parse_args()
    _set_limit(args.no_limit)
    print(
        f"Knatsch game lengths: seeds 0..{args.games - 1}, the same robot on "
        f"every seat, {PROCESSES} processes"
    )
    with Pool(PROCESSES, initializer=_set_limit, initargs=(args.no_limit,)) as pool:
        for name in ROBOT_NAMES:
            for seats in SEATS:
                started = time.perf_counter()
                jobs = [
                    (name, seats, seed, args.no_limit) for seed in range(args.games)
                ]
                games = pool.map(play, jobs, chunksize=20)
                report(name, seats, games, time.perf_counter() - started)


if __name__ == "__main__":
    main()
