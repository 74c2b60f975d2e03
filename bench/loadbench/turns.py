"""The turn loop: matches played at once through the API, sockets watching.

Also the minimal row-locked commit (bench/loadbench/server_urls.py) under
the same server and concurrency, before and after the turns.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from loadbench.client import (
    Api,
    client_session,
    readers_stop,
    socket_read,
    sockets_open,
    version_parse,
)
from loadbench.cpu import client_cpu, cpu_seconds
from loadbench.report import Latencies
from loadbench.stack import Player, Stack

SETTLE_SECONDS = 5.0


@dataclass
class Commits:
    """The minimal row-locked commit: how many, in how long, how fast each."""

    count: int
    seconds: float
    latency: Latencies

    @property
    def rate(self) -> float:
        """Return commits per second."""
        return self.count / self.seconds


@dataclass
class MatchRun:
    """One match of the turn loop: its players, moves and pushes."""

    id: int
    players: tuple[Player, Player]
    to_move: list[int]
    rng: random.Random
    # (version, POST sent, POST returned, mover's seat) per accepted move.
    moves: list[tuple[int, float, float, int]] = field(default_factory=list)
    # (received, version) per fragment on each watching seat's socket.
    pushes: dict[int, list[tuple[float, int]]] = field(default_factory=dict)
    # The form door: each seat's board page id (its socket and its POSTs).
    pages: tuple[str, str] = ("", "")

    def push_recorder(self, seat: int) -> Callable[[float, int], None]:
        """Return the function that notes a fragment received on `seat`'s socket."""
        noted = self.pushes.setdefault(seat, [])
        return lambda received, version: noted.append((received, version))


@dataclass
class Turns:
    """The figures of one turn loop on one HTTP server."""

    server: str
    door: str
    matches: int
    turns: int
    seconds: float
    conflicts: int
    get: Latencies
    post: Latencies
    push_returned: Latencies
    push_sent: Latencies
    push_missing: int
    # Sockets the server closed before the end; handshakes it refused.
    closed: int
    refused: int
    commits: list[Commits]
    # CPU seconds used during the turns, by process (and "client": this one).
    cpu: dict[str, float]

    @property
    def rate(self) -> float:
        """Return accepted moves per second over all matches."""
        return self.turns / self.seconds

    @property
    def commit_rate(self) -> float:
        """Return the mean rate of the minimal commits around the turns."""
        return sum(c.count for c in self.commits) / sum(c.seconds for c in self.commits)


async def turns_measure(
    stack: Stack,
    server: str,
    *,
    matches: int,
    turns: int,
    seconds: float,
    commit_seconds: float,
    door: str = "api",
    profile: Callable[[], contextlib.AbstractAsyncContextManager[None]] = (
        contextlib.nullcontext
    ),
) -> Turns:
    """Play `matches` Race matches at once on `server`, sockets watching.

    1. Minimal commits, one client per match, for `commit_seconds`.
    2. Create and join the matches; open seat 0's socket on each (`door`
       "api"), or both seats' board-page sockets, each with its page id
       ("form").
    3. Play up to `turns` moves per match (at most `seconds` in all), inside
       `profile` if given: each move POSTed to the API ("api") or as the
       board page's form does it, htmx headers and page id included
       ("form").
    4. Wait a little for the last pushes; minimal commits again.
    """
    async with client_session() as session:
        api = Api(session, stack.http[server])
        before = await commits_measure(api, clients=matches, seconds=commit_seconds)
        runs = await asyncio.gather(
            *(
                match_start(api, pair, seed)
                for seed, pair in enumerate(stack.pairs[:matches])
            )
        )
        watched = [
            (run, seat) for run in runs for seat in ((0, 1) if door == "form" else (0,))
        ]
        for run in runs:
            run.pages = (secrets.token_urlsafe(16), secrets.token_urlsafe(16))
        async with sockets_open(
            stack,
            [
                f"/ws/matches/{run.id}/?version=0&page={run.pages[seat]}"
                if door == "form"
                else f"/ws/matches/{run.id}/"
                for run, seat in watched
            ],
            [run.players[seat].cookie for run, seat in watched],
        ) as opened:
            readers = [
                asyncio.create_task(
                    socket_read(conn, version_parse, run.push_recorder(seat))
                )
                for conn, (run, seat) in zip(opened.conns, watched, strict=True)
            ]
            get, post = Latencies(), Latencies()
            conflicts = [0]
            async with profile():
                cpu_before = {**cpu_seconds(stack), "client": client_cpu()}
                began = time.perf_counter()
                deadline = began + seconds
                await asyncio.gather(
                    *(
                        match_play(
                            api, run, turns, deadline, get, post, conflicts, door
                        )
                        for run in runs
                    )
                )
                elapsed = time.perf_counter() - began
                cpu_after = {**cpu_seconds(stack), "client": client_cpu()}
            await _settle(runs)
            closed = readers_stop(readers)
        after = await commits_measure(api, clients=matches, seconds=commit_seconds)
    returned, sent, missing = _push_latencies(runs)
    return Turns(
        server=server,
        door=door,
        matches=matches,
        turns=sum(len(run.moves) for run in runs),
        seconds=elapsed,
        conflicts=conflicts[0],
        get=get,
        post=post,
        push_returned=returned,
        push_sent=sent,
        push_missing=missing,
        closed=closed,
        refused=opened.refused,
        commits=[before, after],
        cpu={name: cpu_after[name] - cpu_before[name] for name in cpu_before},
    )


async def commits_measure(api: Api, *, clients: int, seconds: float) -> Commits:
    """Hit the minimal commit from `clients` clients, each on its own row."""
    latency = Latencies()
    deadline = time.perf_counter() + seconds

    async def client(row: int) -> None:
        while time.perf_counter() < deadline:
            status, body, sent, returned = await api.call(
                "POST", f"/bench/commit/{row}/", None
            )
            if status != 200:
                raise RuntimeError(f"minimal commit: {status} {body}")
            latency.values.append(returned - sent)

    began = time.perf_counter()
    await asyncio.gather(*(client(row) for row in range(1, clients + 1)))
    return Commits(len(latency.values), time.perf_counter() - began, latency)


async def match_start(api: Api, pair: tuple[Player, Player], seed: int) -> MatchRun:
    """Create a two-seat Race as the first player; the second joins."""
    status, match, _sent, _returned = await api.call(
        "POST", "/api/matches/", pair[0], {"game": "race", "seats": 2}
    )
    if status != 201:
        raise RuntimeError(f"create: {status} {match}")
    status, match, _sent, _returned = await api.call(
        "POST", f"/api/matches/{match['id']}/join/", pair[1]
    )
    if status != 200 or match["status"] != "active":
        raise RuntimeError(f"join: {status} {match}")
    return MatchRun(match["id"], pair, match["to_move"], random.Random(seed))


async def match_play(
    api: Api,
    run: MatchRun,
    turns: int,
    deadline: float,
    get: Latencies,
    post: Latencies,
    conflicts: list[int],
    door: str = "api",
) -> None:
    """Play `run` until `turns` moves, its end or `deadline`.

    Each turn: GET the match as the seat to move, POST a random legal
    move: to the API, or (`door` "form") as the seat's board page posts
    its form. A 409 (the version moved on) means read again.
    """
    path = f"/api/matches/{run.id}/"
    while len(run.moves) < turns and run.to_move and time.perf_counter() < deadline:
        seat = run.to_move[0]
        player = run.players[seat]
        status, match, sent, returned = await api.call("GET", path, player)
        get.values.append(returned - sent)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status} {match}")
        run.to_move = match["to_move"] if match["status"] == "active" else []
        if seat not in run.to_move:
            continue
        move = run.rng.choice(match["legal_moves"])
        if door == "form":
            version = match["version"] + 1
            status, sent, returned = await api.form_move(
                f"/matches/{run.id}/moves/",
                player,
                run.pages[seat],
                {"move": json.dumps(move), "expected_version": match["version"]},
                version,
            )
            body = None
        else:
            status, body, sent, returned = await api.call(
                "POST",
                path + "moves/",
                player,
                {"version": match["version"], "move": move},
            )
        post.values.append(returned - sent)
        if status == 409:
            conflicts[0] += 1
            continue
        if status != 200:
            raise RuntimeError(f"POST {path}moves/: {status} {body}")
        if body is None:
            # The form's answer is the board: the next GET says who moves,
            # most often the other seat.
            run.moves.append((version, sent, returned, seat))
            run.to_move = [1 - seat, seat]
            continue
        run.moves.append((body["version"], sent, returned, seat))
        run.to_move = body["to_move"] if body["status"] == "active" else []


# ---------------------------------------------------------------------------
# Helpers


async def _settle(runs: Sequence[MatchRun]) -> None:
    """Wait (up to SETTLE_SECONDS) for the last move of every match to arrive."""
    deadline = time.perf_counter() + SETTLE_SECONDS
    while time.perf_counter() < deadline:
        if all(
            not run.moves
            or any(
                pushes and pushes[-1][1] >= run.moves[-1][0]
                for pushes in run.pushes.values()
            )
            for run in runs
        ):
            return
        await asyncio.sleep(0.05)


def _push_latencies(runs: Sequence[MatchRun]) -> tuple[Latencies, Latencies, int]:
    """Return push latencies from POST return and from POST sent, and misses.

    A move is timed to seat 0's socket (the API door), or to the other
    seat's board page (the form door: the mover's own page is shown the
    move by the answer). A socket sends only boards at least as new as the
    last one, so its pushed versions are sorted and the first one >= a
    move's version is the board that showed it (several moves may share one
    render).
    """
    returned, sent, missing = Latencies(), Latencies(), 0
    for run in runs:
        # Per watching seat, once: (receipt times, versions).
        columns = {
            seat: ([at for at, _ in pushes], [version for _, version in pushes])
            for seat, pushes in run.pushes.items()
        }
        for version, posted, answered, mover in run.moves:
            times, versions = columns[0 if len(columns) == 1 else 1 - mover]
            index = bisect.bisect_left(versions, version)
            if index == len(versions):
                missing += 1
                continue
            returned.values.append(times[index] - answered)
            sent.values.append(times[index] - posted)
    return returned, sent, missing
