"""Race helpers for tests that play Race matches through the services.

The favourites phase opens every Race: `choose_favourites` and
`reach_play_phase` get the people (and robots) through it; `live_race`
starts a 2-seat match with the Live time control; BOB_WINS is a decided
race for the `race_match` fixture, as `race_state` arguments
(tests/games/race/conftest.py).
"""

from __future__ import annotations

from accounts.models import User
from games import services
from games.models import Match
from tests.games.helpers import legal_json, seats_to_move, state_of

# A decided 3-seat race for race_match (alice 0, bob 1, a robot 2), as
# `race_state` arguments: bob backs Celya and Elaari, places 1 and 2, so he
# wins whatever happens; alice is to move.
BOB_WINS = {
    "seats": 3,
    "favourites": (("rithle", "aristas"), ("celya", "elaari"), ("rithle", "celya")),
    "positions": (10, 10, 61, 61),
    "podium": ("celya", "elaari"),
    "current": 0,
}


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


def reach_play_phase(match: Match, users_by_seat: dict[int, User]) -> None:
    """Let people choose different favourites and robots choose theirs."""
    for _ in range(20):
        match.refresh_from_db()
        state = state_of(match)
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


def live_race(first: User, second: User) -> Match:
    """Return a started 2-seat Race with the Live time control: `first` on seat 0."""
    match = services.match_create(
        user=first, game_slug="race", seats=2, time_control="live"
    )
    services.seat_claim(match_id=match.id, user=second)
    match.refresh_from_db()
    return match
