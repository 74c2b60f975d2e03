"""The load benchmark's phases in order, each inside py-spy if asked for."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import re
import resource
import signal
from collections.abc import AsyncIterator
from pathlib import Path

from loadbench.cpu import server_pids
from loadbench.fanout import lobby_measure, spectators_measure
from loadbench.report import fanout_print, servers_print, turns_print
from loadbench.stack import Stack
from loadbench.turns import turns_measure

MAIN_SERVER = "gunicorn -w 2"


async def phases_run(args: argparse.Namespace, stack: Stack) -> None:
    if args.matches:
        results = []
        for server in stack.http:
            result = await turns_measure(
                stack,
                server,
                matches=args.matches,
                turns=args.turns,
                seconds=args.seconds,
                commit_seconds=args.commit_seconds,
                door=args.door,
                profile=functools.partial(phase_profile, args, stack, server, "turns"),
            )
            turns_print(result, goals=server == MAIN_SERVER)
            results.append(result)
        if len(results) > 1:
            servers_print(results)
    if args.spectators:
        async with phase_profile(args, stack, MAIN_SERVER, "spectators"):
            fanout = await spectators_measure(
                stack, MAIN_SERVER, sockets=args.spectators, moves=args.changes
            )
        fanout_print(fanout)
    if args.lobby:
        async with phase_profile(args, stack, MAIN_SERVER, "lobby"):
            fanout = await lobby_measure(
                stack, MAIN_SERVER, sockets=args.lobby, changes=args.changes
            )
        fanout_print(fanout)


@contextlib.asynccontextmanager
async def phase_profile(
    args: argparse.Namespace, stack: Stack, server: str, phase: str
) -> AsyncIterator[None]:
    """With --py-spy, record `server`'s and Daphne's processes meanwhile."""
    if not args.py_spy:
        yield
        return
    folder = Path(args.py_spy)
    folder.mkdir(parents=True, exist_ok=True)
    spies = []
    for name in (server, "daphne (ws)"):
        for pid in server_pids(stack, name):
            out = folder / re.sub(r"\W+", "_", f"{phase}-{server}-{name}-{pid}")
            spies.append(
                await asyncio.create_subprocess_exec(
                    *("py-spy", "record", "-p", str(pid), "-o", f"{out}.txt"),
                    # --gil: only the thread holding the GIL is sampled, so
                    # the shares are of CPU, not of waits on sockets or locks.
                    *("--format", "raw", "--nonblocking", "--rate", "100", "--gil"),
                    stdout=asyncio.subprocess.DEVNULL,
                    stderr=asyncio.subprocess.DEVNULL,
                )
            )
    try:
        yield
    finally:
        for spy in spies:
            with contextlib.suppress(ProcessLookupError):
                spy.send_signal(signal.SIGINT)
            await spy.wait()


def open_files_raise(needed: int) -> None:
    """Allow `needed` open files (sockets) here and in the servers started."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        limit = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (limit, hard))
