"""The peers' loop on Spielpost: two `/ws/play/` programs per match.

Used by bench/peers.py (issue 27), beside boardgame.io.

Each seat is a socket authenticated by its API token (the upgrade's
Authorization header); on a `view` push of its current match with its seat
in `to_move`, it sends MOVE with one of the push's `legal_moves` and the
push's `version`. Matches are created and joined through the API
(bench/loadbench/turns.py `match_start`); a finished match is replaced.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from loadbench.client import Api, client_session
from loadbench.cpu import client_cpu, cpu_seconds
from loadbench.report import Latencies
from loadbench.stack import Player, Stack
from loadbench.turns import match_start

PROGRAMS = "Spielpost /ws/play/"
OPEN_STATUSES = ("open", "active")
# Seconds to wait after the window for the answers to moves sent in it.
ANSWER_WAIT = 10.0


@dataclass
class Loop:
    """One server's figures for one match count."""

    server: str
    matches: int
    moves: int
    seconds: float
    handover: Latencies
    refused: int = 0
    # The refusals' error codes ("stale", "not_your_turn", ...) and how many.
    refusals: dict[str, int] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    note: str = ""

    @property
    def rate(self) -> float:
        """Return accepted moves per second."""
        return self.moves / self.seconds


@dataclass
class Table:
    """A pair of programs and their current match."""

    api: Api
    pair: tuple[Player, Player]
    conns: list[ClientConnection]
    seed: int
    # The window: no move before `live`, none sent from `deadline` on.
    live: bool = False
    deadline: float = float("inf")
    match: int | None = None
    # Per seat: when its last move was sent (until the other seat's handover
    # consumed it), and the version it last moved on.
    sent: list[float | None] = field(default_factory=lambda: [None, None])
    acted: list[int] = field(default_factory=lambda: [-1, -1])
    # Per seat: a MOVE of it awaits its answer. A program moves once at a
    # time: in Race's favourites both seats are to move, and the other
    # seat's choice is pushed before this seat's is answered.
    moving: list[bool] = field(default_factory=lambda: [False, False])
    latest: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    pending: dict[int, float] = field(default_factory=dict)  # MOVE id -> sent
    restarting: bool = False


@dataclass
class Tally:
    """What all tables counted."""

    handover: Latencies = field(default_factory=Latencies)
    moves: int = 0
    refused: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    next_id: int = 0
    # Matches being started after one finished: kept, so none is collected
    # before it ran and its failure is seen.
    starts: set[asyncio.Task[None]] = field(default_factory=set)


async def programs_loop(stack: Stack, pairs: Sequence[tuple[Player, Player]],
                        seconds: float, *, http: str = "gunicorn -w 2",
                        label: str = PROGRAMS) -> Loop:  # fmt: skip
    """Play the loop on `stack` with one table per pair for `seconds`.

    `http` names the stack's HTTP server that makes the matches (`stack.http`
    key); the sockets open on `stack.ws_url`. `label` names the result's
    server (a layout: "2 nodes").
    """
    tally = Tally()
    async with client_session() as session:
        api = Api(session, stack.http[http])
        conns = await asyncio.gather(
            *(_program_open(stack, player) for pair in pairs for player in pair)
        )
        try:
            tables = [
                Table(api, pair, list(conns[2 * n : 2 * n + 2]), n)
                for n, pair in enumerate(pairs)
            ]
            readers = [
                asyncio.create_task(_program_read(table, seat, tally))
                for table in tables
                for seat in (0, 1)
            ]
            # The first matches are made before the window, as driver.js does.
            await asyncio.gather(*(_match_new(table) for table in tables))
            cpu_before = {**cpu_seconds(stack), "client": client_cpu()}
            began = time.perf_counter()
            for table in tables:
                table.live, table.deadline = True, began + seconds
                await _latest_act(table, tally)
            await asyncio.sleep(max(0.0, began + seconds - time.perf_counter()))
            cpu_after = {**cpu_seconds(stack), "client": client_cpu()}
            # The answers to moves sent in the window.
            wait_until = time.perf_counter() + ANSWER_WAIT
            while any(t.pending for t in tables) and time.perf_counter() < wait_until:
                await asyncio.sleep(0.05)
            for reader in readers:
                reader.cancel()
            for task in tally.starts:
                if task.done() and task.exception() is not None:
                    raise RuntimeError("a match failed to start") from task.exception()
                task.cancel()
        finally:
            await asyncio.gather(*(c.close() for c in conns), return_exceptions=True)
    return Loop(
        server=label,
        matches=len(pairs),
        moves=tally.moves,
        seconds=seconds,
        handover=tally.handover,
        refused=tally.refused,
        refusals=dict(tally.refusals),
        cpu={name: cpu_after[name] - cpu_before[name] for name in cpu_before},
    )


async def _program_open(stack: Stack, player: Player) -> ClientConnection:
    """Open a program socket authenticated by the upgrade's token header."""
    return await connect(
        stack.ws_url + "/ws/play/",
        additional_headers={"Authorization": f"Token {player.token}"},
        open_timeout=60,
        ping_interval=None,
        max_size=2**23,
    )


async def _match_new(table: Table) -> None:
    """Create the table's next match and join it (API)."""
    table.seed += 1_000
    run = await match_start(table.api, table.pair, table.seed)
    table.match, table.sent, table.acted = run.id, [None, None], [-1, -1]
    table.moving = [False, False]
    table.restarting = False


async def _match_next(table: Table, tally: Tally) -> None:
    """Start the table's next match; act on its pushes so far."""
    await _match_new(table)
    await _latest_act(table, tally)


async def _latest_act(table: Table, tally: Tally) -> None:
    """Act on each seat's latest push of the current match.

    Pushed before the API answered the join, or before the window opened.
    """
    for seat in (0, 1):
        if (push := table.latest.get((seat, table.match or 0))) is not None:
            await _program_act(table, seat, push, tally)


async def _program_read(table: Table, seat: int, tally: Tally) -> None:
    """Read one seat's socket: answers settle moves, pushes may move."""
    conn = table.conns[seat]
    with contextlib.suppress(ConnectionClosed):
        async for message in conn:
            data = json.loads(message)
            if data.get("event") == "view":
                table.latest[(seat, data["match"])] = data
                if data["match"] == table.match and table.live:
                    await _program_act(table, seat, data, tally)
            elif data.get("command") == "MOVE":
                sent = table.pending.pop(data["id"], None)
                if sent is not None and sent < table.deadline:
                    if data["ok"]:
                        tally.moves += 1
                    else:
                        tally.refused += 1
                        tally.refusals[str(data.get("error", {}).get("code"))] += 1
                table.moving[seat] = False
                if data["ok"] and data["result"]["id"] == table.match:
                    # The answer is the view after the move: a push of an
                    # earlier version is out of date.
                    version = data["result"]["version"]
                    table.acted[seat] = max(table.acted[seat], version - 1)
                # What was pushed while the move was on its way.
                push = table.latest.get((seat, table.match or 0))
                if push is not None and table.live:
                    await _program_act(table, seat, push, tally)


async def _program_act(
    table: Table, seat: int, push: dict[str, Any], tally: Tally
) -> None:
    """Move if `push` says this seat is to move; replace a finished match."""
    now = time.perf_counter()
    if push["status"] not in OPEN_STATUSES:
        if seat == 0 and not table.restarting and now < table.deadline:
            table.restarting = True
            task = asyncio.get_running_loop().create_task(_match_next(table, tally))
            tally.starts.add(task)
        return
    if (
        push["status"] != "active"
        or seat not in push["to_move"]
        or push["version"] <= table.acted[seat]
        or table.moving[seat]
    ):
        return
    other = 1 - seat
    if (sent := table.sent[other]) is not None:
        tally.handover.values.append(now - sent)
        table.sent[other] = None
    table.acted[seat] = push["version"]
    if now >= table.deadline:
        return
    tally.next_id += 1
    table.pending[tally.next_id] = table.sent[seat] = time.perf_counter()
    table.moving[seat] = True
    move = random.Random(table.seed + push["version"]).choice(push["legal_moves"])
    await table.conns[seat].send(
        json.dumps(
            {
                "command": "MOVE",
                "id": tally.next_id,
                "match": push["match"],
                "version": push["version"],
                "data": move,
            }
        )
    )
