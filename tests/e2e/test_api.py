"""A match through the JSON API only: two tokens and a robot.

The game is the test-only Toy (tests/games/toy/): alice and bob roll and
bank through the endpoints, the robot through the real Celery worker,
until the match ends.
"""

from __future__ import annotations

import time

import pytest

from tests.browser import Stack

pytestmark = pytest.mark.browser

GAME_SECONDS = 600
BANK_FROM = 10


def _pick(match: dict) -> dict:
    """Bank from 10 points this turn on, else roll (as a careful person plays)."""
    banks = [m for m in match["legal_moves"] if m.get("kind") == "bank"]
    if banks and match["view"]["pending"] >= BANK_FROM:
        return banks[0]
    rolls = [m for m in match["legal_moves"] if m.get("kind") == "roll"]
    return rolls[0]


def test_a_match_through_the_api(stack: Stack) -> None:
    tokens = {name: stack.token(name) for name in ("alice", "bob")}

    match, path = stack.match_seated("toy", [tokens["alice"], tokens["bob"]], seats=3)
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
                {"version": match["version"], "move": _pick(match)},
            )
            if status == 409:  # the robot moved in between
                refused += 1
                continue
            assert status == 200, body
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
    assert match["outcome"]["scores"] == match["view"]["scores"]
