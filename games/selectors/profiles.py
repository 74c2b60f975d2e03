"""A person's public profile: record per game, ratings, matches, reliability (issue 23).

`player_by_name` finds the person a profile address names; `player_profile`
reads everything the profile page and `GET /api/players/{name}/` show. The
reads are a fixed number of queries however many matches the person has
played: counts are aggregated in the database, the matches listed are
bounded (CURRENT_SHOWN, RECENT_SHOWN) and their seats prefetched, and so
is the rating history (HISTORY_SHOWN per game).

Private matches are listed only to a viewer seated there (a profile is no
way around a private match's invitation).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import (
    Count,
    Exists,
    F,
    Func,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Window,
)
from django.db.models.functions import RowNumber
from django.db.models.sql.compiler import SQLCompiler
from django.utils import timezone

from accounts.models import User
from games import rating_text
from games.models import Match, Move, Rating, RatingChange, Seat
from games.rules.registry import game_entry, game_slugs

from .seating import seats_prefetch

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

# What a list row reads of a match: never its state (the largest column).
_LIST_DEFERRED = ("state",)


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
    (deactivated) account. Names are kept apart by accounts.names, so one
    person matches; should two, the display name wins, then the oldest.
    """
    # No name of a person is longer than a username may be, or holds NUL
    # (PostgreSQL refuses it in a query): answered without asking.
    if not name or len(name) > _NAME_MAX_LENGTH or "\x00" in name:
        raise User.DoesNotExist(name)
    person = (
        User.objects.filter(is_active=True)
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

    `now` (UTC, default the clock) ends the reliability window. Eleven
    queries whatever the number of matches: the record per game, the
    ratings, the rating history, the running and the recent matches (each
    with their seats) and three for reliability.
    """
    return Profile(
        person=person,
        member_since=person.date_joined,
        games=_game_records(person),
        current=list(
            _listed(person, viewer)
            .filter(status=Match.Status.ACTIVE)
            .order_by("-updated_at")[:CURRENT_SHOWN]
        ),
        recent=list(
            _listed(person, viewer)
            .filter(status__in=Match.ENDED)
            .order_by(F("finished_at").desc(nulls_last=True), "-pk")[:RECENT_SHOWN]
        ),
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

    Three queries: the moves' count and timeouts, the median (the middle
    one or two of the person's own moves, sorted in the database: exact on
    every backend), the seats left by reason.
    """
    since = (now or timezone.now()) - timedelta(days=RELIABILITY_DAYS)
    # Moves at the person's seats: those of the person's matches (their
    # seats by the user index, then the moves by the match index) made at
    # the person's position. Not a join through the match table, which the
    # planner may scan whole.
    seats = Seat.objects.filter(user=person)
    moves = Move.objects.filter(
        Exists(seats.filter(match_id=OuterRef("match_id"), position=OuterRef("seat"))),
        match_id__in=seats.values("match_id"),
        created_at__gte=since,
    )
    own = Q(by_robot=False, seconds_taken__isnull=False)
    # A turn played out at a timeout may take several moves: count its first.
    same_timeout_before = Move.objects.filter(
        match=OuterRef("match"),
        seat=OuterRef("seat"),
        seq=OuterRef("seq") - 1,
        by_timeout=True,
    )
    counts = moves.aggregate(
        moves=Count("pk", filter=own),
        timeouts=Count(
            "pk", filter=Q(by_timeout=True) & ~Q(Exists(same_timeout_before))
        ),
    )
    count = counts["moves"]
    median: float | None = None
    if count:
        # `own` moves have their seconds: no None among them.
        middle = [
            seconds or 0
            for seconds in moves.filter(own)
            .order_by("seconds_taken")
            .values_list("seconds_taken", flat=True)[(count - 1) // 2 : count // 2 + 1]
        ]
        median = sum(middle) / len(middle)
    left = (
        Seat.objects.filter(user=person, left_at__gte=since)
        .values("left_reason")
        .annotate(count=Count("pk"))
        .order_by("left_reason")
    )
    return Reliability(
        days=RELIABILITY_DAYS,
        median_seconds=median,
        moves=count,
        timeouts=counts["timeouts"],
        left_by_reason={row["left_reason"]: row["count"] for row in left},
    )


# ---------------------------------------------------------------------------
# Helpers


class _SeatRank(Func):
    """The rank the match's outcome gives the seat: `outcome.ranks[position]`.

    Arguments: the outcome JSON and the seat's position; NULL when the
    match has no outcome. PostgreSQL reads the jsonb, SQLite's JSON1
    extracts the array element (the two backends the site runs on).
    """

    output_field = IntegerField()
    arity = 2

    def as_sql(  # type: ignore[override]
        self,
        compiler: SQLCompiler,
        connection: BaseDatabaseWrapper,
        **extra_context: Any,
    ) -> tuple[str, tuple[Any, ...]]:
        outcome, position = self.get_source_expressions()
        outcome_sql, outcome_params = compiler.compile(outcome)
        position_sql, position_params = compiler.compile(position)
        if connection.vendor == "postgresql":
            sql = (
                f"((({outcome_sql}) -> 'ranks') ->> ({position_sql})::integer)::integer"
            )
        else:
            sql = f"JSON_EXTRACT({outcome_sql}, '$.ranks[' || ({position_sql}) || ']')"
        return sql, (*outcome_params, *position_params)


def _game_records(person: User) -> tuple[GameRecord, ...]:
    """Return the person's record per game, registry order (three queries)."""
    counts = {
        row["match__game_slug"]: row
        for row in Seat.objects.filter(user=person, match__status=Match.Status.FINISHED)
        .annotate(rank=_SeatRank(F("match__outcome"), F("position")))
        .values("match__game_slug")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(rank=1)))
        .order_by()
    }
    ratings = {r.game_slug: r for r in Rating.objects.filter(user=person)}
    # The latest HISTORY_SHOWN changes of each game, numbered newest first
    # in the database (a window function, on PostgreSQL and SQLite alike).
    latest = Window(
        RowNumber(),
        partition_by=[F("game_slug")],
        order_by=[F("created_at").desc(), F("pk").desc()],
    )
    changes: dict[str, list[RatingChange]] = {}
    for change in (
        RatingChange.objects.filter(user=person)
        .annotate(newness=latest)
        .filter(newness__lte=HISTORY_SHOWN)
        .order_by("game_slug", "created_at", "pk")
    ):
        changes.setdefault(change.game_slug, []).append(change)
    records = []
    for slug in game_slugs():
        row = counts.get(slug)
        rating = ratings.get(slug)
        if row is None and rating is None:
            continue
        history = changes.get(slug, [])
        records.append(
            GameRecord(
                slug=slug,
                name=game_entry(slug).rules.info.name,
                played=row["played"] if row else 0,
                won=row["won"] if row else 0,
                rating=(
                    rating_shown(
                        mu=rating.mu, sigma=rating.sigma, matches=rating.matches
                    )
                    if rating
                    else None
                ),
                start=(
                    rating_text.rating_value(
                        history[0].mu_before, history[0].sigma_before
                    )
                    if history
                    else None
                ),
                history=tuple(
                    RatingPoint(
                        match_id=c.match_id,
                        at=c.created_at,
                        value=rating_text.rating_value(c.mu_after, c.sigma_after),
                    )
                    for c in history
                ),
            )
        )
    return tuple(records)


def _listed(person: User, viewer: Any) -> QuerySet[Match]:
    """Return the person's matches `viewer` may see listed, seats prefetched.

    Public matches, and private ones only where the viewer is seated too.
    """
    # An IN over the person's seats (their user index), not an EXISTS
    # per match: the site's matches are many, a person's few.
    matches = Match.objects.filter(
        pk__in=Seat.objects.filter(user=person).values("match_id")
    )
    if viewer is not None and viewer.is_authenticated:
        seated = Exists(Seat.objects.filter(match=OuterRef("pk"), user=viewer.pk))
        matches = matches.filter(Q(private=False) | seated)
    else:
        matches = matches.filter(private=False)
    return matches.defer(*_LIST_DEFERRED).prefetch_related(seats_prefetch())
