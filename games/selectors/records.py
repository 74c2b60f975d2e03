"""The record of an ended match and a person's history, as JSON (issue 23).

`match_record` is what the record download (`/matches/<id>/record.json`)
and `GET /api/matches/{id}/record/` give: options, seats, every move with
its rules version and events, the outcome, the final state and the seeds
(games/fairness.py `seed_record`), enough to replay the match
(games/selectors/replays.py) and to verify its randomness
(games/fairness.py `verify`, scripts/verify_match.py). Only for an ended match:
before the end the moves' payloads and the seeds could tell a seat's
secrets. `history` lists a person's ended matches for the history
download and `GET /api/me/history/`.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import fairness
from games.models import Match, Move, Seat
from games.rules import JSON

from .seating import seats_prefetch

NOT_ENDED = _(
    "The record of a match is available once the match is over: it shows "
    "every move and the seeds."
)


class RecordNotReady(Exception):
    """The match has not ended: no record yet (the API answers 409)."""

    def __init__(self) -> None:
        super().__init__(str(NOT_ENDED))
        self.message = NOT_ENDED


def match_record(match: Match) -> JSON:
    """Return the record of ended `match` as JSON.

    `{"id", "game", "rules_version", "options", "status", "created_at",
    "started_at", "finished_at", "seats": [{"position", "player" (the
    person's name or null), "robot" (its name or null), "controller",
    "client_seed"}], "moves": [{"seq", "seat", "move", "events",
    "rules_version", "played_at"}], "outcome", "state" (the final engine
    state), "seed_commitment", "server_seed", "client_seeds"}` (the seeds:
    games/fairness.py `seed_record`; hex, client seeds in seat order);
    times in UTC, ISO 8601 ("...Z"), null when unset. The shape
    games/fairness.py `verify` reads. Raises RecordNotReady while the match
    is open or runs. Two queries (seats with their persons, moves) unless
    the seats are loaded.
    """
    if not match.is_over:
        raise RecordNotReady()
    seats = sorted(match.seats.all(), key=lambda s: s.position)
    moves = Move.objects.filter(match=match).order_by("seq")
    return {
        "id": match.id,
        "game": match.game_slug,
        "rules_version": match.rules_version,
        "options": match.options,
        "status": match.status,
        "created_at": _utc(match.created_at),
        "started_at": _utc(match.started_at),
        "finished_at": _utc(match.finished_at),
        "seats": [_seat(seat) for seat in seats],
        "moves": [
            {
                "seq": move.seq,
                "seat": move.seat,
                "move": move.payload,
                "events": move.events,
                "rules_version": move.rules_version,
                "played_at": _utc(move.created_at),
            }
            for move in moves.only(
                "seq", "seat", "payload", "events", "rules_version", "created_at"
            )
        ],
        "outcome": match.outcome,
        "state": match.state,
        **fairness.seed_record(match, seats),
    }


def history_matches(*, user: User) -> QuerySet[Match]:
    """Return `user`'s ended matches, the last to end first, seats loaded.

    The matches where `user` holds a seat (a person who left keeps it)
    and that ended: finished, cancelled or aborted after the start.
    Three queries when evaluated: matches, seats, persons.
    """
    return (
        Match.objects.filter(
            seats__user=user, status__in=Match.ENDED, started_at__isnull=False
        )
        .distinct()
        .prefetch_related(seats_prefetch())
        .order_by("-finished_at", "-id")
    )


def seat_result(match: Match, position: int | None) -> tuple[int | None, str]:
    """Return the rank (1 = first) and result of seat `position` at `match`.

    The result is "won", "lost", "shared" (a first place tied) or "none"
    (not finished, no ranking, or no such seat); the rank is None then too,
    or whatever the outcome says for an ended match without a result.
    """
    ranks = match.outcome.get("ranks") if isinstance(match.outcome, dict) else None
    rank: int | None = None
    if isinstance(ranks, list) and position is not None and position < len(ranks):
        rank = ranks[position] if isinstance(ranks[position], int) else None
    if rank is None or match.status != Match.Status.FINISHED:
        return rank, "none"
    if rank == 1:
        return rank, "shared" if ranks is not None and ranks.count(1) > 1 else "won"
    return rank, "lost"


def history_entry(match: Match, user: User) -> JSON:
    """Return one match of `user`'s history as JSON.

    `{"id", "game", "status", "started_at", "finished_at", "seats" (how
    many), "position" (user's seat), "rank" (1 = first; null without a
    ranking: cancelled, aborted), "result" ("won", "lost", "shared" first
    place, "none"), "record" (the API path of the record)}`; reads the
    loaded seats only.
    """
    seats = list(match.seats.all())
    mine = next((s for s in seats if s.user_id == user.pk), None)
    position = mine.position if mine is not None else None
    rank, result = seat_result(match, position)
    return {
        "id": match.id,
        "game": match.game_slug,
        "status": match.status,
        "started_at": _utc(match.started_at),
        "finished_at": _utc(match.finished_at),
        "seats": len(seats),
        "position": position,
        "rank": rank,
        "result": result,
        "record": reverse("api-match-record", kwargs={"match_id": match.id}),
    }


def history(*, user: User) -> list[JSON]:
    """Return every ended match of `user` (`history_entry`), the latest first."""
    return [history_entry(match, user) for match in history_matches(user=user)]


# Helpers


def _seat(seat: Seat) -> JSON:
    user = seat.user if seat.user_id is not None else None
    return {
        "position": seat.position,
        "player": user.name if user is not None else None,
        "robot": seat.robot or None,
        "controller": seat.controller,
        "client_seed": seat.client_seed,
    }


def _utc(moment: datetime | None) -> str | None:
    """Return `moment` (aware, UTC) as ISO 8601 with "Z", or None."""
    if moment is None:
        return None
    return moment.isoformat().replace("+00:00", "Z")
