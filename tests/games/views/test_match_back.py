"""After a timeout the board says so and offers "I'm back" (issue 10, "Enforcement")."""

from __future__ import annotations

import pytest

from games.models import MatchEvent, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

BACK = "I'm back"


@pytest.fixture
def bob_timed_out(started_match):
    Seat.objects.filter(match=started_match, position=1).update(timeouts_in_row=2)
    return started_match


def _page(client, match):
    return client.get(f"/matches/{match.id}/").content.decode()


def test_the_timed_out_person_is_told_and_offered_to_come_back(
    client_for, alice, bob, bob_timed_out
):
    page = _page(client_for(bob), bob_timed_out)
    assert "Your time ran out 2 turns in a row" in page
    assert BACK in page
    # The others see the mark on the seat, not the offer.
    page = _page(client_for(alice), bob_timed_out)
    assert "timed out 2× in a row" in page
    assert BACK not in page


def test_i_am_back_clears_the_mark(client_for, bob, bob_timed_out):
    client = client_for(bob)
    response = client.post(
        f"/matches/{bob_timed_out.id}/back/", headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert bob_timed_out.seats.get(position=1).timeouts_in_row == 0
    assert MatchEvent.objects.filter(kind=MatchEvent.Kind.BACK, seat=1).exists()
    assert BACK not in _page(client, bob_timed_out)


def test_i_am_back_without_a_timeout_is_a_clear_refusal(
    client_for, alice, started_match
):
    response = client_for(alice).post(f"/matches/{started_match.id}/back/", follow=True)

    assert "You have not timed out at this match." in response.content.decode()
