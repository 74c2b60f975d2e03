"""The board's consumer: a match's live board, pushed to one viewer.

`MatchConsumer` joins the match's group (and the person's own), pushes the
board as the viewer's seat (or a spectator) sees it on every change, and
polls the match's version when a move cannot reach it through the channel
layer: another process on the in-memory layer (LIVE_POLL_SECONDS), or a
Redis that is down or lost the socket's groups (`LayerGroups`, whose
catch-up also renders the bell and the turn count again).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable
from typing import Any

from django.conf import settings

from games import exceptions, selectors
from games.broadcast import match_group, user_group
from games.models import Match, Seat

from .presence import presence_start, presence_stop
from .renders import board_render, chat_line_render, turn_count_render
from .shared import (
    CLOSE_FORBIDDEN,
    RENDERS,
    LayerGroups,
    PersonConsumer,
    scope_language,
    scope_page_id,
    scope_page_stamp,
    scope_page_version,
    scope_viewer_id,
)
from .threads import database_call


class MatchConsumer(PersonConsumer):
    """Push a match's board to one viewer (seat or spectator) on every version."""

    MINE = "turns"

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user_id = scope_viewer_id(self.scope)
        self.authenticated = self.user_id is not None
        self.language = scope_language(self.scope)
        self.sent_version = -1
        # The version the page's log runs to: the last board this socket
        # pushed. A version the page's own move was answered with is shown
        # without a push (`sent_version`), and its log entry is sent again
        # with the next push, in case the answer comes after that push.
        self.log_version = -1
        self.page = scope_page_id(self.scope)
        self.poller: asyncio.Task[None] | None = None
        # False until the viewer may see the match: events queued while the
        # socket connects are dropped if it may not.
        self.visible = False
        self.position: int | None = None
        # One push at a time: the group message, the poll and the catch-up
        # compare versions under it, so a version is pushed once.
        self.push_lock = asyncio.Lock()
        # The groups first, then the match: a change committed in between
        # is then either in what is read or queued for this socket (its
        # handlers run after this one), never lost.
        self.layer_groups = LayerGroups(self, self._catch_up)
        await self.layer_groups.join(match_group(self.match_id))
        # The person's own group: the tab title follows their other matches.
        if self.user_id is not None:
            await self.layer_groups.join(user_group(self.user_id))
        try:
            version, self.position, stamp = await database_call(self._viewer_at)()
        except exceptions.MatchNotFound:
            # A private match the viewer may not see closes as no match.
            await self.layer_groups.stop()
            await self.close(code=CLOSE_FORBIDDEN)
            return
        # Recorded before the page sees its socket open: from then on no
        # "your turn" e-mail goes out while it is.
        self.visible = True
        self.presence = await presence_start(self, self.user_id)
        await self.accept()
        # The page names the version and the board stamp it was rendered
        # at: a change committed between that render and this connect (a
        # move, or a proposal to cancel, a resignation...) is pushed at once.
        self.sent_version = min(
            scope_page_version(self.scope, default=version), version
        )
        self.log_version = self.sent_version
        if version > self.sent_version or scope_page_stamp(self.scope) not in (
            "",
            stamp,
        ):
            await self._push(change=None)
        self.layer_groups.start()
        if settings.LIVE_POLL_SECONDS > 0:
            self.poller = asyncio.create_task(self._poll())

    async def disconnect(self, code: int) -> None:
        await presence_stop(self, getattr(self, "presence", None))
        if self.poller is not None:
            self.poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.poller
        groups: LayerGroups | None = getattr(self, "layer_groups", None)
        if groups is not None:
            await groups.stop()

    def mine_render(self) -> str:
        """Return the person's turn count of their other matches (the tab title)."""
        assert self.user_id is not None
        return turn_count_render(self.user_id, self.match_id)

    def mine_concerns(self, event: dict[str, Any]) -> bool:
        """Only a change of their other matches changes the turn count.

        A change of this match reaches this board as the board itself,
        which shows whether it is their turn here (spielpost.js adds it to
        the count).
        """
        return bool(event.get("match_id") != self.match_id)

    async def match_changed(self, event: dict[str, Any]) -> None:
        """Handle "match.changed": send this viewer's board.

        A move this socket has already shown is skipped, and so is the move
        its own page made: the answer to the page's request shows it
        (`answered`: the mover's id and page). A change without a move
        (seats, who plays them, the status) is always pushed, and may have
        seated or unseated the viewer.
        """
        if not self.visible:
            return
        async with self.push_lock:
            if event.get("moved"):
                if event["version"] <= self.sent_version:
                    return
                if self.page is not None and event.get("answered") == [
                    self.user_id,
                    self.page,
                ]:
                    self.sent_version = event["version"]
                    return
            if not event.get("moved") and self.authenticated:
                self.position = await database_call(self._viewer_position)()
            await self._push(change=event.get("change"))

    async def chat_line(self, event: dict[str, Any]) -> None:
        """Handle "chat.line": append the line if this viewer may read it.

        The board is not rendered again (issue 24).
        """
        if not self.visible:
            return
        html = await database_call(chat_line_render)(
            int(event["line_id"]), self.user_id
        )
        if html:
            await self.send(text_data=html)

    async def _push(self, *, change: str | None, newer: bool = False) -> None:
        """Render and send the board; `newer`: only if its version is new here."""
        position, log_since = self.position, max(self.log_version, 0)

        def render() -> Awaitable[tuple[str, int]]:
            return database_call(board_render)(
                self.match_id, position, self.authenticated, self.language, log_since
            )

        if change is None:
            html, version = await render()
        else:
            key = (
                "match",
                self.match_id,
                change,
                position,
                self.authenticated,
                self.language,
                log_since,
            )
            html, version = await RENDERS.get(key, render)
        if version > self.sent_version or (not newer and version == self.sent_version):
            self.sent_version = self.log_version = version
            await self.send(text_data=html)

    async def _poll(self) -> None:
        # Moves committed by another process (the worker) cannot reach this
        # socket through the in-memory channel layer; a cheap version check
        # can. (A Redis layer that is down: `LayerGroups` polls.)
        while True:
            await asyncio.sleep(settings.LIVE_POLL_SECONDS)
            await self._poll_version()

    async def _poll_version(self) -> None:
        """Push the board if the match has a version this socket has not shown."""
        async with self.push_lock:
            version = await database_call(self._current_version)()
            if version > self.sent_version:
                await self._push(change=None, newer=True)

    async def _catch_up(self) -> None:
        """Push what the layer could not: a new version, a new bell or turn count."""
        await self._poll_version()
        await self.person_catch_up()

    def _viewer_at(self) -> tuple[int, int | None, str]:
        """Return the match's version, the viewer's seat position (or None), its stamp.

        The stamp is `selectors.board_stamp`'s, which the page names too.

        Raises MatchNotFound for an unknown match and for a private one the
        viewer may not see (`selectors.match_visible_to`: a seat, staff, or
        the invitation secret the session keeps since the link was opened).
        """
        user = self.scope.get("user")
        match = selectors.match_visible(
            match_id=self.match_id, user=user, session=self.scope.get("session")
        )
        seat = selectors.viewer_seat(match, user)
        position = None if seat is None else seat.position
        return match.version, position, selectors.board_stamp(match)

    def _current_version(self) -> int:
        return Match.objects.values_list("version", flat=True).get(id=self.match_id)

    def _viewer_position(self) -> int | None:
        if self.user_id is None:
            return None
        return (
            Seat.objects.filter(match_id=self.match_id, user_id=self.user_id)
            .values_list("position", flat=True)
            .first()
        )
