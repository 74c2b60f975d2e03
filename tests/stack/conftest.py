"""The stack tests' clusters (nodes behind HAProxy, one per test module) and their skips."""

from __future__ import annotations

import contextlib
import os
import shutil
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")
# The cluster's own Redis database number, flushed before and after: one per
# pytest-xdist process counting down from Redis's last (gw0: 15, gw1: 14, ...),
# clear of the browser stacks' (config/stores.py `redis_url_of`: 1, 2, ...)
# for up to 7 processes.
REDIS_DB = 15 - int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw"))


def require_stack() -> None:
    """Skip the calling module without HAProxy, PostgreSQL or Redis (at import)."""
    if shutil.which("haproxy") is None:
        pytest.skip("needs HAProxy (apt-get install haproxy)", allow_module_level=True)
    if not DATABASE_URL.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs DATABASE_URL on PostgreSQL", allow_module_level=True)
    if not REDIS_URL:
        pytest.skip("needs REDIS_URL", allow_module_level=True)


def redis_db_url() -> str:
    """Return REDIS_URL with the cluster's database number."""
    return urllib.parse.urlsplit(REDIS_URL)._replace(path=f"/{REDIS_DB}").geturl()


@contextlib.contextmanager
def cluster_started(**options: Any) -> Iterator[Any]:
    """Start nodes from this tree behind HAProxy (bench/nodebench/cluster.py).

    On a throwaway database made from the server's maintenance one and on
    REDIS_DB; `options` are `cluster_run`'s (pairs, nodes, ws_workers).
    """
    from nodebench.cluster import cluster_run

    postgres_url = urllib.parse.urlsplit(DATABASE_URL)._replace(path="/postgres")
    with cluster_run(
        tree=ROOT,
        postgres_url=postgres_url.geturl(),
        redis_url=redis_db_url(),
        **options,
    ) as running:
        yield running


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """Two nodes behind HAProxy, four pairs of players.

    The modules skip first without HAProxy, PostgreSQL or Redis
    (`require_stack`).
    """
    with cluster_started(pairs=4) as running:
        yield running
