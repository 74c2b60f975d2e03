"""Creating, starting and aborting matches."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import broadcast, exceptions
from games.models import Match, Seat
from games.rules import InvalidOptions
from games.rules.registry import RULES_BY_SLUG
from games.text import message_text

from .turns import _match_finish, _match_lock, _match_seats, _match_start


def match_create(
    *, user: User, game_slug: str, seats: int, options: dict[str, Any] | None = None
) -> Match:
    """Create an open match with `seats` seats; `user` takes seat 0.

    A one-seat (solo) match starts at once. Raises InvalidMatchSettings for
    an unknown game, a seat count outside the game's range or options the
    game refuses.
    """
    rules = RULES_BY_SLUG.get(game_slug)
    if rules is None:
        raise exceptions.InvalidMatchSettings(exceptions.UNKNOWN_GAME)
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise exceptions.InvalidMatchSettings(
            exceptions.InvalidMatchSettings.default_message
        )
    if options is not None and not isinstance(options, dict):
        raise exceptions.InvalidMatchSettings(
            exceptions.InvalidMatchSettings.default_message
        )
    try:
        normalised = rules.validate_options(dict(options or {}), seats)
    except InvalidOptions as error:
        raise exceptions.InvalidMatchSettings(
            message_text(error.as_message())
        ) from error
    with transaction.atomic():
        match = Match.objects.create(
            game_slug=game_slug,
            options=normalised,
            seed=secrets.randbits(62),
            rules_version=rules.info.version,
            created_by=user,
        )
        Seat.objects.bulk_create(
            Seat(
                match=match,
                position=position,
                user=user if position == 0 else None,
                joined_at=timezone.now() if position == 0 else None,
            )
            for position in range(seats)
        )
        if seats == 1:
            # A solo match is full as soon as its creator sits down.
            _match_start(match, _match_seats(match))
        else:
            broadcast.lobby_changed_on_commit()
            broadcast.user_matches_changed_on_commit(match, [user.id])
    return match


def match_abort(*, match_id: int) -> Match:
    """Abort an open or running match (moderation): nobody moves any more.

    Raises MatchNotActive (MATCH_OVER) when it is already finished or
    aborted. Open boards and the lobby are told on commit.
    """
    with transaction.atomic():
        match = _match_lock(match_id)
        if match.status not in (Match.Status.OPEN, Match.Status.ACTIVE):
            raise exceptions.MatchNotActive(exceptions.MATCH_OVER)
        _match_finish(match, status=Match.Status.ABORTED)
        broadcast.match_changed_on_commit(match)
        broadcast.lobby_changed_on_commit()
    return match


def _start_if_full(match: Match) -> None:
    """Start `match` if no seat is free, else announce the seat change.

    Call with the match row locked.
    """
    seats = _match_seats(match)
    if any(seat.is_free for seat in seats):
        broadcast.match_changed_on_commit(match)
        broadcast.lobby_changed_on_commit()
        broadcast.user_matches_changed_on_commit(match, (s.user_id for s in seats))
        return
    _match_start(match, seats)
