"""Run Python code in a process of its own, from the project's root."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def python_output(
    code: str, *, env: Mapping[str, str] | None = None, timeout: float = 60
) -> str:
    """Return what `code` printed, run by this interpreter in a new process.

    For what a process does once (installing a reactor, what its imports
    leave behind, a database connection set up from the environment).
    `env`: the process's whole environment (default: this one's). Raises
    AssertionError with the process's stderr if it exits with an error,
    subprocess.TimeoutExpired after `timeout` seconds.
    """
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
