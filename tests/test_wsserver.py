"""config/wsserver.py: Daphne serves on uvloop's loop, or on asyncio's without uvloop."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(before=before)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.split()


def test_daphne_serves_on_uvloop():
    assert _probe() == ["True", "uvloop"]


def test_without_uvloop_daphne_serves_on_asyncio_s_own_loop():
    # An import of a module set to None raises ImportError.
    assert _probe("sys.modules['uvloop'] = None") == ["False", "asyncio.unix_events"]
