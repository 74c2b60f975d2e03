"""Shared fixtures: the personas (STYLE.md B9), the Toy and a started Toy match.

alice and bob play, carol only watches, and robots fill the other seats.
Celery's broker is kombu's in-memory transport here, so a test that commits
can enqueue without any server; tasks only run where a test runs them.
"""

from __future__ import annotations

import random
import secrets
from types import SimpleNamespace
from typing import Any

import pytest

from tests.tally import GAMES_PLAYED

# The browser tests' stack and page fixtures, for tests/e2e/ and for each
# game's folder alike (`pytest -m browser` picks them out by their marker).
pytest_plugins = ["tests.browser"]


def pytest_sessionfinish(session: pytest.Session) -> None:
    # An xdist worker hands its counts to the controller (pytest_testnodedown).
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["games_played"] = dict(GAMES_PLAYED)


def pytest_testnodedown(node: Any, error: object) -> None:
    """Add a finished xdist worker's conformance counts to the controller's."""
    for slug, count in (
        getattr(node, "workeroutput", {}).get("games_played", {}).items()
    ):
        GAMES_PLAYED[slug] = GAMES_PLAYED.get(slug, 0) + count


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for slug, count in sorted(GAMES_PLAYED.items()):
        terminalreporter.write_line(f"conformance: {slug}: {count} random games played")


@pytest.fixture(autouse=True, scope="session")
def _celery_in_memory():
    from config.celery import app

    app.conf.broker_url = "memory://"
    app.conf.broker_transport_options = {}
    app.conf.task_always_eager = False
    return app


@pytest.fixture(autouse=True)
def _english(settings):
    settings.LANGUAGE_CODE = "en"
    # Log-in rate limits are tested on purpose in tests/accounts only.
    settings.ACCOUNT_RATE_LIMITS = False
    # Hashing each persona's password with PBKDF2 cost most of every test.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _match_seeds(request, monkeypatch):
    """Deal each test's matches from seeds drawn from the test's own name.

    A match's seed decides its cards and dice; a random one made a rare deal
    fail a test once in many runs, and never again when run by hand. Drawn
    from the node id, a failure replays with the same deal every time.
    """
    rng = random.Random(request.node.nodeid)
    # Invitation secrets stay random: only the deal replays.
    monkeypatch.setattr(
        "games.services.matches.secrets",
        SimpleNamespace(randbits=rng.getrandbits, token_urlsafe=secrets.token_urlsafe),
    )
    # The server and client seeds (issue 23) decide the deal now.
    monkeypatch.setattr(
        "games.fairness.secrets",
        SimpleNamespace(token_hex=lambda n: rng.randbytes(n).hex()),
    )


@pytest.fixture
def password():
    return "correct horse battery"


@pytest.fixture
def make_user(db, password):
    from tests.factories import UserFactory

    def make(username: str, **fields):
        return UserFactory(username=username, password=password, **fields)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice", display_name="Alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob", display_name="Bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol", display_name="Carol")


@pytest.fixture
def toy(monkeypatch, settings):
    """Register the test-only Toy game (tests/games/toy/) for this test.

    Every door sees it: the registry (`tests.games.toy.register`) and the
    templates (its board and rules pages, on TEMPLATES' DIRS). Returns the
    Toy's rules.
    """
    import copy

    from tests.games import toy as toy_game

    toy_game.register(monkeypatch)
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [*templates[0]["DIRS"], toy_game.TEMPLATES_DIR]
    settings.TEMPLATES = templates
    return toy_game.TOY


@pytest.fixture
def open_match(alice, toy):
    """An open 3-seat Toy match: alice on seat 0, two seats free."""
    from games import services

    return services.match_create(user=alice, game_slug="toy", seats=3)


@pytest.fixture
def private(alice, toy):
    """An open private 3-seat Toy match of Alice's (joined by its invitation secret)."""
    from games import services

    return services.match_create(user=alice, game_slug="toy", seats=3, private=True)


@pytest.fixture
def staff(make_user):
    """A moderator: staff, not seated anywhere."""
    return make_user("mod", display_name="Moderator", is_staff=True)


@pytest.fixture
def started_match(alice, bob, toy):
    """A running 3-seat Toy match: alice (0, to move), bob (1) and a robot (2)."""
    from games import services

    match = services.match_create(user=alice, game_slug="toy", seats=3, options={})
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    return match


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


# ---------------------------------------------------------------------------
# Platform test helpers (tests/games, tests/api, tests/accounts)


@pytest.fixture
def carol_client(client, carol):
    client.force_login(carol)
    return client


@pytest.fixture
def client_for(db):
    """Return a fresh logged-in test client per user (several at once)."""
    from django.test import Client

    def make(user=None, **defaults):
        new = Client(**defaults)
        if user is not None:
            new.force_login(user)
        return new

    return make


@pytest.fixture
def group_sends(monkeypatch):
    """Record every channel-layer group message instead of sending it.

    Each message's `change` id (random, for the consumers' shared renders)
    is checked and left out, so tests compare the rest exactly; the ids
    themselves are kept in `sent.changes`.
    """

    class Sent(list):
        changes: list[str] = []

    sent = Sent()
    sent.changes = []

    def record(messages):
        for group, event in messages:
            event = dict(event)
            change = event.pop("change")
            assert isinstance(change, str)
            assert len(change) == 32
            sent.changes.append(change)
            sent.append((group, event))

    monkeypatch.setattr("games.broadcast._send", record)
    return sent


@pytest.fixture
def robot_enqueues(monkeypatch):
    """Record robot task enqueues (`play_robot_turn.delay`) instead of sending."""
    from games.tasks import play_robot_turn

    calls: list[tuple] = []
    monkeypatch.setattr(play_robot_turn, "delay", lambda *args: calls.append(args))
    return calls
