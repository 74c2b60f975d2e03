"""config/wsserver.py: Daphne on uvloop (or asyncio's loop), and several Daphnes on one port."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from config.wsserver import arguments_split
from tests.processes import ROOT, python_output
from tests.sockets import children, free_port, http_head

# What Daphne will serve on: the loop `daphne.server` built at import.
PROBE = """
import sys
{before}
from config.wsserver import use_uvloop
print(use_uvloop())
import daphne.server
print(type(daphne.server.twisted_loop).__module__)
"""


def _probe(before: str = "") -> list[str]:
    # A process of its own: the reactor is installed once per process.
    return python_output(PROBE.format(before=before)).split()


def test_daphne_serves_on_uvloop():
    assert _probe() == ["True", "uvloop"]


def test_without_uvloop_daphne_serves_on_asyncio_s_own_loop():
    # An import of a module set to None raises ImportError.
    assert _probe("sys.modules['uvloop'] = None") == ["False", "asyncio.unix_events"]


# ---------------------------------------------------------------------------
# --workers: several Daphnes on one port


def test_one_worker_leaves_daphne_its_whole_command_line():
    argv = ["--no-server-name", "-b", "127.0.0.1", "-p", "8002", "config.asgi:app"]

    assert arguments_split(argv) == (1, None, None, argv)
    assert arguments_split(["--workers", "1", *argv]) == (1, None, None, argv)


def test_workers_take_the_address_from_daphne_s_arguments():
    argv = ["--workers=3", "-b127.0.0.1", "-p8002", "--websocket_timeout", "5", "app"]

    assert arguments_split(argv) == (
        3,
        "127.0.0.1",
        8002,
        ["--websocket_timeout", "5", "app"],
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["--workers", "0", "-b", "127.0.0.1", "-p", "8002", "app"],
        ["--workers", "2", "-b", "127.0.0.1", "app"],
        ["--workers", "2", "-u", "/tmp/daphne.sock", "app"],
    ],
)
def test_workers_refuse_a_command_line_they_cannot_serve(argv, capsys):
    with pytest.raises(SystemExit) as leaving:
        arguments_split(argv)

    assert leaving.value.code == 2
    assert "--workers" in capsys.readouterr().err


def _head(port: int) -> str:
    """Return the head of the answer to a GET on `port` ("" for none)."""
    try:
        return http_head(port, b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
    except OSError:
        return ""


def _answers(port: int) -> bool:
    """Return whether an HTTP request on `port` gets any HTTP answer."""
    return _head(port).startswith("HTTP/1.1 ")


@pytest.fixture
def workers(tmp_path):
    """Start `config.wsserver --workers 2` on a free port; yield (process, port)."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(SPIELPOST_VAR=str(tmp_path), LOG_LEVEL="WARNING")
    env.pop("DJANGO_SETTINGS_MODULE", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "config.wsserver", "--workers", "2", "-v", "0",
         "--no-server-name", "-b", "127.0.0.1", "-p", str(port),
         "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    try:
        # Two Django start-ups on a loaded machine: a generous deadline.
        deadline = time.monotonic() + 90
        while not _answers(port):
            if process.poll() is not None:
                pytest.fail(f"the workers exited: {process.stderr.read().decode()}")
            if time.monotonic() > deadline:
                pytest.fail("no worker answered within 90 s")
            time.sleep(0.2)  # a real process starting, not a test's clock
        yield process, port
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)
        process.stderr.close()


def test_workers_serve_one_port_and_stop_together(workers):
    process, port = workers
    pids = children(process.pid)

    assert len(pids) == 2
    heads = [_head(port) for _ in range(10)]
    assert all(head.startswith("HTTP/1.1 ") for head in heads)
    # Daphne's own arguments reach every worker (production's --no-server-name).
    assert not any("\nserver:" in head.lower() for head in heads)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) == 0
    # Reaped by the supervisor before it exited.
    assert not any(Path(f"/proc/{child}").exists() for child in pids)


def test_a_dead_worker_stops_the_others(workers):
    process, _port = workers
    first, second = sorted(children(process.pid))

    os.kill(first, signal.SIGKILL)

    # The service manager restarts the whole set: it must see it end.
    assert process.wait(timeout=60) == 128 + signal.SIGKILL
    assert not Path(f"/proc/{second}").exists()
