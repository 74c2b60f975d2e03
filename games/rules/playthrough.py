"""Golden playthroughs: a seeded robot game written out as text (STYLE.md B9).

Pure: the same arguments always give the same text, so a committed file
shows, as a diff, every change in a game's behaviour. [OS playthroughs]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.rules.base import JSON, Event, GameEntry, Robot, Rules
from games.rules.rng import Rng

# A game without a fixed bound on moves (GameInfo.max_turns) still gets a
# finite golden file.
_MAX_STEPS = 10_000

# The repository's root: golden files live under tests/ (playthrough_path).
_ROOT = Path(__file__).resolve().parents[2]


def playthrough_path(slug: str) -> Path:
    """Return the committed golden playthrough file of game `slug`.

    The one place that knows where these files live (`make playthroughs`
    writes them, the golden test reads them); no I/O here.
    """
    # The game's test folder: its slug with underscores (dice_stars).
    return _ROOT / "tests" / "games" / slug.replace("-", "_") / "playthrough.txt"


def entry_playthrough_text(entry: GameEntry) -> str:
    """Return `playthrough_text` of a registered game with its entry's parameters.

    The entry's `playthrough` (seats, options, seed, robot: by default the
    game's default robot).
    """
    robot = entry.playthrough.robot
    return playthrough_text(
        entry.rules,
        seats=entry.playthrough.seats,
        options=dict(entry.playthrough.options),
        seed=entry.playthrough.seed,
        robot=entry.robots[robot] if robot else entry.default_robot,
    )


def playthrough_text(
    rules: Rules[Any, Any],
    *,
    seats: int,
    options: JSON,
    seed: int | str,
    robot: Robot[Any],
) -> str:
    """Play one seeded match with `robot` in every seat and return its log.

    Per step: `to_move`, the mover's described legal moves, the applied move,
    its events (English text and who sees them), and the view of every seat
    and of a spectator (`json.dumps`, sorted keys). `seed` is what
    `Rules.new_state` takes: an int (legacy scheme) or a hex key (keyed
    scheme, games/rules/rng.py). With several seats to move, the lowest
    moves first; the robot's Rng for step n is `Rng(seed, n)`, for a key
    `Rng(int(key[:15], 16), n)` (robots draw apart from the game). Raises ValueError for invalid options and RuntimeError if
    the match outlives `rules.info.max_moves`.
    """
    options = rules.validate_options(options, seats)
    state = rules.new_state(seats=seats, options=options, seed=seed)
    robot_seed = int(seed[:15], 16) if isinstance(seed, str) else seed
    lines = [
        f"game: {rules.info.slug}",
        f"seats: {seats}",
        f"options: {_dump(options)}",
        f"seed: {seed}",
        f"robot: {robot.name}",
        "",
        "initial state",
    ]
    lines += _views(rules, state, seats)
    step = 0
    while rules.outcome(state) is None:
        step += 1
        if step > (rules.info.max_moves or _MAX_STEPS):
            raise RuntimeError("The match is longer than info.max_moves.")
        movers = sorted(rules.to_move(state))
        seat = movers[0]
        legal = rules.legal_moves(state, seat)
        move = robot.choose(rules.view(state, seat), legal, Rng(robot_seed, step))
        lines += ["", f"step {step}", f"to_move: {movers}", f"legal ({seat}):"]
        lines += [f"  {rules.describe(m)} = {_dump(m.to_json())}" for m in legal]
        lines.append(f"move ({seat}): {rules.describe(move)} = {_dump(move.to_json())}")
        state, events = rules.apply(state, seat, move)
        lines.append("events:")
        lines += [f"  {_audience(e)} {rules.describe_event(e)}" for e in events]
        lines += _views(rules, state, seats)
    outcome = rules.outcome(state)
    assert outcome is not None
    lines += ["", f"outcome: {_dump(outcome.to_json())}", ""]
    return "\n".join(lines)


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def _audience(event: Event) -> str:
    if event.visible_to is None:
        return "[all]"
    return f"[{', '.join(str(s) for s in sorted(event.visible_to))}]"


def _views(rules: Rules[Any, Any], state: Any, seats: int) -> list[str]:
    viewers: list[int | None] = [*range(seats), None]
    return [f"view ({v}): {_dump(rules.view(state, v))}" for v in viewers]
