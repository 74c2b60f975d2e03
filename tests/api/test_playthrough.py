from __future__ import annotations

import random

import pytest

from games import services
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_alice_bob_and_a_robot_play_a_whole_match_through_the_api(
    api_for, alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    # The robot's Celery task runs at once, on commit, instead of in a worker.
    robot_turns = []

    def play_robot_turn_now(match_id, version):
        robot_turns.append(version)
        services.robot_move_play(match_id=match_id, expected_version=version)

    monkeypatch.setattr("games.tasks.play_robot_turn.delay", play_robot_turn_now)
    players = {"alice": api_for(alice), "bob": api_for(bob)}

    def post(name, path, data):
        with django_capture_on_commit_callbacks(execute=True):
            response = players[name].post(path, data, format="json")
        assert response.status_code in (200, 201), response.json()
        return response.json()

    match_id = post(
        "alice",
        "/api/matches/",
        {"game": "toy", "seats": 3, "options": {"target": "long"}},
    )["id"]
    post("bob", f"/api/matches/{match_id}/join/", {})
    post("alice", f"/api/matches/{match_id}/robots/", {})
    rnd = random.Random(4)
    moves = 0

    # The Toy has no bound on moves, only on turns (30): ample.
    for _ in range(1000):
        bodies = {
            n: c.get(f"/api/matches/{match_id}/").json() for n, c in players.items()
        }
        if bodies["alice"]["status"] == "finished":
            break
        movers = [name for name, body in bodies.items() if body["legal_moves"]]
        # Robot turns ran on commit: a person must be to move now.
        assert movers, "the match stalled waiting for its robot"
        body = bodies[movers[0]]
        post(
            movers[0],
            f"/api/matches/{match_id}/moves/",
            {
                "version": body["version"],
                "move": rnd.choice(body["legal_moves"]),
            },
        )
        moves += 1
    else:
        pytest.fail("the match did not end")

    final = players["bob"].get(f"/api/matches/{match_id}/").json()
    match = Match.objects.get(id=match_id)
    assert final["status"] == "finished"
    assert final["to_move"] == []
    assert final["legal_moves"] == []
    assert final["outcome"] == match.outcome
    assert len(final["outcome"]["ranks"]) == 3
    # The final view is everybody's: the scores the outcome ranks.
    assert final["view"]["scores"] == final["outcome"]["scores"]
    assert moves > 10
    assert robot_turns
    assert match.moves.filter(by_robot=True).count() == len(robot_turns)
