"""Benchmark: how fast each rules engine plays random games.

Prints, per game and seat count, random games per second, moves per game and
microseconds per `apply` (including `legal_moves` and the JSON round trip the
platform does on every move). Run: `make bench` or
`python bench/engines.py [games_per_case]`. Pure Python, no Django.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.rules import Rules  # noqa: E402
from games.rules.registry import GAMES  # noqa: E402


def play(rules: Rules[Any, Any], seats: int, seed: int) -> int:
    """Play one random game (with a JSON round trip per move); return its moves."""
    picker = random.Random(seed)
    options = rules.validate_options({}, seats)
    state = rules.new_state(seats=seats, options=options, seed=seed)
    moves = 0
    while to_move := rules.to_move(state):
        seat = min(to_move)
        move = picker.choice(rules.legal_moves(state, seat))
        state, _ = rules.apply(state, seat, move)
        state = rules.state_from_json(state.to_json())
        moves += 1
    return moves


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(f"{'game':<12}{'seats':>6}{'games/s':>10}{'moves/game':>12}{'us/move':>10}")
    for slug, entry in GAMES.items():
        rules = entry.rules
        for seats in range(rules.info.min_seats, rules.info.max_seats + 1):
            started = time.perf_counter()
            total = sum(play(rules, seats, seed) for seed in range(games))
            elapsed = time.perf_counter() - started
            print(
                f"{slug:<12}{seats:>6}{games / elapsed:>10.1f}"
                f"{total / games:>12.1f}{elapsed / total * 1e6:>10.0f}"
            )


if __name__ == "__main__":
    main()
