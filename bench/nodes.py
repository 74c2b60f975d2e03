"""Benchmark: one node against two behind HAProxy, turns per second.

A node is gunicorn (`-w 1`), Daphne and a Celery worker with beat; the
nodes share one throwaway PostgreSQL database and one Redis database
number, behind HAProxy on deploy/haproxy.cfg (bench/nodebench/cluster.py).
For one node, then for two, N two-seat Race matches (`--matches`) are
played at once through HAProxy, as bench/load.py's turn loop plays them
(bench/loadbench/turns.py: a GET as the seat to move, a POST of a random
legal move, one socket per match watching as seat 0). Prints turns/s, the
ratio two nodes / one node, and the CPU seconds per turn by process: the
nodes' own, HAProxy's, PostgreSQL's (all its backends, other users'
included) and this client's, with what the nodes alone would allow if each
had a core of its own. On a machine with fewer cores than processes the
ratio says how much the split costs or gains there, not how it scales.
Run: `python bench/nodes.py [--matches 30] [--turns 20]`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import time
from pathlib import Path

from loadbench.stack import run_interruptible
from loadbench.turns import Turns, turns_measure
from nodebench.cluster import cluster_run

ROOT = Path(__file__).resolve().parent.parent


def _arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None
    )
    parser.add_argument("--tree", type=Path, default=ROOT, help="source tree to serve")
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--turns", type=int, default=20, help="moves per match")
    parser.add_argument("--seconds", type=float, default=120, help="turn loop cap")
    parser.add_argument(
        "--postgres",
        default="postgres://postgres@127.0.0.1:5432/postgres",
        help="a database of the server to create the throwaway one from",
    )
    parser.add_argument(
        "--redis",
        default="redis://127.0.0.1:6379/13",
        help="Redis URL; its database number is flushed before and after",
    )
    parser.add_argument("--logs", type=Path, help="keep the servers' logs here")
    return parser.parse_args()


def main() -> None:
    """Measure one node, then two; print both and the ratio."""
    args = _arguments()
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print(
        f"Spielpost nodes benchmark: {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.2f}; {args.matches} matches, {args.turns} turns each"
    )
    results: dict[int, Turns] = {}
    for nodes in (1, 2):
        began = time.perf_counter()
        with cluster_run(
            tree=args.tree.resolve(),
            pairs=args.matches,
            postgres_url=args.postgres,
            redis_url=args.redis,
            nodes=nodes,
            logs=args.logs / f"{nodes}-nodes" if args.logs else None,
        ) as cluster:
            print(f"\n{nodes} node(s) up in {time.perf_counter() - began:.0f} s")
            result = asyncio.run(
                turns_measure(
                    cluster.stack,
                    "haproxy",
                    matches=args.matches,
                    turns=args.turns,
                    seconds=args.seconds,
                    commit_seconds=2,
                )
            )
        results[nodes] = result
        _print(nodes, result)
    ratio = results[2].rate / results[1].rate
    print(
        f"\ntwo nodes / one node: {ratio:.2f}x turns/s on {os.cpu_count()} cores "
        f"(load average {os.getloadavg()[0]:.2f})"
    )


def _print(nodes: int, result: Turns) -> None:
    print(
        f"  {result.turns} turns in {result.seconds:.1f} s: {result.rate:.1f} turns/s "
        f"({result.conflicts} conflicts); GET p50 {result.get.p(50) * 1000:.0f} ms, "
        f"POST p50 {result.post.p(50) * 1000:.0f} ms, p99 "
        f"{result.post.p(99) * 1000:.0f} ms; pushes missing {result.push_missing}"
    )
    per_turn = {name: cpu / max(result.turns, 1) for name, cpu in result.cpu.items()}
    node_cpu = {
        name: value
        for name, value in per_turn.items()
        if name not in {"haproxy", "PostgreSQL", "client"}
    }
    print(
        "  CPU ms per turn: "
        + ", ".join(f"{name} {value * 1000:.1f}" for name, value in per_turn.items())
    )
    # `busiest`: CPU seconds of the busiest node per turn of all nodes. With
    # a core of its own, it would keep up with 1 / busiest turns/s in all.
    busiest = max(
        sum(v for k, v in node_cpu.items() if k.startswith(f"{name} "))
        for name in ("a", "b")[:nodes]
    )
    if busiest:
        print(
            f"  nodes' CPU {sum(node_cpu.values()) * 1000:.1f} ms per turn; with a "
            f"core per node (PostgreSQL, Redis and HAProxy elsewhere) about "
            f"{1 / busiest:.0f} turns/s"
        )


if __name__ == "__main__":
    run_interruptible(main)
