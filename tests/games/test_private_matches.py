"""Private matches: found by their invitation secret only, on the pages.

Ids are sequential: a private match must not be seen or joined by walking
them. The rule (games.selectors.access) is asked by every door; these tests
hold the service and the pages to it, tests/api/test_private_matches.py the
REST API, test_private_sockets.py the board socket and /ws/play/.
"""

from __future__ import annotations

import re

import pytest

from games import exceptions, selectors, services
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


# Each page masks its CSRF token anew, and its forms and log-in link name
# the page asked for: the rest must be the same.
VARYING = re.compile(rb'(X-CSRFToken": ")[A-Za-z0-9]{64}|value="[^"]*"|next=[^"]*')


def _unmasked(page):
    return VARYING.sub(rb"\1", page.content)


def _seated(match):
    return set(match.seats.exclude(user=None).values_list("user__username", flat=True))


# The rule and the service


def test_a_private_match_gets_a_random_secret_and_a_public_one_none(alice, private):
    public = services.match_create(user=alice, game_slug="toy", seats=2)
    other = services.match_create(user=alice, game_slug="toy", seats=2, private=True)

    assert len(private.invite_secret) >= 22
    assert other.invite_secret != private.invite_secret
    assert public.invite_secret == ""


def test_the_rule_lets_seats_staff_and_the_secret_see(alice, bob, staff, private):
    from django.contrib.auth.models import AnonymousUser

    def sees(user, invite=""):
        return selectors.match_visible_to(match=private, user=user, invite=invite)

    assert sees(alice)
    assert sees(staff)
    assert not sees(bob)
    assert not sees(AnonymousUser())
    assert not sees(None)
    assert not sees(bob, "nope")
    assert not sees(bob, "\ud800")
    assert not sees(bob, private.invite_secret[:-1])
    assert sees(bob, private.invite_secret)
    assert sees(AnonymousUser(), private.invite_secret)


def test_a_match_without_a_secret_is_never_opened_by_an_empty_one(bob, private):
    Match.objects.filter(id=private.id).update(invite_secret="")
    private.refresh_from_db()

    assert not selectors.match_visible_to(match=private, user=bob, invite="")


def test_joining_needs_the_secret(bob, carol, private):
    with pytest.raises(exceptions.MatchNotFound):
        services.seat_claim(match_id=private.id, user=bob)
    with pytest.raises(exceptions.MatchNotFound):
        services.seat_claim(match_id=private.id, user=bob, invite="wrong")

    services.seat_claim(match_id=private.id, user=carol, invite=private.invite_secret)

    assert _seated(private) == {"alice", "carol"}


def test_a_public_match_is_joined_without_a_secret(alice, bob):
    public = services.match_create(user=alice, game_slug="toy", seats=2)

    services.seat_claim(match_id=public.id, user=bob)

    assert _seated(public) == {"alice", "bob"}


# The pages


def test_a_stranger_gets_the_404_of_no_match_at_all(client_for, bob, private):
    for client in (client_for(bob), client_for()):
        missing = client.get("/matches/987654/")
        for path in ("", "?invite=wrong"):
            page = client.get(f"/matches/{private.id}/{path}")
            assert page.status_code == 404
            assert _unmasked(page) == _unmasked(missing)
        assert (
            client.get(f"/matches/{private.id}/", HTTP_HX_REQUEST="true").status_code
            == 404
        )


def test_joining_by_the_page_without_the_secret_is_a_404(client_for, bob, private):
    answer = client_for(bob).post(f"/matches/{private.id}/join/")

    assert answer.status_code == 404
    assert _seated(private) == {"alice"}


def test_the_other_seat_actions_of_a_stranger_are_404s(client_for, bob, private):
    client = client_for(bob)

    for action in ("robots", "leave", "cancel", "resign", "moves"):
        assert client.post(f"/matches/{private.id}/{action}/").status_code == 404
    assert _seated(private) == {"alice"}
    assert private.seats.filter(robot="").count() == 3


def test_the_invitation_link_opens_the_board_and_the_seat(client_for, bob, private):
    client = client_for(bob)

    link = client.get(f"/matches/{private.id}/?invite={private.invite_secret}")
    # The secret is kept in the session; the address bar loses it.
    assert (link.status_code, link["Location"]) == (302, f"/matches/{private.id}/")
    assert client.get(f"/matches/{private.id}/").status_code == 200
    assert (
        client.get(f"/matches/{private.id}/", HTTP_HX_REQUEST="true").status_code == 200
    )

    joined = client.post(f"/matches/{private.id}/join/")

    assert joined.status_code == 302
    assert _seated(private) == {"alice", "bob"}


def test_the_join_form_may_carry_the_secret(client_for, bob, private):
    client_for(bob).post(
        f"/matches/{private.id}/join/", {"invite": private.invite_secret}
    )

    assert _seated(private) == {"alice", "bob"}


def test_a_guest_with_the_link_keeps_it_through_log_in(client, bob, password, private):
    client.get(f"/matches/{private.id}/?invite={private.invite_secret}")
    assert client.get(f"/matches/{private.id}/").status_code == 200

    client.post("/accounts/login/", {"login": bob.username, "password": password})

    assert client.get(f"/matches/{private.id}/").status_code == 200
    client.post(f"/matches/{private.id}/join/")
    assert _seated(private) == {"alice", "bob"}


def test_seats_and_staff_see_the_board(client_for, alice, staff, private):
    assert client_for(alice).get(f"/matches/{private.id}/").status_code == 200
    assert client_for(staff).get(f"/matches/{private.id}/").status_code == 200


def test_the_seats_see_the_invitation_link_while_seats_are_open(
    client_for, alice, bob, carol, private
):
    link = f"?invite={private.invite_secret}"
    services.seat_claim(match_id=private.id, user=bob, invite=private.invite_secret)

    creator = client_for(alice).get(f"/matches/{private.id}/").content.decode()
    seated = client_for(bob).get(f"/matches/{private.id}/").content.decode()
    guest = client_for(carol)
    guest.get(f"/matches/{private.id}/{link}")
    spectator = guest.get(f"/matches/{private.id}/").content.decode()

    assert link in creator
    assert 'data-copy="invite-url"' in creator
    assert link in seated
    # A viewer with the secret does not get it passed on by the board.
    assert private.invite_secret not in spectator

    services.seat_claim(match_id=private.id, user=carol, invite=private.invite_secret)
    started = client_for(alice).get(f"/matches/{private.id}/").content.decode()
    assert private.invite_secret not in started


def test_a_public_board_shows_no_invitation_link(client_for, alice):
    public = services.match_create(user=alice, game_slug="toy", seats=2)

    page = client_for(alice).get(f"/matches/{public.id}/").content.decode()

    assert "?invite=" not in page
    assert "address to a friend to invite them" in page


def test_leaving_a_private_match_goes_back_to_the_lobby(client_for, bob, private):
    services.seat_claim(match_id=private.id, user=bob, invite=private.invite_secret)

    answer = client_for(bob).post(f"/matches/{private.id}/leave/")

    assert answer["Location"] == "/play/"


def test_the_id_walk_finds_no_private_match(client_for, alice, carol):
    public = services.match_create(user=alice, game_slug="toy", seats=2)
    hidden = [
        services.match_create(user=alice, game_slug="toy", seats=2, private=True)
        for _ in range(3)
    ]
    client = client_for(carol)
    last = max(m.id for m in [public, *hidden])

    found = {
        match_id
        for match_id in range(1, last + 3)
        if client.get(f"/matches/{match_id}/").status_code == 200
    }

    assert found == {public.id}


def test_the_lobby_never_lists_a_private_match(client_for, alice, bob, private):
    public = services.match_create(user=alice, game_slug="toy", seats=2)

    lobby = client_for(bob).get("/play/").content.decode()

    assert f"/matches/{public.id}/" in lobby
    assert f"/matches/{private.id}/" not in lobby
