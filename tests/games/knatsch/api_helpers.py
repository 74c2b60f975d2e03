"""The Knatsch API tests' table, persons and seeds (test_api*.py).

The persons choose as the strong robot does (`choose_strong`), steered to
host every tournament on offer and to attack the castle of a player with
two or more. The match seed is searched at test time (`_seed`) so that the
match holds what a test needs: alice defends against bob, alice hosts a
tournament in which bob and the robot throw, and somebody wins.
"""

from __future__ import annotations

from functools import cache
from itertools import takewhile

import pytest

from games.models import Match, Notification
from games.rules.knatsch import RULES
from games.rules.knatsch.moves import Attack, RollForStack
from games.rules.knatsch.strong import choose_strong
from games.rules.registry import default_robot
from games.rules.rng import Rng
from tests.api.conftest import ApiTable

NAMES = ("alice", "bob")  # seats 0 and 1; the robot sits on seat 2
ROBOT = 2
MOVES_MAX = 2000
SEEDS_TRIED = 500

Kind = Notification.Kind


def _choose(body: dict) -> dict:
    """Return the move a person posts: the strong robot's, steered (module docstring)."""
    view = body["view"]
    legal = [RULES.move_from_json(move) for move in body["legal_moves"]]
    if view["phase"] == "target":
        for move in legal:
            if isinstance(move, RollForStack):
                top = view["stacks"][move.stack]["top"]
                if top is not None and top["type"] == "tournament":
                    return move.to_json()
        rich = {
            castle["id"]
            for player in view["players"]
            if player["seat"] != view["seat"] and len(player["castles"]) >= 2
            for castle in player["castles"]
        }
        for move in legal:
            if isinstance(move, Attack) and move.card in rich:
                return move.to_json()
    return choose_strong(view, legal, Rng(seed=0)).to_json()


def _simulate(seed: int) -> tuple[list[tuple[str, int, int | None]], str | None]:
    """Play the match of `seed` in the engine alone, as the API test plays it.

    The persons choose with `_choose`, the robot as the platform's robot
    task does. Returns the throws as (role, seat, attacker) and the end
    reason (None if it did not end within MOVES_MAX moves).
    """
    robot = default_robot("knatsch")
    state = RULES.new_state(seats=3, options={}, seed=seed)
    throws: list[tuple[str, int, int | None]] = []
    for version in range(MOVES_MAX):
        to_move = RULES.to_move(state)
        if not to_move:
            return throws, state.end_reason
        seat = min(to_move)
        legal = RULES.legal_moves(state, seat)
        view = RULES.view(state, seat)
        if seat == ROBOT:
            move = robot.choose(view, legal, Rng(seed=-seed - 1, draws=version))
        else:
            body = {"view": view, "legal_moves": [m.to_json() for m in legal]}
            move = RULES.move_from_json(_choose(body))
        if state.attempt is not None:
            throws.append((state.attempt.role, seat, state.current))
        state, _ = RULES.apply(state, seat, move)
    return throws, None


def _first_person_defence(throws) -> tuple[int, int | None] | None:
    return next(
        (
            (seat, attacker)
            for role, seat, attacker in throws
            if role == "defence" and seat != ROBOT
        ),
        None,
    )


def _own_turn_after_robot(throws) -> bool:
    """Return whether only the robot throws in its turn after alice's first
    defence, and alice's next throw is in her own turn."""
    first = next(
        i
        for i, (role, seat, _) in enumerate(throws)
        if role == "defence" and seat != ROBOT
    )
    rest = throws[first:]
    while rest and rest[0][0] == "defence":
        rest = rest[1:]
    robot_turn = list(takewhile(lambda t: t[2] == ROBOT, rest))
    rest = rest[len(robot_turn) :]
    only_robot = all(seat == ROBOT for _, seat, _ in robot_turn)
    return only_robot and bool(rest) and rest[0][1:] == (0, 0)


@cache
def _seed(kind: str) -> int:
    """Return the first match seed whose match has what the tests of `kind` need.

    "main": alice (seat 0) defends against bob (seat 1) first, alice hosts
    the only tournaments, bob and the robot throw in them, and somebody
    wins. "timeout": alice defends against bob first, only the robot
    throws in its turn after that (alice then plays her own turn), a person
    throws in a tournament as a guest, and somebody wins. "next_seat": bob defends against alice first, so his own turn
    follows the defence at once. Searched at test time, so a change to the
    robot or the engine moves the seed, not the tests.
    """
    for seed in range(SEEDS_TRIED):
        throws, reason = _simulate(seed)
        if reason is None or reason == "turn_limit":
            continue
        defence = _first_person_defence(throws)
        if kind == "next_seat" and defence == (1, 0):
            return seed
        hosts = {seat for role, seat, _ in throws if role == "host"}
        guests = {seat for role, seat, _ in throws if role == "joust"}
        main = defence == (0, 1) and hosts == {0} and guests == {1, ROBOT}
        if kind == "main" and main:
            return seed
        person_guest = bool(guests - {ROBOT})
        timeout = defence == (0, 1) and person_guest and _own_turn_after_robot(throws)
        if kind == "timeout" and timeout:
            return seed
    pytest.fail(f"no seed below {SEEDS_TRIED} gives a {kind} match")


class Table(ApiTable):
    """alice's and bob's API clients at one Knatsch match."""

    def __init__(self, api_for, users, capture):
        super().__init__(api_for, users, capture)
        self.last: dict[str, dict] = {}

    def start(self, seed: int | None = None, **create) -> dict:
        """Create the match (alice), let bob join, fix the seed, add the robot."""
        self.match_id = self.post(
            "alice", "/api/matches/", {"game": "knatsch", "seats": 3, **create}
        )["id"]
        self.post("bob", f"/api/matches/{self.match_id}/join/", {})
        # The seed is drawn at creation; the state is dealt from it at the
        # start. No server seed: the searched int seed deals (legacy scheme).
        Match.objects.filter(id=self.match_id).update(
            seed=_seed("main") if seed is None else seed,
            server_seed="",
            seed_commitment="",
        )
        started = self.post("alice", f"/api/matches/{self.match_id}/robots/", {})
        assert started["status"] == "active"
        assert started["seats"][ROBOT]["robot"] == "medium"
        return started


def _mover(bodies: dict[str, dict]) -> str:
    """Check who is to move as both persons see it; return the person to move.

    While somebody throws, the seat to move is the thrower (the defender, a
    tournament player), else the seat whose turn it is. The robot's moves
    ran on commit, so a person is to move; only they have legal moves.
    """
    alice, bob = bodies["alice"], bodies["bob"]
    assert alice["to_move"] == bob["to_move"]
    assert alice["version"] == bob["version"]
    view = alice["view"]
    attempt = view["attempt"]
    expected = [attempt["roller"]] if attempt else [view["current"]]
    assert alice["to_move"] == expected == view["to_move"]
    (seat,) = expected
    assert seat != ROBOT, "the match stalled waiting for its robot"
    movers = [name for name, body in bodies.items() if body["legal_moves"]]
    assert movers == [NAMES[seat]]
    assert bodies[NAMES[seat]]["your_seat"] == seat
    return NAMES[seat]


def _play(table: Table, *, until=None) -> int:
    """Play the persons' moves through the API; return the moves posted.

    Stops when the match is over, or before the move for which
    `until(bodies)` is true; `table.last` holds the bodies read last.
    """
    for posted in range(MOVES_MAX):
        bodies = table.bodies()
        table.last = bodies
        if bodies["alice"]["status"] == "finished":
            return posted
        name = _mover(bodies)
        if until is not None and until(bodies):
            return posted
        body = bodies[name]
        table.post(
            name, table.moves_path, {"version": body["version"], "move": _choose(body)}
        )
    pytest.fail("the match did not end")


def _defence_begins(bodies) -> bool:
    attempt = bodies["alice"]["view"]["attempt"]
    return bool(
        attempt
        and attempt["role"] == "defence"
        and attempt["roller"] != ROBOT
        and attempt["throws"] == 0
    )


def _your_turn_versions(user, match_id) -> list[int]:
    return [
        n.params["version"]
        for n in Notification.objects.filter(
            user=user, match_id=match_id, kind=Kind.YOUR_TURN
        ).order_by("id")
    ]
