"""Dice Stars through the JSON API only: two tokens and a greedy robot.

Moved from tests/e2e/test_api.py (issue 22): the platform's API test plays
the test-only Toy; this one checks Dice Stars' own view (its sheets and
turns) at the end of a whole game.
"""

from __future__ import annotations

import time

import pytest

from tests.browser import Stack

pytestmark = pytest.mark.browser

GAME_SECONDS = 600


def test_a_dice_stars_game_with_a_greedy_robot_through_the_api(stack: Stack) -> None:
    """Dice Stars on the same endpoints: alice, bob and a greedy robot (3 seats)."""
    tokens = {name: stack.token(name) for name in ("alice", "bob")}
    match, path = stack.match_seated(
        "dice-stars", [tokens["alice"], tokens["bob"]], seats=3
    )
    status, match = stack.api(
        "POST", path + "robots/", tokens["alice"], {"robot": "medium"}
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
