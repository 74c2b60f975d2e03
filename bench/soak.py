"""Soak benchmark: `make run`'s stack with robots playing for --minutes.

Starts the stack exactly as `make run` does (migrate, demo accounts, then
`honcho start -f Procfile.dev`: the embedded Redis, Daphne, a Celery worker
with beat), but in a temporary folder of its own (SPIELPOST_VAR, a SQLite
file, a free port), so a running `make run` is not touched. It keeps
--matches matches running in which robots play every seat (a person creates
each, robots fill it, and a robot stands in for the person): every move is
a Celery task (`play_robot_turn`) that enqueues the next, thousands in all.
A websocket watcher per match (`/ws/matches/<id>/`, what an open board
listens on) notes when each version first arrives.

When the time is up no new match starts, the running ones are aborted and
the queue drains (at most DRAIN_SECONDS); then it prints:

- tasks sent and tasks run, counted by id in the stack's Redis by
  config/celery.py's tally (SPIELPOST_TASK_TALLY_URL), and lost tasks: sent,
  never run (0 expected);
- worker crashes and restarts: the stack stopping early, a pool process
  exiting, "Unrecoverable error" (0 expected);
- robot move -> push latency p50 / p99 / max: from the move's row
  (`Move.created_at`, written in the worker's transaction) to the watcher
  receiving a board of that version (goal under 1 s);
- console lines of the whole run (the newcomer's view of `make run`).

Bounded: every wait has a limit; the stack's process group is stopped and
the folder removed on exit, Ctrl-C or SIGTERM.

Run: `make soak MINUTES=30` or `python bench/soak.py --minutes 10`. The
stack's start and stop are in bench/soakbench/stack.py, the counting and
the report in bench/soakbench/report.py; the loop is here.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from soakbench.report import (  # noqa: E402
    LINGER_SECONDS,
    Tally,
    lost_tasks,
    progress,
    report,
)
from soakbench.stack import Stack, console_tail, crashes, stack_run  # noqa: E402

DRAIN_SECONDS = 120
VERSION = re.compile(rb'data-version="(\d+)"')


def main() -> int:
    """Parse the options, run the soak, print the figures; 1 if a goal failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument(
        "--matches", type=int, default=8, help="matches kept running at once"
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the temporary folder (logs)"
    )
    args = parser.parse_args()
    if args.minutes <= 0 or not 1 <= args.matches <= 200:
        parser.error("--minutes must be > 0 and --matches between 1 and 200")
    tmp = Path(tempfile.mkdtemp(prefix="spielpost-soak-"))
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with stack_run(tmp) as stack:
            return asyncio.run(_soak(stack, args.minutes * 60, args.matches))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _django(stack: Stack) -> None:
    """Set up Django in this process against the stack's database and Redis."""
    os.environ.update(stack.env)
    os.environ["REDIS_URL"] = stack.redis_url
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    # `config` was imported before the tally's URL was in the environment.
    from config.celery import task_tally_connect

    task_tally_connect(stack.redis_url)


def _match_create(number: int) -> int:
    """Create open match `number` (the games in turn) for the soak's person; return its id."""
    from accounts.models import User
    from games import services
    from games.rules.registry import game_slugs, rules_for

    user, _ = User.objects.get_or_create(
        username="soak", defaults={"email": "soak@example.com"}
    )
    slugs = sorted(game_slugs())
    slug = slugs[number % len(slugs)]
    seats = max(2, rules_for(slug).info.min_seats)
    return services.match_create(user=user, game_slug=slug, seats=seats).id


def _match_fill(match_id: int) -> None:
    """Robots fill the free seats (that starts the match) and stand in for the person.

    From here on every move is a robot's, each one a Celery task.
    """
    from accounts.models import User
    from games import services
    from games.models import Seat

    user = User.objects.get(username="soak")
    for _seat in range(Seat.objects.filter(match_id=match_id, user=None).count()):
        services.seat_robot_add(match_id=match_id, user=user)
    services.seat_stand_in_assign(match_id=match_id, position=0)


def _matches_over(ids: list[int]) -> set[int]:
    from games.models import Match

    running = (Match.Status.OPEN, Match.Status.ACTIVE)
    return set(
        Match.objects.filter(id__in=ids)
        .exclude(status__in=running)
        .values_list("id", flat=True)
    )


def _match_abort(match_id: int) -> None:
    from games import services
    from games.exceptions import MatchNotActive

    with contextlib.suppress(MatchNotActive):
        services.match_abort(match_id=match_id)


def _moves(match_ids: list[int]) -> list[tuple[int, int, float, str]]:
    """Return (match id, version, unix time, "<game> last"/"<game>") of the matches' moves."""
    from games.models import Match, Move

    last = {
        match_id: (slug, version)
        for match_id, slug, version in Match.objects.filter(
            id__in=match_ids
        ).values_list("id", "game_slug", "version")
    }
    moves = []
    for match_id, seq, created in Move.objects.filter(
        match_id__in=match_ids
    ).values_list("match_id", "seq", "created_at"):
        slug, version = last[match_id]
        kind = f"{slug} last" if seq == version else slug
        moves.append((match_id, seq, created.timestamp(), kind))
    return moves


async def _watch(
    stack: Stack, match_id: int, tally: Tally, opened: asyncio.Event
) -> None:
    """Listen to the match's board socket; note when each version first arrives.

    Opened on the open match (version 0), before any move: every move is
    pushed to it. Sets `opened` once the socket is accepted (in the group).
    """
    from websockets.asyncio.client import connect

    last = version = 0
    try:
        async with connect(
            f"{stack.ws_url}/ws/matches/{match_id}/?version={version}",
            origin=stack.url,  # type: ignore[arg-type]
            max_size=None,
            open_timeout=10,
        ) as ws:
            opened.set()
            async for message in ws:
                now = time.time()
                data = message if isinstance(message, bytes) else message.encode()
                versions = [int(v) for v in VERSION.findall(data)]
                if versions and max(versions) > last:
                    for seen in range(last + 1, max(versions) + 1):
                        tally.seen[(match_id, seen)] = now
                    last = max(versions)
    except asyncio.CancelledError:
        raise
    except Exception as error:  # noqa: BLE001 - counted and shown, the soak goes on
        tally.watcher_errors += 1
        print(f"watcher of match {match_id}: {error!r}", file=sys.stderr)


async def _soak(stack: Stack, seconds: float, concurrent: int) -> int:
    """Keep `concurrent` robot matches running for `seconds`; drain; report."""
    import redis

    await asyncio.to_thread(_django, stack)
    client = redis.Redis.from_url(stack.redis_url)
    tally = Tally()
    watchers: dict[int, asyncio.Task[None]] = {}
    over_since: dict[int, float] = {}
    all_ids: list[int] = []
    started = time.monotonic()
    next_report = started + 60
    crashed = False
    while time.monotonic() - started < seconds:
        assert stack.process is not None
        if stack.process.poll() is not None:
            crashed = True
            print("the stack stopped:\n" + console_tail(stack.console), file=sys.stderr)
            break
        while len(watchers) < concurrent:
            match_id = await asyncio.to_thread(_match_create, tally.matches_started)
            tally.matches_started += 1
            all_ids.append(match_id)
            opened = asyncio.Event()
            watchers[match_id] = task = asyncio.create_task(
                _watch(stack, match_id, tally, opened)
            )
            # The watcher hears every move only if it listens before the first.
            waiting = asyncio.create_task(opened.wait())
            await asyncio.wait(
                [task, waiting], timeout=10, return_when=asyncio.FIRST_COMPLETED
            )
            waiting.cancel()
            await asyncio.to_thread(_match_fill, match_id)
        for match_id in await asyncio.to_thread(_matches_over, list(watchers)):
            over_since.setdefault(match_id, time.monotonic())
        for match_id, since in list(over_since.items()):
            if time.monotonic() - since >= LINGER_SECONDS:
                watchers.pop(match_id).cancel()
                del over_since[match_id]
                tally.matches_finished += 1
        if time.monotonic() >= next_report:
            next_report += 60
            print(
                progress(stack, client, tally, time.monotonic() - started), flush=True
            )
        await asyncio.sleep(0.5)
    # Drain: nothing new; the running matches end; the queue empties.
    drain_started = time.time()
    for match_id in list(watchers):
        await asyncio.to_thread(_match_abort, match_id)
    await asyncio.sleep(LINGER_SECONDS)
    for task in watchers.values():
        task.cancel()
    await asyncio.gather(*watchers.values(), return_exceptions=True)
    drained = await asyncio.to_thread(_drain, client)
    moves = await asyncio.to_thread(_moves, all_ids)
    lost = lost_tasks(client, drain_started)
    fell = crashes(stack, crashed)
    elapsed = time.monotonic() - started
    print(report(stack, client, tally, moves, elapsed, drain_started, lost, fell))
    if not drained:
        print(f"the queue did not drain within {DRAIN_SECONDS} s")
    return 1 if lost or fell or not drained else 0


def _drain(client: Any) -> bool:
    """Wait (at most DRAIN_SECONDS) until no task waits or runs; True if so."""
    deadline = time.monotonic() + DRAIN_SECONDS
    while time.monotonic() < deadline:
        if not client.llen("celery") and not client.hlen("unacked"):
            # A task taken from the queue is in "unacked" until it is done;
            # one beat sends in this second may still be on its way.
            time.sleep(2)
            if not client.llen("celery") and not client.hlen("unacked"):
                return True
        time.sleep(0.5)
    return False


if __name__ == "__main__":
    sys.exit(main())
