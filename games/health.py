"""Health checks of what Spielpost depends on: database, channel layer, broker."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection


def health_report() -> dict[str, Any]:
    """Return `{"ok": bool, "database": str, "channel_layer": str, "broker": str}`.

    Each component reads "ok" or the error it raised.
    """
    report: dict[str, Any] = {
        "database": _check(_database),
        "channel_layer": _check(_channel_layer),
        "broker": _check(_broker),
    }
    report["ok"] = all(value == "ok" for value in report.values())
    return report


def _check(probe: Callable[[], None]) -> str:
    try:
        probe()
    except Exception as error:  # noqa: BLE001 - any failure means "down"
        return f"error: {type(error).__name__}: {error}"[:200]
    return "ok"


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    channel = async_to_sync(layer.new_channel)()
    message = {"type": "health.ping", "id": uuid.uuid4().hex}
    async_to_sync(layer.send)(channel, message)
    received = async_to_sync(layer.receive)(channel)
    if received != message:
        raise RuntimeError("channel layer returned another message")
    # Several Redis hosts (CHANNEL_REDIS_URLS): the channel above hashed to
    # one of them; each must answer, or the groups on it go silent.
    shards = getattr(layer, "ring_size", 1)
    if shards > 1:
        async_to_sync(_ping_every_host)(layer, shards)


async def _ping_every_host(layer: Any, shards: int) -> None:
    for index in range(shards):
        await layer.connection(index).ping()


def _broker() -> None:
    from config.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)
