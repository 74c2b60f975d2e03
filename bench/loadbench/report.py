"""The load benchmark's figures: percentiles, the printed report, the goals."""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from loadbench.client import FANOUT_TIMEOUT

if TYPE_CHECKING:
    from loadbench.fanout import Fanout
    from loadbench.turns import Turns

GOAL_RATIO = 0.5
GOAL_POST_P99 = 0.150
GOAL_PUSH_P99 = 0.100
GOAL_FANOUT_P99 = 1.0


@dataclass
class Latencies:
    """Seconds per request (or per delivery) and how many there were."""

    values: list[float] = field(default_factory=list)

    def p(self, q: float) -> float:
        """Return the q-th percentile (nearest rank), or NaN without values."""
        if not self.values:
            return math.nan
        ordered = sorted(self.values)
        return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]

    def ms(self) -> str:
        """Return "p50 / p99 ms"."""
        return f"{self.p(50) * 1000:7.1f} / {self.p(99) * 1000:7.1f} ms"


def turns_print(result: Turns, *, goals: bool) -> None:
    """Print one turn loop's figures (and the issue's goals beside them)."""
    if not result.turns:
        print(f"\n[{result.server}] no turn was played")
        return
    before, after = result.commits
    ratio = result.rate / result.commit_rate
    print(
        f"\n[{result.server}, {result.door} door] {result.matches} matches, "
        f"{result.turns} turns "
        f"in {result.seconds:.1f} s, {result.conflicts} conflicts (409)"
    )
    print(f"  turns/s                         {result.rate:8.1f}")
    print(f"  GET  p50 / p99                  {result.get.ms()}")
    print(f"  POST p50 / p99                  {result.post.ms()}")
    print(f"  push p50 / p99 from POST return {result.push_returned.ms()}")
    print(f"  push p50 / p99 from POST sent   {result.push_sent.ms()}")
    if result.push_missing or result.closed or result.refused:
        print(
            f"  versions never pushed           {result.push_missing:8d} "
            f"({result.closed} sockets closed by the server, "
            f"{result.refused} handshakes refused)"
        )
    print(
        f"  minimal commits/s               {result.commit_rate:8.1f} "
        f"(before {before.rate:.1f}, after {after.rate:.1f}; "
        f"p50 / p99 {before.latency.ms()} before)"
    )
    print(f"  ratio turns/s / minimal         {ratio:8.2f}")
    # Idle servers (the other HTTP servers of --servers) are left out.
    used = {
        name: seconds
        for name, seconds in result.cpu.items()
        if seconds / result.turns >= 0.00005
    }
    print(
        "  CPU ms per turn                 "
        + ", ".join(
            f"{name} {seconds / result.turns * 1000:.1f}"
            for name, seconds in sorted(used.items(), key=lambda item: -item[1])
        )
        + f" (wall {result.seconds / result.turns * 1000:.1f} ms x "
        f"{os.cpu_count()} cores)"
    )
    if goals:
        print("  goals:")
        _goal(f"turns/s >= {GOAL_RATIO} x minimal commits/s", ratio >= GOAL_RATIO)
        _goal(
            f"POST p99 < {GOAL_POST_P99 * 1000:.0f} ms",
            result.post.p(99) < GOAL_POST_P99,
        )
        _goal(
            f"push p99 < {GOAL_PUSH_P99 * 1000:.0f} ms (from POST return)",
            result.push_returned.p(99) < GOAL_PUSH_P99 and not result.push_missing,
        )


def servers_print(results: Sequence[Turns]) -> None:
    """Print the turn loops of several HTTP servers side by side."""
    print("\nHTTP servers, same turn loop and minimal commit (times in ms):")
    print(
        f"  {'server':<15}{'turns/s':>9}{'POST p50':>10}{'POST p99':>10}"
        f"{'GET p50':>9}{'commits/s':>11}{'commit p50':>12}"
    )
    for r in results:
        print(
            f"  {r.server:<15}{r.rate:>9.1f}{r.post.p(50) * 1000:>10.1f}"
            f"{r.post.p(99) * 1000:>10.1f}{r.get.p(50) * 1000:>9.1f}"
            f"{r.commit_rate:>11.1f}{r.commits[0].latency.p(50) * 1000:>12.1f}"
        )
    base = results[0]
    for r in results[1:]:
        if not (base.turns and r.turns):
            continue
        print(
            f"  {base.server} / {r.server}: turns/s {base.rate / r.rate:.2f}x, "
            f"minimal commits/s {base.commit_rate / r.commit_rate:.2f}x"
        )


def fanout_print(result: Fanout) -> None:
    """Print one fan-out's figures and its goal."""
    print(
        f"\n[{result.name}] {result.sockets} sockets (connected in "
        f"{result.connect_seconds:.1f} s, {result.refused} handshakes refused "
        f"and tried again), {result.changes} changes, "
        f"{len(result.returned.values)} deliveries, {result.missing} missing "
        f"(closed sockets, or none within {FANOUT_TIMEOUT:.0f} s), "
        f"{result.closed} sockets closed by the server"
    )
    print(f"  delivery p50 / p99 from POST return {result.returned.ms()}")
    print(f"  delivery p50 / p99 from POST sent   {result.sent.ms()}")
    print(
        f"  last delivery of a change (max)     "
        f"{max(result.returned.values, default=math.nan) * 1000:7.1f} ms"
    )
    _goal(
        f"p99 within {GOAL_FANOUT_P99:.0f} s",
        result.returned.p(99) < GOAL_FANOUT_P99 and not result.missing,
    )


def _goal(text: str, met: bool) -> None:
    print(f"    {'met   ' if met else 'MISSED'} {text}")
