"""Dice Stars through the JSON API: a solo game and a 3-seat game with a robot.

The same endpoints as Race (the platform is generic): create, join, add a
robot, read the body (view + legal moves), post moves until the end.
"""

from __future__ import annotations

import random

import pytest

from games import services
from games.models import Match

pytestmark = pytest.mark.django_db


@pytest.fixture
def robots_now(monkeypatch):
    """Run each robot's Celery task at once, on commit, instead of in a worker."""
    turns = []

    def play_robot_turn_now(match_id, version):
        turns.append(version)
        services.robot_move_play(match_id=match_id, expected_version=version)

    monkeypatch.setattr("games.tasks.play_robot_turn.delay", play_robot_turn_now)
    return turns


def _poster(clients, capture):
    def post(name, path, data):
        with capture(execute=True):
            response = clients[name].post(path, data, format="json")
        assert response.status_code in (200, 201), response.json()
        return response.json()

    return post


def _play_to_the_end(clients, post, match_id, rnd):
    """Post random legal moves for whoever is to move; return the moves made."""
    limit = Match.objects.get(id=match_id).rules.info.max_moves + 10
    for moves in range(limit):
        bodies = {
            n: c.get(f"/api/matches/{match_id}/").json() for n, c in clients.items()
        }
        first = next(iter(bodies.values()))
        if first["status"] == "finished":
            return moves
        movers = [name for name, body in bodies.items() if body["legal_moves"]]
        assert movers, "the match stalled waiting for its robot"
        body = bodies[movers[0]]
        post(
            movers[0],
            f"/api/matches/{match_id}/moves/",
            {"version": body["version"], "move": rnd.choice(body["legal_moves"])},
        )
    pytest.fail("the match did not end")


def test_a_solo_game_through_the_api_ends_against_the_virtual_opponent(
    api_for, alice, django_capture_on_commit_callbacks
):
    clients = {"alice": api_for(alice)}
    post = _poster(clients, django_capture_on_commit_callbacks)

    created = post(
        "alice",
        "/api/matches/",
        {"game": "dice-stars", "seats": 1, "options": {"solo_grid": 40}},
    )
    # One seat: the match starts at once, alice announces her first draw.
    assert created["status"] == "active"
    assert created["view"]["step"] == "draw"
    assert created["legal_moves"] == [{"kind": "draw", "count": 3}]
    assert created["view"]["solo"] == {
        "size": 40,
        "marked": 0,
        "points_per_cell": 5,
        "opponent_score": 0,
    }

    moves = _play_to_the_end(clients, post, created["id"], random.Random(7))

    final = clients["alice"].get(f"/api/matches/{created['id']}/").json()
    solo = final["view"]["solo"]
    score = final["view"]["sheets"][0]["total"]
    assert final["outcome"]["scores"] == [score]
    won = (
        final["outcome"]["reason"] != "solo_grid_full"
        and score > solo["opponent_score"]
    )
    assert final["outcome"]["ranks"] == [1 if won else 2]
    assert solo["opponent_score"] == 5 * solo["marked"]
    assert moves > 10


def test_three_seats_with_a_greedy_robot_play_to_the_end_through_the_api(
    api_for, alice, bob, robots_now, django_capture_on_commit_callbacks
):
    clients = {"alice": api_for(alice), "bob": api_for(bob)}
    post = _poster(clients, django_capture_on_commit_callbacks)

    match_id = post("alice", "/api/matches/", {"game": "dice-stars", "seats": 3})["id"]
    post("bob", f"/api/matches/{match_id}/join/", {})
    started = post("alice", f"/api/matches/{match_id}/robots/", {"robot": "medium"})
    assert started["status"] == "active"
    assert started["seats"][2]["robot"] == "medium"

    moves = _play_to_the_end(clients, post, match_id, random.Random(3))

    final = clients["bob"].get(f"/api/matches/{match_id}/").json()
    match = Match.objects.get(id=match_id)
    assert final["status"] == "finished"
    assert final["legal_moves"] == []
    totals = [sheet["total"] for sheet in final["view"]["sheets"]]
    assert final["outcome"]["scores"] == totals
    best = max(totals)
    assert [rank == 1 for rank in final["outcome"]["ranks"]] == [
        t == best for t in totals
    ]
    # Equal turns: everybody played as often as everybody else.
    assert len(set(final["view"]["turns"])) == 1
    assert moves > 20
    assert robots_now
    assert match.moves.filter(by_robot=True).count() == len(robots_now)


def test_a_take_that_does_not_fit_is_refused_with_the_reason(
    api_for, alice, django_capture_on_commit_callbacks
):
    from games.rules.dice_stars import RULES
    from games.rules.dice_stars.sheet import Sheet
    from games.rules.dice_stars.state import Die
    from games.rules.structs import replace

    client = api_for(alice)
    match_id = client.post(
        "/api/matches/", {"game": "dice-stars", "seats": 1}, format="json"
    ).json()["id"]
    match = Match.objects.get(id=match_id)
    state = RULES.state_from_json(match.state)
    # Row 3 is full, so the 3s cannot be taken; pink still fits (Dice Stars
    # rules, B: all dice of the chosen kind must fit).
    full_row = Sheet.empty().write(tuple((1, i) for i in range(7)), 3)
    state = replace(
        state,
        step="take",
        reserve=(Die(2, 3), Die(9, 3)),
        bag=tuple(d for d in state.bag if d not in (2, 9)),
        sheets=(full_row,),
    )
    match.state = state.to_json()
    match.save(update_fields=["state"])

    body = client.get(f"/api/matches/{match_id}/").json()
    takes = {take["key"]: take for take in body["view"]["takes"]}
    assert takes["value-3"]["fits"] is False
    assert takes["value-3"]["reason"]["params"]["value"] == 3
    response = client.post(
        f"/api/matches/{match_id}/moves/",
        {"version": body["version"], "move": {"kind": "value", "value": 3}},
        format="json",
    )
    assert response.status_code == 409
    assert "do not fit" in response.json()["detail"]
    assert Match.objects.get(id=match_id).version == body["version"]
