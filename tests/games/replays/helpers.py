"""Finished matches for the replay tests: robots play every seat but the first."""

from __future__ import annotations

from accounts.models import User
from games import services
from games.models import Match
from games.rules import registry
from tests.games.helpers import play_to_end


def finished_match(user: User, slug: str, *, seats: int | None = None) -> Match:
    """Return a match of game `slug` played to its end: `user` on seat 0, robots.

    `user` plays random legal moves (`play_to_end`); `seats`: the game's
    fewest seats with at least two, unless given.
    """
    info = registry.GAMES[slug].rules.info
    count = seats if seats is not None else max(info.min_seats, min(2, info.max_seats))
    match = services.match_create(user=user, game_slug=slug, seats=count)
    for _ in range(count - 1):
        services.seat_robot_add(match_id=match.id, user=user)
    match.refresh_from_db()
    play_to_end(match, {0: user}, seed=match.id)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    return match
