"""The bodies the API answers: a match as one player sees it, a game's options."""

from __future__ import annotations

from datetime import UTC
from typing import Any

from accounts.models import User
from games import selectors
from games.models import Match
from games.rules import Message, OptionInfo
from games.selectors import BoardContext
from games.text import message_text


def match_body(match: Match, user: User) -> dict[str, Any]:
    """Return the API's JSON body of `match` as seen by `user`.

    Loads the seats with their players once, parses the state once and
    reads no log. Each seat says its `rating_change` (None unless the match
    finished rated). `clock` is each seat's clock now (seconds, UTC), or None
    for an untimed match.
    """
    selectors.seats_load(match)
    seat = selectors.viewer_seat(match, user)
    board = selectors.board_context(match=match, seat=seat, with_log=False)
    summary = match_summary(match)
    changes = {s.position: s.rating_change for s in board.seats}
    for seat_body in summary["seats"]:
        seat_body["rating_change"] = changes.get(seat_body["position"])
    return {
        **summary,
        "to_move": sorted(s.position for s in board.seats if s.to_move),
        "your_seat": board.seat,
        "view": board.view,
        "legal_moves": [move.data for move in board.legal_moves],
        "autoplay": board.autoplay,
        "autoplay_offered": board.autoplay_offered,
        "autoplay_declined": board.autoplay_declined,
        "outcome": board.outcome.to_json() if board.outcome else None,
        "cancel_agreed": [
            s.position for s in board.seats if s.cancel_agreed_at is not None
        ],
        "time_control": board.time_control.to_json() if board.time_control else None,
        "private": match.private,
        # A seated player of an open private match passes it on to invite.
        "invite": board.invite,
        "paused": board.paused,
        "clock": _clock_body(board),
        # Public from creation on; the server seed only in a finished
        # match's record (issue 23, games/fairness.py).
        "seed_commitment": match.seed_commitment,
    }


def _clock_body(board: BoardContext) -> list[dict[str, Any]] | None:
    """Return each seat's clock for the API, or None when the match is untimed."""
    if board.time_control is None:
        return None
    return [
        {
            "position": seat.position,
            "remaining": seat.clock_left or 0,
            "running": seat.clock_running,
            "deadline": (
                seat.clock_deadline.astimezone(UTC).isoformat().replace("+00:00", "Z")
                if seat.clock_deadline is not None
                else None
            ),
        }
        for seat in board.seats
    ]


def match_summary(match: Match) -> dict[str, Any]:
    """Return the match's id, game, status, version, options, seats and `to_move`.

    `to_move` is read from the seats' stored columns, and is empty unless
    the match runs (`selectors.to_move_now` says the same from the state).

    Reads `match.seats.all()`: prefetch the seats with their players
    (`selectors.seats_prefetch`) when summarising many matches.
    """
    seats = sorted(match.seats.all(), key=lambda s: s.position)
    return {
        "id": match.id,
        "game": match.game_slug,
        "status": match.status,
        "version": match.version,
        "options": match.options,
        "to_move": (
            [s.position for s in seats if s.is_to_move] if match.is_running else []
        ),
        "seats": [
            {
                "position": s.position,
                "name": s.name,
                "controller": s.controller,
                "robot": s.robot,
                "free": s.is_free,
                "left": s.left_reason or None,
            }
            for s in seats
        ],
    }


def option_body(option: OptionInfo) -> dict[str, Any]:
    """Return a game option as the games list shows it, labels translated."""
    body: dict[str, Any] = {
        "key": option.key,
        "label": message_text(Message(option.label)),
        "kind": option.kind,
        "default": option.default,
    }
    if option.kind == "int":
        body.update(min=option.min_value, max=option.max_value)
    if option.kind == "choice":
        body["choices"] = [
            {"value": value, "label": message_text(Message(label))}
            for value, label in option.choices
        ]
    return body
