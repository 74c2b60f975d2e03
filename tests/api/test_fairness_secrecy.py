"""The server seed of a running match never leaves the server (issue 23).

Every door is asked about a running match and its output scanned for the
server seed and the key derived from it: the board (each seat, a
spectator, a guest, its live part), the verify page, the API (match body,
list), the admin (match, seats, moves: a moderator sees a running match as
a spectator does), the e-mails sent, the channel-layer messages and the log
records. Once the match is over, the verify page shows it (the test can
fail).
"""

from __future__ import annotations

import json
import logging

import pytest
from django.test import Client

from games import fairness, services
from games.models import Match, Notification
from games.notifications.emails.compose import turn_email
from tests.games.helpers import first_move_submit, seats_to_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(alice, bob, toy, django_capture_on_commit_callbacks, group_sends, caplog):
    """A running Toy match (alice, bob, a robot) after a few moves, every
    on-commit effect (e-mails, pushes) run, every log record kept."""
    caplog.set_level(logging.DEBUG)
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_create(user=alice, game_slug="toy", seats=3)
        services.seat_claim(match_id=match.id, user=bob)
        services.seat_robot_add(match_id=match.id, user=alice)
    users = {0: alice, 1: bob}
    for _ in range(3):
        match.refresh_from_db()
        seat = min(seats_to_move(match))
        if seat not in users:
            break
        with django_capture_on_commit_callbacks(execute=True):
            first_move_submit(match, seat, users[seat])
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    return match


def _secrets(match: Match) -> list[str]:
    seeds = [s.client_seed for s in match.seats.order_by("position")]
    return [match.server_seed, fairness.key_derive(match.server_seed, seeds)]


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _api(api_for, user, path):
    return api_for(user).get(path).content.decode()


def test_no_door_shows_the_server_seed_of_a_running_match(
    running, alice, bob, carol, admin_client, api_for, group_sends, caplog
):
    match_id = running.id
    outputs: dict[str, str] = {}
    for name, user in [
        ("alice", alice),
        ("bob", bob),
        ("carol", carol),
        ("guest", None),
    ]:
        client = _client(user)
        outputs[f"board {name}"] = client.get(f"/matches/{match_id}/").content.decode()
        outputs[f"live {name}"] = client.get(
            f"/matches/{match_id}/", HTTP_HX_REQUEST="true"
        ).content.decode()
        outputs[f"verify {name}"] = client.get(
            f"/matches/{match_id}/verify/"
        ).content.decode()
        if user is not None:
            outputs[f"api {name}"] = _api(api_for, user, f"/api/matches/{match_id}/")
            outputs[f"api list {name}"] = _api(api_for, user, "/api/matches/")
    for path in [
        f"/admin/games/match/{match_id}/change/",
        "/admin/games/match/",
        "/admin/games/seat/",
        "/admin/games/move/",
        *(f"/admin/games/seat/{seat.id}/change/" for seat in running.seats.all()),
    ]:
        response = admin_client.get(path)
        assert response.status_code == 200, path
        outputs[f"admin {path}"] = response.content.decode()
    # The e-mails the notices of this match would send (turns, start).
    emails = [
        turn_email(user, notices)
        for user in (alice, bob)
        if (notices := list(Notification.objects.filter(user=user, match=running)))
    ]
    outputs["e-mails"] = "\n".join(m.message().as_string() for m in emails)
    outputs["channel layer"] = json.dumps(list(group_sends), default=str)
    outputs["log"] = "\n".join(r.getMessage() for r in caplog.records)

    # The doors answered (a blank page would pass trivially).
    assert running.seed_commitment in outputs["board alice"]
    assert running.seed_commitment in outputs["api bob"]
    assert (
        running.seed_commitment
        in outputs[f"admin /admin/games/match/{match_id}/change/"]
    )
    assert emails
    assert group_sends
    for secret in _secrets(running):
        leaks = [door for door, text in outputs.items() if secret in text]
        assert leaks == []


def test_the_api_match_body_states_the_commitment(running, api_for, bob):
    body = api_for(bob).get(f"/api/matches/{running.id}/").json()
    assert body["seed_commitment"] == running.seed_commitment


def test_the_admin_shows_the_seeds_once_the_match_is_over(running, admin_client):
    services.match_abort(match_id=running.id)
    page = admin_client.get(f"/admin/games/match/{running.id}/change/").content.decode()
    assert running.server_seed in page
    verify = Client().get(f"/matches/{running.id}/verify/").content.decode()
    assert running.server_seed in verify
