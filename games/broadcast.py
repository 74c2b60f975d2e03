"""The only place that talks to the channel layer (STYLE.md B5).

Group messages carry ids and versions, never game state: the consumers
render each viewer's board from the database, so a group message cannot
leak a hand. Each message carries a `change` id of its own, under which the
sockets of one process share the render of each distinct view (see
games/consumers/). Inside `batch()` (a move) a commit's messages go to
Redis together.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import threading
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels_redis.core import RedisChannelLayer
from django.db import transaction

from games.layer_trips import FewerRoundTrips
from games.models import Match

LOBBY_GROUP = "lobby"

# A group message: (group, event).
Message = tuple[str, dict[str, Any]]

# Per thread: the messages of the `batch()` being collected, if any.
_local = threading.local()


def match_group(match_id: int) -> str:
    """Return the channel-layer group of the sockets watching a match."""
    return f"match-{match_id}"


def user_group(user_id: int) -> str:
    """Return the channel-layer group of a person's open pages (lobby, boards)."""
    return f"user-{user_id}"


def person_groups(user_id: int) -> tuple[str, str]:
    """Return the groups of every socket of a person: their pages', their programs'."""
    return user_group(user_id), program_group(user_id)


def program_group(user_id: int) -> str:
    """Return the channel-layer group of a person's program sockets (/ws/play/).

    Apart from the pages' group: a program needs neither bells nor the
    lists' "whose turn" after every move (it watches its matches), which
    would be three of the five messages a move sends its sockets.
    """
    return f"programs-{user_id}"


# A board page's id: what `page_id_new` makes, with room for other clients'.
_PAGE_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def page_id_new() -> str:
    """Return a new random id for a board page (22 URL-safe characters).

    The page names it in its socket's URL and on every request it sends,
    so the answer to its own move and its socket's push can be told apart.
    """
    return secrets.token_urlsafe(16)


def page_id_clean(text: str | None) -> str | None:
    """Return `text` if it is a well-formed page id (16-64 of A-Z a-z 0-9 _ -), else None."""
    if text is None or not _PAGE_ID.fullmatch(text):
        return None
    return text


@dataclass(frozen=True, slots=True)
class AnsweredPage:
    """The page whose own request is answered with the board a move made.

    That page's socket need not push the same version: the answer shows it
    (one board render per move for the mover's page, not two). `page` is
    the id the board page was rendered with (`page_id_new`), `user_id` the
    mover's: a page id alone silences no other person's socket.
    """

    user_id: int
    page: str


def match_changed_event(
    match: Match, *, moved: bool, answered: AnsweredPage | None = None
) -> dict[str, Any]:
    """Return the group message announcing a change of `match`.

    `moved`: a move produced `match.version`, which a socket that already
    showed that version may skip; otherwise seats or the status changed
    without a move, and every socket re-renders. `answered`: the page
    whose request is answered with that version (a move only).
    """
    event: dict[str, Any] = {
        "type": "match.changed",
        "match_id": match.id,
        "version": match.version,
        "moved": moved,
        "change": uuid.uuid4().hex,
    }
    if moved and answered is not None:
        event["answered"] = [answered.user_id, answered.page]
    return event


def match_changed_on_commit(
    match: Match, *, moved: bool = False, answered: AnsweredPage | None = None
) -> None:
    """After commit, tell every socket watching `match` that it changed.

    `moved`: the change is the move that produced `match.version`;
    `answered`: the page that moved, whose socket need not push it.
    """
    # Captured now: the same object may change again before the commit.
    _send_on_commit(
        (
            match_group(match.id),
            match_changed_event(match, moved=moved, answered=answered),
        )
    )


def lobby_changed_on_commit() -> None:
    """After commit, tell open lobby pages that the list of matches changed."""
    _send_on_commit(
        (LOBBY_GROUP, {"type": "lobby.changed", "change": uuid.uuid4().hex})
    )


def user_matches_changed_on_commit(
    match: Match, user_ids: Iterable[int | None], *, pages_only: bool = False
) -> None:
    """After commit, tell these people's open pages that their list of matches changed.

    `match` of theirs was created, filled, started, finished or left, or
    whether it is their turn in it changed. `pages_only`: only what their
    pages list changed (whose turn it is after a move, a vacation), not
    their seats: their program sockets, which watch the match itself and
    list nothing, are not told. `None` ids (free seats, robots) are
    skipped; each person is told once. The message names the match: a
    board of that very match already shows the change itself.
    """
    ids = sorted({i for i in user_ids if i is not None})
    groups = [user_group(i) for i in ids]
    if not pages_only:
        groups += [program_group(i) for i in ids]
    _send_on_commit(
        *(
            (
                group,
                {
                    "type": "user.matches_changed",
                    "match_id": match.id,
                    "change": uuid.uuid4().hex,
                },
            )
            for group in groups
        )
    )


def user_notifications_changed_on_commit(user_ids: Iterable[int | None]) -> None:
    """After commit, tell these people's open pages that their notices changed.

    A new notice, or notices read on another page: each page renders its
    bell (the unread count) again. `None` ids are skipped; each person is
    told once.
    """
    groups = [user_group(i) for i in sorted({i for i in user_ids if i is not None})]
    _send_on_commit(
        *(
            (group, {"type": "user.notifications_changed", "change": uuid.uuid4().hex})
            for group in groups
        )
    )


@contextlib.contextmanager
def batch() -> Iterator[None]:
    """Send the announcements made inside this block together, after commit.

    A move announces its match, the players whose turn changed and a bell:
    four group messages, which together take two round trips to Redis
    instead of eight (`FewerRoundTrips.group_send_many`). Each message is
    still sent only if its own on-commit hook runs (one registered in a
    savepoint that rolled back is not), and in the order announced. Blocks
    nested in a batch join it. Outside a transaction the messages are sent
    at the block's end.
    """
    if getattr(_local, "outbox", None) is not None:
        yield
        return
    outbox: list[Message] = []
    _local.outbox = outbox
    try:
        yield
    finally:
        _local.outbox = None

        def send_batch() -> None:
            if outbox:
                _send(outbox)

        # Registered after every message's own hook, so it runs after them.
        transaction.on_commit(send_batch, robust=True)


def _send_on_commit(*messages: Message) -> None:
    """After commit, send `messages` in their order (with the batch, if one is open)."""
    if not messages:
        return
    outbox: list[Message] | None = getattr(_local, "outbox", None)
    if outbox is not None:
        transaction.on_commit(lambda: outbox.extend(messages))
        return

    def send() -> None:
        _send(list(messages))

    # Robust: a channel layer that is down must not fail a committed change.
    # (A named function: Django logs its __qualname__.)
    transaction.on_commit(send, robust=True)


def _send(messages: list[Message]) -> None:
    """Send each (group, event) of `messages` now, in their order."""
    layer = get_channel_layer()
    if layer is None:
        return
    if isinstance(layer, RedisChannelLayer):
        # channels-redis keeps a connection pool per event loop: through
        # async_to_sync, every send from a sync process (gunicorn, Celery)
        # ran in a new loop with a new connection. One loop per process
        # keeps one pool.
        asyncio.run_coroutine_threadsafe(
            _redis_send(layer, messages), _sender_loop()
        ).result(timeout=SEND_TIMEOUT_SECONDS)
        return
    # The in-memory layer lives in the loop of its consumers (tests, `make
    # run` without Redis): async_to_sync finds that loop from a sync view.
    for group, event in messages:
        async_to_sync(layer.group_send)(group, event)


async def _redis_send(layer: RedisChannelLayer, messages: list[Message]) -> None:
    if isinstance(layer, FewerRoundTrips):
        await layer.group_send_many(messages)
        return
    for group, event in messages:
        await layer.group_send(group, event)


# Seconds a commit's announcement may take before it is given up (logged by
# the robust on_commit): a hung Redis must not hold a request for long.
SEND_TIMEOUT_SECONDS = 5.0
_sender: tuple[int, asyncio.AbstractEventLoop] | None = None
_sender_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    """Return this process's event loop for group sends, started on first use.

    Per process id: a loop inherited through fork (gunicorn, Celery's
    prefork pool) has no thread running it in the child.
    """
    global _sender
    with _sender_lock:
        if _sender is None or _sender[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(
                target=loop.run_forever, name="broadcast", daemon=True
            ).start()
            _sender = (os.getpid(), loop)
        return _sender[1]


def chat_line_on_commit(*, line_id: int, match_id: int | None) -> None:
    """After commit, tell the sockets of a match (or of the lobby) of a new chat line.

    Its own event ("chat.line", the line's id only): each consumer renders
    the line for its viewer (mutes, blocks) and appends it without
    rendering the board again (issue 24).
    """
    group = LOBBY_GROUP if match_id is None else match_group(match_id)
    _send_on_commit(
        (group, {"type": "chat.line", "line_id": line_id, "match_id": match_id})
    )


def user_sockets_close_on_commit(user_id: int) -> None:
    """After commit, close every open socket of person `user_id` (a ban, issue 24).

    Each consumer in the person's groups (pages, programs) answers
    "user.closed" by closing.
    """
    _send_on_commit(*((g, {"type": "user.closed"}) for g in person_groups(user_id)))


def chat_line_hidden_on_commit(*, line_id: int, match_id: int | None) -> None:
    """After commit, tell the sockets of a match (or of the lobby) that a line was hidden.

    Its own event ("chat.hidden", the line's id only): each consumer
    removes `#chat-line-<id>` from its page without rendering the board
    again (issue 24). A page that never showed the line removes nothing.
    """
    group = LOBBY_GROUP if match_id is None else match_group(match_id)
    # The match too: the program socket says where the line was (additive).
    _send_on_commit(
        (group, {"type": "chat.hidden", "line_id": line_id, "match_id": match_id})
    )


def user_sanctioned_on_commit(user_id: int) -> None:
    """After commit, tell person `user_id`'s open pages that they were sanctioned.

    A suspension or a chat mute (issue 24): each consumer in the person's
    groups (pages, programs; "user.sanctioned", no details: it reads the
    person's row) shows the notice and takes away the forms the person may
    no longer use.
    """
    _send_on_commit(*((g, {"type": "user.sanctioned"}) for g in person_groups(user_id)))
