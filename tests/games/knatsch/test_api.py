"""Knatsch through the JSON API: a defence and a tournament with alice, bob and a robot.

Knatsch's `to_move` changes hands within a turn: an attacked castle's owner
throws to defend it, and every seat throws in a tournament, so the seat to
move is whoever throws now (Knatsch rulings, Asynchronous play). The
platform is generic: the same endpoints as Race and Dice Stars, the same
clocks, notices and timeouts, following the rules' `to_move`.

The persons choose as the strong robot does (`choose_strong`), steered to
host every tournament on offer and to attack the castle of a player with
two or more. The match seed is searched at test time (`_seed`) so that the
match holds what a test needs: alice defends against bob, alice hosts a
tournament in which bob and the robot throw, and somebody wins. The
robot's Celery task runs eagerly (`Task.apply`) on commit instead of in a
worker.

The table, the persons and the seed search: api_helpers.py; the timeouts:
test_api_timeouts.py.
"""

from __future__ import annotations

import re

import pytest

from games import exceptions, selectors
from games.models import Match
from games.rules.knatsch import RULES
from tests.games.knatsch.api_helpers import (
    NAMES,
    ROBOT,
    Table,
    _defence_begins,
    _play,
    _your_turn_versions,
)

pytestmark = pytest.mark.django_db


def _replay(match: Match) -> list[tuple[str, int, bool]]:
    """Replay the stored moves through the engine; return (role, seat, by_robot) of each throw.

    Checks that each move was made by a seat to move and, during an attempt,
    by the seat throwing it; and that the replay reaches the stored state.
    """
    state = RULES.new_state(seats=3, options={}, seed=match.seed)
    throws: list[tuple[str, int, bool]] = []
    for move in match.moves.order_by("seq"):
        assert move.seat in RULES.to_move(state)
        if state.attempt is not None:
            assert move.seat == state.attempt.roller
            throws.append((state.attempt.role, move.seat, move.by_robot))
        state, _events = RULES.apply(
            state, move.seat, RULES.move_from_json(move.payload)
        )
    assert state.to_json() == match.state
    return throws


def _log_lines(match: Match) -> list[str]:
    selectors.seats_load(match)
    board = selectors.board_context(match=match, seat=None)
    return [line for entry in board.log for line in entry.lines]


def test_a_defence_and_a_tournament_through_the_api_to_a_win(
    api_for, alice, bob, robots_via_celery, django_capture_on_commit_callbacks
):
    table = Table(api_for, (alice, bob), django_capture_on_commit_callbacks)
    table.start()
    users = {"alice": alice, "bob": bob}

    before = _play(table, until=_defence_begins)
    bodies = table.last
    defending = bodies["alice"]["view"]["attempt"]
    defender = NAMES[defending["roller"]]
    attacker = NAMES[defending["attacker"]]
    assert (defender, attacker) == ("alice", "bob")
    version = bodies[defender]["version"]
    moves = Match.objects.get(id=table.match_id).moves.count()
    # The defender's turn began: "your turn", at the version it began.
    assert _your_turn_versions(users[defender], table.match_id)[-1] == version
    assert version not in _your_turn_versions(users[attacker], table.match_id)
    # The attacker waits: nothing to play while the defender throws.
    assert bodies[attacker]["legal_moves"] == []
    assert bodies[defender]["legal_moves"] == [{"kind": "throw"}, {"kind": "decline"}]

    # A stale version: 409, and nothing changes.
    stale = table.post_raw(
        defender, {"version": version - 1, "move": {"kind": "throw", "keep": []}}
    )
    assert stale.status_code == 409
    assert stale.json() == {"detail": str(exceptions.STALE_MATCH)}
    # A move the rules cannot read, and one they refuse now: 409 with the reason.
    malformed = table.post_raw(
        defender, {"version": version, "move": {"kind": "throw", "keep": "all"}}
    )
    assert malformed.status_code == 409
    assert malformed.json() == {"detail": "That move is not understood."}
    unknown = table.post_raw(defender, {"version": version, "move": {"kind": "fly"}})
    assert unknown.status_code == 409
    assert unknown.json() == {"detail": "That move is not understood."}
    early = table.post_raw(defender, {"version": version, "move": {"kind": "stop"}})
    assert early.status_code == 409
    assert early.json() == {"detail": "Throw at least once before you stop."}
    # The attacker may not throw for the defender: 403.
    not_theirs = table.post_raw(
        attacker, {"version": version, "move": {"kind": "throw", "keep": []}}
    )
    assert not_theirs.status_code == 403
    assert not_theirs.json() == {"detail": str(exceptions.NOT_YOUR_TURN)}
    after = table.bodies()
    assert after == bodies
    assert Match.objects.get(id=table.match_id).moves.count() == moves

    rest = _play(table)

    final = table.bodies()["bob"]
    match = Match.objects.get(id=table.match_id)
    assert final["status"] == "finished"
    assert final["to_move"] == []
    assert final["legal_moves"] == []
    assert final["outcome"] == match.outcome
    winner = final["view"]["winner"]
    assert final["outcome"]["ranks"] == [1 if s == winner else 2 for s in range(3)]
    assert final["outcome"]["reason"] == final["view"]["end_reason"]
    assert final["outcome"]["reason"] != "turn_limit"

    # Every throw was made by the seat throwing; the defence was a person's,
    # and each seat threw in the tournament (the robot too, by its task).
    throws = _replay(match)
    assert ("defence", defending["roller"], False) in throws
    assert {seat for role, seat, _ in throws if role == "host"} == {0}
    assert {(seat, by_robot) for role, seat, by_robot in throws if role == "joust"} == {
        (1, False),
        (ROBOT, True),
    }
    assert robots_via_celery
    assert match.moves.filter(by_robot=True).count() == len(robots_via_celery)
    assert match.moves.filter(by_robot=False).count() == before + rest

    lines = _log_lines(match)
    assert any(re.fullmatch(r"Alice must beat .+ to keep .+\.", li) for li in lines)
    assert any(
        re.fullmatch(r"Alice does not beat .+ and loses .+\.", li)
        or re.fullmatch(r"Alice beats .+ and keeps .+\.", li)
        for li in lines
    )
    assert "Alice hosts a tournament." in lines
    assert any(
        re.fullmatch(r"Bob throws in the tournament and must beat .+\.", li)
        for li in lines
    )
    assert any(li.endswith("wins the tournament.") for li in lines)
    assert any(li.endswith("and wins!") for li in lines)


def test_the_board_page_shows_a_defence(
    client_for,
    api_for,
    alice,
    bob,
    carol,
    robots_via_celery,
    django_capture_on_commit_callbacks,
):
    from django.template import TemplateDoesNotExist
    from django.template.loader import get_template
    from django.urls import reverse

    try:
        get_template("games/knatsch/board.html")
    except TemplateDoesNotExist:
        pytest.skip("templates/games/knatsch/board.html is not written yet")
    table = Table(api_for, (alice, bob), django_capture_on_commit_callbacks)
    table.start()
    _play(table, until=_defence_begins)
    defending = table.last["alice"]["view"]["attempt"]
    users = {0: alice, 1: bob}
    move_url = reverse("games:move_create", args=[table.match_id])

    pages = {
        position: client_for(user).get(f"/matches/{table.match_id}/")
        for position, user in {**users, None: carol}.items()
    }

    assert {position: page.status_code for position, page in pages.items()} == {
        0: 200,
        1: 200,
        None: 200,
    }
    # Only the defender has moves to make: the forms post to the move URL.
    assert move_url in pages[defending["roller"]].content.decode()
    assert move_url not in pages[defending["attacker"]].content.decode()
    assert move_url not in pages[None].content.decode()
