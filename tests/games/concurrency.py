"""Helpers of the PostgreSQL concurrency tests: submits that race for one row.

SQLite serialises writers on the whole file, so there are no row locks to
test there: `postgres_only` skips. `moves_at_once` lets threads submit
against the same match version at the same moment (a barrier), each on its
own connection.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, connections

from games import exceptions, services


@pytest.fixture(autouse=True)
def postgres_only() -> None:
    """Skip unless the tests run on PostgreSQL (row locks: select_for_update)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (select_for_update)")


def moves_at_once(match: Any, attempts: list[tuple[Any, Any]]) -> list[Any]:
    """Run each (user, move) submit against the same version at the same time.

    Returns, per attempt, "applied" or the MatchError that refused it.
    """
    barrier = threading.Barrier(len(attempts))
    results: list[Any] = [None] * len(attempts)
    version = match.version

    def submit(index: int, user: Any, move: Any) -> None:
        try:
            barrier.wait(timeout=10)
            services.move_submit(
                match_id=match.id,
                user=user,
                move_data=move,
                expected_version=version,
            )
            results[index] = "applied"
        except exceptions.MatchError as refusal:
            results[index] = refusal
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=submit, args=(i, user, move))
        for i, (user, move) in enumerate(attempts)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results
