"""HTTP and socket plumbing of the load benchmark's client side.

Timed API requests as a bot sends them, sockets opened (and retried) in
batches as browsers would, and readers that note when each message arrived.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import aiohttp
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.typing import Origin

from loadbench.stack import Player, Stack

VERSION = re.compile(r'data-version="(\d+)"')
# Sockets opened at once. Each connect takes one of the channel layer's Redis
# connections in Daphne (group_add), and redis-py's pool refuses the 101st
# ("Too many connections") instead of waiting: 100 at once lose a few.
CONNECTING = 50
CONNECT_ATTEMPTS = 5
FANOUT_TIMEOUT = 60.0


class Api:
    """Timed JSON requests to one HTTP server, as a bot would send them."""

    def __init__(self, session: aiohttp.ClientSession, base: str) -> None:
        self.session = session
        self.base = base

    async def call(
        self, method: str, path: str, player: Player | None, body: Any = None
    ) -> tuple[int, Any, float, float]:
        """Send a request; return (status, JSON body, sent at, returned at)."""
        headers = {"Accept": "application/json"}
        if player is not None:
            headers["Authorization"] = f"Token {player.token}"
        sent = time.perf_counter()
        async with self.session.request(
            method, self.base + path, json=body, headers=headers
        ) as response:
            data = await response.json(content_type=None)
        return response.status, data, sent, time.perf_counter()

    async def form_move(
        self, path: str, player: Player, page: str, form: dict[str, Any], version: int
    ) -> tuple[int, float, float]:
        """POST a move as a board page's form does; return (status, sent at, returned at).

        The session cookie, a CSRF token (cookie and header), htmx's header
        and the page's id (`X-Spielpost-Page`). A 200 answer must show the
        board at `version`.
        """
        csrf = secrets.token_hex(16)
        headers = {
            "Cookie": f"{player.cookie}; csrftoken={csrf}",
            "X-CSRFToken": csrf,
            "HX-Request": "true",
            "X-Spielpost-Page": page,
        }
        sent = time.perf_counter()
        async with self.session.post(
            self.base + path, data=form, headers=headers
        ) as response:
            html = await response.text()
        returned = time.perf_counter()
        if response.status == 200 and version_parse(html) != version:
            raise RuntimeError(f"POST {path}: no board at version {version}")
        return response.status, sent, returned


@contextlib.asynccontextmanager
async def client_session() -> AsyncIterator[aiohttp.ClientSession]:
    # No cookie jar: a bot sends its token and nothing else.
    async with aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0),
        cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=120),
    ) as session:
        yield session


@dataclass
class Sockets:
    """Open sockets, and how many handshakes the server refused on the way."""

    conns: list[ClientConnection]
    refused: int = 0


@contextlib.asynccontextmanager
async def sockets_open(
    stack: Stack, paths: Sequence[str], cookies: Sequence[str]
) -> AsyncIterator[Sockets]:
    """Open one socket per path (with the cookie of the same index, if any).

    A refused handshake is tried again after a second, up to
    CONNECT_ATTEMPTS times, as the htmx ws extension reconnects; the
    refusals are counted. The sockets are closed in batches afterwards.
    """
    gate = asyncio.Semaphore(CONNECTING)
    opened = Sockets([])

    async def one(index: int, path: str) -> ClientConnection:
        headers = {"Cookie": cookies[index]} if cookies else {}
        for attempt in range(1, CONNECT_ATTEMPTS + 1):
            try:
                async with gate:
                    return await connect(
                        stack.ws_url + path,
                        origin=Origin(stack.origin),
                        additional_headers=headers,
                        open_timeout=FANOUT_TIMEOUT,
                        # Browsers send no keepalive pings; 1,000 sockets need none.
                        ping_interval=None,
                        max_size=2**23,
                    )
            except (InvalidStatus, OSError, TimeoutError):
                opened.refused += 1
                if attempt == CONNECT_ATTEMPTS:
                    raise
                await asyncio.sleep(1)
        raise AssertionError  # unreachable: the last attempt returns or raises

    results = await asyncio.gather(
        *(one(index, path) for index, path in enumerate(paths)),
        return_exceptions=True,
    )
    opened.conns = [conn for conn in results if isinstance(conn, ClientConnection)]
    try:
        failed = [error for error in results if isinstance(error, BaseException)]
        if failed:
            raise RuntimeError(f"{len(failed)} sockets failed to open") from failed[0]
        yield opened
    finally:
        # In batches: each close costs Daphne a channel-layer call, and a
        # thousand at once exhaust its Redis pool for the next phase.
        for start in range(0, len(opened.conns), CONNECTING):
            batch = opened.conns[start : start + CONNECTING]
            await asyncio.gather(
                *(conn.close() for conn in batch), return_exceptions=True
            )


async def socket_read(
    conn: ClientConnection,
    parse: Callable[[str], int | None],
    record: Callable[[float, int], None],
    closed: Callable[[], None] | None = None,
) -> None:
    """Record the receipt time and parsed value of every message.

    `closed` is called when the server closes the socket.
    """
    with contextlib.suppress(ConnectionClosed):
        async for message in conn:
            received = time.perf_counter()
            text = message if isinstance(message, str) else message.decode()
            value = parse(text)
            if value is not None:
                record(received, value)
    if closed is not None:
        closed()


def readers_stop(readers: Sequence[asyncio.Task[None]]) -> int:
    """Stop the socket readers; return how many had ended (socket closed)."""
    ended = sum(1 for reader in readers if reader.done())
    for reader in readers:
        reader.cancel()
    return ended


def version_parse(html: str) -> int | None:
    found = VERSION.search(html)
    return int(found.group(1)) if found else None
