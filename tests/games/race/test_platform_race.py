"""Platform behaviour that needs what only Race has (moved from platform tests).

The platform's own tests run on the test-only Toy (tests/games/toy/), which
has one seat to move at a time and nothing hidden. The tests here need
Race's simultaneous moves (every seat chooses favourites at once), its
hidden favourites, or its decided race, and so stay with Race.
"""

from __future__ import annotations

import pytest

from games import exceptions, services
from games.rules import IllegalMove
from tests.games.helpers import legal_json

pytestmark = pytest.mark.django_db


@pytest.fixture
def race_match(alice, bob):
    """A running 3-seat Race match: alice (0), bob (1) and a robot (2)."""
    match = services.match_create(user=alice, game_slug="race", seats=3, options={})
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    return match


def _submit(match, user, move, version=None):
    return services.move_submit(
        match_id=match.id,
        user=user,
        move_data=move,
        expected_version=match.version if version is None else version,
    )


# ---------------------------------------------------------------------------
# From tests/games/services/test_move_submit.py: stale moves of seats that
# move at once.


def test_accepts_a_stale_move_of_a_seat_that_has_waited_since(race_match, alice, bob):
    # Favourites are chosen by all seats at once: bob's choice moved the
    # match on while alice was choosing against version 0.
    bobs = legal_json(race_match, 1)[0]
    _submit(race_match, bob, bobs)
    alices = legal_json(race_match, 0)[0]

    _submit(race_match, alice, alices, version=0)

    race_match.refresh_from_db()
    assert race_match.version == 2
    assert list(race_match.moves.values_list("seat", "payload")) == [
        (1, bobs),
        (0, alices),
    ]


def test_refuses_a_stale_move_that_the_current_state_makes_illegal(
    race_match, alice, bob, monkeypatch
):
    _submit(race_match, bob, legal_json(race_match, 1)[0])
    move = legal_json(race_match, 0)[0]

    def refuse(self, state, seat, move):
        raise IllegalMove("That card is not in your hand.")

    monkeypatch.setattr(type(race_match.rules), "apply", refuse)
    with pytest.raises(exceptions.StaleMatch) as refusal:
        _submit(race_match, alice, move, version=0)

    # 409, not 400: the move was fine on the board alice saw.
    assert refusal.value.message == exceptions.MOVE_OVERTAKEN
    race_match.refresh_from_db()
    assert race_match.version == 1
