"""Every write to matches, seats and moves (STYLE.md B5).

Views, consumers, tasks, the API and the admin call these functions and
nothing else that writes. Side effects (pushes to open boards, robot tasks)
are scheduled with `transaction.on_commit`, so nothing announces a change
that rolled back. `turns` holds the core they share: one `_move_apply` for
every move, and the seams where a match starts, a turn starts and a match
ends.
"""

from __future__ import annotations

from .matches import match_abort, match_create
from .moves import move_submit, robot_move_play, robot_turns_resume
from .seats import (
    seat_autoplay_decline,
    seat_autoplay_start,
    seat_claim,
    seat_leave,
    seat_robot_add,
    seat_stand_in_assign,
    seat_take_back,
)

__all__ = [
    "match_abort",
    "match_create",
    "move_submit",
    "robot_move_play",
    "robot_turns_resume",
    "seat_autoplay_decline",
    "seat_autoplay_start",
    "seat_claim",
    "seat_leave",
    "seat_robot_add",
    "seat_stand_in_assign",
    "seat_take_back",
]
