"""The friends page and the invitation forms (issue 24), through Django's test client."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts import community
from games import services
from games.friends.invitations import invitation_send
from games.models import Invitation, Notification
from games.notifications import presence

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def _invite(match, inviter, invitee):
    invitation_send(match_id=match.id, inviter=inviter, invitee=invitee)
    return Invitation.objects.get(match=match, invitee=invitee)


def test_the_friends_page_needs_a_login(client):
    response = client.get("/friends/")

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_navigation_links_the_friends_page(alice_client):
    response = alice_client.get("/play/")

    assert b'href="/friends/"' in response.content


def test_the_page_lists_friends_online_and_their_matches(
    client_for, alice, bob, carol, make_user
):
    dave = make_user("dave", display_name="Dave")
    community.follow(owner=alice, other=bob)
    community.follow(owner=alice, other=carol)
    presence.presence_join(carol.id, "carol-page")
    public = services.match_create(user=bob, game_slug="toy", seats=3)
    hidden = services.match_create(user=carol, game_slug="toy", seats=3, private=True)
    strangers = services.match_create(user=dave, game_slug="toy", seats=3)

    page = client_for(alice).get("/friends/").content.decode()

    assert "Bob" in page
    assert page.index("Carol") < page.index("Bob")  # online first
    assert "online" in page
    assert f"/matches/{public.id}/" in page
    assert f"/matches/{hidden.id}/" not in page  # private: not mine to see
    assert f"/matches/{strangers.id}/" not in page  # dave is no friend
    assert "Dave" not in page


def test_a_private_match_i_am_invited_to_is_listed(client_for, alice, bob, carol):
    community.follow(owner=alice, other=carol)
    hidden = services.match_create(user=carol, game_slug="toy", seats=3, private=True)
    _invite(hidden, carol, alice)

    page = client_for(alice).get("/friends/").content.decode()

    assert page.count(f"/matches/{hidden.id}/") >= 2  # invitation and friend's row


def test_the_page_reads_a_fixed_number_of_queries(
    client_for, alice, make_user, django_assert_max_num_queries
):
    def befriend(count):
        for index in range(count):
            person = make_user(f"f{count}x{index}", display_name=f"F{count}x{index}")
            community.follow(owner=alice, other=person)
            match = services.match_create(user=person, game_slug="toy", seats=3)
            _invite(match, person, alice)
            presence.presence_join(person.id, f"page-{person.id}")

    client = client_for(alice)
    befriend(2)
    # 10 measured with two friends; eight must need no more.
    with django_assert_max_num_queries(10) as few:
        assert client.get("/friends/").status_code == 200
    befriend(6)
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = client.get("/friends/")
    assert page.content.decode().count("invites you to") == 8


def test_accept_takes_a_seat_and_shows_the_board(client_for, open_match, alice, bob):
    invitation = _invite(open_match, alice, bob)
    client = client_for(bob)
    assert (
        f"invitations/{invitation.id}/accept/"
        in client.get("/friends/").content.decode()
    )

    response = client.post(f"/invitations/{invitation.id}/accept/")

    assert response.status_code == 302
    assert response["Location"] == open_match.get_absolute_url()
    assert open_match.seats.filter(user=bob).exists()


def test_decline_and_withdraw(client_for, open_match, alice, bob, carol):
    to_bob = _invite(open_match, alice, bob)
    to_carol = _invite(open_match, alice, carol)

    response = client_for(bob).post(f"/invitations/{to_bob.id}/decline/")
    assert response.status_code == 302
    alice_client = client_for(alice)
    assert (
        f"invitations/{to_carol.id}/withdraw/"
        in alice_client.get("/friends/").content.decode()
    )
    response = alice_client.post(f"/invitations/{to_carol.id}/withdraw/")
    assert response.status_code == 302

    to_bob.refresh_from_db()
    to_carol.refresh_from_db()
    assert to_bob.state == Invitation.State.DECLINED
    assert to_carol.state == Invitation.State.WITHDRAWN
    assert Notification.objects.filter(
        user=alice, kind=Notification.Kind.INVITATION_DECLINED
    ).exists()


def test_a_strangers_invitation_is_404(client_for, open_match, alice, bob, carol):
    invitation = _invite(open_match, alice, bob)
    client = client_for(carol)

    for action in ("accept", "decline", "withdraw"):
        assert client.post(f"/invitations/{invitation.id}/{action}/").status_code == 404


def test_a_refusal_is_shown_on_the_page(client_for, open_match, alice, bob):
    invitation = _invite(open_match, alice, bob)
    client = client_for(bob)
    client.post(f"/invitations/{invitation.id}/decline/")

    response = client.post(f"/invitations/{invitation.id}/accept/", follow=True)

    assert "already been answered" in response.content.decode()


def test_create_with_invited_friends(client_for, alice, bob, carol):
    community.follow(owner=alice, other=bob)
    community.follow(owner=alice, other=carol)
    client = client_for(alice)
    lobby = client.get("/play/").content.decode()
    assert "Invite friends" in lobby
    assert f'value="{bob.id}"' in lobby

    response = client.post(
        reverse("games:match_create", args=["toy"]),
        {
            "seats": 3,
            "option_target": "short",
            "rated": "on",
            "invite": [str(bob.id)],
        },
    )

    assert response.status_code == 302
    invitation = Invitation.objects.get()
    assert invitation.invitee == bob
    assert invitation.inviter == alice
    assert response["Location"] == invitation.match.get_absolute_url()


def test_only_people_i_follow_can_be_chosen(client_for, alice, bob, carol):
    community.follow(owner=alice, other=bob)

    response = client_for(alice).post(
        reverse("games:match_create", args=["toy"]),
        {"seats": 3, "option_target": "short", "invite": [str(carol.id)]},
    )

    assert response.status_code == 400
    assert not Invitation.objects.exists()


def test_a_seated_person_invites_a_friend_from_the_board(
    client_for, open_match, alice, bob
):
    community.follow(owner=alice, other=bob)
    client = client_for(alice)
    board = client.get(open_match.get_absolute_url()).content.decode()
    assert f"/matches/{open_match.id}/invite/" in board

    response = client.post(f"/matches/{open_match.id}/invite/", {"name": "Bob"})

    assert response.status_code == 302
    assert Invitation.objects.filter(invitee=bob, match=open_match).exists()


def test_a_spectator_sees_no_invite_form_and_cannot_invite(
    client_for, open_match, alice, bob, carol
):
    community.follow(owner=bob, other=carol)
    client = client_for(bob)
    assert "/invite/" not in client.get(open_match.get_absolute_url()).content.decode()

    response = client.post(
        f"/matches/{open_match.id}/invite/", {"name": "Carol"}, follow=True
    )

    assert "You do not have a seat" in response.content.decode()
    assert not Invitation.objects.exists()


def test_the_invited_open_a_private_board_without_its_secret(
    client_for, private, alice, bob
):
    client = client_for(bob)
    assert client.get(private.get_absolute_url()).status_code == 404
    _invite(private, alice, bob)

    assert client.get(private.get_absolute_url()).status_code == 200


def test_a_block_is_silent_on_the_page(client_for, open_match, alice, bob):
    community.follow(owner=alice, other=bob)
    community.block(owner=bob, other=alice)
    # (The block ended alice's follow; the form takes any name.)
    response = client_for(alice).post(
        f"/matches/{open_match.id}/invite/", {"name": "Bob"}, follow=True
    )

    assert "Invitation sent to Bob." in response.content.decode()
    assert not Invitation.objects.exists()


def test_the_friends_page_speaks_german(client_for, open_match, alice, bob):
    bob.language = "de"
    bob.save(update_fields=["language"])
    community.follow(owner=bob, other=alice)
    _invite(open_match, alice, bob)
    client = client_for(bob)
    client.cookies["django_language"] = "de"

    page = client.get("/friends/", HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Leute, denen du folgst" in page
    assert "Annehmen" in page
    assert "Ablehnen" in page
