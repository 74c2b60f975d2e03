"""Helpers for platform tests: read a match through its engine, play moves.

The engine is a black box here: tests ask `match.rules` for the state, the
seats to move and the legal moves, and never build a Race state by hand.
"""

from __future__ import annotations

import random
import re
from typing import cast

from accounts.models import User
from games import services
from games.models import Match
from games.rules import JSON

DATA_CARD = re.compile(r'data-card="([^"]+)"')


def state_of(match: Match):
    """Return the engine state of `match` as stored right now."""
    match.refresh_from_db()
    return match.rules.state_from_json(cast(JSON, match.state))


def legal_json(match: Match, seat: int) -> list[dict]:
    """Return the legal moves of `seat` as JSON, in the engine's order."""
    state = state_of(match)
    return [move.to_json() for move in match.rules.legal_moves(state, seat)]


def seats_to_move(match: Match) -> frozenset[int]:
    return match.rules.to_move(state_of(match))


def robot_seats(match: Match) -> set[int]:
    return set(match.seats.exclude(robot="").values_list("position", flat=True))


def pick(moves: list[dict], rnd: random.Random) -> dict:
    """Pick a move a person would: never "finish automatically" if avoidable."""
    manual = [m for m in moves if m.get("kind") != "autoplay"] or moves
    return rnd.choice(manual)


def choose_favourites(match: Match, users_by_seat: dict[int, User]) -> None:
    """Let every person to move choose favourites, each a different pair."""
    for position, user in sorted(users_by_seat.items()):
        match.refresh_from_db()
        if position not in seats_to_move(match):
            continue
        moves = legal_json(match, position)
        services.move_submit(
            match_id=match.id,
            user=user,
            move_data=moves[position % len(moves)],
            expected_version=match.version,
        )


def play_to_end(match: Match, users_by_seat: dict[int, User], seed: int = 0) -> int:
    """Play `match` to its end through the services; return the moves played.

    People pick random legal moves; whenever the system is to move (a
    robot, or a person on "finish automatically"), `robot_move_play` runs,
    as the Celery task would.
    """
    rnd = random.Random(seed)
    limit = match.rules.info.max_moves + 10
    for played in range(limit):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            return played
        state = match.rules.state_from_json(cast(JSON, match.state))
        to_move = sorted(match.rules.to_move(state))
        human = [
            s
            for s in to_move
            if s in users_by_seat and not match.rules.autoplay(state, s)
        ]
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


def reach_play_phase(match: Match, users_by_seat: dict[int, User]) -> None:
    """Let people choose different favourites and robots choose theirs."""
    for _ in range(20):
        match.refresh_from_db()
        state = match.rules.state_from_json(cast(JSON, match.state))
        if match.rules.view(state, None)["phase"] != "favourites":
            return
        to_move = sorted(match.rules.to_move(state))
        people = [s for s in to_move if s in users_by_seat]
        if people:
            position = people[0]
            moves = legal_json(match, position)
            services.move_submit(
                match_id=match.id,
                user=users_by_seat[position],
                move_data=moves[(position * 5) % len(moves)],
                expected_version=match.version,
            )
        else:
            services.robot_move_play(match_id=match.id, expected_version=match.version)
    raise AssertionError("still choosing favourites")
