"""Benchmark: the production layout under load, through the API and sockets.

Starts gunicorn (2 workers) for HTTP, Daphne for websockets (one process;
`--ws-workers N` for more) and a Celery worker from a source tree
(`--tree`, default this repository) with DEBUG off, against a throwaway
PostgreSQL database and one Redis database number
(bench/loadbench/stack.py), then measures, in the same run:

- turns: N two-seat Race matches (`--matches`, default 50) played at once
  through the API, each turn a GET as the seat to move and a POST of a
  random legal move, up to `--turns` moves per match, with one socket per
  match watching as seat 0 (its session cookie). Prints turns/s, GET and
  POST p50/p99, and commit-to-push p50/p99: from the POST's return (the
  commit is just before; a push may even arrive first, so it can be
  negative) and from when the POST was sent, to the socket receiving a
  fragment with that `data-version`. Beside them: the minimal row-locked
  commit (bench/loadbench/server_urls.py: `SELECT ... FOR UPDATE`, update, commit) under
  the same server with the same concurrency, measured before and after the
  turns, and the ratio turns/s / minimal commits/s;
- `--door form`: the same turns sent as a board page sends them (its form,
  with the session cookie, CSRF and htmx headers and the page's id), with
  both seats' board pages watching; the push is timed to the other seat's
  page (the mover's own page is shown the move by the answer);
- `--servers`: the same turns and minimal commits served by Daphne and by
  gunicorn with one worker, beside gunicorn with two (the README's claim
  that sync views run about 3x slower on Daphne);
- `--spectators N`: N anonymous sockets on one match, time from a move's
  POST to each socket receiving its board;
- `--lobby N`: N sockets on the lobby, time from creating a match through
  the API to each socket receiving the list that shows it.

The goals of the issue are printed beside the figures, and the CPU time
each process used per turn (PostgreSQL: all its backends, other users'
included). `--matches 0` skips the turns; `--env KEY=VALUE` passes a
setting to the servers (e.g. DATABASE_POOL=1); `--py-spy FOLDER` records
the servers' stacks during each phase; `--logs FOLDER` keeps their logs.
Run: `python bench/load.py [--tree PATH] [--spectators 1000] [--lobby 1000]
[--servers]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import time
from pathlib import Path

from loadbench.run import MAIN_SERVER, open_files_raise, phases_run
from loadbench.stack import HTTP_SERVERS, run_interruptible, stack_run

ROOT = Path(__file__).resolve().parent.parent


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("--tree", type=Path, default=ROOT, help="source tree to serve")
    parser.add_argument("--matches", type=int, default=50, help="0: no turn loop")
    parser.add_argument("--turns", type=int, default=30, help="moves per match")
    parser.add_argument(
        "--door",
        choices=("api", "form"),
        default="api",
        help="how moves are sent: the API, or the board page's form (both "
        "seats' pages watching)",
    )
    parser.add_argument("--seconds", type=float, default=300, help="turn loop cap")
    parser.add_argument("--commit-seconds", type=float, default=8)
    parser.add_argument(
        "--servers", action="store_true", help="also Daphne, gunicorn -w 1"
    )
    parser.add_argument(
        "--spectators", type=int, default=0, help="sockets on one match"
    )
    parser.add_argument(
        "--ws-workers",
        type=int,
        default=1,
        help="Daphne processes on the websockets' port (config/wsserver.py "
        "--workers; the README: one for boards' sockets)",
    )
    parser.add_argument("--lobby", type=int, default=0, help="sockets on the lobby")
    parser.add_argument(
        "--changes", type=int, default=5, help="moves/matches per fan-out"
    )
    parser.add_argument(
        "--postgres",
        default="postgres://postgres@127.0.0.1:5432/postgres",
        help="a database of the server to create the throwaway one from",
    )
    parser.add_argument(
        "--redis",
        default="redis://127.0.0.1:6379/12",
        help="Redis URL; its database number is flushed before and after",
    )
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="extra setting for the servers, e.g. DATABASE_POOL=1",
    )
    parser.add_argument(
        "--logs", type=Path, help="keep the servers' logs in this folder"
    )
    parser.add_argument(
        "--py-spy",
        metavar="FOLDER",
        help="record the servers during the turns with py-spy (collapsed "
        "stacks, for speedscope or flamegraph.pl); py-spy must be on PATH",
    )
    return parser.parse_args()


def main() -> None:
    """Start the stack, run the phases asked for, print, clean up."""
    args = _arguments()
    # Ctrl-C must reach the cleanup even when a shell started this in the
    # background, where SIGINT is ignored.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    extra_env = dict(item.split("=", 1) for item in args.env)
    open_files_raise(2 * max(args.spectators, args.lobby, args.matches) + 4096)
    servers = list(HTTP_SERVERS) if args.servers else [MAIN_SERVER]
    tree = args.tree.resolve()
    print(
        f"Spielpost load benchmark: tree {tree}; {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.2f}; "
        f"extra settings {extra_env or 'none'}; Daphne --workers {args.ws_workers}"
    )
    began = time.perf_counter()
    with stack_run(
        tree=tree,
        pairs=max(args.matches, 1),
        rows=max(args.matches, 1),
        postgres_url=args.postgres,
        redis_url=args.redis,
        servers=servers,
        extra_env=extra_env,
        logs=args.logs,
        ws_workers=args.ws_workers,
    ) as stack:
        print(f"stack up in {time.perf_counter() - began:.0f} s")
        asyncio.run(phases_run(args, stack))
    print(f"\ndone in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    run_interruptible(main)
