"""Benchmark: the peers' loop on Spielpost and on boardgame.io, same run.

The loop (issue 27, "Faster than the peers"): N two-seat matches at once
(`--matches`, one or more counts, default 10 and 50), each seat a program
that moves as soon as the pushed state says it is to move (no think time);
a finished match is replaced by a new one. The first matches are created
before the window opens. For each server and count, for `--seconds`
(default 20):

- moves/s: moves sent in the window that the server accepted (Spielpost:
  MOVE answered ok; boardgame.io, which answers no move: moves sent, with
  the moves its database stored printed beside as a check);
- handover p50 / p99: from one seat sending a move to the other seat
  receiving the pushed state that says it is to move;
- CPU ms per move by process (PostgreSQL: all its backends, other users'
  included; "client": the driving program).

Spielpost: the README's production layout from this tree (gunicorn -w 2,
Daphne, a Celery worker, PostgreSQL, Redis, DEBUG off; with one Daphne and
with one Daphne worker per core, `--ws-workers`; bench/loadbench/stack.py),
2-seat Race. Each seat is a `/ws/play/` socket authenticated by its API
token (games/consumers/play/__init__.py): on a `view` push of its match
with its seat in `to_move`, it sends `MOVE` with a random one of the push's
`legal_moves` and the push's `version`. Matches are created and joined
through the API. Race's favourites are chosen by both seats at once (a seat
waiting since the version it sent may move on it: games/services/moves.py);
MOVE answers with an error are counted as "refused" (none expected).

boardgame.io 0.50.2 on PostgreSQL (bgio-postgres 1.0.16; bench/peers/,
versions pinned by package.json and package-lock.json): one Node server
process (bench/peers/server.js) with a 2-seat race of 50 moves, each 1 to
3 fields forward (about a Race match's length), driven by bench/peers/driver.js, whose seats
are boardgame.io's own clients, a socket.io websocket each. Note that
boardgame.io sends a new state to the clients before it writes it to the
database (master.ts `onUpdate`); Spielpost pushes after the commit.

The issue's targets are printed beside the figures: Spielpost's moves/s at
least boardgame.io's at 10 and at 50 matches; handover p99 <= 50 ms at 10
and <= 150 ms at 50. Both databases are dropped at the end; Ctrl-C stops
every process. Needs node and npm (Debian's) and PostgreSQL and Redis as
bench/load.py does; `npm ci` runs in bench/peers/ when node_modules is
missing. Run: `python bench/peers.py [--matches 10 50] [--seconds 20]
[--nodes 1 2]`. `--nodes` also plays the loop on one and on two nodes behind
HAProxy (bench/nodebench/cluster.py on deploy/haproxy.cfg: each node a
gunicorn, a Daphne and a Celery worker with beat, one PostgreSQL and one
Redis): the program sockets spread over the nodes' Daphnes, which shows how
socket moves grow with Daphne processes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import psycopg
from loadbench.cpu import cpu_seconds
from loadbench.programs import PROGRAMS, Loop, programs_loop
from loadbench.report import Latencies
from loadbench.stack import (
    Stack,
    _database,
    _postmaster,
    _spawn,
    _stop_all,
    command_run,
    free_port,
    run_interruptible,
    stack_run,
)
from nodebench.cluster import cluster_run

ROOT = Path(__file__).resolve().parent.parent
PEERS = Path(__file__).resolve().parent / "peers"
BGIO = "boardgame.io 0.50.2, bgio-postgres"
# The handover p99 targets by match count (seconds).
HANDOVER_P99 = {10: 0.050, 50: 0.150}
BGIO_STARTUP = 60.0


# ---------------------------------------------------------------------------
# boardgame.io: one Node server, one Node driver


def bgio_loops(postgres_url: str, counts: Sequence[int], seconds: float) -> list[Loop]:
    """Start boardgame.io on a throwaway database; run the driver per count."""
    if not (PEERS / "node_modules").is_dir():
        _npm_ci()
    tmp = Path(tempfile.mkdtemp(prefix="spielpost-peers-"))
    stack = Stack()
    loops = []
    try:
        with _database(postgres_url) as database_url:
            stack.postmaster = _postmaster(database_url)
            port = free_port()
            url = f"http://127.0.0.1:{port}"
            try:
                server = _spawn(stack, "boardgame.io", ["node", "server.js",
                                str(port), database_url], PEERS, tmp,
                                dict(os.environ))  # fmt: skip
                _bgio_wait(stack, server)
                for count in counts:
                    loops.append(_bgio_drive(stack, url, database_url, count, seconds))
            except Exception:
                print(stack.log_tail(), flush=True)
                raise
            finally:
                # Before the database is dropped under it.
                _stop_all(stack, None)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return loops


def _npm_ci() -> None:
    command_run(["npm", "ci", "--no-audit", "--no-fund"], cwd=PEERS, timeout=600)


def _bgio_wait(stack: Stack, server: subprocess.Popen[bytes]) -> None:
    """Wait until the server printed "listening" (its database synced)."""
    deadline = time.monotonic() + BGIO_STARTUP
    while "listening" not in stack.logs["boardgame.io"].read_text(errors="replace"):
        if server.poll() is not None:
            raise RuntimeError(f"boardgame.io server exited with {server.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError("boardgame.io server did not listen in time")
        time.sleep(0.2)


def _bgio_drive(
    stack: Stack, url: str, database_url: str, count: int, seconds: float
) -> Loop:
    cpu_before = cpu_seconds(stack)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    with _driver(url, count, seconds) as driver:
        out, err = driver.communicate(timeout=seconds + 120)
    cpu_after = cpu_seconds(stack)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    if driver.returncode != 0:
        raise RuntimeError(f"driver exited with {driver.returncode}:\n{err}")
    figures = json.loads(out.strip().splitlines()[-1])
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            """SELECT coalesce(sum((state->>'_stateID')::int), 0) FROM "Games" """
        ).fetchone()
        # The next count's check counts its own matches only.
        with conn.transaction():
            conn.execute('DELETE FROM "Games"')
    stored = int(row[0]) if row else 0
    cpu = {name: cpu_after[name] - cpu_before[name] for name in cpu_before}
    cpu["client"] = (
        used.ru_utime + used.ru_stime - children.ru_utime - children.ru_stime
    )
    return Loop(
        server=BGIO,
        matches=count,
        moves=figures["moves"],
        seconds=seconds,
        handover=Latencies([ms / 1000 for ms in figures["handovers"]]),
        cpu=cpu,
        note=f"{figures['moves']} sent in the window, {stored} stored in all",
    )


@contextlib.contextmanager
def _driver(url: str, count: int, seconds: float) -> Iterator[subprocess.Popen[str]]:
    """Run driver.js in its own process group; stop it on the way out."""
    driver = subprocess.Popen(
        ["node", "driver.js", url, str(count), str(seconds)],
        cwd=PEERS,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        yield driver
    finally:
        if driver.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(driver.pid, signal.SIGKILL)
            driver.wait()


# ---------------------------------------------------------------------------
# Report


def report_print(loops: Sequence[Loop], bgio_error: str | None) -> None:
    """Print every layout and boardgame.io per count, the ratios and the targets."""
    print(
        f"\n{'matches':>7}  {'server':<40}{'moves/s':>8}  "
        f"{'handover p50 / p99':>20}  {'n':>6}  target"
    )
    for count in sorted({loop.matches for loop in loops}):
        ours = [x for x in loops if x.matches == count and _ours(x)]
        peer = next((x for x in loops if x.matches == count and x.server == BGIO), None)
        goal = HANDOVER_P99.get(count)
        for loop in [*ours, *([peer] if peer else [])]:
            met = ""
            if _ours(loop) and goal is not None:
                ok = loop.handover.p(99) <= goal
                met = f"p99 <= {goal * 1000:.0f} ms: {'met' if ok else 'NOT met'}"
            print(
                f"{count:>7}  {loop.server:<40}{loop.rate:8.1f}  "
                f"{loop.handover.ms():>20}  {len(loop.handover.values):>6}  {met}"
            )
        for loop in ours:
            if peer is None or not peer.rate:
                continue
            ratio = loop.rate / peer.rate
            verdict = "met" if ratio >= 1 else "NOT met"
            layout = loop.server.removeprefix(PROGRAMS).strip(", ") or "README layout"
            print(
                f"{count:>7}  {'ratio to boardgame.io, ' + layout:<40}{ratio:8.2f}"
                f"  {'':>20}  {'':>6}  moves/s ratio >= 1: {verdict}"
            )
    print("\nCPU ms per accepted move, by process:")
    for loop in loops:
        parts = ", ".join(
            f"{name} {seconds * 1000 / max(loop.moves, 1):.1f}"
            for name, seconds in loop.cpu.items()
        )
        codes = ", ".join(f"{code} {n}" for code, n in sorted(loop.refusals.items()))
        extra = f"; {loop.refused} moves refused" if _ours(loop) else ""
        extra += f" ({codes})" if codes else ""
        note = f"; {loop.note}" if loop.note else ""
        print(f"  {loop.matches:>3} matches, {loop.server}: {parts}{extra}{note}")
    if bgio_error:
        print(f"\nboardgame.io was not measured: {bgio_error}")


def _ours(loop: Loop) -> bool:
    return loop.server.startswith(PROGRAMS)


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("--tree", type=Path, default=ROOT, help="source tree to serve")
    parser.add_argument("--matches", type=int, nargs="+", default=[10, 50])
    parser.add_argument(
        "--seconds", type=float, default=20, help="per count and server"
    )
    parser.add_argument(
        "--postgres", default="postgres://postgres@127.0.0.1:5432/postgres"
    )
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/14")
    parser.add_argument("--logs", type=Path, help="keep Spielpost's server logs here")
    parser.add_argument(
        "--ws-workers",
        type=int,
        nargs="+",
        default=sorted({1, os.cpu_count() or 1}),
        help="Daphne processes on the websockets' port in the README layout, "
        "one stack per count (config/wsserver.py --workers; the README: up to "
        "one per core for programs); default 1 and the cores",
    )
    parser.add_argument(
        "--nodes",
        type=int,
        nargs="*",
        choices=[1, 2],
        default=[],
        help="also run Spielpost as 1 and/or 2 nodes behind HAProxy "
        "(bench/nodebench: gunicorn -w 1, Daphne, Celery with beat per node)",
    )
    return parser.parse_args()


def _spielpost_loops(
    stack: Stack, http: str, label: str, args: argparse.Namespace
) -> list[Loop]:
    """Run the loop on `stack` for each count of `args.matches`, fresh players each."""
    loops, start = [], 0
    for count in args.matches:
        pairs = stack.pairs[start : start + count]
        start += count
        loop = asyncio.run(
            programs_loop(stack, pairs, args.seconds, http=http, label=label)
        )
        loops.append(loop)
        print(f"{label}, {count} matches: {loop.rate:.1f} moves/s")
    return loops


def main() -> None:
    """Measure Spielpost, then boardgame.io, per match count; print both."""
    args = _arguments()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print(
        f"peers' loop: {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.2f}; matches {args.matches}, {args.seconds:.0f} s "
        f"each; Daphne --workers {args.ws_workers}"
    )
    loops: list[Loop] = []
    for workers in args.ws_workers:
        with stack_run(
            tree=args.tree.resolve(),
            pairs=sum(args.matches),
            rows=1,
            postgres_url=args.postgres,
            redis_url=args.redis,
            servers=["gunicorn -w 2"],
            extra_env={},
            logs=args.logs / f"workers-{workers}" if args.logs else None,
            ws_workers=workers,
        ) as stack:
            label = PROGRAMS if workers == 1 else f"{PROGRAMS}, --workers {workers}"
            loops.extend(_spielpost_loops(stack, "gunicorn -w 2", label, args))
    for nodes in args.nodes:
        with cluster_run(
            tree=args.tree.resolve(),
            pairs=sum(args.matches),
            postgres_url=args.postgres,
            redis_url=args.redis,
            nodes=nodes,
            logs=args.logs / f"{nodes}-nodes" if args.logs else None,
        ) as cluster:
            label = f"{PROGRAMS}, {nodes} node{'s' if nodes > 1 else ''}"
            loops.extend(_spielpost_loops(cluster.stack, "haproxy", label, args))
    error = None
    try:
        loops.extend(bgio_loops(args.postgres, args.matches, args.seconds))
    except (RuntimeError, OSError, subprocess.SubprocessError) as failure:
        error = str(failure)
    report_print(loops, error)
    print(f"load average at the end {os.getloadavg()[0]:.2f} (shared machine)")


if __name__ == "__main__":
    run_interruptible(main)
