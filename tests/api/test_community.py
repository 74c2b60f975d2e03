"""`POST`/`DELETE /api/players/{name}/block/` (and mute, follow): issue 24."""

from __future__ import annotations

import pytest

from accounts.models import Block, Follow, Mute

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("kind", "model"), [("block", Block), ("mute", Mute), ("follow", Follow)]
)
def test_a_relation_is_set_and_unset(api_for, alice, bob, kind, model):
    client = api_for(alice)

    response = client.post(f"/api/players/Bob/{kind}/")

    assert response.status_code == 200
    assert response.json()[kind] is True
    assert model.objects.filter(owner=alice, other=bob).exists()

    response = client.delete(f"/api/players/Bob/{kind}/")

    assert response.status_code == 200
    assert response.json()[kind] is False
    assert not model.objects.exists()


def test_an_unknown_person_is_404(api_for, alice):
    response = api_for(alice).post("/api/players/Nobody/block/")

    assert response.status_code == 404
    assert "detail" in response.json()


def test_oneself_is_400(api_for, alice):
    response = api_for(alice).post("/api/players/Alice/block/")

    assert response.status_code == 400
    assert response.json() == {"detail": "You cannot do that to yourself."}


def test_a_caller_without_token_is_401(api_for, bob):
    response = api_for(None).post("/api/players/Bob/block/")

    assert response.status_code == 401
    assert not Block.objects.exists()


def test_the_profile_still_answers(api_for, alice, bob):
    assert api_for(alice).get("/api/players/Bob/").status_code == 200


@pytest.mark.usefixtures("toy")
def test_a_blocked_person_joins_as_if_the_match_were_full(api_for, alice, carol):
    from games import services

    match = services.match_create(user=alice, game_slug="toy", seats=3)
    api_for(alice).post("/api/players/Carol/block/")

    response = api_for(carol).post(f"/api/matches/{match.id}/join/")

    assert response.status_code == 409
    assert response.json() == {"detail": "There is no free seat left."}
    assert not match.seats.filter(user=carol).exists()
