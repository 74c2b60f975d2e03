"""Who has a page of Spielpost open (issue 11, "Presence"), in both back-ends.

The database back-end serves a laptop; Redis serves several processes.
Both answer the same questions: is the person here now, and were they here
at any moment since a notice was written. Time is travelled, never slept:
an entry lives PRESENCE_TTL seconds past its last heartbeat.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta

import pytest
import redis
import time_machine

from accounts.models import Presence
from games.notifications import presence

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
TTL = 90
# A database number of its own: the tests flush it (one per xdist worker,
# counting down from 15: config/stores.py `redis_url_of` counts up).
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "gw0")[2:]
TEST_REDIS_URL = os.environ.get(
    "TEST_PRESENCE_REDIS_URL",
    f"redis://127.0.0.1:6379/{15 - int(_WORKER) if _WORKER.isdigit() else 15}",
)


@pytest.fixture(params=["database", "redis"])
def backend(request, settings):
    settings.PRESENCE_TTL = TTL
    if request.param == "database":
        settings.REDIS_URL = ""
        yield request.param
        return
    client = redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.exceptions.RedisError:
        pytest.skip("no Redis at " + TEST_REDIS_URL)
    client.flushdb()
    settings.REDIS_URL = TEST_REDIS_URL
    yield request.param
    client.flushdb()


def _at(moment):
    return time_machine.travel(moment, tick=False)


def test_a_page_that_joins_is_present_and_seen(backend, alice):
    with _at(T0):
        presence.presence_join(alice.id, "chan-1")

        assert presence.is_present(alice.id)
        assert presence.seen_since(alice.id, T0 - timedelta(hours=1))


def test_nobody_is_present_before_a_page_joins(backend, alice):
    with _at(T0):
        assert not presence.is_present(alice.id)
        assert not presence.seen_since(alice.id, T0 - timedelta(days=1))


def test_one_person_s_page_says_nothing_of_another(backend, alice, bob):
    with _at(T0):
        presence.presence_join(alice.id, "chan-1")

        assert not presence.is_present(bob.id)
        assert not presence.seen_since(bob.id, T0 - timedelta(hours=1))


def test_leaving_ends_presence_but_is_remembered(backend, alice):
    with _at(T0):
        presence.presence_join(alice.id, "chan-1")
    with _at(T0 + timedelta(seconds=10)):
        presence.presence_leave(alice.id, "chan-1")

    with _at(T0 + timedelta(minutes=5)):
        assert not presence.is_present(alice.id)
        # She was here at T0 + 5 s, not after the page closed at T0 + 10 s.
        assert presence.seen_since(alice.id, T0 + timedelta(seconds=5))
        assert not presence.seen_since(alice.id, T0 + timedelta(seconds=11))


def test_a_page_without_heartbeat_expires_after_the_ttl(backend, alice):
    # A process that crashed never says "leave": the entry runs out.
    with _at(T0):
        presence.presence_join(alice.id, "chan-1")

    with _at(T0 + timedelta(seconds=TTL - 1)):
        assert presence.is_present(alice.id)
    with _at(T0 + timedelta(seconds=TTL + 1)):
        assert not presence.is_present(alice.id)
        assert not presence.seen_since(alice.id, T0 + timedelta(seconds=TTL + 1))


def test_heartbeats_keep_a_page_present(backend, alice):
    with _at(T0):
        presence.presence_join(alice.id, "chan-1")
    for beat in (30, 60, 90, 120):
        with _at(T0 + timedelta(seconds=beat)):
            presence.presence_beat(alice.id, "chan-1")

    with _at(T0 + timedelta(seconds=120 + TTL - 1)):
        assert presence.is_present(alice.id)
    with _at(T0 + timedelta(seconds=120 + TTL + 1)):
        assert not presence.is_present(alice.id)


def test_closing_one_of_two_pages_leaves_the_person_present(backend, alice):
    with _at(T0):
        presence.presence_join(alice.id, "board")
        presence.presence_join(alice.id, "lobby")
    with _at(T0 + timedelta(seconds=10)):
        presence.presence_leave(alice.id, "board")

        assert presence.is_present(alice.id)


def test_entries_older_than_keep_are_pruned_when_the_person_returns(
    backend, settings, alice
):
    with _at(T0):
        presence.presence_join(alice.id, "old")
        presence.presence_leave(alice.id, "old")
    with _at(T0 + presence.KEEP + timedelta(minutes=1)):
        presence.presence_join(alice.id, "new")

    if backend == "database":
        names = set(Presence.objects.values_list("channel_name", flat=True))
    else:
        client = redis.Redis.from_url(settings.REDIS_URL)
        names = {
            name.decode() for name in client.zrange(presence._key(alice.id), 0, -1)
        }
    assert names == {"new"}


def test_a_heartbeat_brings_back_a_pruned_entry(backend, alice):
    with _at(T0):
        presence.presence_beat(alice.id, "chan-1")

        assert presence.is_present(alice.id)
