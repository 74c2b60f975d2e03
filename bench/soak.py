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

Run: `make soak MINUTES=30` or `python bench/soak.py --minutes 10`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from loadbench.stack import free_port, process_start  # noqa: E402

from config.devredis import server_url  # noqa: E402

PYTHON = str(ROOT / ".venv" / "bin" / "python")
HONCHO = str(ROOT / ".venv" / "bin" / "honcho")
STARTUP_SECONDS = 90
DRAIN_SECONDS = 120
STOP_SECONDS = 20
# A watcher closes this long after its match ended: the last push is in.
LINGER_SECONDS = 3.0
VERSION = re.compile(rb'data-version="(\d+)"')
# Console lines that mean a worker (or the whole stack) fell over.
CRASH = re.compile(
    r"Unrecoverable error|WorkerLostError|Process '.*' pid:\d+ exited"
    r"|exited with (code|exitcode|signal)|\bstopped \(rc="
)
# Settings the caller's shell may have set for other work: the soak runs
# `make run`'s defaults.
CLEARED = (
    "REDIS_URL",
    "DATABASE_URL",
    "DATABASE_POOL",
    "EMAIL_BACKEND",
    "EMAIL_FILE_PATH",
    "LIVE_POLL_SECONDS",
    "CELERY_TASK_ALWAYS_EAGER",
    "LOG_LEVEL",
    "DJANGO_SETTINGS_MODULE",
)


@dataclass
class Stack:
    """The running stack: its URLs, Redis, console log and honcho process."""

    url: str
    ws_url: str
    redis_url: str
    console: Path
    env: dict[str, str]
    process: subprocess.Popen[bytes] | None = None


@dataclass
class Tally:
    """What the watchers and the main loop saw."""

    # (match id, version) -> unix time the watcher first received it.
    seen: dict[tuple[int, int], float] = field(default_factory=dict)
    matches_started: int = 0
    matches_finished: int = 0
    watcher_errors: int = 0


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
        with _stack(tmp) as stack:
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


@contextlib.contextmanager
def _stack(tmp: Path) -> Iterator[Stack]:
    """Run `make run`'s commands in `tmp`; yield the stack; stop it on the way out."""
    port = free_port()
    var = tmp / "var"
    redis_url = server_url(var)
    env = {k: v for k, v in os.environ.items() if k not in CLEARED}
    env.update(
        SPIELPOST_VAR=str(var),
        SPIELPOST_PORT=str(port),
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        SITE_URL=f"http://127.0.0.1:{port}",
        SPIELPOST_TASK_TALLY_URL=redis_url,  # config/celery.py
        PYTHONUNBUFFERED="1",
    )
    stack = Stack(
        url=f"http://127.0.0.1:{port}",
        ws_url=f"ws://127.0.0.1:{port}",
        redis_url=redis_url,
        console=tmp / "console.log",
        env=env,
    )
    # `make run` = `make demo` (migrate, demo accounts) + honcho.
    for command in (["migrate", "--noinput", "-v", "0"], ["demo_accounts"]):
        subprocess.run(
            [PYTHON, "manage.py", *command],
            cwd=ROOT,
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            timeout=STARTUP_SECONDS,
        )
    stack.process = process_start(
        [HONCHO, "start", "-f", "Procfile.dev"], cwd=ROOT, env=env, log=stack.console
    )
    try:
        _wait_up(stack)
        yield stack
    finally:
        _stop(stack.process)


def _wait_up(stack: Stack) -> None:
    """Return once the home page answers and the worker is ready (bounded)."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        assert stack.process is not None
        if stack.process.poll() is not None:
            raise RuntimeError("the stack stopped at start:\n" + _tail(stack.console))
        with (
            contextlib.suppress(urllib.error.URLError, OSError),
            urllib.request.urlopen(stack.url + "/", timeout=2) as response,
        ):
            if response.status == 200 and b"ready." in stack.console.read_bytes():
                return
        time.sleep(0.25)
    raise RuntimeError("the stack did not come up:\n" + _tail(stack.console))


def _stop(process: subprocess.Popen[bytes] | None) -> None:
    """Stop honcho's process group: SIGINT as Ctrl-C, then SIGKILL if it hangs."""
    if process is None or process.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def _tail(path: Path, lines: int = 30) -> str:
    text = path.read_text(errors="replace") if path.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


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
            print("the stack stopped:\n" + _tail(stack.console), file=sys.stderr)
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
                _progress(stack, client, tally, time.monotonic() - started), flush=True
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
    lost, crashes = _lost(client, drain_started), _crashes(stack, crashed)
    elapsed = time.monotonic() - started
    print(_report(stack, client, tally, moves, elapsed, drain_started, crashes))
    if not drained:
        print(f"the queue did not drain within {DRAIN_SECONDS} s")
    return 1 if lost or crashes or not drained else 0


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


def _sent_run(client: Any) -> tuple[dict[str, tuple[float, str]], set[str]]:
    sent = {}
    for key, value in client.hgetall("tally:sent").items():
        moment, name = value.decode().split(" ", 1)
        sent[key.decode()] = (float(moment), name)
    return sent, {member.decode() for member in client.smembers("tally:run")}


def _lost(client: Any, before: float) -> list[str]:
    """Return the ids of tasks sent before `before` and never run."""
    sent, run = _sent_run(client)
    return sorted(
        i for i, (moment, _n) in sent.items() if moment < before and i not in run
    )


def _crashes(stack: Stack, stopped_early: bool) -> int:
    """Return how often a worker (or the stack) fell over, read from the console."""
    text = stack.console.read_text(errors="replace")
    return int(stopped_early) + sum(
        1 for line in text.splitlines() if CRASH.search(line)
    )


def _latencies(
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


def _quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(q * len(values)))]


def _progress(stack: Stack, client: Any, tally: Tally, elapsed: float) -> str:
    lines = len(stack.console.read_bytes().splitlines())
    return (
        f"[{elapsed / 60:4.1f} min] matches {tally.matches_started} started, "
        f"{tally.matches_finished} over; tasks sent {client.hlen('tally:sent')}, "
        f"run {client.scard('tally:run')}, queued {client.llen('celery')}; "
        f"console lines {lines}"
    )


def _report(
    stack: Stack,
    client: Any,
    tally: Tally,
    moves: list[tuple[int, int, float, str]],
    elapsed: float,
    drain_started: float,
    crashes: int,
) -> str:
    sent, run = _sent_run(client)
    lost = _lost(client, drain_started)
    by_name: dict[str, int] = {}
    for _moment, name in sent.values():
        short = name.rsplit(".", 1)[-1]
        by_name[short] = by_name.get(short, 0) + 1
    # Moves of the last seconds before the drain may have raced the aborts.
    delays, missing = _latencies(tally, moves, drain_started - LINGER_SECONDS)
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
        f"robot move -> push: p50 {_quantile(delays, 0.5):.3f} s, "
        f"p99 {_quantile(delays, 0.99):.3f} s, max {max(delays, default=float('nan')):.3f} s "
        f"over {len(delays)} moves; never pushed: {sum(missing.values())}"
        + (f" {missing}" if missing else ""),
        f"watcher errors: {tally.watcher_errors}",
        f"console lines: {len(console)} ({len(console) / max(elapsed / 60, 1e-9):.1f} a minute)",
    ]
    if delays and _quantile(delays, 0.99) >= 1.0:
        rows.append("goal missed: p99 of move -> push is 1 s or more")
    return "\n".join(rows)


if __name__ == "__main__":
    sys.exit(main())
