"""Reads of lists of matches: the lobby, "my matches", the API's lists.

Lists never parse a match's state: what they show (game, options, status,
seats, whose turn) lives in columns.
"""

from __future__ import annotations

from django.db.models import (
    Exists,
    F,
    IntegerField,
    OuterRef,
    QuerySet,
    Subquery,
    Value,
)

from accounts.models import User
from games.models import Match, Seat
from games.rules import GameInfo, registry

from .seating import seats_prefetch

# Lists show a match's game, options, status and seats, never its state: the
# largest column, and a JSON parse per row.
_LIST_DEFERRED = ("state", "outcome")

# The lobby shows this many open matches at most: every lobby socket gets
# the list again on each change, so its size must not grow with the site.
OPEN_MATCHES_SHOWN = 50


def open_matches(*, game_slug: str | None = None) -> QuerySet[Match]:
    """Return the newest OPEN_MATCHES_SHOWN open matches, seats and players loaded.

    Private matches are joined by their link, and untimed ones take no
    strangers (`services.match_create`): neither is listed.
    """
    matches = (
        Match.objects.filter(
            status=Match.Status.OPEN, private=False, time_control__isnull=False
        )
        .exclude(time_control__preset="untimed")
        .defer(*_LIST_DEFERRED)
    )
    if game_slug:
        matches = matches.filter(game_slug=game_slug)
    return matches.order_by("-created_at").prefetch_related(seats_prefetch())[
        :OPEN_MATCHES_SHOWN
    ]


def matches_for_user(*, user: User | int) -> list[tuple[Match, bool]]:
    """Return the user's (or user id's) open and running matches as (match, my_turn).

    `my_turn`: one of the user's seats is to move and played by the user
    (not by a robot stand-in), read from the seats' stored columns. Matches
    where it is the user's turn come first, the one whose clock runs out
    soonest first (`match.my_deadline`, UTC, None when untimed or frozen:
    those come after the running clocks), then the most recently moved
    ones. `match.viewer_id` is the user's id, so a row can tell the user's
    seat from the opponents' without a request. Two queries, whatever the
    number of matches.
    """
    user_id = user.pk if isinstance(user, User) else user
    my_deadline = (
        _turns_of(user)
        .filter(match=OuterRef("pk"), clock_deadline_at__isnull=False)
        .order_by("clock_deadline_at")
        .values("clock_deadline_at")[:1]
    )
    matches = (
        Match.objects.filter(
            seats__user=user, status__in=[Match.Status.OPEN, Match.Status.ACTIVE]
        )
        .defer(*_LIST_DEFERRED)
        .annotate(
            my_turn=Exists(_turns_of(user).filter(match=OuterRef("pk"))),
            my_deadline=Subquery(my_deadline),
            viewer_id=Value(user_id, output_field=IntegerField()),
        )
        .order_by("-my_turn", F("my_deadline").asc(nulls_last=True), "-updated_at")
        .prefetch_related(seats_prefetch())
    )
    return [(match, match.my_turn) for match in matches]


def turn_count_for_user(*, user_id: int, excluding_match_id: int | None = None) -> int:
    """Return in how many matches it is the person's turn (one indexed query).

    The same flag as `matches_for_user`'s `my_turn`; shown in the tab title.
    `excluding_match_id`: leave that match out (a board page counts its own
    match from the board it shows).
    """
    turns = _turns_of(user_id)
    if excluding_match_id is not None:
        turns = turns.exclude(match_id=excluding_match_id)
    return turns.values("match_id").distinct().count()


def finished_matches_for_user(*, user: User, limit: int = 20) -> QuerySet[Match]:
    """Return the user's latest ended matches: finished, cancelled or aborted.

    Their outcome is read (not their state): a row says how each ended
    (`endings.ending_text`). Two queries, whatever the number of matches.
    """
    return (
        Match.objects.filter(seats__user=user, status__in=Match.ENDED)
        .defer("state")
        .order_by("-finished_at")
        .prefetch_related(seats_prefetch())[:limit]
    )


def robot_choices(game_slug: str) -> list[tuple[str, str, bool]]:
    """Return (name, label msgid, is the default) for each robot of a game.

    In the lobby's order (the four games: easy, medium, hard); the default
    is the one a seat gets when nobody names a robot.
    """
    default = registry.default_robot(game_slug).name
    return [
        (name, robot.label, name == default)
        for name, robot in registry.robots_for(game_slug).items()
    ]


def match_options_on(match: Match) -> list[tuple[str, int | str | None]]:
    """Return (label msgid, value) for each option switched on for `match`.

    In the game's option order. The value is None for a yes/no option, the
    number for a number option that differs from its default, and the
    chosen value's label msgid for a choice.
    """
    shown: list[tuple[str, int | str | None]] = []
    for option in match.rules.info.options:
        value = match.options.get(option.key)
        if option.kind == "bool" and value:
            shown.append((option.label, None))
        elif option.kind == "int" and value is not None and value != option.default:
            shown.append((option.label, int(value)))
        elif option.kind == "choice" and value in dict(option.choices):
            shown.append((option.label, str(dict(option.choices)[value])))
    return shown


def games() -> list[GameInfo]:
    """Return the GameInfo of every game, in registry order."""
    return [entry.rules.info for entry in registry.GAMES.values()]


# ---------------------------------------------------------------------------
# Helpers


def _turns_of(user: User | int) -> QuerySet[Seat]:
    """Return the seats `user` (or the user of that id) plays that are to move.

    An indexed read (seat_person_to_move_idx).
    """
    return Seat.objects.filter(
        user=user,
        controller=Seat.Controller.PERSON,
        to_move_since__isnull=False,
    )
