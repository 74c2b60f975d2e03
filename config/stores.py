"""The settings of Spielpost's stores: the database, the channel layer, the cache.

Pure functions of the environment's values, called by config/settings.py
(sections 4 and 5); each returns the Django setting it names.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit, urlunsplit

import dj_database_url

POSTGRESQL = "django.db.backends.postgresql"
SQLITE = "django.db.backends.sqlite3"


def databases(
    url: str, *, pool: bool = False, pool_size: int = 10, pgbouncer: bool = False
) -> dict[str, Any]:
    """Return DATABASES for the dj-database-url `url`.

    CONN_MAX_AGE stays 0: under Daphne every request runs in its own
    thread, and persistent connections exhausted PostgreSQL's limit in
    seconds. `pool` (PostgreSQL only) turns on psycopg's pool instead, of
    up to `pool_size` connections per process. `pgbouncer`: `url` is
    PgBouncer in transaction mode. SQLite gets WAL and a busy timeout.
    """
    default: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=0))
    if default["ENGINE"] == POSTGRESQL and pool:
        default.setdefault("OPTIONS", {})["pool"] = {
            "min_size": 2,
            "max_size": pool_size,
        }
    if pgbouncer:
        # PgBouncer in transaction mode hands each transaction whichever
        # server connection is free: a cursor that `.iterator()` declared
        # outside a transaction would be fetched on another connection,
        # where it does not exist. (Prepared statements are no issue:
        # Django's psycopg backend binds parameters on the client and turns
        # them off, prepare_threshold None.) tests/stack/test_pgbouncer.py
        # shows both through a real one.
        default["DISABLE_SERVER_SIDE_CURSORS"] = True
    if default["ENGINE"] == SQLITE:
        # WAL and a busy timeout let the web process and the worker share the file.
        default["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL;",
        }
    return {"default": default}


def redis_url_of(url: str, *, xdist_worker: str = "") -> str:
    """Return REDIS_URL `url` for this process: under pytest-xdist, a database of the worker's own.

    `xdist_worker` is PYTEST_XDIST_WORKER ("gw0", "gw1", ...; empty
    outside xdist). pytest-django gives each worker a database of its own,
    so the workers' users, matches and groups have the same ids: on one
    Redis database a socket of gw0 would hear gw1's "match-1" group, and
    gw1's user 1 would look present to gw0 (no turn e-mail). Worker n gets
    `url`'s database number + 1 + n (distinct from the presence tests'
    15 - n up to 7 workers on database 0). `url` unchanged otherwise.
    """
    if not url or not xdist_worker.startswith("gw") or not xdist_worker[2:].isdigit():
        return url
    parts = urlsplit(url)
    number = parts.path.strip("/")
    base = int(number) if number.isdigit() else 0
    return urlunsplit(parts._replace(path=f"/{base + 1 + int(xdist_worker[2:])}"))


def channel_layers(redis_url: str, shard_urls: list[str]) -> dict[str, Any]:
    """Return CHANNEL_LAYERS: Redis at `shard_urls` (or `redis_url`), else in memory.

    Without Redis the in-memory layer does not cross processes: moves the
    worker commits (robots) reach open boards through the consumers'
    version poll (LIVE_POLL_SECONDS).
    """
    if not redis_url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    return {
        "default": {
            # channels-redis whose receive survives a Redis outage.
            "BACKEND": "games.channel_layers.ResilientRedisChannelLayer",
            "CONFIG": {
                # One or more Redis servers: channels-redis spreads groups
                # and channels over them by a hash of their names, so every
                # process must list the same URLs in the same order.
                "hosts": [
                    {
                        "address": url,
                        # (The layer sets the socket timeout: 30 s.)
                        # Each socket's connect and disconnect borrows a
                        # connection; the default pool refused the 101st of a
                        # burst (a 500 handshake, a lost group leave).
                        "max_connections": 2000,
                    }
                    for url in shard_urls or [redis_url]
                ]
            },
        }
    }


def caches(redis_url: str) -> dict[str, Any]:
    """Return CACHES: Redis at `redis_url` failing closed (the rate limits), else local memory."""
    if not redis_url:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    return {
        "default": {
            "BACKEND": "accounts.ratelimits.FailClosedRedisCache",
            "LOCATION": redis_url,
        }
    }
