"""config/gc_freeze.py: the web processes freeze what their import made."""

from __future__ import annotations

import gc

import pytest

from config.gc_freeze import startup_freeze
from tests.processes import python_output

# What a server process has after importing its entry point: frozen objects,
# and how many a full collection still walks.
PROBE = """
import gc
import config.{entry}
print(gc.get_freeze_count(), len(gc.get_objects(generation=2)))
"""


@pytest.mark.parametrize("entry", ["asgi", "wsgi"])
def test_importing_an_entry_point_freezes_the_application(entry):
    # A process of its own, as Daphne and each gunicorn worker are.
    frozen, walked = map(
        int, python_output(PROBE.format(entry=entry), timeout=120).split()
    )
    # Django and the project's modules: some 100,000 objects, none left to walk.
    assert frozen > 50_000
    assert walked == 0


def test_startup_freeze_moves_the_tracked_objects_out_of_collections():
    before = gc.get_freeze_count()
    kept = [[] for _ in range(1_000)]  # tracked containers, alive
    try:
        startup_freeze()
        assert gc.get_freeze_count() >= before + len(kept)
        assert not any(obj is kept for obj in gc.get_objects(generation=2))
    finally:
        gc.unfreeze()
