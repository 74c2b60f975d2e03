"""What the soak counted, and its report (bench/soak.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .stack import Stack

# A watcher closes this long after its match ended: the last push is in.
LINGER_SECONDS = 3.0


@dataclass
class Tally:
    """What the watchers and the main loop saw."""

    # (match id, version) -> unix time the watcher first received it.
    seen: dict[tuple[int, int], float] = field(default_factory=dict)
    matches_started: int = 0
    matches_finished: int = 0
    watcher_errors: int = 0


def sent_run(client: Any) -> tuple[dict[str, tuple[float, str]], set[str]]:
    sent = {}
    for key, value in client.hgetall("tally:sent").items():
        moment, name = value.decode().split(" ", 1)
        sent[key.decode()] = (float(moment), name)
    return sent, {member.decode() for member in client.smembers("tally:run")}


def lost_tasks(client: Any, before: float) -> list[str]:
    """Return the ids of tasks sent before `before` and never run."""
    sent, run = sent_run(client)
    return sorted(
        i for i, (moment, _n) in sent.items() if moment < before and i not in run
    )


def latencies(
    tally: Tally, moves: list[tuple[int, int, float, str]], before: float
) -> tuple[list[float], dict[str, int]]:
    """Return the move -> push delays (s) of moves made before `before`, and how many were never pushed."""
    delays: list[float] = []
    missing: dict[str, int] = {}
    for match_id, version, moment, kind in moves:
        if moment >= before:
            continue
        seen = tally.seen.get((match_id, version))
        if seen is None:
            missing[kind] = missing.get(kind, 0) + 1
        else:
            delays.append(max(0.0, seen - moment))
    return sorted(delays), missing


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(q * len(values)))]


def progress(stack: Stack, client: Any, tally: Tally, elapsed: float) -> str:
    lines = len(stack.console.read_bytes().splitlines())
    return (
        f"[{elapsed / 60:4.1f} min] matches {tally.matches_started} started, "
        f"{tally.matches_finished} over; tasks sent {client.hlen('tally:sent')}, "
        f"run {client.scard('tally:run')}, queued {client.llen('celery')}; "
        f"console lines {lines}"
    )


def report(
    stack: Stack,
    client: Any,
    tally: Tally,
    moves: list[tuple[int, int, float, str]],
    elapsed: float,
    drain_started: float,
    lost: list[str],
    crashes: int,
) -> str:
    """Return the soak's figures, one per line (the module docstring of bench/soak.py).

    `lost`: the tasks sent before the drain and never run (`lost_tasks`);
    `crashes`: the stack's (`soakbench.stack.crashes`).
    """
    sent, run = sent_run(client)
    by_name: dict[str, int] = {}
    for _moment, name in sent.values():
        short = name.rsplit(".", 1)[-1]
        by_name[short] = by_name.get(short, 0) + 1
    # Moves of the last seconds before the drain may have raced the aborts.
    delays, missing = latencies(tally, moves, drain_started - LINGER_SECONDS)
    console = stack.console.read_text(errors="replace").splitlines()
    rows = [
        f"soak: {elapsed / 60:.1f} min, {tally.matches_started} robot matches "
        f"({tally.matches_finished} played to the end), {len(moves)} moves",
        f"tasks sent: {len(sent)}  ("
        + ", ".join(f"{n} {c}" for n, c in sorted(by_name.items(), key=lambda i: -i[1]))
        + ")",
        f"tasks run: {len(run)}",
        f"lost tasks: {len(lost)}" + (f"  e.g. {lost[:3]}" if lost else ""),
        f"worker crashes/restarts: {crashes}",
        f"robot move -> push: p50 {quantile(delays, 0.5):.3f} s, "
        f"p99 {quantile(delays, 0.99):.3f} s, max {max(delays, default=float('nan')):.3f} s "
        f"over {len(delays)} moves; never pushed: {sum(missing.values())}"
        + (f" {missing}" if missing else ""),
        f"watcher errors: {tally.watcher_errors}",
        f"console lines: {len(console)} ({len(console) / max(elapsed / 60, 1e-9):.1f} a minute)",
    ]
    if delays and quantile(delays, 0.99) >= 1.0:
        rows.append("goal missed: p99 of move -> push is 1 s or more")
    return "\n".join(rows)
