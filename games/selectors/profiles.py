"""A person's public profile: record per game, ratings, matches, reliability (issue 23).

`player_by_name` finds the person a profile address names; `player_profile`
reads everything the profile page and `GET /api/players/{name}/` show. The
reads are a fixed number of queries however many matches the person has
played: the counts played and won are kept per game (PlayRecord, by
games.services.records), reliability reads the person's moves by their
(user, created_at) index, the matches listed are bounded (CURRENT_SHOWN,
RECENT_SHOWN) and read with their seats, and so is the rating history
(HISTORY_SHOWN per game).

Private matches are listed only to a viewer seated there (a profile is no
way around a private match's invitation).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import (
    BooleanField,
    Case,
    CharField,
    F,
    FilteredRelation,
    IntegerField,
    Q,
    Value,
    When,
    Window,
)
from django.db.models.functions import RowNumber
from django.utils import timezone

from accounts.models import User
from games import rating_text
from games.models import Match, Move, PlayRecord, Seat
from games.rules.registry import game_entry, game_slugs

from .player_matches import player_matches_listed

# The reliability figures look back this many days.
RELIABILITY_DAYS = 90
# Running matches listed at most (a person rarely plays more at once).
CURRENT_SHOWN = 50
# Ended matches listed, newest first.
RECENT_SHOWN = 10
# Rating changes charted per game: the latest this many rated matches.
HISTORY_SHOWN = 200

# The longest public name: a username (display names are shorter).
_NAME_MAX_LENGTH = User._meta.get_field("username").max_length or 150


@dataclass(frozen=True, slots=True)
class RatingShown:
    """A rating as people see it (issue 23's display rule).

    `value` = round(1000 + 20 * (mu - 3 * sigma)) and `uncertainty` =
    round(20 * sigma), both in display points; `provisional` while
    `matches` (rated matches of the game) < games.rating_text.PROVISIONAL_MATCHES.
    """

    value: int
    uncertainty: int
    matches: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class RatingPoint:
    """The displayed rating after one rated match (`match_id`, rated at `at`, UTC)."""

    match_id: int
    at: datetime
    value: int


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A person's record in one game.

    `played`: finished matches the person was seated at; `won`: those
    whose outcome ranks the person's seat first (ties for first count).
    `rating` is None before the first rated match. `history` is the
    displayed rating after each of the latest HISTORY_SHOWN rated matches,
    oldest first (empty without rated matches); `start` the displayed
    rating before the first of them (None without).
    """

    slug: str
    name: str
    played: int
    won: int
    rating: RatingShown | None
    start: int | None
    history: tuple[RatingPoint, ...]


@dataclass(frozen=True, slots=True)
class Reliability:
    """How the person kept their seats in the last RELIABILITY_DAYS days.

    `median_seconds`: median seconds from a decision becoming due to the
    person's own move (robots' and stand-ins' moves left out; None without
    moves); `moves`: how many of those moves; `timeouts`: turns the robot
    played at a timeout of the person's clock; `matches_left`: seats left
    before the end, by reason (`LeaveReason` value -> count).
    """

    days: int
    median_seconds: float | None
    moves: int
    timeouts: int
    left_by_reason: dict[str, int]

    @property
    def matches_left(self) -> int:
        """Return how many matches the person left in the window."""
        return sum(self.left_by_reason.values())


@dataclass(frozen=True, slots=True)
class Profile:
    """Everything a profile shows of `person`, as `viewer` may see it.

    `member_since` is when the account was made (UTC); `games` in registry
    order, only games the person has played or is rated in; `current`
    (running, most recently moved first) and `recent` (ended, newest first)
    have their seats and players loaded (`match.seats.all()`).
    """

    person: User
    member_since: datetime
    games: tuple[GameRecord, ...]
    current: list[Match]
    recent: list[Match]
    reliability: Reliability


def player_by_name(*, name: str) -> User:
    """Return the active person whose public name (`User.name`) is `name`.

    The public name is the display name, or the username where that is
    empty. Raises User.DoesNotExist for no such person or an inactive
    (deactivated) or deleted account. Names are kept apart by accounts.names, so one
    person matches; should two, the display name wins, then the oldest.
    """
    # No name of a person is longer than a username may be, or holds NUL
    # (PostgreSQL refuses it in a query): answered without asking.
    if not name or len(name) > _NAME_MAX_LENGTH or "\x00" in name:
        raise User.DoesNotExist(name)
    person = (
        User.objects.filter(is_active=True, deleted_at__isnull=True)
        .filter(Q(display_name=name) | Q(display_name="", username=name))
        .order_by(F("display_name").desc(), "pk")
        .first()
    )
    if person is None:
        raise User.DoesNotExist(name)
    return person


def player_profile(
    *, person: User, viewer: Any, now: datetime | None = None
) -> Profile:
    """Return `person`'s profile as `viewer` (a User or AnonymousUser) may see it.

    `now` (UTC, default the clock) ends the reliability window. Three
    queries whatever the number of matches, each over an index on the
    person: the record, rating and rating history per game (from
    PlayRecord), the running and recent matches with their seats, and
    reliability.
    """
    current, recent = player_matches_listed(
        person=person,
        viewer=viewer,
        running_shown=CURRENT_SHOWN,
        ended_shown=RECENT_SHOWN,
    )
    return Profile(
        person=person,
        member_since=person.date_joined,
        games=_game_records(person),
        current=current,
        recent=recent,
        reliability=reliability(person=person, now=now),
    )


def rating_shown(*, mu: float, sigma: float, matches: int) -> RatingShown:
    """Return the displayed rating of OpenSkill's `mu` and `sigma` (games.rating_text)."""
    return RatingShown(
        value=rating_text.rating_value(mu, sigma),
        uncertainty=rating_text.rating_uncertainty(sigma),
        matches=matches,
        provisional=rating_text.is_provisional(matches),
    )


def reliability(*, person: User, now: datetime | None = None) -> Reliability:
    """Return `person`'s reliability over the RELIABILITY_DAYS days before `now`.

    One query, over the (user, created_at) index of moves and the user
    index of seats: a row per own move (its seconds) or move played at a
    timeout of the person's clock, and a row per seat left in the window
    (its reason). The median is taken here from the seconds, exact on
    every backend.
    """
    since = (now or timezone.now()) - timedelta(days=RELIABILITY_DAYS)
    own = Q(by_robot=False, seconds_taken__isnull=False)
    moves = (
        Move.objects.filter(Q(own) | Q(by_timeout=True), user=person)
        .filter(created_at__gte=since)
        .annotate(
            r_reason=Value(None, output_field=CharField()),
            r_seconds=Case(
                When(own, then=F("seconds_taken")), output_field=IntegerField()
            ),
        )
        .values_list("r_reason", "r_seconds", "match_id", "seat", "seq", "by_timeout")
        .order_by()
    )
    left = (
        Seat.objects.filter(user=person, left_at__gte=since)
        .annotate(
            r_reason=F("left_reason"),
            r_seconds=Value(None, output_field=IntegerField()),
            r_seq=Value(0, output_field=IntegerField()),
            r_timeout=Value(False, output_field=BooleanField()),
        )
        .values_list(
            "r_reason", "r_seconds", "match_id", "position", "r_seq", "r_timeout"
        )
        .order_by()
    )
    seconds: list[int] = []
    timed_out: set[tuple[int, int, int]] = set()
    left_by_reason: dict[str, int] = {}
    for reason, taken, match_id, seat, seq, by_timeout in moves.union(left, all=True):
        if reason is not None:
            left_by_reason[reason] = left_by_reason.get(reason, 0) + 1
            continue
        if taken is not None:
            seconds.append(taken)
        if by_timeout:
            timed_out.add((match_id, seat, seq))
    # A turn played out at a timeout may take several moves, one after
    # the other at the same seat (all in these rows): count its first.
    timeouts = sum(
        (match_id, seat, seq - 1) not in timed_out for match_id, seat, seq in timed_out
    )
    return Reliability(
        days=RELIABILITY_DAYS,
        median_seconds=float(statistics.median(seconds)) if seconds else None,
        moves=len(seconds),
        timeouts=timeouts,
        left_by_reason=dict(sorted(left_by_reason.items())),
    )


# ---------------------------------------------------------------------------
# Helpers


def _game_records(person: User) -> tuple[GameRecord, ...]:
    """Return the person's record per game, registry order (one query).

    The counts kept by games.services.records, joined to the person's
    rating of the game and to the latest HISTORY_SHOWN rating changes of
    the game (left joins: a record need not be rated). A rated match is a
    finished one, so every rating has its record.
    """
    same_game = F("game_slug")
    rows = (
        PlayRecord.objects.filter(user=person)
        .annotate(
            rating=FilteredRelation(
                "user__ratings", condition=Q(user__ratings__game_slug=same_game)
            ),
            change=FilteredRelation(
                "user__rating_changes",
                condition=Q(user__rating_changes__game_slug=same_game),
            ),
            # The changes numbered newest first per game, in the database
            # (a window function, on PostgreSQL and SQLite alike).
            newness=Window(
                RowNumber(),
                partition_by=[F("game_slug")],
                order_by=[F("change__created_at").desc(), F("change__id").desc()],
            ),
        )
        .filter(newness__lte=HISTORY_SHOWN)
        .order_by("game_slug", "change__created_at", "change__id")
        .values_list(
            "game_slug",
            "played",
            "won",
            "rating__mu",
            "rating__sigma",
            "rating__matches",
            "change__match_id",
            "change__created_at",
            "change__mu_before",
            "change__sigma_before",
            "change__mu_after",
            "change__sigma_after",
        )
    )
    by_game: dict[str, list[tuple[Any, ...]]] = {}
    for row in rows:
        by_game.setdefault(row[0], []).append(row)
    records = []
    for slug in game_slugs():
        if slug not in by_game:
            continue
        _, played, won, mu, sigma, matches, *_ = by_game[slug][0]
        history = [row[6:] for row in by_game[slug] if row[6] is not None]
        records.append(
            GameRecord(
                slug=slug,
                name=game_entry(slug).rules.info.name,
                played=played,
                won=won,
                rating=(
                    rating_shown(mu=mu, sigma=sigma, matches=matches)
                    if mu is not None
                    else None
                ),
                start=(
                    rating_text.rating_value(history[0][2], history[0][3])
                    if history
                    else None
                ),
                history=tuple(
                    RatingPoint(
                        match_id=match_id,
                        at=at,
                        value=rating_text.rating_value(mu_after, sigma_after),
                    )
                    for match_id, at, _, _, mu_after, sigma_after in history
                ),
            )
        )
    return tuple(records)
