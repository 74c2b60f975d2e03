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


class ApiTable:
    """API clients of the people at one match (alice and bob by default), by name.

    Posts run on-commit callbacks (`capture` is pytest-django's
    django_capture_on_commit_callbacks), so robot turns follow each move.
    """

    def __init__(self, api_for, users, capture, names=("alice", "bob")):
        self.clients = {
            name: api_for(user) for name, user in zip(names, users, strict=True)
        }
        self.capture = capture
        self.match_id: int | None = None

    def post(self, name: str, path: str, data) -> dict:
        with self.capture(execute=True):
            response = self.clients[name].post(path, data, format="json")
        assert response.status_code in (200, 201), response.json()
        return response.json()

    def post_raw(self, name: str, data):
        with self.capture(execute=True):
            return self.clients[name].post(self.moves_path, data, format="json")

    @property
    def moves_path(self) -> str:
        return f"/api/matches/{self.match_id}/moves/"

    def bodies(self) -> dict[str, dict]:
        return {
            name: client.get(f"/api/matches/{self.match_id}/").json()
            for name, client in self.clients.items()
        }
