"""The Rat um Rad board's queries: none per road or move (issue 13, "Board")."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.games.helpers import state_of
from tests.games.rat_um_rad.board_helpers import keep_all, play

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# Queries


def _queries(call) -> int:
    with CaptureQueriesContext(connection) as context:
        call()
    return len(context.captured_queries)


def test_the_board_reads_no_query_per_road_or_move(client_for, alice, bob, duo):
    client = client_for(alice)
    at_setup = _queries(lambda: client.get(f"/matches/{duo.id}/"))
    users = {0: alice, 1: bob}
    keep_all(duo, users)
    play(duo, users, 40, random.Random(3))
    assert len(state_of(duo).built) > 3
    assert _queries(lambda: client.get(f"/matches/{duo.id}/")) == at_setup
