"""The list of matches a user may see (`selectors.matches_visible_to`).

The one query behind GET /api/matches/ and /ws/play/'s REQUEST_GAMES:
public matches and the private ones the user has a seat at, newest first.
Staff see others' private matches by id only (games.selectors.access).
"""

from __future__ import annotations

import pytest

from games import selectors

pytestmark = pytest.mark.django_db


def test_the_list_holds_public_matches_and_ones_own_private_ones(
    alice, bob, staff, private, open_match
):
    assert list(selectors.matches_visible_to(user=alice)) == [open_match, private]
    assert list(selectors.matches_visible_to(user=bob)) == [open_match]
    assert list(selectors.matches_visible_to(user=staff)) == [open_match]


def test_the_list_loads_the_seats_with_their_persons_in_three_queries(
    alice, private, open_match, django_assert_num_queries
):
    with django_assert_num_queries(3):
        names = [
            [seat.user.username for seat in match.seats.all() if seat.user]
            for match in selectors.matches_visible_to(user=alice)
        ]

    assert names == [["alice"], ["alice"]]
