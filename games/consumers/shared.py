"""What both consumers share: the shared renders, the person's parts, the groups.

`RenderShare` (and its process-wide `RENDERS`) lets the sockets of a process
share one render per distinct view of a change. `PersonConsumer` is the
base of the lobby's and the board's consumers: it pushes the parts of a
page that follow the person rather than the page (the bell, their
matches). `LayerGroups` keeps a socket's channel-layer groups through layer
outages (polling while the layer is down). The helpers join and leave
groups (False, not an error, while the layer is down), and read the
viewer's id, language and page version from the socket's scope.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Collection, Hashable, Mapping
from typing import Any, TypeVar
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games.broadcast import page_id_clean
from games.channel_layers import LAYER_DOWN_ERRORS
from games.models import Match

from .renders import bell_render, chat_hidden_render, sanction_render
from .threads import PerCallConnections, database_call

logger = logging.getLogger(__name__)

CLOSE_FORBIDDEN = 4403

T = TypeVar("T")


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


class PersonConsumer(PerCallConnections, AsyncWebsocketConsumer):
    """A page's socket that also pushes the person's own parts of the page.

    The base of `LobbyConsumer` and `MatchConsumer`: both show the person's
    bell ("bell"), and a part about their matches (`MINE`, rendered by
    `mine_render`: the lobby's own-matches list, a board's turn count of
    the other matches). The subclass sets `user_id` (None: nobody logged
    in, no parts) and `language` in `connect`, and `layer_groups` before
    the layer can report itself down. `sent` holds the HTML last sent of
    each part, so a catch-up sends only what changed.
    """

    # The part that `mine_render` renders (a key of `sent`).
    MINE = "mine"

    user_id: int | None
    language: str
    layer_groups: LayerGroups

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: dict[str, str] = {}

    def mine_render(self) -> str:
        """Return the person's matches part (sync: run off the event loop)."""
        raise NotImplementedError

    def mine_concerns(self, event: dict[str, Any]) -> bool:
        """Return whether a "user.matches_changed" `event` changes `MINE`."""
        return True

    async def layer_down(self, event: dict[str, Any]) -> None:
        """Handle "layer.down" (the receive failed): poll until the layer is back."""
        self.layer_groups.layer_down()

    async def user_closed(self, event: dict[str, Any]) -> None:
        """Handle "user.closed" (the person was banned, issue 24): close the socket."""
        await self.close(code=4003)

    async def user_sanctioned(self, event: dict[str, Any]) -> None:
        """Handle "user.sanctioned" (suspended or muted, issue 24): show the
        notice and close the chat form, without rendering the page again."""
        if self.user_id is not None:
            html = await database_call(sanction_render)(
                self.user_id, self.language, getattr(self, "match_id", None)
            )
            if html:
                await self.send(text_data=html)

    async def chat_hidden(self, event: dict[str, Any]) -> None:
        """Handle "chat.hidden": remove the line from the page (issue 24).

        The board is not rendered again.
        """
        await self.send(text_data=chat_hidden_render(int(event["line_id"])))

    async def user_notifications_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.notifications_changed": send the person's bell again."""
        if self.user_id is not None:
            html = await database_call(bell_render)(self.user_id, self.language)
            await self.part_send("bell", html)

    async def user_matches_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.matches_changed": send the person's matches part again."""
        if self.user_id is not None and self.mine_concerns(event):
            html = await database_call(self.mine_render)()
            await self.part_send(self.MINE, html)

    async def part_send(
        self, part: str, html: str, *, changed_only: bool = False
    ) -> None:
        """Send `html` as `part`; with `changed_only`, only if it differs from the last."""
        if changed_only and self.sent.get(part) == html:
            return
        self.sent[part] = html
        await self.send(text_data=html)

    async def person_catch_up(self) -> None:
        """Render the person's parts again and send those that changed."""
        if self.user_id is None:
            return
        bell = await database_call(bell_render)(self.user_id, self.language)
        await self.part_send("bell", bell, changed_only=True)
        mine = await database_call(self.mine_render)()
        await self.part_send(self.MINE, mine, changed_only=True)


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


# Seconds between a socket's re-adds to its groups while the layer is up: a
# Redis that restarted empty between two of them lost the memberships (and
# the messages since), which the next re-add finds and catches up on.
GROUP_REFRESH_SECONDS = 15.0


async def _wait(seconds: float) -> None:
    # The beat's wait, by name: tests replace it to drive the beats.
    await asyncio.sleep(seconds)


class LayerGroups:
    """A socket's channel-layer groups, kept through layer outages.

    `join(group)` / `leave(group)` add and remove a group (a group joined
    while the layer is down is added once it is back). `start()` runs the
    beat (`step()`) in a task: every GROUP_REFRESH_SECONDS it adds the
    socket to each group again, and every LIVE_FALLBACK_POLL_SECONDS while
    the layer is down. The layer counts as down when adding fails, or when
    the socket's receive reports it (`layer_down()`, from the layer's
    "layer.down" message, games/channel_layers.py). `catch_up()`, the
    consumer's own, reads the database and pushes what changed: on each
    beat while the layer is down, once when it is back, and once when the
    layer had lost a membership (Redis restarted empty). The consumer's
    pushes compare versions, so nothing is pushed twice.
    """

    def __init__(
        self,
        consumer: AsyncWebsocketConsumer,
        catch_up: Callable[[], Awaitable[None]],
    ) -> None:
        self.consumer = consumer
        self.catch_up = catch_up
        self.groups: dict[str, None] = {}  # insertion-ordered set
        self.down = False
        self.task: asyncio.Task[None] | None = None
        self.stepping = False

    async def join(self, group: str) -> bool:
        """Add the socket to `group`; False (and polling) if the layer is down."""
        self.groups[group] = None
        if self.down:
            return False
        if not await _group_join(self.consumer, group):
            self.layer_down()
        return not self.down

    async def leave(self, group: str) -> None:
        """Remove the socket from `group`."""
        if group in self.groups:
            del self.groups[group]
            await _group_leave(self.consumer, group)

    def start(self) -> None:
        """Start the beat (a task of its own)."""
        if self.task is None:
            self._restart()

    async def stop(self) -> None:
        """Stop the beat and leave every group (disconnect)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
            self.task = None
        for group in list(self.groups):
            await self.leave(group)

    def layer_down(self) -> None:
        """Note that the layer is down (the receive failed): poll from now on."""
        if not self.down:
            self.down = True
            if self.task is not None:
                self._restart()

    async def step(self) -> None:
        """One beat: add the socket to its groups again; catch up if needed."""
        lost = False
        try:
            for group in list(self.groups):
                lost = await _group_refresh(self.consumer, group) or lost
        except LAYER_DOWN_ERRORS as error:
            if not self.down:
                logger.warning("channel layer unreachable, polling: %s", error)
            self.down = True
            await self.catch_up()
            return
        was_down, self.down = self.down, False
        if was_down or lost:
            await self.catch_up()

    async def _run(self) -> None:
        while True:
            await _wait(_fallback_seconds() if self.down else GROUP_REFRESH_SECONDS)
            self.stepping = True
            try:
                await self.step()
            except Exception:
                # A failing catch-up (the database away too) must not end
                # the beat: the next one tries again.
                logger.warning("socket catch-up failed", exc_info=True)
            finally:
                self.stepping = False

    def _restart(self) -> None:
        # A beat that waits the long interval starts again with the short
        # one; a beat in its step is not cut off (it may be pushing), and
        # reads `down` before its next wait anyway.
        if self.stepping:
            return
        if self.task is not None:
            self.task.cancel()
        self.task = asyncio.create_task(self._run())


async def _group_refresh(consumer: AsyncWebsocketConsumer, group: str) -> bool:
    """Add the consumer's channel to `group` again; True if it had been lost.

    Layers without `group_refresh` (in-memory) cannot lose a membership.
    Raises LAYER_DOWN_ERRORS.
    """
    layer = consumer.channel_layer
    refresh = getattr(layer, "group_refresh", None)
    if refresh is None:
        await layer.group_add(group, consumer.channel_name)
        return False
    return bool(await refresh(group, consumer.channel_name))


def match_versions(match_ids: Collection[int]) -> dict[int, int]:
    """Return {match id: version} of these matches (one query; gone ones left out)."""
    return dict(
        Match.objects.filter(id__in=list(match_ids)).values_list("id", "version")
    )


def scope_viewer_id(scope: Mapping[str, Any]) -> int | None:
    """Return the id of the logged-in user at the other end, or None."""
    user = scope.get("user")
    if user is None or not user.is_authenticated:
        return None
    return int(user.pk)


def scope_language(scope: Mapping[str, Any]) -> str:
    """Return the viewer's language: the profile's, else the language cookie."""
    user = scope.get("user")
    if user is not None and user.is_authenticated and user.language:
        return str(user.language)
    cookie = scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME, "")
    supported = {code for code, _name in settings.LANGUAGES}
    return cookie if cookie in supported else settings.LANGUAGE_CODE


def scope_page_stamp(scope: Mapping[str, Any]) -> str:
    """Return the `stamp` query parameter of the socket URL ("" if none)."""
    return _query_value(scope, "stamp")[:32]


def scope_page_id(scope: Mapping[str, Any]) -> str | None:
    """Return the `page` query parameter of the socket URL if well-formed, else None.

    The board page's id (`broadcast.page_id_new`): the socket does not push
    the version that answers that page's own move.
    """
    return page_id_clean(_query_value(scope, "page"))


def scope_page_version(scope: Mapping[str, Any], *, default: int) -> int:
    """Return the `version` query parameter of the socket URL, if valid."""
    try:
        return int(_query_value(scope, "version"))
    except ValueError:
        return default


def _query_value(scope: Mapping[str, Any], name: str) -> str:
    """Return the first value of query parameter `name` of the socket URL ("")."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    values: list[str] = query.get(name, [""])
    return values[0]
