"""Where the consumers' database work runs: `database_call`.

channels' `database_call` is thread-sensitive: every call of a
Daphne process runs in one thread, one after another. A process then
serves one query at a time however many sockets wait, and its waits for
PostgreSQL (another process, another core) add up instead of overlapping:
a program socket's move waited behind every other socket's render. On
PostgreSQL the consumers' calls run in the event loop's thread pool instead
(Daphne sizes it from the ASGI_THREADS variable; asyncio's default is
cores + 4, at most 32), each thread with its own connection (from the
psycopg pool with DATABASE_POOL=1). That is safe because each call is
self-contained: its own transaction, nothing kept in the thread between
calls, and the move service's row lock orders the writes. SQLite takes one
writer at a time: there the calls stay in the one thread.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

from channels.consumer import get_handler_name
from channels.db import DatabaseSyncToAsync
from django.db import connections

P = ParamSpec("P")
R = TypeVar("R")


def database_call(func: Callable[P, R]) -> Callable[P, Coroutine[Any, Any, R]]:
    """Return `func` as a coroutine function run off the event loop.

    Like channels' `database_call` (old connections closed before
    and after), but in the loop's thread pool when the database is
    PostgreSQL, and in the process's one sync thread otherwise.
    """
    sensitive = connections["default"].vendor != "postgresql"
    call: Callable[P, Coroutine[Any, Any, R]] = DatabaseSyncToAsync(
        func, thread_sensitive=sensitive
    )
    return call


class PerCallConnections:
    """Consumer mixin: handle each message without channels' connection sweep.

    channels (4.2 and later) runs `close_old_connections` before every
    handler, through a thread-sensitive `sync_to_async`: each websocket
    frame and each layer event of every socket in a Daphne process waited
    for the process's one sync thread, the queue `database_call` removed
    for the database work itself. Our consumers reach the database only
    through `database_call`, which closes old connections before and after
    in the thread that holds them, so the sweep protects nothing here.
    Put it first among the bases (before channels' consumer class).
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Call the handler of `message["type"]`; ValueError if there is none."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
