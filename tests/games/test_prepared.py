"""The hot reads whose SQL is built once give what the ORM gives (games/models/prepared.py)."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token

from accounts.services import api_token_get_or_create
from games import selectors, services
from games.api.authentication import TOKEN_WITH_USER
from games.consumers.play.requests import token_user
from games.models import Match, MatchEvent, Move, Seat
from games.models.prepared import (
    MATCH_BY_ID,
    MATCH_LOCKED,
    MOVES_AFTER,
    SEATS_OF_MATCH,
    TABLE_EVENTS_FROM,
    PreparedSelect,
)
from games.services.core import match_seats
from tests.games.helpers import first_moves_play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def _columns(obj):
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


@pytest.fixture
def started(alice, bob):
    """A started 2-seat Toy match: a state (JSON), times, seats with persons."""
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    return Match.objects.get(id=match.id)


def test_match_by_id_gives_the_orm_columns(started):
    (found,) = MATCH_BY_ID.fetch(started.id)
    assert _columns(found) == _columns(Match.objects.get(id=started.id))
    assert found.started_at is not None
    assert found.started_at.tzinfo is not None
    assert isinstance(found.state, dict)
    assert found._state.adding is False
    assert found._state.db == "default"


def test_seats_come_in_order_with_their_persons_in_one_query(started):
    expected = list(started.seats.select_related("user").order_by("position"))
    with CaptureQueriesContext(connection) as queries:
        seats = SEATS_OF_MATCH.fetch(started.id)
        names = [seat.user.username for seat in seats]
    assert len(queries.captured_queries) == 1
    assert [_columns(s) for s in seats] == [_columns(s) for s in expected]
    assert names == ["alice", "bob"]
    assert _columns(seats[0].user) == _columns(expected[0].user)


def test_an_unknown_key_finds_nothing(started):
    assert MATCH_BY_ID.fetch(started.id + 1000) == []
    # Beyond a 64-bit id, as the ORM: nothing, not the database's overflow.
    assert MATCH_BY_ID.fetch(2**64) == []
    assert SEATS_OF_MATCH.fetch(-(2**63) - 1) == []
    assert SEATS_OF_MATCH.fetch(started.id + 1000) == []
    with pytest.raises(Match.DoesNotExist):
        selectors.match_with_seats(match_id=started.id + 1000)


def test_the_key_is_bound_per_call(started, alice):
    other = services.match_create(user=alice, game_slug="toy", seats=3)
    assert [s.match_id for s in SEATS_OF_MATCH.fetch(other.id)] == [other.id] * 3
    assert [s.match_id for s in SEATS_OF_MATCH.fetch(started.id)] == [started.id] * 2


def test_match_with_seats_reads_its_seats_without_another_query(started):
    match = selectors.match_with_seats(match_id=started.id)
    with CaptureQueriesContext(connection) as queries:
        seats = list(match.seats.all())
        assert all(seat.match is match for seat in seats)
    assert len(queries.captured_queries) == 0
    assert [s.position for s in seats] == [0, 1]


def test_match_seats_under_the_lock(started):
    with transaction.atomic():
        (locked,) = MATCH_LOCKED.fetch(started.id)
        seats = match_seats(locked)
    assert [s.position for s in seats] == [0, 1]
    assert all(seat.match is locked for seat in seats)


@pytest.mark.skipif(
    not connection.features.has_select_for_update,
    reason="the database has no SELECT ... FOR UPDATE (SQLite locks the whole file)",
)
@pytest.mark.django_db(transaction=True)
def test_the_lock_needs_a_transaction(started):
    with transaction.atomic():
        MATCH_LOCKED.fetch(started.id)  # compiled inside a transaction
    with pytest.raises(TransactionManagementError):
        MATCH_LOCKED.fetch(started.id)


def test_a_query_without_the_key_is_refused():
    prepared = PreparedSelect(lambda key: Seat.objects.filter(position=0))
    with pytest.raises(ValueError, match="key"):
        prepared.fetch(1)


def test_several_keys_are_bound_in_their_places(started, alice, bob):
    first_moves_play(started, {0: alice, 1: bob}, 4)
    MatchEvent.objects.create(match=started, version=2, kind=MatchEvent.Kind.BACK)
    for since in (0, 2, 4):
        moves = MOVES_AFTER.fetch(started.id, since)
        expected = Move.objects.filter(match=started, seq__gt=since).order_by("seq")
        assert [_columns(m) for m in moves] == [_columns(m) for m in expected]
        events = TABLE_EVENTS_FROM.fetch(started.id, since)
        assert [e.version for e in events] == [2] * (since <= 2)
    assert [m.seq for m in MOVES_AFTER.fetch(started.id, 2)] == [3, 4]
    with pytest.raises(TypeError, match="2 keys"):
        MOVES_AFTER.fetch(started.id)


def test_a_text_key_finds_the_token_with_its_user_in_one_query(alice, bob):
    key = api_token_get_or_create(user=alice).key
    api_token_get_or_create(user=bob)
    with CaptureQueriesContext(connection) as queries:
        (token,) = TOKEN_WITH_USER.fetch(key)
        name = token.user.username
    assert len(queries.captured_queries) == 1
    assert name == "alice"
    expected = Token.objects.select_related("user").get(key=key)
    assert _columns(token) == _columns(expected)
    assert _columns(token.user) == _columns(expected.user)
    assert TOKEN_WITH_USER.fetch(key.upper()) == []


def test_a_text_key_is_bound_as_a_parameter(alice):
    api_token_get_or_create(user=alice)
    assert TOKEN_WITH_USER.fetch("x' OR '1'='1") == []
    assert TOKEN_WITH_USER.fetch("") == []


def test_every_door_finds_its_token_through_the_prepared_lookup(alice, client):
    # The API's authentication class (and the program socket's AUTH, which
    # calls the same class: games/consumers/play/requests.py `token_user`).
    key = api_token_get_or_create(user=alice).key
    with patch.object(TOKEN_WITH_USER, "fetch", wraps=TOKEN_WITH_USER.fetch) as fetch:
        response = client.get("/api/me/history/", HTTP_AUTHORIZATION=f"Token {key}")
        assert token_user(key) == alice
    assert response.status_code == 200
    assert [c.args for c in fetch.call_args_list] == [(key,), (key,)]
