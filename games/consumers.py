"""Push-only websocket consumers (STYLE.md B7).

Moves arrive over HTTP; sockets only carry re-rendered HTML for the viewer
at the other end, swapped in by the htmx ws extension (hx-swap-oob).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from games import selectors
from games.broadcast import LOBBY_GROUP, match_group
from games.models import Match

CLOSE_FORBIDDEN = 4403


class MatchConsumer(AsyncWebsocketConsumer):
    """Push a match's board to one viewer (seat or spectator) on every version."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user = self.scope.get("user")
        self.sent_version = -1
        self.poller: asyncio.Task[None] | None = None
        try:
            version = await database_sync_to_async(self._current_version)()
        except Match.DoesNotExist:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        await self.channel_layer.group_add(
            match_group(self.match_id), self.channel_name
        )
        await self.accept()
        # The page names the version it was rendered at: a move committed
        # between that render and this connect is pushed at once.
        self.sent_version = min(_page_version(self.scope, default=version), version)
        if version > self.sent_version:
            await self._push()
        if settings.LIVE_POLL_SECONDS > 0:
            self.poller = asyncio.create_task(self._poll())

    async def disconnect(self, code: int) -> None:
        if self.poller is not None:
            self.poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.poller
        await self.channel_layer.group_discard(
            match_group(self.match_id), self.channel_name
        )

    async def match_changed(self, event: dict[str, Any]) -> None:
        """Handle "match.changed": render and send this viewer's board.

        A move this socket has already shown is skipped; a change without a
        move (seats, who plays them, the status) is always pushed.
        """
        if event.get("moved") and event["version"] <= self.sent_version:
            return
        await self._push()

    async def _push(self) -> None:
        html, version = await database_sync_to_async(self._render)()
        if version >= self.sent_version:
            self.sent_version = version
            await self.send(text_data=html)

    async def _poll(self) -> None:
        # Moves committed by another process (the worker) cannot reach this
        # socket through the in-memory channel layer; a cheap version check can.
        while True:
            await asyncio.sleep(settings.LIVE_POLL_SECONDS)
            version = await database_sync_to_async(self._current_version)()
            if version > self.sent_version:
                await self._push()

    def _current_version(self) -> int:
        return Match.objects.values_list("version", flat=True).get(id=self.match_id)

    def _render(self) -> tuple[str, int]:
        match, seat = selectors.match_for_viewer(match_id=self.match_id, user=self.user)
        with translation.override(_language(self.scope)):
            # The page has the log up to the version last sent: append the rest.
            board = selectors.board_context(
                match=match, seat=seat, log_since=max(self.sent_version, 0)
            )
            # No request here: the seat panel needs the viewer as `user`.
            html = render_to_string(
                "games/match_detail.html#live",
                {"board": board, "oob": True, "user": self.user},
            )
        return html, match.version


class LobbyConsumer(AsyncWebsocketConsumer):
    """Push the lobby's list of open matches when it changes."""

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        await self.channel_layer.group_add(LOBBY_GROUP, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(LOBBY_GROUP, self.channel_name)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        """Handle "lobby.changed": send the re-rendered open-matches list."""
        await self.send(text_data=await database_sync_to_async(self._render)())

    def _render(self) -> str:
        with translation.override(_language(self.scope)):
            return render_to_string(
                "games/lobby.html#open-matches",
                {
                    "open_matches": selectors.open_matches(),
                    "user": self.user,
                    "oob": True,
                },
            )


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
