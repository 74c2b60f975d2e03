"""The robots' part of every write: which robot, its move, its task.

A seat the system plays (a robot, a stand-in, a lost seat) moves through
the robot task (games.tasks.play_robot_turn), enqueued after commit with the
match's version, so a stale or repeated task does nothing. The robot
decides from its seat's `view` only (the guide: robots are held to the
same rules as people). Reads the registry; every function but
`robot_name_resolve` and `robot_move_choose` runs with the match row locked
(`core.match_lock`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from games import exceptions
from games.models import Match, Seat
from games.rules import Rng
from games.rules.registry import default_robot, game_entry


def robot_name_resolve(match: Match, robot: str) -> str:
    """Return `robot` if the game has it, or the default robot for "".

    Raises SeatUnavailable (UNKNOWN_ROBOT) for a name the game has no
    robot of. Reads the registry only: no query, no lock needed.
    """
    if not robot:
        return default_robot(match.game_slug).name
    if robot not in game_entry(match.game_slug).robots:
        raise exceptions.SeatUnavailable(exceptions.UNKNOWN_ROBOT)
    return robot


def robot_move_choose(match: Match, state: Any, position: int, robot: str) -> Any:
    """Return the move the game's robot named `robot` chooses for seat `position`.

    It sees only the seat's view. A robot's randomness is seeded too, apart
    from the game's own Rng, so replaying a match replays its robots.
    `state` is the match's engine state (`match_state`); returns the game's
    Move. Reads nothing: the caller need not hold the match row's lock (the
    robot task decides before it locks). `robot` must be one of the game's
    (`robot_name_resolve`), else KeyError.
    """
    rules = match.rules
    chooser = game_entry(match.game_slug).robots[robot]
    rng = Rng(seed=-match.seed - 1, draws=match.version)
    return chooser.choose(
        rules.view(state, position), rules.legal_moves(state, position), rng
    )


def system_move_enqueue(
    match: Match, seats: list[Seat], to_move: frozenset[int]
) -> None:
    """Enqueue a robot task, after commit, if the system plays a seat to move.

    The task carries the current version, so a stale or repeated one does
    nothing. Robust: a broker that is down must not turn a committed move
    into an error page; the failure is logged and the resume sweep retries.
    """
    if any(s.played_by_system for s in seats if s.position in to_move):
        robot_task_enqueue(match.id, match.version)


def robot_task_enqueue(match_id: int, version: int) -> None:
    """Enqueue the robot task for `match_id` at `version`, after commit."""
    from games.tasks import play_robot_turn as play_robot_turn_task

    transaction.on_commit(
        lambda: play_robot_turn_task.delay(match_id, version), robust=True
    )
