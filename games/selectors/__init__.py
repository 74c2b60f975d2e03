"""Reads for pages, sockets and the API (STYLE.md B5).

`seating`: a match with its seats, and the viewer's seat. `board`: one
match as a viewer sees it (`board_context`, which asks the
engine for that seat's `view` only), with its log (`log`, the table
events' lines in `table_log`) and its seats' clocks (`seat_clocks`).
`endings`: who is to move (nobody once a match has ended) and how a
match ended, for every door. `lists`: lists of matches (the lobby, "my
matches"), which never parse a state. `access`: who may see and join a
match (private matches need a seat, staff or the invitation secret): every
door asks it. `replays`: ended matches rebuilt move by move from their
stored moves; `records`: an ended match's record and a person's history
as JSON; `recap`: "since your last move" for a seat of a running match.
`rankings`: a game's rankings and what a rated match did to its seats'
ratings. Callers import from here (the board's recap: `board_recap`) or
from those modules.
"""

from __future__ import annotations

from .access import (
    invite_keep,
    invite_valid,
    match_require_visible,
    match_visible,
    match_visible_to,
    matches_visible_to,
    session_invite,
)
from .board import (
    BoardContext,
    LegalMove,
    SeatInfo,
    autoplay_offer_reached,
    board_context,
    board_static,
)
from .endings import ending_text, match_ending, to_move_now
from .lists import (
    OPEN_MATCHES_SHOWN,
    finished_matches_for_user,
    games,
    match_options_on,
    matches_for_user,
    open_matches,
    robot_choices,
    turn_count_for_user,
)
from .log import LogEntry
from .rankings import (
    RankingPage,
    RankingPosition,
    RankingRow,
    rankings_page,
    rankings_position,
    rating_changes_by_position,
)
from .recap import board_recap
from .seat_clocks import opponents_on_vacation
from .seating import (
    board_stamp,
    match_for_viewer,
    match_with_seats,
    seats_attach,
    seats_load,
    seats_prefetch,
    viewer_seat,
)

__all__ = [
    "OPEN_MATCHES_SHOWN",
    "BoardContext",
    "LegalMove",
    "LogEntry",
    "RankingPage",
    "RankingPosition",
    "RankingRow",
    "SeatInfo",
    "autoplay_offer_reached",
    "board_context",
    "board_stamp",
    "board_recap",
    "board_static",
    "ending_text",
    "finished_matches_for_user",
    "games",
    "invite_keep",
    "invite_valid",
    "match_ending",
    "match_for_viewer",
    "match_options_on",
    "match_require_visible",
    "match_visible",
    "match_visible_to",
    "match_with_seats",
    "matches_for_user",
    "matches_visible_to",
    "open_matches",
    "opponents_on_vacation",
    "rankings_page",
    "rankings_position",
    "rating_changes_by_position",
    "robot_choices",
    "seats_attach",
    "seats_load",
    "seats_prefetch",
    "session_invite",
    "to_move_now",
    "turn_count_for_user",
    "viewer_seat",
]
