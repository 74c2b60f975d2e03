"""The soak's stack: `make run`'s commands in a folder of their own (bench/soak.py)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from loadbench.stack import free_port, process_start

from config.devredis import server_url

ROOT = Path(__file__).resolve().parent.parent.parent
PYTHON = str(ROOT / ".venv" / "bin" / "python")
HONCHO = str(ROOT / ".venv" / "bin" / "honcho")
STARTUP_SECONDS = 90
STOP_SECONDS = 20
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


@contextlib.contextmanager
def stack_run(tmp: Path) -> Iterator[Stack]:
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
            raise RuntimeError(
                "the stack stopped at start:\n" + console_tail(stack.console)
            )
        with (
            contextlib.suppress(urllib.error.URLError, OSError),
            urllib.request.urlopen(stack.url + "/", timeout=2) as response,
        ):
            if response.status == 200 and b"ready." in stack.console.read_bytes():
                return
        time.sleep(0.25)
    raise RuntimeError("the stack did not come up:\n" + console_tail(stack.console))


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


def console_tail(path: Path, lines: int = 30) -> str:
    text = path.read_text(errors="replace") if path.exists() else ""
    return "\n".join(text.splitlines()[-lines:])


def crashes(stack: Stack, stopped_early: bool) -> int:
    """Return how often a worker (or the stack) fell over, read from the console."""
    text = stack.console.read_text(errors="replace")
    return int(stopped_early) + sum(
        1 for line in text.splitlines() if CRASH.search(line)
    )
