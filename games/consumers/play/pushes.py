"""The view pushes of the program socket `/ws/play/` (the package's docstring, Pushes).

After every change of a watched match the socket gets the match as the
player's seat sees it, each version once and in order: on the broadcast's
"match.changed", on "user.matches_changed" (a match the player sits at
now), right after authentication (`_greet`), and from the catch-up while
the channel layer is down (`_catch_up`, run by LayerGroups).
"""

from __future__ import annotations

import asyncio
from typing import Any

from django.utils import translation

from accounts.models import User
from games.broadcast import match_group
from games.consumers.shared import LayerGroups, match_versions
from games.consumers.threads import database_call
from games.models import Match

from . import requests
from .requests import PlayError


class PushHandlers:
    """The push part of PlayConsumer: its view pushes and their group handlers."""

    # PlayConsumer's (consumer.py).
    user: User | None
    language: str
    watched: dict[int, int]
    answered: dict[int, dict[str, Any]]
    kept: set[int]
    invites: dict[int, str]
    push_lock: asyncio.Lock
    layer_groups: LayerGroups

    async def _send(self, payload: dict[str, Any]) -> None:
        raise NotImplementedError

    async def _greet(self) -> None:
        """Push the view of each open and running match of the player, once each."""
        for match_id in list(self.watched):
            await self.match_changed({"match_id": match_id, "moved": False})

    async def match_changed(self, event: dict[str, Any]) -> None:
        """Handle "match.changed": push the match as this player's seat sees it."""
        match_id = event.get("match_id")
        if self.user is None or match_id not in self.watched:
            return
        answered = self.answered.pop(match_id, None)
        async with self.push_lock:
            if event.get("moved") and event["version"] <= self.watched[match_id]:
                return
            if (
                event.get("moved")
                and answered is not None
                and answered["version"] >= event["version"]
            ):
                # This socket's own move: its answer is that version's view.
                await self._push(answered)
                return
            await self._push_match(match_id)

    async def _push_match(self, match_id: int, *, newer: bool = False) -> None:
        """Push the match as this player's seat sees it (`newer`: a new version only)."""
        if self.user is None:
            return
        user = self.user
        try:
            with translation.override(self.language):
                body = await database_call(requests.body)(
                    user, match_id, self.invites.get(match_id, "")
                )
                await self._push(body, newer=newer)
        except PlayError:
            return

    async def _catch_up(self) -> None:
        """Push what the layer could not: new versions, and matches seated since."""
        if self.user is None:
            return
        user = self.user
        call = database_call
        for match_id in await call(requests.seated_match_ids)(user):
            await self._join(match_id)
        async with self.push_lock:
            versions = await call(match_versions)(list(self.watched))
            for match_id, version in sorted(versions.items()):
                if match_id in self.watched and version > self.watched[match_id]:
                    await self._push_match(match_id, newer=True)

    async def _push(self, body: dict[str, Any], *, newer: bool = False) -> None:
        match_id = body["id"]
        last = self.watched.get(match_id, -1)
        if body["version"] < last or (newer and body["version"] == last):
            return
        self.watched[match_id] = body["version"]
        await self._send(
            {
                "event": "view",
                "match": match_id,
                "version": body["version"],
                "status": body["status"],
                "state": body["state"],
                "your_seat": body["your_seat"],
                "to_move": body["to_move"],
                "view": body["view"],
                "legal_moves": body["legal_moves"],
                "outcome": body["outcome"],
            }
        )
        if body["status"] in Match.ENDED and match_id not in self.kept:
            await self._let_go(match_id)

    async def _join(self, match_id: int) -> None:
        """Watch `match_id` (join its group) unless the socket already does."""
        if match_id not in self.watched:
            self.watched[match_id] = -1
            await self.layer_groups.join(match_group(match_id))

    async def _let_go(self, match_id: int) -> None:
        """Stop watching an ended match, its last view pushed (it stays the socket's match).

        A program's socket that plays match after match would otherwise stay
        in the group of every match it ever played, re-add itself to each at
        every beat and read their versions at every catch-up.
        """
        self.watched.pop(match_id, None)
        self.answered.pop(match_id, None)
        await self.layer_groups.leave(match_group(match_id))

    async def user_matches_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.matches_changed": watch a match the player sits at now."""
        match_id = event.get("match_id")
        if self.user is None or not isinstance(match_id, int):
            return
        if match_id not in self.watched and await database_call(requests.is_seated)(
            self.user, match_id
        ):
            await self._join(match_id)
            await self.match_changed({"match_id": match_id, "moved": False})
