"""The production layout for bench/load.py, started from a source tree.

gunicorn (2 sync workers, `config.wsgi`) for HTTP, Daphne
(`config.asgi`) for websockets and a Celery worker, as the README's
"Production layout" runs them, with DEBUG off, against a throwaway
PostgreSQL database and one Redis database number (channel layer, cache,
Celery broker). Extra HTTP servers on the same database can be asked for:
Daphne serving HTTP, and gunicorn with one worker. Every process runs in
its own process group and is stopped, the database dropped and the Redis
database flushed, on exit, Ctrl-C, SIGTERM or failure.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
import redis

# The folder that holds this package: on the servers' PYTHONPATH, so that they
# import loadbench.server_settings whichever tree they serve.
BENCH_DIR = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
DATABASE_PREFIX = "spielpost_load_"
STARTUP_SECONDS = 90
PR_SET_PDEATHSIG = 1
ACCESS_LOG = re.compile(r"^\S+:\d+ - - \[")
# HTTP servers the stack can run, by name: how many workers of which kind.
HTTP_SERVERS = {
    "gunicorn -w 2": "gunicorn",
    "daphne": "daphne",
    "gunicorn -w 1": "gunicorn",
}
# Settings the caller's shell may have set for other work (README
# "Configuration"): the benchmark measures the defaults unless --env says.
CLEARED = (
    "DATABASE_POOL",
    "DATABASE_POOL_SIZE",
    "LIVE_POLL_SECONDS",
    "CELERY_TASK_ALWAYS_EAGER",
    "ACCOUNT_EMAIL_VERIFICATION",
    "CSRF_TRUSTED_ORIGINS",
)


@dataclass(frozen=True, slots=True)
class Player:
    """A player's credentials: API token and session cookie (for sockets)."""

    token: str
    cookie: str


@dataclass
class Stack:
    """The running servers: HTTP base URLs by server name, the socket URL."""

    # Filled in as the processes start (an empty stack at first).
    http: dict[str, str] = field(default_factory=dict)
    ws_url: str = ""
    origin: str = ""
    pairs: list[tuple[Player, Player]] = field(default_factory=list)
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    logs: dict[str, Path] = field(default_factory=dict)
    # PostgreSQL's postmaster, when it runs on this machine: its children
    # are the backends, whose CPU time cpu.cpu_seconds() adds up.
    postmaster: int | None = None
    # The Redis server's URL: cpu.cpu_seconds() reads its CPU time.
    redis_url: str | None = None

    def log_tail(self, lines: int = 30) -> str:
        """Return the last lines of every process log, for failure reports."""
        parts = []
        for name, path in self.logs.items():
            text = path.read_text(errors="replace") if path.exists() else ""
            # Daphne logs every socket's connect and disconnect: not the news.
            kept = [line for line in text.splitlines() if not ACCESS_LOG.match(line)]
            parts.append(f"--- {name} ---\n" + "\n".join(kept[-lines:]))
        return "\n".join(parts)


@contextlib.contextmanager
def stack_run(
    *,
    tree: Path,
    pairs: int,
    rows: int,
    postgres_url: str,
    redis_url: str,
    servers: Sequence[str],
    extra_env: Mapping[str, str],
    logs: Path | None = None,
    ws_workers: int = 1,
) -> Iterator[Stack]:
    """Start the layout from `tree`; yield it; stop it and drop its data.

    1. Create the database, flush the Redis database, migrate, collect the
       static files (into a temporary folder) and create `pairs` pairs of
       players and `rows` rows of the bench table.
    2. Start Daphne (websockets; `ws_workers` processes on its port), a
       Celery worker and the HTTP `servers` (names of HTTP_SERVERS), then
       wait until each answers /healthz.
    3. On the way out, whatever happened: stop every process group, copy
       their logs to `logs` if given, drop the database, flush the Redis
       database, remove the temporary folder.
    """
    tmp = Path(tempfile.mkdtemp(prefix="spielpost-load-"))
    previous = signal.signal(signal.SIGTERM, _interrupt)
    stack = Stack(redis_url=redis_url)
    try:
        with _database(postgres_url) as database_url, _redis_db(redis_url):
            env = _environment(tree, tmp, database_url, redis_url, extra_env)
            _run(tree, env, ["manage.py", "migrate", "--noinput", "-v", "0"])
            _run(tree, env, ["manage.py", "collectstatic", "--noinput", "-v", "0"])
            fixtures = _run(
                tree, env, ["-m", "loadbench.fixtures", str(pairs), str(rows)]
            )
            stack.postmaster = _postmaster(database_url)
            stack.pairs = [
                (Player(**a), Player(**b)) for a, b in json.loads(fixtures)["pairs"]
            ]
            try:
                _start(stack, tree, tmp, env, servers, ws_workers)
                yield stack
            except Exception:
                print(stack.log_tail(), file=sys.stderr)
                raise
            finally:
                _stop_all(stack, logs)
    finally:
        signal.signal(signal.SIGTERM, previous)
        shutil.rmtree(tmp, ignore_errors=True)


# ---------------------------------------------------------------------------
# Helpers


def _postmaster(database_url: str) -> int | None:
    """Return the postmaster's process id if PostgreSQL runs here."""
    # The backend's /proc entry is read while its connection is open: once
    # closed, the backend may be gone (then PostgreSQL seemed remote).
    with psycopg.connect(database_url) as conn:
        row = conn.execute("SELECT pg_backend_pid()").fetchone()
        if row is None:
            return None
        try:
            stat = Path(f"/proc/{row[0]}/stat").read_text()
        except OSError:
            return None  # PostgreSQL runs on another machine
    parent = int(stat.rsplit(")", 1)[1].split()[1])
    with contextlib.suppress(OSError):
        if Path(f"/proc/{parent}/comm").read_text().strip() == "postgres":
            return parent
    return None


def _interrupt(signum: int, frame: Any) -> None:
    """Turn SIGTERM into KeyboardInterrupt, so the stack still tears down."""
    raise KeyboardInterrupt


def _environment(
    tree: Path,
    tmp: Path,
    database_url: str,
    redis_url: str,
    extra_env: Mapping[str, str],
) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "PYTEST_")) and key not in CLEARED
    }
    env.update(
        DJANGO_SETTINGS_MODULE="loadbench.server_settings",
        # The tree first: its config, games and accounts; then the bench
        # settings and URLs, which a baseline tree may not have.
        PYTHONPATH=os.pathsep.join([str(tree), str(BENCH_DIR)]),
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        DEBUG="false",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1,localhost",
        SECURE_COOKIES="false",
        # The benchmark is one IP and a few accounts: no throttling.
        API_ANON_RATE="1000000/minute",
        LOGIN_RATE_LIMIT="1000000/m/ip,1000000/m/key",
        LOG_LEVEL="WARNING",
        # The README's production layout reuses connections (psycopg's pool);
        # `--env DATABASE_POOL=0` measures a connection per request.
        DATABASE_POOL="1",
        LOAD_STATIC_ROOT=str(tmp / "staticfiles"),
        PYTHONUNBUFFERED="1",
    )
    env.update(extra_env)
    return env


def _run(tree: Path, env: dict[str, str], args: list[str]) -> str:
    return command_run([PYTHON, *args], cwd=tree, env=env)


def command_run(
    command: list[str],
    *,
    cwd: Path,
    env: dict[str, str] | None = None,
    timeout: float = 300,
) -> str:
    """Run `command` in `cwd`; return its output, or raise RuntimeError showing it."""
    result = subprocess.run(
        command,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if result.returncode != 0:
        shown = " ".join(command[1:] if command[0] == PYTHON else command)
        raise RuntimeError(f"{shown} failed:\n{result.stdout}{result.stderr}")
    return result.stdout


def _start(
    stack: Stack,
    tree: Path,
    tmp: Path,
    env: dict[str, str],
    servers: Sequence[str],
    ws_workers: int,
) -> None:
    commands: dict[str, list[str]] = {}
    ws_port = free_port()
    stack.ws_url = f"ws://127.0.0.1:{ws_port}"
    stack.origin = f"http://127.0.0.1:{ws_port}"
    commands["daphne (ws)"] = daphne_command(tree, ws_port, ws_workers)
    commands["celery"] = [PYTHON, "-m", "celery", "-A", "config", "worker",
                          "-l", "warning", "--concurrency", "1",
                          "-n", f"load-{os.getpid()}@%h"]  # fmt: skip
    for name in servers:
        port = free_port()
        stack.http[name] = f"http://127.0.0.1:{port}"
        if HTTP_SERVERS[name] == "daphne":
            commands[name] = daphne_command(tree, port)
        else:
            workers = name.rsplit(" ", 1)[-1]
            commands[name] = [PYTHON, "-m", "gunicorn", "config.wsgi",
                              "-w", workers, "-b", f"127.0.0.1:{port}",
                              "--log-level", "warning"]  # fmt: skip
    for name, args in commands.items():
        _spawn(stack, name, args, tree, tmp, env)
    _wait_healthy(stack, [*stack.http.values(), stack.origin])


def _spawn(
    stack: Stack,
    name: str,
    args: Sequence[str],
    cwd: Path,
    tmp: Path,
    env: dict[str, str],
) -> subprocess.Popen[bytes]:
    """Start `args` in its own process group, logging to `tmp`; record it in `stack`."""
    log = tmp / f"{name.replace(' ', '_')}.log"
    stack.logs[name] = log
    process = process_start(args, cwd=cwd, env=env, log=log)
    stack.processes[name] = process
    return process


def process_start(
    args: Sequence[str], *, cwd: Path, env: dict[str, str], log: Path
) -> subprocess.Popen[bytes]:
    """Start `args` in its own process group, its output (both streams) to `log`.

    The kernel ends it when this process dies (`_die_with_parent`), so an
    interrupted benchmark leaves no server behind.
    """
    with log.open("wb") as out:
        return subprocess.Popen(
            args,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=_die_with_parent,
        )


def _stop_all(stack: Stack, logs: Path | None) -> None:
    """Stop every process of `stack`; copy their logs to `logs` if given.

    TERM goes to all at once, then each is waited for (KILL if late), so
    the processes shut down side by side rather than one after another.
    """
    for process in stack.processes.values():
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
    for process in stack.processes.values():
        _stop(process)
    if logs is not None:
        logs.mkdir(parents=True, exist_ok=True)
        for path in stack.logs.values():
            shutil.copy(path, logs / path.name)


def run_interruptible(main: Callable[[], None]) -> None:
    """Run a benchmark's `main`; on Ctrl-C exit 130 (its stack is stopped by then)."""
    try:
        main()
    except KeyboardInterrupt:
        print("\ninterrupted; servers stopped, database dropped", file=sys.stderr)
        sys.exit(130)


def daphne_command(tree: Path, port: int, workers: int = 1) -> list[str]:
    """Return the command serving `tree`'s websockets on `port`, as its README does.

    On uvloop (config/wsserver.py) where the tree has that runner; a
    baseline tree from before it runs `daphne` itself. `workers` > 1: that
    many Daphne processes on the one port (`--workers`), where the tree's
    runner has them (a baseline tree from before runs one).
    """
    runner_file = tree / "config" / "wsserver.py"
    runner = "config.wsserver" if runner_file.exists() else "daphne"
    if workers > 1 and "--workers" not in (
        runner_file.read_text() if runner_file.exists() else ""
    ):
        workers = 1
    many = ["--workers", str(workers)] if workers > 1 else []
    return [PYTHON, "-m", runner, *many, "-b", "127.0.0.1", "-p", str(port),
            "config.asgi:application"]  # fmt: skip


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that is free now (the OS picks it)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _die_with_parent() -> None:
    """Ask Linux to TERM this child when the benchmark dies (even SIGKILL)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a process group: TERM, then KILL."""
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def _wait_healthy(stack: Stack, urls: list[str]) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    pending = list(urls)
    last = ""
    while pending:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{pending[0]}/healthz not 200 in time ({last})")
        for name, process in stack.processes.items():
            if process.poll() is not None:
                raise RuntimeError(f"{name} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(pending[0] + "/healthz", timeout=5) as answer:
                if answer.status == 200:
                    pending.pop(0)
                    continue
        except (urllib.error.URLError, OSError) as error:
            last = str(error)
        time.sleep(0.3)


@contextlib.contextmanager
def _database(postgres_url: str) -> Iterator[str]:
    """Yield the URL of a new database; drop it afterwards.

    Databases of earlier runs whose process is gone (killed with SIGKILL,
    so their cleanup never ran) are dropped first.
    """
    parts = urllib.parse.urlsplit(postgres_url)
    name = f"{DATABASE_PREFIX}{os.getpid()}"
    with psycopg.connect(postgres_url, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT datname FROM pg_database WHERE datname LIKE %s",
            [DATABASE_PREFIX + "%"],
        ).fetchall()
        for (stale,) in rows:
            if stale == name or not _alive(stale.removeprefix(DATABASE_PREFIX)):
                conn.execute(f'DROP DATABASE IF EXISTS "{stale}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield parts._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(postgres_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _alive(pid: str) -> bool:
    try:
        os.kill(int(pid), 0)
    except (ValueError, ProcessLookupError):
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def _redis_db(redis_url: str) -> Iterator[None]:
    """Flush the Redis database of `redis_url` before and after."""
    client = redis.Redis.from_url(redis_url)
    try:
        client.flushdb()
        yield
    finally:
        client.flushdb()
        client.close()
