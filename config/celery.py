"""The Celery application: robots, deadline checks and reminders (STYLE.md B8)."""

from __future__ import annotations

import os
import time
from typing import Any

from celery import Celery
from celery.signals import before_task_publish, task_postrun, worker_process_init

from config.gc_freeze import startup_freeze

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("spielpost", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect(weak=False, dispatch_uid="gc-freeze")
def _pool_process_freeze(**kwargs: Any) -> None:
    """Freeze what a pool process inherited (Django, the tasks) once it starts.

    A robot's search allocates quickly, so the collector runs often in a
    pool process; without this every full collection also walks the some
    180,000 objects of the application (config/gc_freeze.py).
    """
    startup_freeze()


# bench/soak.py counts every task sent and run, by id, in the stack's own
# Redis: a task sent and never run was lost. Off unless the URL is set.
TALLY_SENT = "tally:sent"  # hash: task id -> "<unix time> <task name>"
TALLY_RUN = "tally:run"  # set of task ids
_tally: dict[str, Any] = {}  # "url", and one Redis client per process id


def task_tally_connect(url: str) -> None:
    """Count this process's tasks sent and run in the Redis at `url` (idempotent)."""
    _tally["url"] = url
    before_task_publish.connect(_tally_sent, weak=False, dispatch_uid="tally-sent")
    task_postrun.connect(_tally_run, weak=False, dispatch_uid="tally-run")


def _tally_client() -> Any:
    # A forked pool process must not share its parent's connection.
    import redis

    key = f"client-{os.getpid()}"
    if key not in _tally:
        _tally[key] = redis.Redis.from_url(_tally["url"])
    return _tally[key]


def _tally_sent(sender: str, headers: dict[str, Any], **kwargs: Any) -> None:
    _tally_client().hset(TALLY_SENT, headers["id"], f"{time.time():.3f} {sender}")


def _tally_run(task_id: str, **kwargs: Any) -> None:
    _tally_client().sadd(TALLY_RUN, task_id)


if os.environ.get("SPIELPOST_TASK_TALLY_URL"):
    task_tally_connect(os.environ["SPIELPOST_TASK_TALLY_URL"])
