"""Figures the suite counts while it runs and prints in its terminal summary.

Under pytest-xdist each worker counts its own; tests/conftest.py hands the
worker's counts to the controller when the worker finishes.
"""

from __future__ import annotations

# Random games played by the conformance suite, per game slug.
GAMES_PLAYED: dict[str, int] = {}
