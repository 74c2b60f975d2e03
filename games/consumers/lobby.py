"""The lobby's consumer: the open matches, and the person's own matches.

`LobbyConsumer` joins the lobby's group (and the person's own) and pushes
the open-matches list (one shared render per language), the person's own
matches and their bell (those two as every `PersonConsumer`). While the channel layer is down (or after it lost
the socket's groups) its catch-up renders the lists and the bell again and
sends those that changed (`LayerGroups`).
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from games.broadcast import LOBBY_GROUP, user_group

from .presence import presence_start, presence_stop
from .renders import chat_line_render, lobby_render, my_matches_render
from .shared import (
    RENDERS,
    LayerGroups,
    PersonConsumer,
    scope_language,
    scope_viewer_id,
)
from .threads import database_call


class LobbyConsumer(PersonConsumer):
    """Push the lobby's lists: the open matches, and the person's own matches."""

    async def connect(self) -> None:
        self.language = scope_language(self.scope)
        self.user_id = scope_viewer_id(self.scope)
        self.layer_groups = LayerGroups(self, self._catch_up)
        await self.layer_groups.join(LOBBY_GROUP)
        if self.user_id is not None:
            await self.layer_groups.join(user_group(self.user_id))
        # Recorded before the page sees its socket open: from then on no
        # "your turn" e-mail goes out while it is.
        self.presence = await presence_start(self, self.user_id)
        await self.accept()
        self.layer_groups.start()

    async def disconnect(self, code: int) -> None:
        await presence_stop(self, getattr(self, "presence", None))
        groups: LayerGroups | None = getattr(self, "layer_groups", None)
        if groups is not None:
            await groups.stop()

    def mine_render(self) -> str:
        """Return the person's own matches (the lobby's "mine" part)."""
        assert self.user_id is not None
        return my_matches_render(self.user_id, self.language)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        """Handle "lobby.changed": send the open-matches list (one render per language)."""
        language = self.language

        def render() -> Awaitable[str]:
            return database_call(lobby_render)(language)

        change = event.get("change")
        if change is None:
            html = await render()
        else:
            html = await RENDERS.get(("lobby", change, language), render)
        await self.part_send("lobby", html)

    async def chat_line(self, event: dict[str, Any]) -> None:
        """Handle "chat.line": append the line if this viewer may read it.

        The board is not rendered again (issue 24).
        """
        html = await database_call(chat_line_render)(
            int(event["line_id"]), self.user_id
        )
        if html:
            await self.send(text_data=html)

    async def _catch_up(self) -> None:
        # The lobby has no version to compare: it renders its lists again
        # and sends those that differ from what it sent last.
        html = await database_call(lobby_render)(self.language)
        await self.part_send("lobby", html, changed_only=True)
        await self.person_catch_up()
