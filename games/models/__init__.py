"""Matches, seats, the append-only move log and notices (STYLE.md B5).

Models hold no rules and send nothing: writes go through `games.services`.
"""

from __future__ import annotations

from .chat import CHAT_LINE_MAX, ChatLine
from .invitation import Invitation
from .log import MatchEvent, Move
from .match import Match
from .moderation import Report, Sanction
from .notification import Notification
from .rating import Rating, RatingChange
from .record import PlayRecord
from .seat import LeaveReason, Seat

__all__ = [
    "CHAT_LINE_MAX",
    "ChatLine",
    "Invitation",
    "LeaveReason",
    "Match",
    "MatchEvent",
    "Move",
    "Notification",
    "PlayRecord",
    "Rating",
    "RatingChange",
    "Report",
    "Sanction",
    "Seat",
]
