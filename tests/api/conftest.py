from __future__ import annotations

import itertools
import uuid

import pytest
from rest_framework.test import APIClient

# The anonymous rate limit counts per address in the cache, which outlives a
# test (and, with Redis, a test run): each client gets an address of its own.
_ADDRESSES = (
    f"10.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"
    for n in itertools.count(uuid.uuid4().int % 2**24)
)


@pytest.fixture
def api_for(db):
    """Return an APIClient authenticated as `user` by its token (None = anonymous)."""
    from accounts.services import api_token_get_or_create

    def make(user=None):
        client = APIClient(REMOTE_ADDR=next(_ADDRESSES))
        if user is not None:
            token = api_token_get_or_create(user=user)
            client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        return client

    return make


@pytest.fixture
def fresh_address():
    """Return a function giving a client address no request has used yet."""
    return lambda: next(_ADDRESSES)


@pytest.fixture
def robots_via_celery(monkeypatch):
    """Run each robot task enqueued (on commit) at once, through Celery's eager `apply`."""
    from games.tasks import play_robot_turn

    versions: list[int] = []

    def apply_now(match_id, version):
        versions.append(version)
        play_robot_turn.apply(args=(match_id, version)).get()

    monkeypatch.setattr(play_robot_turn, "delay", apply_now)
    return versions
