"""Row locks with Race's simultaneous moves (moved from tests/games/test_concurrency.py).

The platform's concurrency tests run on the Toy, where one seat moves at a
time; seats that move at the same moment need Race's favourites.
"""

from __future__ import annotations

import pytest

from games import exceptions, services

# postgres_only: an autouse fixture, applied to this module by the import.
from tests.games.concurrency import moves_at_once, postgres_only  # noqa: F401
from tests.games.helpers import legal_json

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_players_moving_at_once_both_get_their_move_in(race_match, alice, bob):
    # Both choose favourites at the same moment against version 0: the row
    # lock serialises them, and the second is judged again against the
    # first's result; both seats were waiting since version 0, so both apply.
    alices, bobs = legal_json(race_match, 0)[0], legal_json(race_match, 1)[-1]

    results = moves_at_once(race_match, [(alice, alices), (bob, bobs)])

    assert results == ["applied", "applied"]
    race_match.refresh_from_db()
    assert race_match.version == 2
    assert sorted(race_match.moves.values_list("seq", "seat")) in (
        [(1, 0), (2, 1)],
        [(1, 1), (2, 0)],
    )
    assert {m.seat: m.payload for m in race_match.moves.all()} == {
        0: alices,
        1: bobs,
    }


def test_many_simultaneous_submits_lose_nothing_and_double_nothing(make_user, alice):
    # Four people choose favourites at once, each from two tabs: each seat's
    # choice is applied exactly once, in some order, with a gapless log.
    players = [alice] + [make_user(f"player{n}") for n in range(1, 4)]
    match = services.match_create(user=alice, game_slug="race", seats=4)
    for player in players[1:]:
        services.seat_claim(match_id=match.id, user=player)
    match.refresh_from_db()
    attempts = [
        (player, legal_json(match, seat)[tab])
        for seat, player in enumerate(players)
        for tab in (0, 1)
    ]

    results = moves_at_once(match, attempts)

    assert results.count("applied") == 4
    refused = [r for r in results if r != "applied"]
    assert all(isinstance(r, exceptions.StaleMatch) for r in refused)
    match.refresh_from_db()
    assert sorted(match.moves.values_list("seat", flat=True)) == [0, 1, 2, 3]
    assert list(match.moves.order_by("seq").values_list("seq", flat=True)) == list(
        range(1, match.version + 1)
    )
