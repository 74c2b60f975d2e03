"""The API against its own OpenAPI schema, in process (schemathesis).

Every operation of `/api/schema/` gets generated requests, valid and
invalid, sent with alice's token through the WSGI app; each answer must be
no server error, a documented status, content type and body. The number of
examples per operation comes from SCHEMATHESIS_EXAMPLES (make test: 25;
.ci/run sets more).
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core import signals
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from config.wsgi import application

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "25"))

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
    negative_data_rejection,
    positive_data_acceptance,
]

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)


@pytest.fixture
def _wsgi_keeps_the_test_connection():
    # After each request the WSGI handler closes connections whose
    # autocommit is off, as it is inside the test's transaction: on
    # PostgreSQL that ends the test's data. Django's test client disconnects
    # these receivers the same way.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    yield
    signals.request_started.connect(close_old_connections)
    signals.request_finished.connect(close_old_connections)


@pytest.fixture
def matches(alice, bob):
    """Ids worth hitting: a running match with alice, one open for her."""
    from games import services

    # A Race (the platform's fixtures start Toy matches; schemathesis keeps
    # to the site's games).
    running = services.match_create(user=alice, game_slug="race", seats=3)
    services.seat_claim(match_id=running.id, user=bob)
    services.seat_robot_add(match_id=running.id, user=alice)
    open_match = services.match_create(user=bob, game_slug="race", seats=3)
    return [running.id, open_match.id]


@pytest.fixture
def token(alice):
    from accounts.services import api_token_get_or_create

    return api_token_get_or_create(user=alice).key


@pytest.mark.django_db
@pytest.mark.usefixtures("_wsgi_keeps_the_test_connection")
@schema.parametrize()
@schema.given(pick=st.integers(min_value=0, max_value=2))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_the_api_answers_as_its_schema_says(case, pick, token, matches, fresh_address):
    # Mostly real matches, so bodies of 200s are checked too, not only 404s.
    if pick < len(matches) and "match_id" in (case.path_parameters or {}):
        case.path_parameters["match_id"] = matches[pick]

    case.call_and_validate(
        headers={"Authorization": f"Token {token}"},
        checks=CHECKS,
        # Each request from an address of its own: the anonymous throttle
        # (POST /api/token/) counts per address, in Redis beyond this run.
        environ_base={"REMOTE_ADDR": fresh_address()},
    )
