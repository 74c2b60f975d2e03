"""Hot requests read a fixed, small number of rows sets, whatever the data.

The bounds hold for 3 or 4 seats (robots among them) and for a log of any
length: no query per seat, per move or per match listed. A change that adds
a query to a hot path must raise a bound here, on purpose.
"""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from accounts.services import api_token_get_or_create
from games import consumers, selectors, services
from games.models import Match
from games.rules.rng import Rng
from tests.games.helpers import first_move_submit, legal_json
from tests.games.toy import toy_position
from tests.games.toy.engine import ToyRules

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture
def api_for():
    """Return an API client authenticated by `user`'s token."""

    def make(user):
        client = APIClient()
        token = api_token_get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    return make


def _queries(call):
    with CaptureQueriesContext(connection) as context:
        call()
    return len(context.captured_queries)


def _matches_for(alice, bob, count):
    for _ in range(count):
        match = services.match_create(user=alice, game_slug="toy", seats=2)
        services.seat_claim(match_id=match.id, user=bob)


def _moves(match, users_by_seat, count):
    """Play `count` moves: a person's first legal move, else a robot's."""
    for _ in range(count):
        match.refresh_from_db()
        seat = next((s for s in sorted(users_by_seat) if legal_json(match, s)), None)
        if seat is None:
            services.robot_move_play(match_id=match.id, expected_version=match.version)
            continue
        first_move_submit(match, seat, users_by_seat[seat])
    match.refresh_from_db()


def _person_to_move(match, users_by_seat):
    """Let robots move until one of the people may; return that person's seat."""
    while not any(legal_json(match, s) for s in users_by_seat):
        services.robot_move_play(match_id=match.id, expected_version=match.version)
        match.refresh_from_db()
    return next(s for s in sorted(users_by_seat) if legal_json(match, s))


@pytest.fixture
def four_seats(alice, bob, robot_enqueues):
    """A Toy match with alice, bob and two robots (robots never move here)."""
    match = services.match_create(user=alice, game_slug="toy", seats=4)
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice, robot="")
    services.seat_robot_add(match_id=match.id, user=alice, robot="")
    match.refresh_from_db()
    return match


@pytest.fixture(params=["three seats", "four seats"])
def match_and_players(request, started_match, alice, bob):
    """The Toy with alice, bob and one robot, or two robots.

    A game's heavier board has the same bounds in its folder
    (tests/games/rat_um_rad/test_query_counts.py).
    """
    if request.param == "three seats":
        return started_match, {0: alice, 1: bob}
    return request.getfixturevalue("four_seats"), {0: alice, 1: bob}


def test_the_lobby_reads_a_fixed_number_of_queries(
    alice_client, alice, bob, django_assert_max_num_queries
):
    _matches_for(alice, bob, 2)
    few = _queries(lambda: alice_client.get("/play/"))
    _matches_for(alice, bob, 12)
    services.match_create(user=bob, game_slug="toy", seats=3)

    # Session, user; my matches and their seats; open matches and their
    # seats; finished matches (none); the bell's unread count; the lobby
    # chat's lines (one query, mutes and blocks as subqueries: issue 24);
    # the people I follow, for "Invite friends" (issue 24).
    with django_assert_max_num_queries(10):
        alice_client.get("/play/")
    assert _queries(lambda: alice_client.get("/play/")) == few + 1  # open seats


def test_the_robot_sweep_is_one_query_whatever_the_number_of_matches(
    alice, bob, robot_enqueues
):
    _matches_for(alice, bob, 3)

    # One select over the overdue robot seats; nothing per match.
    assert _queries(services.robot_turns_resume) == 1


def test_a_move_costs_a_fixed_number_of_queries(started_match, alice):
    # A roll of 5 (the die set so): alice stays to move, no turn begins.
    toy_position(started_match, rng=Rng(seed=0))
    move = {"kind": "roll"}

    count = _queries(
        lambda: services.move_submit(
            match_id=started_match.id, user=alice, move_data=move, expected_version=0
        )
    )

    # Lock, seats, the Move row, one write of the seat that changed (the
    # mover's decision is now the one at version 1; the match is timed,
    # Daily by default, and the clocks follow in the same statement), one
    # write of the match (state, version and turn deadline), plus the
    # savepoint pair of the atomic block in a test transaction. On
    # PostgreSQL the lock and the seats go as one query string, the three
    # writes as another (games/models/writes.py): 4.
    assert count == (4 if connection.vendor == "postgresql" else 7)


def test_the_board_page_reads_a_fixed_number_of_queries(
    client_for, alice, bob, match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    client = client_for(alice)
    before = _queries(lambda: client.get(f"/matches/{match.id}/"))
    _moves(match, players, 2)

    # Session, user, match, seats with players, log (moves, table events);
    # the seat's last move (the recap, issue 23); the person's turn count
    # (the tab title); the bell's unread count; the chat's lines (one
    # query, mutes and blocks as subqueries: issue 24).
    with django_assert_max_num_queries(10):
        client.get(f"/matches/{match.id}/")
    assert _queries(lambda: client.get(f"/matches/{match.id}/")) == before


def test_a_board_move_reads_a_fixed_number_of_queries(
    client_for, match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    _moves(match, players, 2)
    seat = _person_to_move(match, players)
    client = client_for(players[seat])
    data = {
        "move": json.dumps(legal_json(match, seat)[0]),
        "expected_version": str(match.version),
    }

    # Session, user; the locked write (as for the API); the new log
    # entries (moves, table events). The match is not read before (a move
    # played shows the mover may see it), and the board shows the match and
    # seats as the move service left them (not read again). Timed (Daily,
    # the default): the clocks follow in the seats' and the match's writes;
    # the "your turn" notice of the seat whose turn begins.
    with django_assert_max_num_queries(12):
        response = client.post(
            f"/matches/{match.id}/moves/",
            data,
            # As a board page sends it: named, so its socket skips the version.
            headers={"HX-Request": "true", "X-Spielpost-Page": "p" * 22},
        )
    assert response.status_code == 200


def test_the_api_match_get_reads_three_queries(
    api_for, alice, match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    client = api_for(alice)
    _moves(match, players, 2)

    # Token with its user, match, seats with players: no log, no per-seat query.
    with django_assert_max_num_queries(3):
        response = client.get(f"/api/matches/{match.id}/")
    assert response.status_code == 200


def test_the_api_move_post_reads_a_fixed_number_of_queries(
    api_for, alice, match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    _moves(match, players, 2)
    seat = _person_to_move(match, players)
    client = api_for(players[seat])
    body = {"version": match.version, "move": legal_json(match, seat)[0]}

    # Token; the locked write (savepoints here, BEGIN/COMMIT in
    # production: lock, seats, Move row, up to two seats' to-move and clock
    # columns, the match's state, version and deadline); the answer shows
    # the seats as the move service left them (not read again); the "your
    # turn" notice of the seat whose turn begins. The match is not read
    # before: a move played shows the mover is seated, so may see it.
    with django_assert_max_num_queries(8):
        response = client.post(f"/api/matches/{match.id}/moves/", body, format="json")
    assert response.status_code == 200, response.content


def test_the_api_match_list_reads_a_fixed_number_of_queries(
    api_for, alice, bob, django_assert_max_num_queries
):
    _matches_for(alice, bob, 5)
    client = api_for(alice)

    with django_assert_max_num_queries(4):
        response = client.get("/api/matches/")
    assert len(response.json()) == 5


def test_a_push_render_reads_four_queries(
    match_and_players, django_assert_max_num_queries
):
    match, players = match_and_players
    _moves(match, players, 3)

    # Match, seats with players, the log since the socket's version (moves,
    # table events).
    for position in (None, 0, 1):
        with django_assert_max_num_queries(4):
            consumers.board_render(match.id, position, True, "en", 1)


def test_a_request_parses_the_state_once(api_for, started_match, alice, monkeypatch):
    parses = []
    parse = ToyRules.state_from_json

    def counting(self, data):
        parses.append(1)
        return parse(self, data)

    monkeypatch.setattr(ToyRules, "state_from_json", counting)
    client = api_for(alice)
    body = {"version": 0, "move": legal_json(started_match, 0)[0]}
    parses.clear()

    assert (
        client.post(
            f"/api/matches/{started_match.id}/moves/", body, format="json"
        ).status_code
        == 200
    )
    # The service parses it; the answer reuses the state the move produced.
    assert len(parses) == 1
    parses.clear()
    client.get(f"/api/matches/{started_match.id}/")
    assert len(parses) == 1


def test_the_api_and_program_bodies_describe_no_move(
    api_for, started_match, alice, monkeypatch
):
    # Their legal moves are JSON alone: a label is made when a page reads it.
    from games.consumers.play import requests

    def no_label(self, move):
        raise AssertionError("the API shows no move labels")

    monkeypatch.setattr(ToyRules, "describe", no_label)

    response = api_for(alice).get(f"/api/matches/{started_match.id}/")
    assert response.status_code == 200
    assert response.json()["legal_moves"]
    assert requests.body(alice, started_match.id)["legal_moves"]


def test_the_api_builds_no_log(api_for, started_match, alice, monkeypatch):
    def no_log(*args, **kwargs):
        raise AssertionError("the API shows no log")

    monkeypatch.setattr("games.selectors.board.log_for", no_log)

    assert api_for(alice).get(f"/api/matches/{started_match.id}/").status_code == 200


def test_lists_do_not_load_match_states(alice, bob, django_assert_max_num_queries):
    _matches_for(alice, bob, 2)

    for match, _my_turn in selectors.matches_for_user(user=alice):
        assert "state" in match.get_deferred_fields()
    assert all("state" in m.get_deferred_fields() for m in selectors.open_matches())
    assert Match.objects.count() == 2


def test_the_lobby_lists_a_bounded_number_of_open_matches(alice, monkeypatch):
    monkeypatch.setattr("games.selectors.lists.OPEN_MATCHES_SHOWN", 3)
    created = [
        services.match_create(user=alice, game_slug="toy", seats=2).id for _ in range(5)
    ]

    # The newest ones.
    assert [m.id for m in selectors.open_matches()] == created[:-4:-1]


def test_a_programs_view_reads_the_match_and_its_seats_once(started_match, alice):
    # Every /ws/play/ push and VIEW answer is this body.
    from games.consumers.play import requests

    count = _queries(lambda: requests.body(alice, started_match.id))

    # The match, then its seats with their players (one query string on
    # PostgreSQL); the body reads them from there (seats_load skips seats
    # already loaded), not again.
    assert count == (1 if connection.vendor == "postgresql" else 2)


def test_a_programs_move_reads_nothing_after_the_move(
    match_and_players, django_assert_max_num_queries
):
    from games.consumers.play import requests

    match, players = match_and_players
    _moves(match, players, 2)
    seat = _person_to_move(match, players)
    move = legal_json(match, seat)[0]

    # Only the move service's queries (the API's move less its token and
    # visibility reads: the savepoint pair, lock, seats, Move row, the
    # changed seats, the match, the "your turn" notice): the answer is
    # built from the match and seats it read under the lock, no second read.
    with django_assert_max_num_queries(7):
        answer = requests.move(players[seat], match.id, move, match.version)
    assert answer["version"] == match.version + 1
