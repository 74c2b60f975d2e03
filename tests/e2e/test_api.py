"""The same Race match through the JSON API only: two tokens and a robot."""

from __future__ import annotations

import time

import pytest

from tests.browser import DEMO_PASSWORD, Stack

pytestmark = pytest.mark.browser

GAME_SECONDS = 600


def _token(stack: Stack, username: str) -> str:
    status, body = stack.api(
        "POST", "/api/token/", body={"username": username, "password": DEMO_PASSWORD}
    )
    assert status == 200, body
    return body["token"]


def _pick(legal_moves: list[dict]) -> dict:
    plays = [move for move in legal_moves if move.get("kind") == "play"]
    return (plays or legal_moves)[0]


def test_a_race_through_the_api(stack: Stack) -> None:
    tokens = {name: _token(stack, name) for name in ("alice", "bob")}

    status, match = stack.api(
        "POST", "/api/matches/", tokens["alice"], {"game": "race", "seats": 3}
    )
    assert status == 201, match
    path = f"/api/matches/{match['id']}/"
    status, match = stack.api("POST", path + "join/", tokens["bob"])
    assert status == 200, match
    status, match = stack.api("POST", path + "robots/", tokens["alice"], {})
    assert status == 200, match
    assert match["status"] == "active"
    assert [seat["robot"] != "" for seat in match["seats"]] == [False, False, True]

    moves = {"alice": 0, "bob": 0}
    refused = 0
    deadline = time.monotonic() + GAME_SECONDS
    while True:
        assert time.monotonic() < deadline, f"unfinished after {moves}: {match}"
        acted = False
        for name, token in tokens.items():
            status, match = stack.api("GET", path, token)
            assert status == 200, match
            if match["status"] == "finished":
                break
            if match["your_seat"] not in match["to_move"]:
                continue
            assert match["legal_moves"], match
            status, body = stack.api(
                "POST",
                path + "moves/",
                token,
                {"version": match["version"], "move": _pick(match["legal_moves"])},
            )
            if status == 409:  # the robot moved in between
                refused += 1
                continue
            assert status == 200, body
            # A robot's simultaneous move may land first: the service still accepts
            # this one (the seat's decision was due at the version we read).
            assert body["version"] > match["version"]
            moves[name] += 1
            acted = True
        if match["status"] == "finished":
            break
        if not acted:
            time.sleep(0.2)  # the worker plays the robot

    assert moves["alice"] > 0
    assert moves["bob"] > 0
    assert refused < 20
    ranks = match["outcome"]["ranks"]
    assert len(ranks) == len(match["seats"]) == 3
    assert all(isinstance(rank, int) and 1 <= rank <= 3 for rank in ranks)
    assert min(ranks) == 1
    assert match["legal_moves"] == []


def test_a_dice_stars_game_with_a_greedy_robot_through_the_api(stack: Stack) -> None:
    """Dice Stars on the same endpoints: alice, bob and a greedy robot (3 seats)."""
    tokens = {name: _token(stack, name) for name in ("alice", "bob")}
    status, match = stack.api(
        "POST", "/api/matches/", tokens["alice"], {"game": "dice-stars", "seats": 3}
    )
    assert status == 201, match
    path = f"/api/matches/{match['id']}/"
    status, match = stack.api("POST", path + "join/", tokens["bob"])
    assert status == 200, match
    status, match = stack.api(
        "POST", path + "robots/", tokens["alice"], {"robot": "greedy"}
    )
    assert status == 200, match
    assert match["status"] == "active"

    moves = 0
    deadline = time.monotonic() + GAME_SECONDS
    while match["status"] != "finished":
        assert time.monotonic() < deadline, f"unfinished after {moves} moves: {match}"
        acted = False
        for token in tokens.values():
            status, match = stack.api("GET", path, token)
            assert status == 200, match
            if match["status"] == "finished" or not match["legal_moves"]:
                continue
            # Take the first legal move: the fewest dice, the first take.
            status, body = stack.api(
                "POST",
                path + "moves/",
                token,
                {"version": match["version"], "move": match["legal_moves"][0]},
            )
            if status == 409:  # the robot moved in between
                continue
            assert status == 200, body
            moves += 1
            acted = True
        if not acted and match["status"] != "finished":
            time.sleep(0.2)  # the worker plays the robot

    totals = [sheet["total"] for sheet in match["view"]["sheets"]]
    assert match["outcome"]["scores"] == totals
    assert min(match["outcome"]["ranks"]) == 1
    assert len(set(match["view"]["turns"])) == 1
    assert moves > 20
