"""The profile's follow, mute and block buttons (issue 24)."""

from __future__ import annotations

import pytest

from accounts.models import Block, Follow, Mute

pytestmark = pytest.mark.django_db


def test_a_guest_and_oneself_see_no_buttons(client, alice_client, bob):
    page = alice_client.get("/players/Alice/").content.decode()
    assert "player-relations" not in page
    alice_client.logout()
    assert "player-relations" not in client.get("/players/Bob/").content.decode()


def test_another_person_sees_the_buttons(alice_client, bob):
    page = alice_client.get("/players/Bob/").content.decode()

    assert "player-relations" in page
    assert ">Block</button>" in page


@pytest.mark.parametrize(
    ("kind", "model", "undo"),
    [
        ("block", Block, "Unblock"),
        ("mute", Mute, "Unmute"),
        ("follow", Follow, "Unfollow"),
    ],
)
def test_a_button_sets_and_unsets(alice_client, alice, bob, kind, model, undo):
    response = alice_client.post("/players/Bob/relation/", {"kind": kind, "on": "1"})

    assert response.status_code == 302
    assert response["Location"] == "/players/Bob/"
    assert model.objects.filter(owner=alice, other=bob).exists()
    assert f">{undo}</button>" in alice_client.get("/players/Bob/").content.decode()

    alice_client.post("/players/Bob/relation/", {"kind": kind, "on": "0"})

    assert not model.objects.exists()


def test_an_unknown_kind_and_oneself_are_refused(alice_client, bob):
    assert (
        alice_client.post(
            "/players/Bob/relation/", {"kind": "x", "on": "1"}
        ).status_code
        == 400
    )
    assert (
        alice_client.post(
            "/players/Alice/relation/", {"kind": "block", "on": "1"}
        ).status_code
        == 400
    )
    assert not Block.objects.exists()


def test_a_guest_is_sent_to_log_in(client, bob):
    response = client.post("/players/Bob/relation/", {"kind": "block", "on": "1"})

    assert response.status_code == 302
    assert not Block.objects.exists()
