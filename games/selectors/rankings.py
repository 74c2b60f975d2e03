"""Rankings per game, and the rating change each seat of a match got (issue 23).

`rankings_page` reads one page of a game's rankings (best ordinal first),
`rankings_position` finds the page that holds a person's row ("my
position"), and `rating_changes_by_position` reads what a finished rated
match did to its seats' ratings (the end screen, the API match body).

Every read is a fixed number of queries however many players a game has:
the page is a slice of one indexed query (`rating_ranking_idx`), its
players joined in; its first row's rank is one count; the total one more.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import User
from games import rating_text
from games.models import Match, Rating, RatingChange

PAGE_SIZE = 25
# Shown by default: players who finished a rated match this recently.
ACTIVE_DAYS = 90


@dataclass(frozen=True, slots=True)
class RankingRow:
    """One player's row: `rank` (1 = best; equal ratings share a rank),
    their public `name`, the shown `rating` and `uncertainty` (rating
    points, see games.rating_text), `provisional` (fewer than 10 rated
    matches), `matches` played, `last_played_at` (UTC), and `is_viewer`.
    """

    rank: int
    name: str
    rating: int
    uncertainty: int
    provisional: bool
    matches: int
    wins: int
    last_played_at: datetime
    is_viewer: bool

    @property
    def rating_text(self) -> str:
        """Return the rating as shown ("1,512 ± 87")."""
        return rating_text.points_text(self.rating, self.uncertainty)


@dataclass(frozen=True, slots=True)
class RankingPage:
    """One page of a game's rankings.

    `page` is 1-based, `pages` at least 1; `total` counts the players
    listed (the active ones unless `show_all`). `rows` has at most
    PAGE_SIZE rows.
    """

    game_slug: str
    rows: tuple[RankingRow, ...]
    page: int
    pages: int
    total: int
    show_all: bool

    @property
    def has_previous(self) -> bool:
        return self.page > 1

    @property
    def has_next(self) -> bool:
        return self.page < self.pages


def _ratings(game_slug: str, *, show_all: bool, now: datetime) -> QuerySet[Rating]:
    """Return the game's listed ratings: all, or those active in ACTIVE_DAYS.

    A deactivated account is not listed (its profile is gone too).
    """
    ratings = Rating.objects.filter(
        game_slug=game_slug,
        matches__gt=0,
        user__is_active=True,
        user__deleted_at__isnull=True,
    )
    if not show_all:
        ratings = ratings.filter(last_played_at__gte=now - timedelta(days=ACTIVE_DAYS))
    return ratings


def rankings_page(
    *,
    game_slug: str,
    page: int = 1,
    show_all: bool = False,
    viewer: User | None = None,
    now: datetime | None = None,
) -> RankingPage:
    """Return page `page` (1-based; clamped to the pages there are) of `game_slug`'s rankings.

    Ordered by ordinal, best first (ties by the older rating first);
    players who finished no rated match in the last ACTIVE_DAYS days (UTC,
    from `now`, default now) are left out unless `show_all`. `viewer`'s row
    is marked. Three queries: the total, the page with its players, and
    the first row's rank.
    """
    now = now or timezone.now()
    ratings = _ratings(game_slug, show_all=show_all, now=now)
    total = ratings.count()
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(1, page), pages)
    offset = (page - 1) * PAGE_SIZE
    listed = list(
        ratings.select_related("user").order_by("-ordinal", "id")[
            offset : offset + PAGE_SIZE
        ]
    )
    rows: list[RankingRow] = []
    rank = 0
    for index, rating in enumerate(listed):
        if index == 0:
            # Competition ranking: 1 + the players rated better.
            rank = 1 + ratings.filter(ordinal__gt=rating.ordinal).count()
        elif rating.ordinal < listed[index - 1].ordinal:
            rank = offset + index + 1
        rows.append(_row(rating, rank, viewer))
    return RankingPage(
        game_slug=game_slug,
        rows=tuple(rows),
        page=page,
        pages=pages,
        total=total,
        show_all=show_all,
    )


def _row(rating: Rating, rank: int, viewer: User | None) -> RankingRow:
    return RankingRow(
        rank=rank,
        name=rating.user.name,
        rating=rating_text.rating_value(rating.mu, rating.sigma),
        uncertainty=rating_text.rating_uncertainty(rating.sigma),
        provisional=rating_text.is_provisional(rating.matches),
        matches=rating.matches,
        wins=rating.wins,
        last_played_at=rating.last_played_at,
        is_viewer=viewer is not None and rating.user_id == viewer.pk,
    )


@dataclass(frozen=True, slots=True)
class RankingPosition:
    """Where a person's row is: the `page` of the listing (`show_all` or
    the active players only) and their `position` in it (1-based)."""

    page: int
    position: int
    show_all: bool


def rankings_position(
    *,
    game_slug: str,
    user: User,
    show_all: bool = False,
    now: datetime | None = None,
) -> RankingPosition | None:
    """Return where `user`'s row is in `game_slug`'s rankings, None if nowhere.

    A person not active lately is found in the full listing (`show_all`
    True in the answer) when the active one does not hold them. Two
    queries: the person's rating, the count of rows before it.
    """
    now = now or timezone.now()
    mine = Rating.objects.filter(game_slug=game_slug, user=user, matches__gt=0).first()
    if mine is None:
        return None
    if not show_all and mine.last_played_at < now - timedelta(days=ACTIVE_DAYS):
        show_all = True
    before = (
        _ratings(game_slug, show_all=show_all, now=now)
        .filter(Q(ordinal__gt=mine.ordinal) | Q(ordinal=mine.ordinal, id__lt=mine.id))
        .count()
    )
    return RankingPosition(
        page=before // PAGE_SIZE + 1, position=before + 1, show_all=show_all
    )


def rating_changes_by_position(match: Match) -> dict[int, int]:
    """Return what `match` did to each rated seat's shown rating, by position.

    Empty unless the match finished rated (one query then): robots' seats
    and seats of an unrated match have no entry. Values are
    `rating_text.rating_change` (20 × Δordinal, rounded).
    """
    if match.status != Match.Status.FINISHED or not match.rated:
        return {}
    return {
        position: rating_text.rating_change(mu_b, sigma_b, mu_a, sigma_a)
        for position, mu_b, sigma_b, mu_a, sigma_a in RatingChange.objects.filter(
            match=match
        ).values_list(
            "position", "mu_before", "sigma_before", "mu_after", "sigma_after"
        )
    }
