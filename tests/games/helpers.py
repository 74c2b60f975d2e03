"""Helpers for platform tests: read a match through its engine, play moves.

The engine is a black box here: tests ask `match.rules` for the state, the
seats to move and the legal moves. Platform tests play the test-only Toy
(tests/games/toy/; `toy_position` stores a Toy position); a position random
play rarely reaches is built by the rules tests' scenario builder and stored
with `state_store`. A game's own helpers live in its folder (BOB_WINS,
choose_favourites, reach_play_phase: tests/games/race/helpers.py).
"""

from __future__ import annotations

import random
import re

from django.utils import timezone

from accounts.models import User
from games import services
from games.models import Match, Seat

DATA_CARD = re.compile(r'data-card="([^"]+)"')


def state_of(match: Match):
    """Return the engine state of `match` as stored right now."""
    match.refresh_from_db()
    return match.game_state()


def state_store(match: Match, state) -> None:
    """Store engine `state` on the active `match`, as if moves had led there.

    The seats' to-move columns follow the rules' `to_move`; the version
    stays, so moves are made against `match.version` as usual.
    """
    match.game_state_set(state)
    match.save(update_fields=["state"])
    to_move = match.rules.to_move(state)
    match.seats.exclude(position__in=to_move).update(
        to_move_since=None, to_move_version=None
    )
    match.seats.filter(position__in=to_move).update(
        to_move_since=timezone.now(), to_move_version=match.version
    )


def legal_json(match: Match, seat: int) -> list[dict]:
    """Return the legal moves of `seat` as JSON, in the engine's order."""
    state = state_of(match)
    return [move.to_json() for move in match.rules.legal_moves(state, seat)]


def seats_to_move(match: Match) -> frozenset[int]:
    return match.rules.to_move(state_of(match))


def robot_seats(match: Match) -> set[int]:
    """Return the positions the system plays (robots and stand-ins)."""
    return set(
        match.seats.exclude(controller=Seat.Controller.PERSON).values_list(
            "position", flat=True
        )
    )


def pick(moves: list[dict], rnd: random.Random) -> dict:
    """Pick a move as a person might: any legal one."""
    return rnd.choice(moves)


def first_moves_play(
    match: Match, users_by_seat: dict[int, User], count: int = 1
) -> None:
    """Play `count` moves: each time the first seat to move plays its first legal move.

    Through `move_submit`, as that seat's person (`users_by_seat`);
    `match` is refreshed after each.
    """
    for _ in range(count):
        seat = min(seats_to_move(match))
        first_move_submit(match, seat, users_by_seat[seat])
        match.refresh_from_db()


def first_move_submit(match: Match, seat: int, user: User) -> Match:
    """Submit `seat`'s first legal move as `user`, made against `match.version`."""
    return services.move_submit(
        match_id=match.id,
        user=user,
        move_data=legal_json(match, seat)[0],
        expected_version=match.version,
    )


def play_to_end(match: Match, users_by_seat: dict[int, User], seed: int = 0) -> int:
    """Play `match` to its end through the services; return the moves played.

    People pick random legal moves; whenever the system is to move (a
    robot, or a robot standing in for a person), `robot_move_play` runs, as
    the Celery task would.
    """
    rnd = random.Random(seed)
    limit = (match.rules.info.max_moves or 1000) + 10
    for played in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return played
        to_move = sorted(seats_to_move(match))
        system = robot_seats(match)
        human = [s for s in to_move if s in users_by_seat and s not in system]
        if human:
            position = human[0]
            services.move_submit(
                match_id=match.id,
                user=users_by_seat[position],
                move_data=pick(legal_json(match, position), rnd),
                expected_version=match.version,
            )
        else:
            assert services.robot_move_play(
                match_id=match.id, expected_version=match.version
            ), "the system was to move but played nothing"
    raise AssertionError(f"match not over after {limit} moves")


def live_match(first: User, second: User) -> Match:
    """Return a started 2-seat Toy match, Live time control: `first` on seat 0.

    The Toy must be registered (the `toy` fixture).
    """
    match = services.match_create(
        user=first, game_slug="toy", seats=2, time_control="live"
    )
    services.seat_claim(match_id=match.id, user=second)
    match.refresh_from_db()
    return match
