"""The lobby's consumer: the open matches, and the person's own matches.

`LobbyConsumer` joins the lobby's group (and the person's own) and pushes
the open-matches list (one shared render per language), the person's own
matches and their bell; while the channel layer is down it tries to join
again instead of polling.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games.broadcast import LOBBY_GROUP, user_group

from .presence import _presence_start, _presence_stop
from .renders import _bell_render, _lobby_render, _my_matches_render
from .shared import (
    RENDERS,
    _fallback_seconds,
    _group_join,
    _group_leave,
    _language,
    _viewer_id,
)


class LobbyConsumer(AsyncWebsocketConsumer):
    """Push the lobby's lists: the open matches, and the person's own matches."""

    async def connect(self) -> None:
        self.language = _language(self.scope)
        self.user_id = _viewer_id(self.scope)
        self.in_group = await _group_join(self, LOBBY_GROUP)
        self.in_user_group = self.user_id is not None and await _group_join(
            self, user_group(self.user_id)
        )
        await self.accept()
        self.presence = await _presence_start(self, self.user_id)
        self.rejoin: asyncio.Task[None] | None = None
        if not self.in_group:
            self.rejoin = asyncio.create_task(self._rejoin())

    async def disconnect(self, code: int) -> None:
        await _presence_stop(self, getattr(self, "presence", None))
        rejoin = getattr(self, "rejoin", None)
        if rejoin is not None:
            rejoin.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await rejoin
        if getattr(self, "in_group", False):
            await _group_leave(self, LOBBY_GROUP)
        if getattr(self, "in_user_group", False) and self.user_id is not None:
            await _group_leave(self, user_group(self.user_id))

    async def user_notifications_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.notifications_changed": send the person's bell again."""
        if self.user_id is not None:
            html = await database_sync_to_async(_bell_render)(
                self.user_id, self.language
            )
            await self.send(text_data=html)

    async def user_matches_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.matches_changed": send the person's own matches."""
        if self.user_id is not None:
            html = await database_sync_to_async(_my_matches_render)(
                self.user_id, self.language
            )
            await self.send(text_data=html)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        """Handle "lobby.changed": send the open-matches list (one render per language)."""
        language = self.language

        def render() -> Awaitable[str]:
            return database_sync_to_async(_lobby_render)(language)

        change = event.get("change")
        if change is None:
            html = await render()
        else:
            html = await RENDERS.get(("lobby", change, language), render)
        await self.send(text_data=html)

    async def _rejoin(self) -> None:
        # The lobby has no version to poll: it joins again when the layer is
        # back and shows the list as it is then.
        while not self.in_group:
            await asyncio.sleep(_fallback_seconds())
            self.in_group = await _group_join(self, LOBBY_GROUP)
        if self.user_id is not None:
            self.in_user_group = await _group_join(self, user_group(self.user_id))
        await self.lobby_changed({"type": "lobby.changed"})
        await self.user_matches_changed({"type": "user.matches_changed"})
