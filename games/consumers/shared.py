"""What both consumers share: the shared renders, the viewer, the groups.

`RenderShare` (and its process-wide `RENDERS`) lets the sockets of a process
share one render per distinct view of a change; `PushViewer` is all a shared
render may know of its viewer. The helpers join and leave channel-layer
groups (False, not an error, while the layer is down), and read the viewer's
id, language and page version from the socket's scope.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games.channel_layers import LAYER_DOWN_ERRORS

logger = logging.getLogger(__name__)

CLOSE_FORBIDDEN = 4403

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PushViewer:
    """All a pushed fragment may know of its viewer, besides the seat.

    Passed as the template's `user`: a shared render cannot show one
    viewer's name or details to another.
    """

    is_authenticated: bool


class RenderShare:
    """One render per key, shared by the sockets of this process.

    `get(key, render)` returns what `render()` returns; sockets asking for
    the same key while (or after) it renders get the same result. The render
    runs as a task of its own, so a socket that disconnects meanwhile does
    not cancel it for the others. Keys carry the change id of the group
    message, so a result is never reused for a later change; the oldest
    `size` keys are forgotten.
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._renders: OrderedDict[Hashable, asyncio.Future[Any]] = OrderedDict()

    async def get(self, key: Hashable, render: Callable[[], Awaitable[T]]) -> T:
        future = self._renders.get(key)
        if future is None:
            future = asyncio.ensure_future(render())
            self._renders[key] = future
            while len(self._renders) > self.size:
                self._renders.popitem(last=False)
        result: T = await asyncio.shield(future)
        return result

    def clear(self) -> None:
        """Forget every render (tests)."""
        self._renders.clear()


RENDERS = RenderShare()


async def _group_join(consumer: AsyncWebsocketConsumer, group: str) -> bool:
    """Add the consumer's channel to `group`; False if the layer is down."""
    try:
        await consumer.channel_layer.group_add(group, consumer.channel_name)
    except LAYER_DOWN_ERRORS as error:
        logger.warning("channel layer unreachable, polling instead: %s", error)
        return False
    return True


async def _group_leave(consumer: AsyncWebsocketConsumer, group: str) -> None:
    with contextlib.suppress(*LAYER_DOWN_ERRORS):
        await consumer.channel_layer.group_discard(group, consumer.channel_name)


def _fallback_seconds() -> float:
    return settings.LIVE_FALLBACK_POLL_SECONDS


def _viewer_id(scope: Mapping[str, Any]) -> int | None:
    """Return the id of the logged-in user at the other end, or None."""
    user = scope.get("user")
    if user is None or not user.is_authenticated:
        return None
    return int(user.pk)


def _language(scope: Mapping[str, Any]) -> str:
    """Return the viewer's language: the profile's, else the language cookie."""
    user = scope.get("user")
    if user is not None and user.is_authenticated and user.language:
        return str(user.language)
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    supported = {code for code, _name in settings.LANGUAGES}
    return cookie if cookie in supported else settings.LANGUAGE_CODE


def _page_version(scope: Mapping[str, Any], *, default: int) -> int:
    """Return the `version` query parameter of the socket URL, if valid."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    try:
        return int(query["version"][0])
    except (KeyError, ValueError):
        return default
