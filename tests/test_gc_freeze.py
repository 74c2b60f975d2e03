"""config/gc_freeze.py: the web processes and Celery's pool processes freeze what their import made."""

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


# A Celery pool process as it starts: Django set up and the tasks imported
# by its parent (config.celery, the worker's fixup), then the pool's signal.
POOL_PROBE = """
import gc
import django
from celery.signals import worker_process_init
from config.celery import app
django.setup()
app.loader.import_default_modules()
before = len(gc.get_objects(generation=2))
worker_process_init.send(sender=None)
print(before, gc.get_freeze_count(), len(gc.get_objects(generation=2)))
"""


def test_a_celery_pool_process_freezes_what_it_inherited():
    before, frozen, walked = map(int, python_output(POOL_PROBE, timeout=120).split())
    # Without the hook, a full collection walks all of them.
    assert before > 50_000
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
