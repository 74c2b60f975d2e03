"""POST /api/matches/{id}/back/: "I'm back" after a timeout (issue 10)."""

from __future__ import annotations

import pytest

from games.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_i_am_back_through_the_api(api_for, bob, started_match):
    Seat.objects.filter(match=started_match, position=1).update(timeouts_in_row=1)
    client = api_for(bob)

    body = client.post(f"/api/matches/{started_match.id}/back/").json()
    again = client.post(f"/api/matches/{started_match.id}/back/")

    assert body["version"] == 0
    assert started_match.seats.get(position=1).timeouts_in_row == 0
    assert again.status_code == 409
    assert again.json()["detail"] == "You have not timed out at this match."
