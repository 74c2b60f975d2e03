"""A robot turn claimed by a node that dies is played by another (issue 27).

Two nodes behind HAProxy (bench/nodebench/cluster.py). Node A's Celery
worker claims the robot's move and dies with the node before playing it:
its pool process is stopped, so the task sits claimed (acknowledged late,
never run) in A's worker, and node B's worker consumes no tasks until A is
gone (Celery's cancel_consumer), so A's is the one that takes it. Then A is
SIGKILLed and B's worker consumes again:
B's beat finds the robot turn waiting (`robot_turns_resume`, every 30 s,
for turns waiting over 30 s) and B's worker plays it, within a minute.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import time
from typing import Any

import aiohttp
import pytest
import redis
from celery import Celery

from tests.sockets import children
from tests.stack.conftest import redis_db_url, require_stack

pytestmark = pytest.mark.stack

# The sweep runs every 30 s for turns waiting over 30 s: at most a minute,
# plus the move itself on a busy machine.
PLAYED_WITHIN = 75.0

require_stack()

from tests.stack.clients import api  # noqa: E402


async def _until(predicate: Any, seconds: float) -> float:
    """Poll `predicate()` (async) until true; return the seconds it took."""
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        if await predicate():
            return time.monotonic() - began
        await asyncio.sleep(0.05)
    raise AssertionError(f"not within {seconds} s")


async def test_a_robot_turn_claimed_by_a_dead_node_is_played_by_another(cluster):
    person, _ = cluster.pairs[0]
    a, b = cluster.nodes["a"], cluster.nodes["b"]
    worker_a = a.processes["celery"]
    # A's worker takes tasks but never runs them; B's takes none for now.
    # Its children are its pool process and its beat, once both started.
    began = time.monotonic()
    while len(children(worker_a.pid)) < 2 and time.monotonic() - began < 30:
        time.sleep(0.1)
    for child in children(worker_a.pid):
        os.kill(child, signal.SIGSTOP)
    # B's worker stops consuming the task queue (Celery's remote control):
    # a stopped process would not do, Redis hands a waiting BRPOP its
    # message all the same.
    control = Celery(broker=redis_db_url()).control
    worker_b_name = f"node-b-{os.getpid()}@{socket.gethostname()}"
    # B's worker answers its remote control only once it is up (on a busy
    # machine that can take tens of seconds after /healthz answers).
    answer_by = time.monotonic() + 90
    while not control.cancel_consumer(
        "celery", destination=[worker_b_name], reply=True, timeout=2
    ):
        assert time.monotonic() < answer_by, "node B's worker never answered"
    broker = redis.Redis.from_url(redis_db_url())
    try:
        async with aiohttp.ClientSession() as http:
            status, match = await api(
                http,
                "POST",
                b.http + "/api/matches/",
                person,
                {"game": "race", "seats": 2},
            )
            assert status == 201, match
            match_id = match["id"]
            # The robot fills the match: it starts, the robot is to move (Race
            # starts with everyone choosing favourites) and its task is sent.
            status, match = await api(
                http,
                "POST",
                b.http + f"/api/matches/{match_id}/robots/",
                person,
                {"robot": "medium"},
            )
            assert status == 200, match
            assert match["status"] == "active"
            robot = next(s["position"] for s in match["seats"] if s["robot"])
            assert robot in match["to_move"]

            async def claimed() -> bool:
                return broker.llen("celery") == 0

            await _until(claimed, 30)
            # Taken by A's main process: in its hands or, acknowledged
            # late, in the broker's "unacked" (until its hour is up).
            status, body = await api(
                http, "GET", b.http + f"/api/matches/{match_id}/", person
            )
            assert body["version"] == 0
            a.kill()
            killed = time.monotonic()
            assert control.add_consumer(
                "celery", destination=[worker_b_name], reply=True
            )

            async def robot_moved() -> bool:
                status, body = await api(
                    http, "GET", b.http + f"/api/matches/{match_id}/", person
                )
                return status == 200 and robot not in body["to_move"]

            took = await _until(robot_moved, PLAYED_WITHIN)
            status, body = await api(
                http, "GET", b.http + f"/api/matches/{match_id}/", person
            )
    finally:
        control.add_consumer("celery", destination=[worker_b_name])
    print(f"robot turn played {took:.1f} s after node A died")
    assert time.monotonic() - killed >= took
    # Not by A before it died, nor from the queue: by B's sweep, which
    # waits until the turn has waited 30 s.
    assert took > 20
    # Played once: the robot's favourites are the one move of the match.
    assert body["version"] == 1
