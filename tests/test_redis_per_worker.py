"""pytest-xdist workers get Redis databases of their own (config/stores.py `redis_url_of`)."""

from __future__ import annotations

import os

import pytest

from config.stores import redis_url_of

URL = "redis://127.0.0.1:6379/0"


def test_each_worker_gets_its_own_database():
    found = [redis_url_of(URL, xdist_worker=f"gw{n}") for n in range(7)]

    assert len(set(found)) == 7
    assert found[0] == "redis://127.0.0.1:6379/1"
    assert found[6] == "redis://127.0.0.1:6379/7"
    assert redis_url_of("redis://h:6379/3", xdist_worker="gw1") == "redis://h:6379/5"


def test_without_xdist_or_redis_nothing_changes():
    assert redis_url_of(URL) == URL
    assert redis_url_of(URL, xdist_worker="master") == URL
    assert redis_url_of("", xdist_worker="gw1") == ""


def test_the_settings_read_this_workers_database(settings):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not (worker.startswith("gw") and os.environ.get("REDIS_URL")):
        pytest.skip("only under xdist with REDIS_URL")

    assert redis_url_of(os.environ["REDIS_URL"], xdist_worker=worker) == (
        settings.REDIS_URL
    )
    assert os.environ["REDIS_URL"] != settings.REDIS_URL
