"""Where the consumers' database work runs (games/consumers/threads.py, issue 27).

On PostgreSQL two sockets' calls run at once in the event loop's thread
pool (a move does not wait behind another socket's render); on SQLite,
one writer at a time, they stay in the process's one sync thread.
"""

from __future__ import annotations

import asyncio
import threading

import pytest
from django.db import connections

from games.consumers.threads import database_call

on_postgresql = connections["default"].vendor == "postgresql"


@pytest.mark.skipif(not on_postgresql, reason="PostgreSQL only")
async def test_two_calls_run_at_once_on_postgresql():
    # Each call waits for the other: in one thread, one after another,
    # the first would wait alone until the barrier breaks.
    barrier = threading.Barrier(2, timeout=5)

    def meet() -> int:
        barrier.wait()
        return threading.get_ident()

    first, second = await asyncio.gather(database_call(meet)(), database_call(meet)())

    assert first != second


@pytest.mark.skipif(on_postgresql, reason="SQLite only")
async def test_calls_share_one_thread_on_sqlite():
    calls = [database_call(threading.get_ident)() for _ in range(4)]

    assert len(set(await asyncio.gather(*calls))) == 1
