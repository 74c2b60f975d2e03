"""CPU time and process ids of the stack's processes, and of this client.

Read from /proc: a server counts its own process and its workers;
PostgreSQL counts all of the postmaster's children. Redis reports its own
(INFO cpu), other users' of the same server included.
"""

from __future__ import annotations

import os
import resource
from pathlib import Path

import redis

from loadbench.stack import Stack


def cpu_seconds(stack: Stack) -> dict[str, float]:
    """Return the CPU seconds used so far by each server and PostgreSQL.

    Servers count their own processes and workers; PostgreSQL counts all
    of the postmaster's children, exited or alive (every connection's
    backend), including other users' of the same server.
    """
    used = {
        name: sum(_cpu(pid) for pid in server_pids(stack, name))
        for name in stack.processes
    }
    if stack.postmaster is not None:
        # Exited backends, then the live ones (pooled connections, and
        # PostgreSQL's own workers): a backend's time moves from the second
        # to the first when it exits, so the sum only grows.
        used["PostgreSQL"] = _cpu(stack.postmaster, children=True) + sum(
            _cpu(pid) for pid in _children(stack.postmaster)
        )
    if stack.redis_url:
        with redis.Redis.from_url(stack.redis_url) as client:
            info = client.info("cpu")
        used["Redis"] = float(info["used_cpu_sys"]) + float(info["used_cpu_user"])
    return used


def server_pids(stack: Stack, name: str) -> list[int]:
    """Return the process ids of server `name` and its children (workers)."""
    root = stack.processes[name].pid
    return [root, *_children(root)]


def client_cpu() -> float:
    """Return the CPU seconds this process (the client) has used so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# ---------------------------------------------------------------------------
# Helpers


def _children(pid: int) -> list[int]:
    try:
        return [
            int(child)
            for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        ]
    except OSError:
        return []


def _cpu(pid: int, *, children: bool = False) -> float:
    """Return the CPU seconds of `pid` (or of its reaped children)."""
    try:
        # Fields after the command name, which may contain spaces.
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    first = 13 if children else 11  # cutime, cstime / utime, stime
    ticks = int(fields[first]) + int(fields[first + 1])
    return ticks / os.sysconf("SC_CLK_TCK")
