"""The matches a person's profile lists: running and ended, with their seats (issue 23).

Read in one query however many matches the person has played: the seats
of the listed matches with their match and player, the listed matches
numbered per list in the database.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django.db.models import (
    BooleanField,
    Case,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Q,
    Value,
    When,
    Window,
)
from django.db.models.functions import RowNumber

from accounts.models import User
from games.models import Match, Seat

from .seating import seats_attach

# Sorts an ended match without an end time after those with one.
_NEVER = datetime.min.replace(tzinfo=UTC)

# What a list row reads of a match: never its state (the largest column).
_LIST_DEFERRED = ("state",)


def player_matches_listed(
    *, person: User, viewer: Any, running_shown: int, ended_shown: int
) -> tuple[list[Match], list[Match]]:
    """Return the person's running and ended matches `viewer` may see listed.

    Public matches, and private ones only where the viewer is seated too:
    the running ones most recently moved first (at most `running_shown`),
    the ended ones newest first (at most `ended_shown`). One query: the seats of
    the listed matches with their match and player, grouped here into
    matches whose `match.seats.all()` needs no further query.
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
    is_running = Q(status=Match.Status.ACTIVE)
    # Numbered in the database per list: the running ones by their last
    # move, the ended ones by their end (none last), newest first. One IN
    # over this (not an OR of two) lets PostgreSQL join the seats by their
    # match index rather than scan them all.
    listed_ids = (
        matches.filter(is_running | Q(status__in=Match.ENDED))
        .annotate(
            number=Window(
                RowNumber(),
                partition_by=[
                    ExpressionWrapper(is_running, output_field=BooleanField())
                ],
                order_by=[
                    Case(
                        When(is_running, then=F("updated_at")),
                        default=F("finished_at"),
                    ).desc(nulls_last=True),
                    F("pk").desc(),
                ],
            ),
            shown=Case(
                When(is_running, then=Value(running_shown)),
                default=Value(ended_shown),
            ),
        )
        .filter(number__lte=F("shown"))
        .values("pk")
    )
    seats = (
        Seat.objects.filter(match__in=listed_ids)
        .select_related("match", "user")
        .defer(*(f"match__{field}" for field in _LIST_DEFERRED))
        .order_by("match_id", "position")
    )
    listed: dict[int, Match] = {}
    seated_at: dict[int, list[Seat]] = {}
    for seat in seats:
        match = listed.setdefault(seat.match_id, seat.match)
        seat.match = match  # one instance per match
        seated_at.setdefault(match.pk, []).append(seat)
    for match in listed.values():
        seats_attach(match, seated_at[match.pk])
    running = sorted(
        (m for m in listed.values() if m.status == Match.Status.ACTIVE),
        key=lambda m: (m.updated_at, m.pk),
        reverse=True,
    )
    ended = sorted(
        (m for m in listed.values() if m.status in Match.ENDED),
        key=lambda m: (m.finished_at is not None, m.finished_at or _NEVER, m.pk),
        reverse=True,
    )
    return running, ended
