"""Push-only websocket consumers (STYLE.md B7).

Moves arrive over HTTP; sockets only carry re-rendered HTML for the viewer
at the other end, swapped in by the htmx ws extension (hx-swap-oob).

A change reaches every socket of a match (or of the lobby) in a process at
once. The sockets share the render of each distinct view of it: a pushed
board depends on the viewer only through its seat (or none: a spectator),
whether it is logged in, its language and the log it already shows, so
1,000 spectators cost one render, not 1,000 (`RenderShare`).

A channel layer that is down (Redis) does not close the boards: a socket
that cannot join its group is accepted anyway, polls the version instead
and joins again once the layer is back (see games/channel_layers.py).
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

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from accounts.notifications import presence
from accounts.notifications.services import unread_count
from games import selectors
from games.broadcast import LOBBY_GROUP, match_group, user_group
from games.channel_layers import LAYER_DOWN_ERRORS
from games.models import Match, Seat

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


class MatchConsumer(AsyncWebsocketConsumer):
    """Push a match's board to one viewer (seat or spectator) on every version."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["match_id"])
        self.user_id = _viewer_id(self.scope)
        self.authenticated = self.user_id is not None
        self.language = _language(self.scope)
        self.sent_version = -1
        self.poller: asyncio.Task[None] | None = None
        try:
            version, self.position = await database_sync_to_async(self._viewer_at)()
        except Match.DoesNotExist:
            await self.close(code=CLOSE_FORBIDDEN)
            return
        self.in_group = await _group_join(self, match_group(self.match_id))
        # The person's own group: the tab title follows their other matches.
        self.in_user_group = self.user_id is not None and await _group_join(
            self, user_group(self.user_id)
        )
        await self.accept()
        self.presence = await _presence_start(self, self.user_id)
        # The page names the version it was rendered at: a move committed
        # between that render and this connect is pushed at once.
        self.sent_version = min(_page_version(self.scope, default=version), version)
        if version > self.sent_version:
            await self._push(change=None)
        if settings.LIVE_POLL_SECONDS > 0 or not self.in_group:
            self.poller = asyncio.create_task(self._poll())

    async def disconnect(self, code: int) -> None:
        await _presence_stop(self, getattr(self, "presence", None))
        if self.poller is not None:
            self.poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.poller
        if getattr(self, "in_group", False):
            await _group_leave(self, match_group(self.match_id))
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
        """Handle "user.matches_changed": send the person's turn count (tab title).

        Only for their other matches: a change of this match reaches this
        board as the board itself, which shows whether it is their turn here
        (spielpost.js adds it to the count).
        """
        if self.user_id is not None and event.get("match_id") != self.match_id:
            html = await database_sync_to_async(_turn_count_render)(
                self.user_id, self.match_id
            )
            await self.send(text_data=html)

    async def match_changed(self, event: dict[str, Any]) -> None:
        """Handle "match.changed": send this viewer's board.

        A move this socket has already shown is skipped; a change without a
        move (seats, who plays them, the status) is always pushed, and may
        have seated or unseated the viewer.
        """
        if event.get("moved") and event["version"] <= self.sent_version:
            return
        if not event.get("moved") and self.authenticated:
            self.position = await database_sync_to_async(self._viewer_position)()
        await self._push(change=event.get("change"))

    async def _push(self, *, change: str | None) -> None:
        position, log_since = self.position, max(self.sent_version, 0)

        def render() -> Awaitable[tuple[str, int]]:
            return database_sync_to_async(_board_render)(
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
        if version >= self.sent_version:
            self.sent_version = version
            await self.send(text_data=html)

    async def _poll(self) -> None:
        # Moves committed by another process (the worker) cannot reach this
        # socket through the in-memory channel layer, nor through a Redis
        # layer that is down; a cheap version check can. Once a Redis layer
        # is back, the socket joins its group again and stops polling.
        while True:
            regular = settings.LIVE_POLL_SECONDS
            await asyncio.sleep(regular if self.in_group else _fallback_seconds())
            if not self.in_group:
                self.in_group = await _group_join(self, match_group(self.match_id))
            version = await database_sync_to_async(self._current_version)()
            if version > self.sent_version:
                await self._push(change=None)
            if self.in_group and regular <= 0:
                return

    def _viewer_at(self) -> tuple[int, int | None]:
        """Return the match's version and the viewer's seat position (or None)."""
        return self._current_version(), self._viewer_position()

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


# Presence (accounts/notifications/presence.py): "your turn" e-mails wait
# while the person has a page open. Best effort: a back-end that fails
# (Redis down) is logged, and the socket lives on.


async def _presence_start(
    consumer: AsyncWebsocketConsumer, user_id: int | None
) -> asyncio.Task[None] | None:
    """Record the logged-in person's open page; return its heartbeat task.

    None for anonymous viewers, who get no e-mails.
    """
    if user_id is None:
        return None
    await _presence_call(presence.presence_join, user_id, consumer.channel_name)
    return asyncio.create_task(_presence_heartbeat(user_id, consumer.channel_name))


async def _presence_stop(
    consumer: AsyncWebsocketConsumer, heartbeat: asyncio.Task[None] | None
) -> None:
    """Stop the heartbeat and record that the page closed (if it was recorded)."""
    if heartbeat is None:
        return
    heartbeat.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await heartbeat
    user_id = _viewer_id(consumer.scope)
    if user_id is not None:
        await _presence_call(presence.presence_leave, user_id, consumer.channel_name)


async def _presence_heartbeat(user_id: int, channel_name: str) -> None:
    # Three beats per PRESENCE_TTL: one lost beat does not end the presence.
    while True:
        await asyncio.sleep(settings.PRESENCE_TTL / 3)
        await _presence_call(presence.presence_beat, user_id, channel_name)


async def _presence_call(
    record: Callable[[int, str], None], user_id: int, channel_name: str
) -> None:
    try:
        await database_sync_to_async(record)(user_id, channel_name)
    except Exception:
        # Any failure: presence only delays e-mails, it must not close boards.
        logger.warning("presence not recorded for user %s", user_id, exc_info=True)


def _board_render(
    match_id: int,
    position: int | None,
    authenticated: bool,
    language: str,
    log_since: int,
) -> tuple[str, int]:
    """Return (the live part of the board as `position` sees it, its version).

    `position` None is a spectator. The log holds the entries after
    `log_since` (the page has the rest).
    """
    match = selectors.match_with_seats(match_id=match_id)
    seat = next((s for s in match.seats.all() if s.position == position), None)
    with translation.override(language):
        board = selectors.board_context(match=match, seat=seat, log_since=log_since)
        # No request here: the seat panel needs to know whether the viewer
        # is logged in, and nothing else of them (the render is shared).
        html = render_to_string(
            "games/match_detail.html#live",
            {"board": board, "oob": True, "user": PushViewer(authenticated)},
        )
    return html, match.version


def _lobby_render(language: str) -> str:
    """Return the lobby's open-matches list in `language`."""
    with translation.override(language):
        return render_to_string(
            "games/lobby.html#open-matches",
            {"open_matches": selectors.open_matches(), "oob": True},
        )


def _my_matches_render(user_id: int, language: str) -> str:
    """Return the person's own matches (and turn count) in `language`."""
    my_matches = selectors.matches_for_user(user=user_id)
    with translation.override(language):
        return render_to_string(
            "games/lobby.html#my-matches",
            {
                "my_matches": my_matches,
                "turn_count": sum(1 for _match, my_turn in my_matches if my_turn),
                "oob": True,
            },
        )


def _turn_count_render(user_id: int, excluding_match_id: int) -> str:
    """Return the turn-count element of a board page (one query).

    It counts the person's other matches; the board shows its own.
    """
    count = selectors.turn_count_for_user(
        user_id=user_id, excluding_match_id=excluding_match_id
    )
    return render_to_string(
        "_partials/turn_count.html", {"turn_count": count, "oob": True}
    )


def _bell_render(user_id: int, language: str) -> str:
    """Return the navigation's bell with the person's unread count (one query).

    Per person, not shared: the count is theirs. In `language` for the
    bell's label ("Notifications, 3 unread").
    """
    count = unread_count(user_id=user_id)
    with translation.override(language):
        return render_to_string(
            "_partials/bell.html", {"bell_count": count, "oob": True}
        )


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
