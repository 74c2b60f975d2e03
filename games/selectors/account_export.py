"""Games' part of a person's data export (issue 24, GDPR).

Registered on `accounts.seams.export_sections` (games/apps.py); the
identity part and the download are accounts' (accounts/export.py). Only
what the person did or was told: their seats (never another seat's, and
no game state, so no seat's secret), counts of their moves (a running
match's moves could tell a hand), their chat lines, ratings, notices and
the reports they filed (without the context gathered around them, which
quotes other people). Times in UTC, ISO 8601.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count

from accounts.export import moment
from accounts.models import User
from games.models import (
    ChatLine,
    Move,
    Notification,
    Rating,
    RatingChange,
    Report,
    Seat,
)

from .records import seat_result


def account_export_section(user: User) -> dict[str, Any]:
    """Return games' sections of `user`'s export.

    {"matches": [{"id", "game", "status", "position", "left_reason",
    "rank" (1 = first, null if unranked), "result" ("won", "lost",
    "shared", "none"), "created_at", "started_at", "finished_at",
    "moves" (how many the person made)}], "chat_lines": [{"match" (id or
    null: the lobby), "text", "written_at", "hidden"}], "ratings": [...],
    "rating_changes": [...], "notices": [...], "reports_filed": [...]}.
    Seven queries, whatever the number of rows.
    """
    moves = dict(
        Move.objects.filter(user=user)
        .values("match_id")
        .annotate(count=Count("id"))
        .values_list("match_id", "count")
    )
    seats = Seat.objects.filter(user=user).select_related("match").order_by("match_id")
    return {
        "matches": [_match_entry(seat, moves.get(seat.match_id, 0)) for seat in seats],
        "chat_lines": [
            {
                "match": line.match_id,
                "text": line.text,
                "written_at": moment(line.created_at),
                "hidden": line.hidden_at is not None,
            }
            for line in ChatLine.objects.filter(author=user).order_by(
                "created_at", "pk"
            )
        ],
        "ratings": [
            {
                "game": rating.game_slug,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "matches": rating.matches,
                "wins": rating.wins,
                "last_played_at": moment(rating.last_played_at),
            }
            for rating in Rating.objects.filter(user=user).order_by("game_slug")
        ],
        "rating_changes": [
            {
                "match": change.match_id,
                "game": change.game_slug,
                "position": change.position,
                "rank": change.rank,
                "mu_before": change.mu_before,
                "sigma_before": change.sigma_before,
                "mu_after": change.mu_after,
                "sigma_after": change.sigma_after,
                "rated_at": moment(change.created_at),
            }
            for change in RatingChange.objects.filter(user=user).order_by(
                "created_at", "pk"
            )
        ],
        "notices": [
            {
                "kind": notice.kind,
                "match": notice.match_id,
                "details": notice.params,
                "created_at": moment(notice.created_at),
                "read_at": moment(notice.read_at),
            }
            for notice in Notification.objects.filter(user=user).order_by(
                "created_at", "pk"
            )
        ],
        "reports_filed": [
            {
                "kind": report.kind,
                "reason": report.reason,
                "text": report.text,
                "reported": report.reported.name,
                "match": report.match_id,
                "reported_at": moment(report.created_at),
                "resolved_at": moment(report.resolved_at),
                "action": report.action,
            }
            for report in Report.objects.filter(reporter=user)
            .select_related("reported")
            .order_by("created_at", "pk")
        ],
    }


def _match_entry(seat: Seat, moves: int) -> dict[str, Any]:
    """Return one of the person's seats: the match's facts and their result."""
    match = seat.match
    rank, result = seat_result(match, seat.position)
    return {
        "id": match.id,
        "game": match.game_slug,
        "status": match.status,
        "position": seat.position,
        "left_reason": seat.left_reason or None,
        "rank": rank,
        "result": result,
        "created_at": moment(match.created_at),
        "started_at": moment(match.started_at),
        "finished_at": moment(match.finished_at),
        "moves": moves,
    }
