"""Rat um Rad through the JSON API: alice, bob and two robots play a whole match.

The match is made, joined and filled with robots over the API, on the
Basel map (the `map` option). The persons play by a plain policy (keep
every destination card, build the first road they can, else take a card
from the deck) by posting moves with their tokens; the robots' Celery task
runs eagerly (`Task.apply`) on commit instead of in a worker. Whatever the
seed, the match ends: the persons build whenever they can, so their
wheels run out and the final round comes.

At every step each seat's answer is checked for secrets: its view holds
its own hand, destination cards and offer, and nothing of the other
seats' until the end. Once a person can build, bad moves are posted (an
unknown road, the wrong colour, a road they cannot pay for, broken JSON, a
stale version, another seat's turn): each is a 4xx with a readable
`detail`, and nothing changes.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games import exceptions, fairness
from games.models import Match
from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.actions import road_refusal
from games.rules.rat_um_rad.maps import MAPS
from games.rules.registry import robots_for
from tests.api.conftest import ApiTable

pytestmark = pytest.mark.django_db

SLUG = "rat-um-rad"
NAMES = ("alice", "bob")  # seats 0 and 1; robots on seats 2 and 3
ROBOT_SEATS = (2, 3)
MOVES_MAX = 3000
SEED = 7  # any seed plays to the end; a fixed one makes the run repeatable
BASEL = MAPS["basel"]
PLAYER_KEYS = {
    "seat",
    "colour",
    "score",
    "wheels",
    "cards",
    "destinations",
    "longest",
    "done",
}


def _robot() -> str:
    """Return the robot to seat: "easy", the random robot."""
    robots = robots_for(SLUG)
    return "easy" if "easy" in robots else next(iter(robots))


class Table(ApiTable):
    """alice's and bob's API clients at one Rat um Rad match."""

    def post_text(self, name: str, text: str):
        with self.capture(execute=True):
            return self.clients[name].post(
                self.moves_path, text, content_type="application/json"
            )

    def start(self) -> dict:
        """Create the 4-seat match on Basel (alice), let bob join, add two robots."""
        created = self.post(
            "alice",
            "/api/matches/",
            {"game": SLUG, "seats": 4, "options": {"map": "basel"}},
        )
        assert created["options"] == {"map": "basel"}
        self.match_id = created["id"]
        self.post("bob", f"/api/matches/{self.match_id}/join/", {})
        # The seed is drawn at creation; the state is dealt from it at the start.
        Match.objects.filter(id=self.match_id).update(seed=SEED)
        path = f"/api/matches/{self.match_id}/robots/"
        self.post("alice", path, {"robot": _robot()})
        return self.post("alice", path, {"robot": _robot()})


def _choose(body: dict) -> dict:
    """Return the move a person posts: keep everything, build, else take blind."""
    legal = body["legal_moves"]
    for kind in ("keep", "build", "take_deck"):
        moves = [m for m in legal if m["kind"] == kind]
        if moves:
            # Keep moves come largest first; builds pay with fewest jokers.
            if kind == "build":
                return min(moves, key=lambda m: m["jokers"])
            return moves[0]
    return legal[0]


def _state(match_id: int):
    return Match.objects.get(id=match_id).game_state()


def _check_secrets(bodies: dict[str, dict], state) -> None:
    """Each person's view shows their own secrets and none of another seat's.

    Until the end: the other seats' destination and offered cards appear
    nowhere in the answer; players carry open figures only. The hand,
    destinations and offer shown are the seat's own.
    """
    over = state.phase == "over"
    for seat, name in enumerate(NAMES):
        body = bodies[name]
        view = body["view"]
        assert body["your_seat"] == seat
        assert view["seat"] == seat
        hand = Counter(state.hands[seat])
        assert {k: n for k, n in view["hand"].items() if n} == dict(hand)
        assert [d["id"] for d in view["destinations"]] == list(state.destinations[seat])
        assert [d["id"] for d in view["offer"]] == list(state.offers[seat])
        for player in view["players"]:
            assert set(player) == PLAYER_KEYS, player
            other = player["seat"]
            assert player["cards"] == len(state.hands[other])
            assert player["destinations"] == len(state.destinations[other])
        if over:
            continue
        text = json.dumps(body)
        for other in range(state.seats):
            if other == seat:
                continue
            for card in (*state.destinations[other], *state.offers[other]):
                assert card not in text, f"{name} sees seat {other}'s {card}"
        # Nothing of the decks' order either.
        assert "short_deck" not in text
        assert "rng" not in view


def _bad_moves(state, seat: int) -> tuple[dict[str, dict], str]:
    """Return an unknown road, a wrong colour and an unaffordable build for `seat`.

    And the colour the wrongly paid road takes. The roads are free and not
    refused by wheels or pairs, so only the payment is wrong.
    """
    owners = dict(state.built)
    hand = Counter(state.hands[seat])
    free = [
        road
        for road in BASEL.roads
        if road_refusal(state, seat, road, owners) is None and road.colour != "grey"
    ]
    wrong = free[0]
    other = next(c for c in ("red", "blue") if c != wrong.colour)
    poor = next(road for road in free if hand[road.colour] < road.length)
    return {
        "unknown road": {
            "kind": "build",
            "road": "Rhein-to-Mond",
            "colour": "red",
            "jokers": 0,
        },
        "wrong colour": {
            "kind": "build",
            "road": wrong.id,
            "colour": other,
            "jokers": 0,
        },
        "unaffordable": {
            "kind": "build",
            "road": poor.id,
            "colour": poor.colour,
            "jokers": 0,
        },
    }, wrong.colour


def _check_bad_input(table: Table, bodies: dict[str, dict], name: str) -> None:
    """Post bad moves for `name` (to move, able to build): 4xx, detail, no change."""
    body = bodies[name]
    version = body["version"]
    assert table.match_id is not None
    match = Match.objects.get(id=table.match_id)
    state = match.game_state()
    moves = match.moves.count()
    bad, colour = _bad_moves(state, body["your_seat"])

    answers = {
        label: table.post_raw(name, {"version": version, "move": move})
        for label, move in bad.items()
    }
    answers["malformed JSON"] = table.post_text(
        name, f'{{"version": {version}, "move": {{"kind": "build", "road": '
    )
    answers["malformed move"] = table.post_raw(
        name,
        {
            "version": version,
            "move": {"kind": "build", "road": 7, "colour": "red", "jokers": -1},
        },
    )
    answers["stale version"] = table.post_raw(
        name, {"version": version - 1, "move": _choose(body)}
    )
    other = next(n for n in NAMES if n != name)
    answers["not your turn"] = table.post_raw(
        other, {"version": version, "move": _choose(body)}
    )

    details = {label: answer.json()["detail"] for label, answer in answers.items()}
    assert {label: answer.status_code for label, answer in answers.items()} == {
        # What the rules refuse is the match's state deciding: 409.
        "unknown road": 409,
        "wrong colour": 409,
        "unaffordable": 409,
        "malformed JSON": 400,
        "malformed move": 409,
        "stale version": 409,
        "not your turn": 403,
    }, details
    assert details["unknown road"] == "There is no such road."
    assert details["wrong colour"] == (f"That road must be paid in {colour}.")
    assert details["unaffordable"] == "You do not have those cards."
    assert "JSON" in details["malformed JSON"], details["malformed JSON"]
    assert details["malformed move"] == "That move is not understood."
    assert details["stale version"] == str(exceptions.STALE_MATCH)
    assert details["not your turn"] == str(exceptions.NOT_YOUR_TURN)
    # Nothing changed: the same answers, no move stored.
    assert table.bodies() == bodies
    match.refresh_from_db()
    assert match.moves.count() == moves
    assert match.version == version


def _mover(bodies: dict[str, dict]) -> str:
    """Check both persons agree on who is to move; return the person to move.

    The robots' moves ran on commit, so a person is to move (all at once
    in setup: the first of them).
    """
    alice, bob = bodies["alice"], bodies["bob"]
    assert alice["to_move"] == bob["to_move"] == alice["view"]["to_move"]
    assert alice["version"] == bob["version"]
    to_move = alice["to_move"]
    assert to_move, "nobody to move in a running match"
    assert not set(to_move) <= set(ROBOT_SEATS), "the match stalled on a robot"
    movers = [name for name, body in bodies.items() if body["legal_moves"]]
    assert movers == [NAMES[s] for s in to_move if s not in ROBOT_SEATS]
    return movers[0]


def _replay(match: Match) -> None:
    """Replay the stored moves through the engine: they reach the stored state."""
    seeds = [s.client_seed for s in match.seats.order_by("position")]
    seed = fairness.start_seed(match.server_seed, seeds, match.seed)
    state = RULES.new_state(seats=4, options={"map": "basel"}, seed=seed)
    for move in match.moves.order_by("seq"):
        assert move.seat in RULES.to_move(state)
        state, _events = RULES.apply(
            state, move.seat, RULES.move_from_json(move.payload)
        )
    assert state.to_json() == match.state


def test_a_whole_match_through_the_api_with_two_robots(
    api_for, alice, bob, carol, robots_via_celery, django_capture_on_commit_callbacks
):
    table = Table(api_for, (alice, bob), django_capture_on_commit_callbacks)
    started = table.start()
    assert started["status"] == "active"
    assert [s["robot"] or None for s in started["seats"]] == [
        None,
        None,
        _robot(),
        _robot(),
    ]

    posted = {"alice": 0, "bob": 0}
    bad_input_checked = False
    for _ in range(MOVES_MAX):
        bodies = table.bodies()
        state = _state(table.match_id)
        _check_secrets(bodies, state)
        if bodies["alice"]["status"] == "finished":
            break
        name = _mover(bodies)
        body = bodies[name]
        builds = [m for m in body["legal_moves"] if m["kind"] == "build"]
        if not bad_input_checked and builds and state.picks == 0:
            _check_bad_input(table, bodies, name)
            bad_input_checked = True
        table.post(
            name, table.moves_path, {"version": body["version"], "move": _choose(body)}
        )
        posted[name] += 1
    else:
        pytest.fail(f"the match did not end within {MOVES_MAX} moves")

    assert bad_input_checked, "no person could ever build"
    final = table.bodies()
    match = Match.objects.get(id=table.match_id)
    view = final["alice"]["view"]
    assert view["phase"] == "over"
    for body in final.values():
        assert body["status"] == "finished"
        assert body["to_move"] == []
        assert body["legal_moves"] == []
        assert body["outcome"] == match.outcome
    # The outcome ranks the seats as the results do, by total.
    results = sorted(view["results"], key=lambda row: row["seat"])
    assert [row["seat"] for row in results] == [0, 1, 2, 3]
    assert final["alice"]["outcome"]["ranks"] == [row["rank"] for row in results]
    totals = [row["total"] for row in results]
    for row in results:
        assert row["rank"] == 1 + sum(total > row["total"] for total in totals)
        assert row["total"] == (row["track"] + row["destination_points"] + row["bonus"])
        assert row["destination_points"] == sum(
            card["points"] for card in row["completed"]
        ) - sum(card["points"] for card in row["failed"])
    # At the end every seat's destination cards are revealed, to every seat.
    state = match.game_state()
    for row in results:
        shown = {card["id"] for card in (*row["completed"], *row["failed"])}
        assert shown == set(state.destinations[row["seat"]])
    assert final["bob"]["view"]["results"] == view["results"]

    # A spectator reads the same result and no hand.
    spectator = api_for(carol).get(f"/api/matches/{table.match_id}/").json()
    assert spectator["your_seat"] is None
    assert spectator["view"]["hand"] is None
    assert spectator["view"]["results"] == view["results"]

    # The persons' moves were theirs; the robots' were made by their task.
    assert robots_via_celery
    assert match.moves.filter(by_robot=False).count() == sum(posted.values())
    assert set(match.moves.filter(by_robot=True).values_list("seat", flat=True)) == set(
        ROBOT_SEATS
    )
    assert set(match.moves.filter(by_robot=False).values_list("seat", flat=True)) == {
        0,
        1,
    }
    _replay(match)
