from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api_for_token():
    def make(key):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return client

    return make


# Rate-limit counts live in the cache, which outlives a test (and, with
# Redis, a test run): each test gets addresses and accounts of its own.


@pytest.fixture
def new_address():
    """Return a maker of IPv4 addresses in 10.0.0.0/8 that no other test uses."""

    def make():
        n = uuid.uuid4().int
        return f"10.{n % 256}.{n // 256 % 256}.{n // 65536 % 256}"

    return make


@pytest.fixture
def anon_api(new_address):
    """Return a maker of anonymous APIClients, each with an address of its own."""

    def make():
        return APIClient(REMOTE_ADDR=new_address())

    return make


@pytest.fixture
def eve(make_user):
    """A verified player whose name no other test uses."""
    return make_user(f"eve{uuid.uuid4().hex[:10]}", display_name="Eve")
