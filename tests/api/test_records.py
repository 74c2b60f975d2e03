"""Records of ended matches and a person's history: downloads and API (issue 23)."""

from __future__ import annotations

import json

import pytest
import time_machine
from django.urls import reverse

from games import services
from games.models import Match
from games.selectors.replays import replay_moves, replay_to
from tests.games.helpers import play_to_end
from tests.games.replays.helpers import finished_match

pytestmark = pytest.mark.django_db

KEYS = {
    "id",
    "game",
    "rules_version",
    "options",
    "status",
    "created_at",
    "started_at",
    "finished_at",
    "seats",
    "moves",
    "outcome",
    "state",
    "seed_commitment",
    "server_seed",
    "client_seeds",
}


def _api_record(match):
    return f"/api/matches/{match.id}/record/"


@pytest.fixture
def race(alice):
    return finished_match(alice, "race", seats=3)


def test_the_record_holds_everything_to_replay_the_match(api_for, alice, race):
    answer = api_for(alice).get(_api_record(race))
    assert answer.status_code == 200
    record = answer.json()
    assert set(record) == KEYS
    assert record["game"] == "race"
    assert record["status"] == "finished"
    assert record["options"] == race.options
    assert record["outcome"] == race.outcome
    assert record["state"] == race.state
    seats = list(race.seats.order_by("position"))
    assert record["server_seed"] == race.server_seed != ""
    assert record["seed_commitment"] == race.seed_commitment
    assert record["client_seeds"] == [seat.client_seed for seat in seats]
    assert record["seats"][0] == {
        "position": 0,
        "player": "Alice",
        "robot": None,
        "controller": "person",
        "client_seed": seats[0].client_seed,
    }
    assert record["seats"][1]["player"] is None
    assert record["seats"][1]["robot"]
    assert [m["seq"] for m in record["moves"]] == list(range(1, race.version + 1))
    assert record["finished_at"].endswith("Z")
    # The moves as recorded are the ones a replay applies.
    stored = replay_moves(race)
    assert [m["move"] for m in record["moves"]] == [m.payload for m in stored]
    assert replay_to(race, stored).state.to_json() == race.state


def test_the_download_is_the_same_record_as_an_attachment(
    alice_client, api_for, alice, race
):
    answer = alice_client.get(reverse("games:match_record", args=[race.id]))
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("application/json")
    assert answer["Content-Disposition"] == (
        f'attachment; filename="spielpost-match-{race.id}.json"'
    )
    assert json.loads(answer.content) == api_for(alice).get(_api_record(race)).json()


def test_no_record_while_the_match_runs_or_is_open(
    api_for, alice, alice_client, started_match, open_match
):
    for match in (started_match, open_match):
        answer = api_for(alice).get(_api_record(match))
        assert answer.status_code == 409
        assert "once the match is over" in answer.json()["detail"]
        page = alice_client.get(reverse("games:match_record", args=[match.id]))
        assert page.status_code == 409


def test_a_private_match_record_is_404_to_others(
    api_for, alice, carol, client_for, toy
):
    match = services.match_create(user=alice, game_slug="toy", seats=2, private=True)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    play_to_end(match, {0: alice})
    assert api_for(alice).get(_api_record(match)).status_code == 200
    assert api_for(carol).get(_api_record(match)).status_code == 404
    assert (
        api_for(carol)
        .get(_api_record(match), {"invite": match.invite_secret})
        .status_code
        == 200
    )
    page = client_for(carol).get(reverse("games:match_record", args=[match.id]))
    assert page.status_code == 404


def test_the_history_lists_the_persons_ended_matches_latest_first(
    api_for, alice, bob, toy
):
    with time_machine.travel("2026-03-01 10:00Z", tick=False):
        first = finished_match(alice, "toy")
    with time_machine.travel("2026-03-02 10:00Z", tick=False):
        second = finished_match(alice, "race")
    finished_match(bob, "toy")  # not Alice's
    services.match_create(user=alice, game_slug="toy", seats=2)  # open: not listed
    answer = api_for(alice).get("/api/me/history/")
    assert answer.status_code == 200
    page = answer.json()
    assert page["count"] == 2
    assert [entry["id"] for entry in page["results"]] == [second.id, first.id]
    entry = page["results"][1]
    assert entry["game"] == "toy"
    assert entry["finished_at"] == "2026-03-01T10:00:00Z"
    assert entry["position"] == 0
    assert entry["rank"] == first.outcome["ranks"][0]
    assert entry["result"] in {"won", "lost", "shared"}
    assert entry["record"] == _api_record(first)


def test_the_history_pages(api_for, alice, toy):
    for _ in range(3):
        finished_match(alice, "toy")
    client = api_for(alice)
    page = client.get("/api/me/history/", {"limit": 2}).json()
    assert page["count"] == 3
    assert len(page["results"]) == 2
    assert page["previous"] is None
    rest = client.get(page["next"]).json()
    assert len(rest["results"]) == 1
    assert rest["next"] is None
    for bad in ({"limit": 0}, {"limit": "x"}, {"offset": "-1"}, {"limit": 201}):
        assert client.get("/api/me/history/", bad).status_code == 400


def test_the_history_download_needs_a_login(client_for, alice, toy):
    finished_match(alice, "toy")
    url = reverse("games:my_history")
    assert client_for().get(url).status_code == 302
    answer = client_for(alice).get(url)
    assert answer.status_code == 200
    assert answer["Content-Disposition"].startswith("attachment;")
    data = json.loads(answer.content)
    assert data["player"] == "Alice"
    assert len(data["matches"]) == 1


def test_history_queries_do_not_grow_with_the_matches(
    api_for, alice, toy, django_assert_max_num_queries
):
    client = api_for(alice)
    finished_match(alice, "toy")
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as few:
        client.get("/api/me/history/")
    for _ in range(3):
        finished_match(alice, "toy")
    with CaptureQueriesContext(connection) as more:
        client.get("/api/me/history/")
    assert len(few) == len(more)


def test_a_cancelled_match_has_a_record_without_ranks(api_for, alice, started_match):
    Match.objects.filter(id=started_match.id).update(status=Match.Status.CANCELLED)
    record = api_for(alice).get(_api_record(started_match)).json()
    assert record["status"] == "cancelled"
    assert record["outcome"] is None
