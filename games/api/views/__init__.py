"""The JSON API's endpoints: each calls one service or selector (thin).

`matches`: the games and the matches (list, create, detail); `seats`:
joining, robots, autoplay and taking a seat back; `endings`: resigning and
cancelling; `moves`: playing a move; `records`: an ended
match's record and the caller's history; `tokens`: a player's API token for
their password; `vacations`: the caller's vacation; `base`: what they share
(`AuthedRequest`, the error descriptions, `body_valid`, `match_or_404`).
Callers import from here.
"""

from __future__ import annotations

from .account import AccountExportView, AccountView
from .base import AuthedRequest
from .chat import LobbyChatView, MatchChatView
from .community import PlayerBlockView, PlayerFollowView, PlayerMuteView
from .endings import MatchCancelView, MatchResignView
from .friends import (
    FriendListView,
    InvitationAcceptView,
    InvitationDeclineView,
    InvitationDetailView,
    InvitationListView,
    MatchInvitationView,
)
from .matches import GameListView, MatchDetailView, MatchListView
from .moves import MoveSubmitView
from .players import PlayerDetailView
from .rankings import RankingsView
from .records import HistoryView, MatchRecordView
from .reports import ReportListView
from .seats import (
    MatchAutoplayDeclineView,
    MatchAutoplayView,
    MatchBackView,
    MatchJoinView,
    MatchRobotView,
    MatchTakeBackView,
)
from .tokens import TokenView
from .vacations import VacationView

__all__ = [
    "AccountExportView",
    "AccountView",
    "AuthedRequest",
    "GameListView",
    "HistoryView",
    "LobbyChatView",
    "MatchAutoplayDeclineView",
    "MatchAutoplayView",
    "MatchBackView",
    "MatchCancelView",
    "MatchChatView",
    "MatchDetailView",
    "MatchJoinView",
    "MatchListView",
    "MatchRecordView",
    "MatchResignView",
    "MatchRobotView",
    "MatchTakeBackView",
    "MoveSubmitView",
    "RankingsView",
    "PlayerBlockView",
    "ReportListView",
    "PlayerDetailView",
    "PlayerFollowView",
    "PlayerMuteView",
    "TokenView",
    "VacationView",
    "FriendListView",
    "InvitationAcceptView",
    "InvitationDeclineView",
    "InvitationDetailView",
    "InvitationListView",
    "MatchInvitationView",
]
