"""Ratings: one OpenSkill (Plackett-Luce) update per finished rated match.

Issue 23, "Ratings and rankings". `match_rate` is called by
`core.match_finish` only, inside the transaction that finishes the match,
with the match row locked (`core.match_lock`). The rules it applies:

- A match is rated when the creator left it rated (`Match.rated`), it
  FINISHED (a cancelled or aborted match is not rated) and at least two of
  its seats have a person (`Seat.user_id`). A solo match is never rated.
- A seat played out by a robot standing in for its person (finish
  automatically, timeouts, resigned) is still that person's, rated as the
  ranks fell. A robot's own seat takes part in the ranking with a fixed,
  fresh rating and is not rated: it gets no `Rating` and nothing is
  written back for it.
- Ties share a rank (the outcome's ranks already tie). Resigners and seats
  lost after three timeouts are already last in the outcome
  (`core.outcome_resigned_last`, called by `match_finish`).
- Exactly once: a match that already has rating changes is skipped, and
  `RatingChange`'s unique (match, user) would refuse a second row anyway.
  The persons' `Rating` rows are locked (`select_for_update`, ordered by id
  so that two matches sharing players lock in the same order).
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone
from openskill.models import PlackettLuce, PlackettLuceRating

from games.models import Match, Rating, RatingChange, Seat
from games.rules import Outcome

# One model for every game: OpenSkill's defaults (mu 25, sigma 25/3).
MODEL = PlackettLuce()


def seat_is_rated(seat: Seat) -> bool:
    """Return whether `seat` is a person's (their own, or a stand-in's for them).

    A robot's seat (`controller == robot`, no user) and a free seat are not.
    """
    return seat.user_id is not None and seat.controller != Seat.Controller.ROBOT


def match_is_rated(match: Match, seats: list[Seat]) -> bool:
    """Return whether finishing `match` with `seats` changes ratings.

    Rated: `match.rated`, status FINISHED, at least two seats with a person
    (issue 23, Ratings). Robots' seats do not count towards the two.
    """
    return (
        match.rated
        and match.status == Match.Status.FINISHED
        and sum(seat_is_rated(s) for s in seats) >= 2
    )


def match_rate(match: Match, seats: list[Seat], outcome: Outcome) -> list[RatingChange]:
    """Update the ratings of the persons seated at the just finished `match`.

    Call inside the transaction that finished `match` (its row locked,
    status FINISHED saved), with all its `seats` and its final `outcome`
    (`outcome.ranks[position]`, 1 = first, ties share a rank). Returns the
    `RatingChange` rows written: one per person, none when the match is not
    rated. Creates a person's `Rating` for the game at their first rated
    match. Call once per match: `core.match_finish` calls it only at the
    match's first end; a second call raises IntegrityError (the unique
    match and person of `RatingChange`).
    """
    if not match_is_rated(match, seats):
        return []
    now = timezone.now()
    persons = sorted(
        (s for s in seats if seat_is_rated(s)), key=lambda s: s.user_id or 0
    )
    ratings = _ratings_locked(match.game_slug, [s.user_id or 0 for s in persons], now)
    ordered = sorted(seats, key=lambda s: s.position)
    teams: list[list[PlackettLuceRating]] = []
    for seat in ordered:
        if seat_is_rated(seat):
            rating = ratings[seat.user_id or 0]
            teams.append([MODEL.rating(mu=rating.mu, sigma=rating.sigma)])
        else:
            # A robot (or a seat nobody took): a fresh rating, never stored.
            teams.append([MODEL.rating()])
    ranks = [float(outcome.ranks[s.position]) for s in ordered]
    rated = MODEL.rate(teams, ranks=ranks)
    changes = []
    for seat, [after] in zip(ordered, rated, strict=True):
        if not seat_is_rated(seat):
            continue
        rating = ratings[seat.user_id or 0]
        rank = outcome.ranks[seat.position]
        changes.append(
            RatingChange(
                match=match,
                user_id=rating.user_id,
                game_slug=match.game_slug,
                position=seat.position,
                rank=rank,
                mu_before=rating.mu,
                sigma_before=rating.sigma,
                mu_after=after.mu,
                sigma_after=after.sigma,
                created_at=now,
            )
        )
        rating.mu = after.mu
        rating.sigma = after.sigma
        rating.ordinal = after.mu - 3 * after.sigma
        rating.matches += 1
        rating.wins += int(rank == 1)
        rating.last_played_at = now
    Rating.objects.bulk_update(
        ratings.values(),
        ["mu", "sigma", "ordinal", "matches", "wins", "last_played_at"],
    )
    return RatingChange.objects.bulk_create(changes)


def _ratings_locked(
    game_slug: str, user_ids: list[int], now: datetime
) -> dict[int, Rating]:
    """Return the `Rating` of each of `user_ids` in `game_slug`, rows locked.

    Locks the rows in id order. Ratings missing (a person's first rated
    match of the game) are created fresh, then all are locked again; a
    concurrent first match of the same person creates the same row, and
    `ignore_conflicts` keeps one.
    """
    ratings = _locked(game_slug, user_ids)
    missing = [user_id for user_id in user_ids if user_id not in ratings]
    if not missing:
        return ratings
    fresh = MODEL.rating()
    Rating.objects.bulk_create(
        [
            Rating(
                user_id=user_id,
                game_slug=game_slug,
                mu=fresh.mu,
                sigma=fresh.sigma,
                ordinal=fresh.mu - 3 * fresh.sigma,
                last_played_at=now,
            )
            for user_id in missing
        ],
        ignore_conflicts=True,
    )
    return _locked(game_slug, user_ids)


def _locked(game_slug: str, user_ids: list[int]) -> dict[int, Rating]:
    """Return the existing ratings of `user_ids` in `game_slug`, locked in id order."""
    locked = (
        Rating.objects.select_for_update()
        .filter(game_slug=game_slug, user_id__in=user_ids)
        .order_by("id")
    )
    return {rating.user_id: rating for rating in locked}
