"""`GET`/`POST /api/matches/{id}/chat/` (issue 24)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core.cache import cache

from accounts import community
from games.chat.services import CHAT_RATE_LINES
from games.models import ChatLine

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


def _url(match):
    return f"/api/matches/{match.id}/chat/"


def test_a_seated_person_writes_and_reads(api_for, started_match, alice, bob):
    response = api_for(alice).post(
        _url(started_match), {"text": "<script>gl</script>"}, format="json"
    )

    assert response.status_code == 201
    assert response.json()["text"] == "<script>gl</script>"
    assert response.json()["author"] == "Alice"

    body = api_for(bob).get(_url(started_match)).json()
    assert [line["text"] for line in body["lines"]] == ["<script>gl</script>"]
    assert body["older"] is None


def test_a_spectator_reads_but_does_not_write(api_for, started_match, alice, carol):
    api_for(alice).post(_url(started_match), {"text": "hi"}, format="json")
    client = api_for(carol)

    assert client.get(_url(started_match)).status_code == 200
    response = client.post(_url(started_match), {"text": "hey"}, format="json")
    assert response.status_code == 403
    assert response.json() == {"detail": "You do not have a seat at this match."}


def test_a_spectator_of_a_players_only_chat_is_refused(api_for, started_match, carol):
    started_match.chat_spectators = False
    started_match.save(update_fields=["chat_spectators"])

    response = api_for(carol).get(_url(started_match))

    assert response.status_code == 403
    assert "detail" in response.json()


def test_a_private_match_is_404_to_strangers(api_for, private, alice, carol):
    assert api_for(alice).get(_url(private)).status_code == 200
    assert api_for(carol).get(_url(private)).status_code == 404
    assert (
        api_for(carol).post(_url(private), {"text": "x"}, format="json").status_code
        == 404
    )
    invite = f"{_url(private)}?invite={private.invite_secret}"
    assert api_for(carol).get(invite).status_code == 200


def test_length_and_empty_lines_are_400(api_for, started_match, alice):
    client = api_for(alice)

    long = client.post(_url(started_match), {"text": "x" * 501}, format="json")
    empty = client.post(_url(started_match), {"text": "  "}, format="json")

    blank = client.post(_url(started_match), {"text": ""}, format="json")

    assert long.status_code == 400
    assert empty.status_code == 400
    assert blank.status_code == 400
    assert empty.json() == {"detail": "Write something first."}
    assert not ChatLine.objects.exists()


def test_too_fast_is_429(api_for, started_match, alice):
    client = api_for(alice)
    with time_machine.travel(NOW, tick=False):
        for _ in range(CHAT_RATE_LINES):
            assert (
                client.post(
                    _url(started_match), {"text": "hi"}, format="json"
                ).status_code
                == 201
            )
        response = client.post(_url(started_match), {"text": "hi"}, format="json")

    assert response.status_code == 429
    assert "too fast" in response.json()["detail"]


def test_a_muted_person_is_403_with_the_date(api_for, started_match, alice):
    alice.chat_muted_until = NOW + timedelta(hours=1)
    alice.save(update_fields=["chat_muted_until"])

    with time_machine.travel(NOW, tick=False):
        response = api_for(alice).post(
            _url(started_match), {"text": "hi"}, format="json"
        )

    assert response.status_code == 403
    assert "2026-05-01" in response.json()["detail"]


def test_a_blocked_persons_lines_are_left_out_for_the_blocker(
    api_for, started_match, alice, bob
):
    community.block(owner=alice, other=bob)

    response = api_for(bob).post(_url(started_match), {"text": "psst"}, format="json")

    assert response.status_code == 201  # silent
    assert api_for(alice).get(_url(started_match)).json()["lines"] == []
    assert len(api_for(bob).get(_url(started_match)).json()["lines"]) == 1


def test_pages_go_back_with_before(api_for, started_match, alice):
    for n in range(60):
        ChatLine.objects.create(
            match=started_match, author=alice, text=str(n), created_at=NOW
        )
    client = api_for(alice)

    first = client.get(_url(started_match)).json()
    second = client.get(f"{_url(started_match)}?before={first['older']}").json()

    assert [line["text"] for line in first["lines"]][0] == "10"
    assert [line["text"] for line in second["lines"]] == [str(n) for n in range(10)]
    assert second["older"] is None


def test_the_lobby_chat_is_read_and_written_by_every_signed_in_person(
    api_for, alice, bob, carol
):
    community.block(owner=carol, other=alice)
    response = api_for(alice).post("/api/chat/", {"text": "<b>hi</b>"}, format="json")

    assert response.status_code == 201
    assert response.json()["text"] == "<b>hi</b>"
    body = api_for(bob).get("/api/chat/").json()
    assert [line["text"] for line in body["lines"]] == ["<b>hi</b>"]
    assert body["older"] is None
    # The block is silent: the line is stored, the blocker never reads it.
    assert api_for(carol).get("/api/chat/").json()["lines"] == []
    assert not ChatLine.objects.exclude(match=None).exists()


def test_the_lobby_chat_refuses_as_a_matchs_does(api_for, alice):
    client = api_for(alice)
    too_long = client.post("/api/chat/", {"text": "x" * 501}, format="json")
    unknown = client.get("/api/chat/?invite=x")
    guest = api_for(None).get("/api/chat/")
    alice.chat_muted_until = datetime.now(UTC) + timedelta(hours=1)
    alice.save(update_fields=["chat_muted_until"])
    muted = client.post("/api/chat/", {"text": "hi"}, format="json")

    assert too_long.status_code == 400
    assert unknown.status_code == 400
    assert "detail" in unknown.json()
    assert guest.status_code == 401
    assert muted.status_code == 403
    assert "You may not chat until" in muted.json()["detail"]


def test_the_lobby_chat_pages_back_with_before(api_for, alice, started_match):
    for n in range(55):
        ChatLine.objects.create(match=None, author=alice, text=str(n), created_at=NOW)
    ChatLine.objects.create(
        match=started_match, author=alice, text="elsewhere", created_at=NOW
    )
    client = api_for(alice)

    first = client.get("/api/chat/").json()
    second = client.get(f"/api/chat/?before={first['older']}").json()

    assert [line["text"] for line in first["lines"]][0] == "5"
    assert [line["text"] for line in second["lines"]] == [str(n) for n in range(5)]
