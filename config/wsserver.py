"""Daphne on uvloop, in one or several processes: `python -m config.wsserver`.

Usage: `python -m config.wsserver [--workers N] <daphne's own arguments>`.

**uvloop.** Daphne builds the asyncio loop its Twisted reactor runs on when
`daphne.server` is first imported (`asyncio.new_event_loop()`), and has no
option to choose it; an event-loop policy set before that import does.
Twisted's asyncio reactor takes any asyncio loop since Twisted 21.7, uvloop's
included. Everything a socket does runs on that loop: the websocket frames,
the channel layer's Redis client, the hops to the database threads.
Measured with `bench/peers.py --matches 10` (the program sockets' loop, a
shared 2-core machine, four runs each, alternated): Daphne's CPU per move
12.3-13.3 ms on asyncio's own loop and 9.9-13.2 ms on uvloop; moves per
second as a share of boardgame.io's in the same run 0.34-0.38 and
0.40-0.48. Where uvloop is not installed (it has no Windows build), Daphne
runs on asyncio's own loop, as `daphne` itself would.

**Workers.** One Daphne is one Python process: whatever its sockets do (a
program's MOVE, a board's push render) shares one core, whatever the
thread pool. `--workers N` (N > 1, with `-b HOST -p PORT`) binds the port
once in a supervising process and forks N Daphnes that all accept on that
one listening socket, as gunicorn's workers do: the kernel hands each new
connection to a worker waiting in accept, so the sockets, and the moves
they carry, spread over N processes. Each worker adopts the socket through
systemd's socket-passing protocol (`LISTEN_FDS`, descriptor 3; Twisted's
`systemd:` endpoint), which Daphne accepts as `-e`. The workers share
nothing but the socket: the channel layer (Redis) joins them as it joins
nodes. The supervisor forwards SIGTERM and SIGINT to them; when one worker
exits, it stops the others and exits with that worker's status, so the
service manager (systemd's `Restart=always`) starts the whole set again.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import sys
import traceback
from collections.abc import Sequence
from typing import NoReturn

# Where systemd's protocol puts the first passed socket (sd_listen_fds(3)).
LISTEN_FDS_START = 3
BACKLOG = 2048  # Daphne's own TCP endpoint listens with Twisted's 50


def use_uvloop() -> bool:
    """Make new asyncio loops uvloop's; return False where uvloop is missing.

    Call before `daphne.server` is imported: the loop it builds at import
    is the one Daphne serves on.
    """
    try:
        import uvloop
    except ImportError:
        return False
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    return True


def daphne_run(argv: Sequence[str]) -> None:
    """Run Daphne's command line (its arguments: `daphne --help`) on uvloop."""
    use_uvloop()
    from daphne.cli import CommandLineInterface  # type: ignore[import-untyped]

    CommandLineInterface().run(list(argv))


def arguments_split(
    argv: Sequence[str],
) -> tuple[int, str | None, int | None, list[str]]:
    """Return (workers, host, port, Daphne's other arguments) of a command line.

    With one worker, host and port are None and Daphne gets its whole
    command line (it parses its own `-b/--bind` and `-p/--port`). With more,
    the supervisor binds them, so they are taken out. Raises SystemExit
    (argparse's usage error, status 2) for a worker count below 1, or for
    workers without both a host and a port.
    """
    prog = "python -m config.wsserver"
    own = argparse.ArgumentParser(prog=prog, add_help=False, allow_abbrev=False)
    own.add_argument("--workers", type=int, default=1)
    known, rest = own.parse_known_args(list(argv))
    if known.workers < 1:
        own.error("--workers must be 1 or more")
    if known.workers == 1:
        return 1, None, None, rest
    bind = argparse.ArgumentParser(prog=prog, add_help=False, allow_abbrev=False)
    bind.add_argument("-b", "--bind", dest="host")
    bind.add_argument("-p", "--port", type=int)
    address, rest = bind.parse_known_args(rest)
    if address.host is None or address.port is None:
        own.error("--workers needs -b HOST and -p PORT")
    return known.workers, address.host, address.port, rest


def listening_socket(host: str, port: int) -> socket.socket:
    """Return a TCP socket bound to (`host`, `port`) and listening, inheritable.

    Raises OSError when the address cannot be bound (in use, not local).
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host.strip("[]"), port))
    sock.listen(BACKLOG)
    sock.set_inheritable(True)
    return sock


def _worker(sock: socket.socket, daphne_argv: list[str]) -> NoReturn:
    """Run one Daphne on the inherited `sock` (in a forked child); never returns."""
    domain = "INET6" if sock.family == socket.AF_INET6 else "INET"
    if sock.fileno() != LISTEN_FDS_START:
        os.dup2(sock.fileno(), LISTEN_FDS_START)
        sock.close()
    os.environ["LISTEN_FDS"] = "1"
    os.environ["LISTEN_PID"] = str(os.getpid())
    # Twisted reads the passed sockets only when they are named too (systemd 227+).
    os.environ["LISTEN_FDNAMES"] = "websockets"
    for name in (signal.SIGTERM, signal.SIGINT):
        signal.signal(name, signal.SIG_DFL)
    status = 0
    try:
        daphne_run([*daphne_argv, "-e", f"systemd:domain={domain}:index=0"])
    except SystemExit as leaving:
        # As the interpreter would: None is success, a message is printed.
        code = leaving.code
        if code is None or isinstance(code, int):
            status = code or 0
        else:
            print(code, file=sys.stderr)
            status = 1
    except BaseException:
        traceback.print_exc()
        status = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(status)


def serve_workers(workers: int, host: str, port: int, daphne_argv: list[str]) -> int:
    """Fork `workers` Daphnes on one listening socket; return the exit status.

    Returns when the first worker exits (the others are stopped): its exit
    status, or 128 + the signal that ended it. SIGTERM and SIGINT are
    passed on to every worker.
    """
    sock = listening_socket(host, port)
    children: set[int] = set()
    stopping: list[int] = []

    def forward(signum: int, _frame: object) -> None:
        stopping.append(signum)
        for child in children:
            _kill(child, signum)

    # Before the forks: a stop asked meanwhile still reaches every worker.
    for name in (signal.SIGTERM, signal.SIGINT):
        signal.signal(name, forward)
    for _ in range(workers):
        if stopping:
            break
        pid = os.fork()
        if pid == 0:
            _worker(sock, daphne_argv)
        children.add(pid)
    sock.close()
    first: int | None = None
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        children.discard(pid)
        if first is None:
            first = os.waitstatus_to_exitcode(status)
            if first < 0:
                first = 128 - first
            for child in children:
                _kill(child, signal.SIGTERM)
    return first or 0


def _kill(pid: int, signum: int) -> None:
    # Already reaped between the wait and this signal.
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signum)


def main() -> None:
    """Serve as the command line says: one Daphne, or `--workers` of them."""
    workers, host, port, rest = arguments_split(sys.argv[1:])
    if workers == 1:
        daphne_run(rest)
        return
    assert host is not None
    assert port is not None
    sys.exit(serve_workers(workers, host, port, rest))


if __name__ == "__main__":
    main()
