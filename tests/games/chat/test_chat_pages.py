"""The chat panels on the board and the lobby, and their form (issue 24)."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core.cache import cache

from accounts import community
from games.chat.services import chat_post
from games.models import ChatLine

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


def test_the_lobby_shows_its_lines_escaped(client_for, alice, bob):
    chat_post(user=bob, match=None, text="<script>alert(1)</script>")

    page = client_for(alice).get("/play/").content.decode()

    assert 'id="chat-lines"' in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page


def test_the_form_works_without_script(client_for, alice):
    client = client_for(alice)

    response = client.post("/chat/", {"text": "hello all"})

    assert (response.status_code, response["Location"]) == (302, "/play/")
    assert "hello all" in client.get("/play/").content.decode()


def test_a_refusal_is_shown_as_a_message(client_for, alice):
    response = client_for(alice).post("/chat/", {"text": "x" * 501}, follow=True)

    assert "A chat line has at most 500 characters." in response.content.decode()
    assert not ChatLine.objects.exists()


def test_htmx_gets_a_fresh_form_or_the_refusal(client_for, alice):
    client = client_for(alice)

    ok = client.post("/chat/", {"text": "hi"}, headers={"HX-Request": "true"})
    empty = client.post("/chat/", {"text": " "}, headers={"HX-Request": "true"})

    assert ok.status_code == 200
    assert 'name="text"' in ok.content.decode()
    assert "Write something first." in empty.content.decode()


def test_links_are_clickable_only_a_day_after_sign_up(client_for, alice, bob):
    chat_post(user=bob, match=None, text="see https://example.com/x")
    client = client_for(alice)

    with time_machine.travel(bob.date_joined + timedelta(hours=2), tick=False):
        young = client.get("/play/").content.decode()
    with time_machine.travel(bob.date_joined + timedelta(days=2), tick=False):
        old = client.get("/play/").content.decode()

    assert 'href="https://example.com/x"' not in young
    assert 'href="https://example.com/x" rel="nofollow"' in old


def test_the_board_shows_the_chat_to_seats_and_the_form_only_to_them(
    client_for, started_match, alice, carol
):
    chat_post(user=alice, match=started_match, text="good luck")
    url = f"/matches/{started_match.id}/"

    seat = client_for(alice).get(url).content.decode()
    spectator = client_for(carol).get(url).content.decode()

    assert "good luck" in seat
    assert 'class="chat-form"' in seat
    assert "good luck" in spectator
    assert 'class="chat-form"' not in spectator


def test_a_players_only_chat_is_not_shown_to_spectators(
    client_for, started_match, alice, carol
):
    started_match.chat_spectators = False
    started_match.save(update_fields=["chat_spectators"])
    chat_post(user=alice, match=started_match, text="secret plan")

    page = client_for(carol).get(f"/matches/{started_match.id}/").content.decode()

    assert "secret plan" not in page


def test_a_spectator_cannot_post_and_a_stranger_gets_404(
    client_for, started_match, private, carol
):
    client = client_for(carol)

    client.post(f"/matches/{started_match.id}/chat/", {"text": "hi"})

    assert not ChatLine.objects.exists()
    assert (
        client.post(f"/matches/{private.id}/chat/", {"text": "hi"}).status_code == 404
    )


def test_the_blocker_does_not_see_the_blocked_persons_lines(client_for, alice, bob):
    community.block(owner=alice, other=bob)
    chat_post(user=bob, match=None, text="can you hear me")

    assert "can you hear me" not in client_for(alice).get("/play/").content.decode()


def test_a_seat_writes_at_the_match_without_script(client_for, started_match, alice):
    url = f"/matches/{started_match.id}/"

    response = client_for(alice).post(f"{url}chat/", {"text": "my turn soon"})

    assert (response.status_code, response["Location"]) == (302, url)
    assert ChatLine.objects.get().match == started_match
