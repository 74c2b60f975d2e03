"""The lobby's consumer: the open matches, and the person's own matches.

`LobbyConsumer` joins the lobby's group (and the person's own) and pushes
the open-matches list (one shared render per language), the person's own
matches and their bell. While the channel layer is down (or after it lost
the socket's groups) its catch-up renders the lists and the bell again and
sends those that changed (`LayerGroups`).
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games.broadcast import LOBBY_GROUP, user_group

from .presence import _presence_start, _presence_stop
from .renders import _bell_render, _lobby_render, _my_matches_render
from .shared import RENDERS, LayerGroups, _language, _viewer_id


class LobbyConsumer(AsyncWebsocketConsumer):
    """Push the lobby's lists: the open matches, and the person's own matches."""

    async def connect(self) -> None:
        self.language = _language(self.scope)
        self.user_id = _viewer_id(self.scope)
        # What was last sent of each list: the catch-up sends only changes.
        self.sent: dict[str, str] = {}
        self.layer_groups = LayerGroups(self, self._catch_up)
        await self.layer_groups.join(LOBBY_GROUP)
        if self.user_id is not None:
            await self.layer_groups.join(user_group(self.user_id))
        await self.accept()
        self.presence = await _presence_start(self, self.user_id)
        self.layer_groups.start()

    async def disconnect(self, code: int) -> None:
        await _presence_stop(self, getattr(self, "presence", None))
        groups: LayerGroups | None = getattr(self, "layer_groups", None)
        if groups is not None:
            await groups.stop()

    async def layer_down(self, event: dict[str, Any]) -> None:
        """Handle "layer.down" (the receive failed): poll until the layer is back."""
        self.layer_groups.layer_down()

    async def user_notifications_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.notifications_changed": send the person's bell again."""
        if self.user_id is not None:
            html = await database_sync_to_async(_bell_render)(
                self.user_id, self.language
            )
            await self._send("bell", html)

    async def user_matches_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.matches_changed": send the person's own matches."""
        if self.user_id is not None:
            html = await database_sync_to_async(_my_matches_render)(
                self.user_id, self.language
            )
            await self._send("mine", html)

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
        await self._send("lobby", html)

    async def _send(self, part: str, html: str, *, changed_only: bool = False) -> None:
        if changed_only and self.sent.get(part) == html:
            return
        self.sent[part] = html
        await self.send(text_data=html)

    async def _catch_up(self) -> None:
        # The lobby has no version to compare: it renders its lists again
        # and sends those that differ from what it sent last.
        call = database_sync_to_async
        html = await call(_lobby_render)(self.language)
        await self._send("lobby", html, changed_only=True)
        if self.user_id is not None:
            html = await call(_my_matches_render)(self.user_id, self.language)
            await self._send("mine", html, changed_only=True)
            html = await call(_bell_render)(self.user_id, self.language)
            await self._send("bell", html, changed_only=True)
