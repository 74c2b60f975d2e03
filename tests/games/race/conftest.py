"""Fixtures of Race's tests: a started Race match (the platform's is the Toy's)."""

from __future__ import annotations

import pytest


@pytest.fixture
def race_match(alice, bob):
    """A running 3-seat Race match: alice (0), bob (1) and a robot (2)."""
    from games import services

    match = services.match_create(user=alice, game_slug="race", seats=3, options={})
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    return match
