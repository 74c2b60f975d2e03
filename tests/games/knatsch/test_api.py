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
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from functools import cache
from itertools import takewhile

import pytest
import time_machine

from games import exceptions, selectors, services
from games.clocks import PRESETS
from games.models import Match, Notification
from games.rules.knatsch import RULES
from games.rules.knatsch.moves import Attack, RollForStack
from games.rules.knatsch.strong import choose_strong
from games.rules.registry import default_robot
from games.rules.rng import Rng
from tests.api.conftest import ApiTable

pytestmark = pytest.mark.django_db

NAMES = ("alice", "bob")  # seats 0 and 1; the robot sits on seat 2
ROBOT = 2
MOVES_MAX = 2000
SEEDS_TRIED = 500
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)

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


def _your_turn_versions(user, match_id) -> list[int]:
    return [
        n.params["version"]
        for n in Notification.objects.filter(
            user=user, match_id=match_id, kind=Kind.YOUR_TURN
        ).order_by("id")
    ]


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


def _joust_begins(bodies) -> bool:
    attempt = bodies["alice"]["view"]["attempt"]
    return bool(
        attempt
        and attempt["role"] == "joust"
        and attempt["roller"] != ROBOT
        and attempt["throws"] == 0
    )


def _clocks_running(body: dict) -> list[int]:
    return [clock["position"] for clock in body["clock"] if clock["running"]]


def test_a_defender_who_times_out_is_played_by_the_robot_and_the_match_goes_on(
    api_for,
    alice,
    bob,
    robots_via_celery,
    django_capture_on_commit_callbacks,
    monkeypatch,
):
    from games.tasks import apply_turn_timeout

    enqueued: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "games.services.timeouts._timeout_task_enqueue",
        lambda *args: enqueued.append(args),
    )
    users = {"alice": alice, "bob": bob}
    table = Table(api_for, (alice, bob), django_capture_on_commit_callbacks)
    with time_machine.travel(START, tick=False) as traveller:
        table.start(seed=_seed("timeout"), time_control="live")
        _play(table, until=_defence_begins)
        bodies = table.last
        defending = bodies["alice"]["view"]["attempt"]
        defender, attacker = defending["roller"], defending["attacker"]
        assert (defender, attacker) == (0, 1)
        version = bodies["alice"]["version"]
        match = Match.objects.get(id=table.match_id)
        seats = {seat.position: seat for seat in match.seats.all()}

        # The defender's clock runs from their bank; the attacker's stopped.
        assert _clocks_running(bodies["alice"]) == [defender]
        bank = seats[defender].clock_bank
        assert seats[defender].clock_deadline_at == START + timedelta(seconds=bank)
        assert seats[attacker].clock_deadline_at is None
        assert match.turn_deadline_at == seats[defender].clock_deadline_at
        # ... and they heard "your turn" when their defence began.
        person = users[NAMES[defender]]
        assert _your_turn_versions(person, match.id)[-1] == version

        traveller.shift(timedelta(seconds=bank - 1))
        assert services.expire_overdue_turns() == 0
        traveller.shift(timedelta(seconds=1))
        with django_capture_on_commit_callbacks(execute=True):
            assert services.expire_overdue_turns() == 1
        assert enqueued == [(match.id, version)]
        robot_tasks = len(robots_via_celery)
        with django_capture_on_commit_callbacks(execute=True):
            apply_turn_timeout.apply(args=enqueued[0]).get()

        # The robot threw the whole defence for the defender, and nothing else.
        later = list(match.moves.filter(seq__gt=version).order_by("seq"))
        timed_out = [move for move in later if move.by_timeout]
        assert timed_out == later[: len(timed_out)]
        assert timed_out
        assert {(m.seat, m.by_robot) for m in timed_out} == {(defender, True)}
        assert {"defended", "defence_failed"} & {
            event["kind"] for event in timed_out[-1].events
        }
        # The match went on with the next seat, the robot's, by its task.
        assert later[len(timed_out)].seat == ROBOT
        assert len(robots_via_celery) > robot_tasks
        defender_seat = match.seats.get(position=defender)
        assert defender_seat.timeouts_in_row == 1
        assert Notification.objects.filter(
            user=person, match_id=match.id, kind=Kind.TIMED_OUT
        ).exists()
        assert any(
            entry.by_timeout and entry.seat_name == person.display_name
            for entry in selectors.board_context(
                match=selectors.seats_load(Match.objects.get(id=match.id)), seat=None
            ).log
        )

        # Now it is alice's turn (seat 0 follows the robot): "your turn",
        # and her clock runs again, with the increment the timeout earned.
        bodies = table.bodies()
        assert _mover(bodies) == "alice"
        assert bodies["alice"]["view"]["phase"] == "target"
        assert bodies["alice"]["view"]["current"] == 0
        assert _your_turn_versions(alice, match.id)[-1] == bodies["alice"]["version"]
        assert _clocks_running(bodies["alice"]) == [0]
        assert match.seats.get(position=0).clock_deadline_at == START + timedelta(
            seconds=bank + PRESETS["live"].increment
        )

        # In the tournament, the player throwing is the one whose clock runs.
        _play(table, until=_joust_begins)
        bodies = table.last
        jouster = bodies["alice"]["view"]["attempt"]["roller"]
        assert bodies["alice"]["view"]["tournament"]["host"] != jouster
        assert _clocks_running(bodies["alice"]) == [jouster]
        assert (
            _your_turn_versions(users[NAMES[jouster]], match.id)[-1]
            == bodies["alice"]["version"]
        )

        _play(table)

    final = table.bodies()["alice"]
    assert final["status"] == "finished"
    assert _clocks_running(final) == []
    assert sorted(final["outcome"]["ranks"]) == [1, 2, 2]
    # Moving again took the seat back: the strike is cleared.
    match = Match.objects.get(id=table.match_id)
    assert match.seats.get(position=defender).timeouts_in_row == 0


def test_a_timed_out_defence_that_the_defenders_turn_follows_plays_only_the_defence(
    api_for,
    alice,
    bob,
    robots_via_celery,
    django_capture_on_commit_callbacks,
    monkeypatch,
):
    from games.tasks import apply_turn_timeout

    enqueued: list[tuple[int, int]] = []
    monkeypatch.setattr(
        "games.services.timeouts._timeout_task_enqueue",
        lambda *args: enqueued.append(args),
    )
    table = Table(api_for, (alice, bob), django_capture_on_commit_callbacks)
    with time_machine.travel(START, tick=False) as traveller:
        table.start(seed=_seed("next_seat"), time_control="live")
        _play(table, until=_defence_begins)
        defending = table.last["alice"]["view"]["attempt"]
        assert (defending["roller"], defending["attacker"]) == (1, 0)
        version = table.last["alice"]["version"]
        match = Match.objects.get(id=table.match_id)
        bank = match.seats.get(position=1).clock_bank
        traveller.shift(timedelta(seconds=bank))
        with django_capture_on_commit_callbacks(execute=True):
            assert services.expire_overdue_turns() == 1
            apply_turn_timeout.apply(args=enqueued[0]).get()

        timed_out = list(
            match.moves.filter(seq__gt=version, by_timeout=True).order_by("seq")
        )
        # The robot threw bob's defence; his own turn, which follows it,
        # is still his to play.
        assert {"defended", "defence_failed"} & {
            event["kind"] for event in timed_out[-1].events
        }
        bodies = table.bodies()
        assert _mover(bodies) == "bob"
        assert bodies["bob"]["view"]["phase"] == "target"


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
