"""Fan-out: changes delivered to many sockets, on one match or the lobby."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from websockets.asyncio.client import ClientConnection

from loadbench.client import (
    FANOUT_TIMEOUT,
    Api,
    client_session,
    readers_stop,
    socket_read,
    sockets_open,
    version_parse,
)
from loadbench.report import Latencies
from loadbench.stack import Stack
from loadbench.turns import match_play, match_start

LOBBY_MATCH = re.compile(r"#(\d+)</a>")


@dataclass
class Fanout:
    """Deliveries of changes to many sockets."""

    name: str
    sockets: int
    connect_seconds: float
    # Handshakes the server refused (then tried again).
    refused: int
    changes: int
    returned: Latencies
    sent: Latencies
    missing: int
    # Sockets the server closed before the end.
    closed: int


class Progress:
    """Which sockets have received a value of at least the target.

    A value is a match version, or for the lobby the newest match listed.
    Deliveries are kept per socket with their time, so one that arrives
    before the POST has returned still counts. A socket the server closed
    is waited for no more.
    """

    def __init__(self, sockets: int) -> None:
        self.seen: list[list[tuple[float, int]]] = [[] for _ in range(sockets)]
        self.latest = [-1] * sockets
        self.closed: set[int] = set()
        self.target: int | None = None
        self.settled = 0
        self.done = asyncio.Event()

    def record(self, index: int, received: float, value: int) -> None:
        """Note that socket `index` received `value` at `received`."""
        self.seen[index].append((received, value))
        before = self.latest[index]
        self.latest[index] = max(before, value)
        if self.target is not None and before < self.target <= value:
            self._settle()

    def close(self, index: int) -> None:
        """Note that the server closed socket `index`."""
        self.closed.add(index)
        if self.target is not None and self.latest[index] < self.target:
            self._settle()

    def expect(self, target: int) -> None:
        """Start waiting for every open socket to reach `target`."""
        self.target = target
        self.settled = sum(
            1
            for index, value in enumerate(self.latest)
            if value >= target or index in self.closed
        )
        self.done = asyncio.Event()
        self._settle(0)

    def arrivals(self, target: int) -> list[float | None]:
        """Return when each socket first received `target` or more (or None)."""
        return [
            next((at for at, value in seen if value >= target), None)
            for seen in self.seen
        ]

    def _settle(self, count: int = 1) -> None:
        self.settled += count
        if self.settled >= len(self.seen):
            self.done.set()


async def spectators_measure(
    stack: Stack, server: str, *, sockets: int, moves: int
) -> Fanout:
    """Watch one match from `sockets` anonymous sockets while it moves.

    After each move, wait until every socket has the new version (or
    FANOUT_TIMEOUT) before the next, so each delivery belongs to one move.
    """
    async with client_session() as session:
        api = Api(session, stack.http[server])
        run = await match_start(api, stack.pairs[0], seed=0)
        began = time.perf_counter()
        async with sockets_open(
            stack, [f"/ws/matches/{run.id}/"] * sockets, []
        ) as opened:
            connected = time.perf_counter() - began
            progress = Progress(sockets)
            readers = _readers(opened.conns, version_parse, progress)
            returned, sent, missing = Latencies(), Latencies(), 0
            for _ in range(moves):
                before = len(run.moves)
                await match_play(
                    api, run, before + 1, math.inf, Latencies(), Latencies(), [0]
                )
                if len(run.moves) == before:
                    break  # the match is over
                version, posted, answered, _mover = run.moves[-1]
                missing += await _deliveries(
                    "[spectators] version",
                    progress,
                    version,
                    posted,
                    answered,
                    sent,
                    returned,
                )
            closed = readers_stop(readers)
    return Fanout(
        name="spectators",
        sockets=sockets,
        connect_seconds=connected,
        refused=opened.refused,
        changes=len(run.moves),
        returned=returned,
        sent=sent,
        missing=missing,
        closed=closed,
    )


async def lobby_measure(
    stack: Stack, server: str, *, sockets: int, changes: int
) -> Fanout:
    """Watch the lobby from `sockets` sockets while matches are created."""
    async with client_session() as session:
        api = Api(session, stack.http[server])
        began = time.perf_counter()
        async with sockets_open(stack, ["/ws/lobby/"] * sockets, []) as opened:
            connected = time.perf_counter() - began
            progress = Progress(sockets)
            readers = _readers(opened.conns, _newest_match, progress)
            returned, sent, missing = Latencies(), Latencies(), 0
            for _ in range(changes):
                status, match, posted, answered = await api.call(
                    "POST",
                    "/api/matches/",
                    stack.pairs[0][0],
                    {"game": "race", "seats": 2},
                )
                if status != 201:
                    raise RuntimeError(f"create: {status} {match}")
                missing += await _deliveries(
                    "[lobby] new match",
                    progress,
                    match["id"],
                    posted,
                    answered,
                    sent,
                    returned,
                )
            closed = readers_stop(readers)
    return Fanout(
        name="lobby",
        sockets=sockets,
        connect_seconds=connected,
        refused=opened.refused,
        changes=changes,
        returned=returned,
        sent=sent,
        missing=missing,
        closed=closed,
    )


# ---------------------------------------------------------------------------
# Helpers


def _readers(
    conns: Sequence[ClientConnection],
    parse: Callable[[str], int | None],
    progress: Progress,
) -> list[asyncio.Task[None]]:
    return [
        asyncio.create_task(
            socket_read(
                conn,
                parse,
                functools.partial(progress.record, index),
                functools.partial(progress.close, index),
            )
        )
        for index, conn in enumerate(conns)
    ]


async def _deliveries(
    label: str,
    progress: Progress,
    target: int,
    posted: float,
    answered: float,
    sent: Latencies,
    returned: Latencies,
) -> int:
    """Wait for every socket to reach `target`; add latencies; return misses.

    Prints a line per change (`label` and `target`) as it completes.
    """
    progress.expect(target)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(progress.done.wait(), FANOUT_TIMEOUT)
    change = Latencies()
    for at in progress.arrivals(target):
        if at is not None:
            change.values.append(at - answered)
            sent.values.append(at - posted)
    returned.values += change.values
    missing = len(progress.seen) - len(change.values)
    print(
        f"  {label} {target}: {len(change.values)} delivered, p50 / max "
        f"{change.p(50) * 1000:.0f} / {change.p(100) * 1000:.0f} ms",
        flush=True,
    )
    return missing


def _newest_match(html: str) -> int | None:
    return max((int(n) for n in LOBBY_MATCH.findall(html)), default=None)
