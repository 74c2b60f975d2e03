"""Friends and invitations by the API (issue 24)."""

from __future__ import annotations

import pytest

from accounts import community
from games import services
from games.friends.invitations import invitation_send
from games.models import Invitation, Notification
from games.notifications import presence

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def _invite(match, inviter, invitee):
    invitation_send(match_id=match.id, inviter=inviter, invitee=invitee)
    return Invitation.objects.get(match=match, invitee=invitee)


def test_the_friends_list(api_for, alice, bob, carol):
    community.follow(owner=alice, other=bob)
    community.follow(owner=alice, other=carol)
    presence.presence_join(bob.id, "bob-page")
    public = services.match_create(user=bob, game_slug="toy", seats=3)
    services.match_create(user=carol, game_slug="toy", seats=3, private=True)

    response = api_for(alice).get("/api/me/friends/")

    assert response.status_code == 200
    body = response.json()
    assert [(f["name"], f["online"]) for f in body] == [
        ("Bob", True),
        ("Carol", False),
    ]
    assert [m["id"] for m in body[0]["matches"]] == [public.id]
    assert body[0]["matches"][0]["seats"] == ["Bob", None, None]
    assert body[1]["matches"] == []  # private, not alice's to see


def test_the_friends_list_needs_a_login(api_for):
    assert api_for().get("/api/me/friends/").status_code == 401


def test_invite_accept_and_list(api_for, open_match, alice, bob):
    response = api_for(alice).post(
        f"/api/matches/{open_match.id}/invitations/", {"name": "Bob"}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == {
        "match": open_match.id,
        "name": "Bob",
        "state": "pending",
    }

    listed = api_for(bob).get("/api/me/invitations/").json()
    assert listed["sent"] == []
    (received,) = listed["received"]
    assert received["inviter"] == "Alice"
    assert received["lapsed"] is False
    assert (
        api_for(alice).get("/api/me/invitations/").json()["sent"][0]["id"]
        == (received["id"])
    )

    response = api_for(bob).post(f"/api/invitations/{received['id']}/accept/")
    assert response.status_code == 200
    assert response.json()["state"] == "accepted"
    assert open_match.seats.filter(user=bob).exists()


def test_decline_and_withdraw(api_for, open_match, alice, bob, carol):
    to_bob = _invite(open_match, alice, bob)
    to_carol = _invite(open_match, alice, carol)

    response = api_for(bob).post(f"/api/invitations/{to_bob.id}/decline/")
    assert response.status_code == 200
    assert response.json()["state"] == "declined"
    assert Notification.objects.filter(
        user=alice, kind=Notification.Kind.INVITATION_DECLINED
    ).exists()

    response = api_for(alice).delete(f"/api/invitations/{to_carol.id}/")
    assert response.status_code == 200
    assert response.json()["state"] == "withdrawn"

    response = api_for(carol).post(f"/api/invitations/{to_carol.id}/accept/")
    assert response.status_code == 409
    assert "detail" in response.json()


def test_a_strangers_invitation_is_404(api_for, open_match, alice, bob, carol):
    invitation = _invite(open_match, alice, bob)
    client = api_for(carol)

    for response in (
        client.post(f"/api/invitations/{invitation.id}/accept/"),
        client.post(f"/api/invitations/{invitation.id}/decline/"),
        client.delete(f"/api/invitations/{invitation.id}/"),
    ):
        assert response.status_code == 404
        assert "detail" in response.json()


def test_the_invitee_cannot_withdraw(api_for, open_match, alice, bob):
    invitation = _invite(open_match, alice, bob)

    response = api_for(bob).delete(f"/api/invitations/{invitation.id}/")

    assert response.status_code == 403
    assert "detail" in response.json()


@pytest.mark.parametrize(
    ("name", "status"),
    [("Nobody", 404), ("Alice", 400), (3, 400), ("", 400)],
)
def test_refusals(api_for, open_match, alice, name, status):
    response = api_for(alice).post(
        f"/api/matches/{open_match.id}/invitations/", {"name": name}, format="json"
    )

    assert response.status_code == status
    assert "detail" in response.json()


def test_a_spectator_cannot_invite(api_for, open_match, bob, carol):
    response = api_for(bob).post(
        f"/api/matches/{open_match.id}/invitations/", {"name": "Carol"}, format="json"
    )

    assert response.status_code == 403


def test_a_hidden_match_is_404(api_for, private, bob):
    response = api_for(bob).post(
        f"/api/matches/{private.id}/invitations/", {"name": "Alice"}, format="json"
    )

    assert response.status_code == 404


def test_a_started_match_is_409(api_for, started_match, alice, carol):
    response = api_for(alice).post(
        f"/api/matches/{started_match.id}/invitations/",
        {"name": "Carol"},
        format="json",
    )

    assert response.status_code == 409


@pytest.mark.parametrize("blocker", ["alice", "bob"])
def test_a_block_answers_as_a_success(api_for, open_match, alice, bob, blocker):
    if blocker == "alice":
        community.block(owner=alice, other=bob)
    else:
        community.block(owner=bob, other=alice)
    client = api_for(alice)

    response = client.post(
        f"/api/matches/{open_match.id}/invitations/", {"name": "Bob"}, format="json"
    )

    assert response.status_code == 200
    assert response.json() == {
        "match": open_match.id,
        "name": "Bob",
        "state": "pending",
    }
    assert not Invitation.objects.exists()


def test_the_invited_read_a_private_match(api_for, private, alice, bob):
    client = api_for(bob)
    assert client.get(f"/api/matches/{private.id}/").status_code == 404
    _invite(private, alice, bob)

    assert client.get(f"/api/matches/{private.id}/").status_code == 200


def test_the_friends_api_reads_a_fixed_number_of_queries(
    api_for, alice, make_user, django_assert_max_num_queries
):
    def befriend(count):
        for index in range(count):
            person = make_user(f"g{count}x{index}", display_name=f"G{count}x{index}")
            community.follow(owner=alice, other=person)
            services.match_create(user=person, game_slug="toy", seats=3)

    client = api_for(alice)
    befriend(2)
    with django_assert_max_num_queries(5) as few:
        assert client.get("/api/me/friends/").status_code == 200
    befriend(6)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(client.get("/api/me/friends/").json()) == 8
