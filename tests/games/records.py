"""Builders of a person's record for the profile tests (issue 23).

Rows are written directly (no services): the profile only reads what the
services wrote, and the tests say exactly what is there. Every match is
the Toy's (the `toy` fixture must be in use).
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.models import Match, Move, Rating, RatingChange, Seat
from games.services.records import play_records_count


def match_with(
    players,
    *,
    status=Match.Status.FINISHED,
    ranks=None,
    private=False,
    finished_at: datetime | None = None,
) -> Match:
    """Return a Toy match seating `players` (a User, or None for a robot) in order.

    A finished match gets an outcome with `ranks` (default: the first seat
    wins, the others share second place).
    """
    outcome = None
    if status == Match.Status.FINISHED:
        ranks = ranks or [1] + [2] * (len(players) - 1)
        outcome = {"ranks": list(ranks), "reason": "test", "scores": None}
    match = Match.objects.create(
        game_slug="toy",
        seed=1,
        rules_version="1",
        status=status,
        outcome=outcome,
        private=private,
        started_at=timezone.now(),
        finished_at=(finished_at or timezone.now()) if status in Match.ENDED else None,
    )
    for position, user in enumerate(players):
        if user is None:
            Seat.objects.create(
                match=match,
                position=position,
                controller=Seat.Controller.ROBOT,
                robot="medium",
            )
        else:
            Seat.objects.create(match=match, position=position, user=user)
    if status == Match.Status.FINISHED:
        # What match_finish keeps in step with the finished matches.
        play_records_count(match, match.seats.all())
    return match


def move_at(match: Match, seat: int, *, seconds=None, by_robot=False, by_timeout=False):
    """Append a move of `seat` to `match`'s log (now, by the clock)."""
    seq = match.moves.count() + 1
    return Move.objects.create(
        match=match,
        seq=seq,
        seat=seat,
        payload={"kind": "stop"},
        rules_version="1",
        seconds_taken=seconds,
        user=match.seats.get(position=seat).user,
        by_robot=by_robot or by_timeout,
        by_timeout=by_timeout,
    )


def rated(user, changes, *, game_slug="toy"):
    """Store a Rating and its RatingChanges: `changes` is [(match, mu, sigma), ...].

    Each change goes from the previous (mu, sigma) (25, 25/3 at first) to
    the given one, at its match's finish.
    """
    mu, sigma = 25.0, 25 / 3
    for match, mu_after, sigma_after in changes:
        RatingChange.objects.create(
            match=match,
            user=user,
            game_slug=game_slug,
            position=match.seats.get(user=user).position,
            rank=1,
            mu_before=mu,
            sigma_before=sigma,
            mu_after=mu_after,
            sigma_after=sigma_after,
            created_at=match.finished_at or timezone.now(),
        )
        mu, sigma = mu_after, sigma_after
    return Rating.objects.create(
        user=user,
        game_slug=game_slug,
        mu=mu,
        sigma=sigma,
        ordinal=mu - 3 * sigma,
        matches=len(changes),
        wins=len(changes),
        last_played_at=timezone.now(),
    )
