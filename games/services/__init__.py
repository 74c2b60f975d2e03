"""Every write to matches, seats and moves (STYLE.md B5).

Views, consumers, tasks, the API and the admin call these functions and
nothing else that writes. Side effects (pushes to open boards, robot tasks)
are scheduled with `transaction.on_commit`, so nothing announces a change
that rolled back. `core` is the public kernel they share: `match_lock`, one
`move_apply` for every move, and the seams where a match starts, a turn
starts and a match ends.
"""

from __future__ import annotations

from .endings import match_cancel_agree, match_resign
from .fairness import client_seed_clean
from .matches import match_abort, match_create
from .moderation import (
    match_deadline_extend,
    match_pause,
    match_resume,
    seat_hand_over,
)
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
from .timeouts import expire_overdue_turns, seat_back, turn_timeout_apply
from .vacations import (
    VacationState,
    vacation_days_left,
    vacation_end,
    vacation_start,
    vacation_state,
    vacations_expire,
)

__all__ = [
    "client_seed_clean",
    "match_deadline_extend",
    "match_pause",
    "match_resume",
    "seat_hand_over",
    "expire_overdue_turns",
    "seat_back",
    "turn_timeout_apply",
    "match_abort",
    "match_cancel_agree",
    "match_create",
    "match_resign",
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
    "VacationState",
    "vacation_days_left",
    "vacation_end",
    "vacation_start",
    "vacation_state",
    "vacations_expire",
]
