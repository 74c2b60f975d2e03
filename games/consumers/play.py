"""The program socket `/ws/play/`: bots play any game with JSON commands.

Authentication
    The REST API's token, checked as the API checks it
    (`accounts.authentication.CheckedTokenAuthentication`: 40 hex
    characters, a known token, an active account; tokens are only issued to
    verified accounts): either the header `Authorization: Token <key>` on
    the upgrade request, or a first message `{"command": "AUTH", "token":
    "<key>"}`. A bad header is answered with an AUTH error answer, and the
    socket stays open for an AUTH command. Session cookies are not used:
    this socket is for programs. Until authenticated, every command is
    answered with the error `unauthenticated`. Commands before
    authentication count against the API's anonymous rate limit
    (REST_FRAMEWORK's AnonRateThrottle, per address); refused ones are
    answered `throttled`, and after MAX_THROTTLED refusals in a row the
    socket is closed with code 4429. Authenticated commands have no rate
    limit, as in the REST API.

Messages
    Text frames of one JSON object (at most MAX_FRAME characters, nested at
    most games.parsers.MAX_DEPTH deep): `{"command": NAME, "data": ...,
    "id": any client correlation id, "match": match id}`; `data`, `id` and
    `match` are optional. The seed's positional form `[NAME, data, TYPE]`
    (e.g. `["BUILD_ROAD", "Deutsch-to-Theologie", "STRING"]`) is accepted
    too; TYPE is ignored. Each command gets one answer, `{"id", "command",
    "ok": true, "result": ...}` or `{"id", "command", "ok": false, "error":
    {"code", "message"}}`, the message in the account's language. Bad input
    changes nothing and never closes the socket.

Commands (any game)
    AUTH (token) · REQUEST_GAMES (null, a status - open, active/STARTED,
    finished, aborted - or {"status", "game", "mine"}: the API's match
    summaries) · REQUEST_ALL_CONNECTED_PLAYERS (the people with a
    /ws/play/ socket open on any server process: [{"id", "name"}],
    play_presence.py) ·
    WANT_TO_JOIN_GAME / WANT_JOIN_GAME (match id: take the first free seat,
    `services.seat_claim`) · WATCH / UNWATCH (match id) · VIEW and
    LEGAL_MOVES (the API's match body / its legal moves) · MOVE (`data`:
    a move in the platform's JSON, `version` optional at the top level:
    `services.move_submit`). Commands without "match" use the match last
    named on this socket (joined, watched or played). A private match is
    `not_found` (as an unknown id) unless the player sits there, is staff,
    or sends its invitation secret: `"invite": secret` at the top level or
    `{"match": id, "invite": secret}` as the data; the socket keeps it for
    that match (games.selectors.access).

Commands of a game
    A rules package may have `protocol.py` with `COMMANDS`: name ->
    function(view, legal_moves, data) -> move JSON (or a RulesError such as
    Rat um Rad's ProtocolError). The consumer reads the seat's view and
    legal moves, asks the function for the move and plays it through
    `services.move_submit` like MOVE (games/rules/rat_um_rad/protocol.py:
    BUILD_ROAD, TAKE_WHEEL, ...).

Pushes
    After every change of a watched match (WATCH, a joined match, and every
    open or running match of the player: watched on authentication and
    when one is created, filled or started), the socket gets `{"event":
    "view", "match", "version", "status", "your_seat", "to_move", "view",
    "legal_moves", "outcome"}`: the match as the player's seat sees it (a
    spectator's view when not seated), rendered per socket from the
    database after the broadcast's "match.changed" (games/broadcast.py);
    never another seat's view. Each version is pushed once, in order.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework.throttling import AnonRateThrottle

from accounts.models import User
from games import exceptions
from games.broadcast import match_group, user_group
from games.parsers import loads
from games.rules.base import RulesError
from games.text import message_text

from . import play_presence
from . import play_requests as requests
from .play_requests import PlayError
from .presence import _presence_start, _presence_stop
from .shared import _group_join, _group_leave

logger = logging.getLogger(__name__)

CLOSE_THROTTLED = 4429
MAX_FRAME = 65536
MAX_THROTTLED = 3

NOT_JSON = _("Send one JSON object per message.")
NOT_A_COMMAND = _('Send {"command": NAME, "data": ..., "id": ..., "match": ...}.')
UNKNOWN_COMMAND = _("There is no such command.")
UNAUTHENTICATED = _('Authenticate first: {"command": "AUTH", "token": "<API token>"}.')
ALREADY_AUTHENTICATED = _("This socket is already authenticated.")
NO_TOKEN = _("Send your API token as a string.")
BAD_HEADER = _("Invalid token header. Use Authorization: Token <key>.")
THROTTLED = _("Too many commands without authentication. Wait a minute.")
NO_MATCH_NAMED = _('Name the match: "match": <id>.')
FAILED = _("The command failed. Try again later.")

# The socket's error codes of the services' refusals (games.exceptions).
ERROR_CODES: list[tuple[type[exceptions.MatchError], str]] = [
    (exceptions.StaleMatch, "stale"),
    (exceptions.NotYourTurn, "not_your_turn"),
    (exceptions.NotSeated, "not_seated"),
    (exceptions.MatchNotActive, "not_active"),
    (exceptions.SeatUnavailable, "seat_unavailable"),
    (exceptions.InvalidMove, "illegal_move"),
]

GENERIC = frozenset(
    {
        "AUTH",
        "REQUEST_GAMES",
        "REQUEST_ALL_CONNECTED_PLAYERS",
        "WANT_TO_JOIN_GAME",
        "WANT_JOIN_GAME",
        "WATCH",
        "UNWATCH",
        "VIEW",
        "LEGAL_MOVES",
        "MOVE",
    }
)


def _anonymous_request(scope: dict[str, Any]) -> HttpRequest:
    """Return what DRF's AnonRateThrottle reads of a request: the client's address."""
    request = HttpRequest()
    client = scope.get("client") or ("", 0)
    request.META["REMOTE_ADDR"] = client[0] or ""
    forwarded = dict(scope.get("headers") or []).get(b"x-forwarded-for")
    if forwarded:
        request.META["HTTP_X_FORWARDED_FOR"] = forwarded.decode("latin-1")
    request.user = AnonymousUser()
    return request


class PlayConsumer(AsyncWebsocketConsumer):
    """One program's socket: commands in, answers and view pushes out."""

    async def connect(self) -> None:
        self.user: User | None = None
        self.language = settings.LANGUAGE_CODE
        self.watched: dict[int, int] = {}  # match id -> last pushed version
        self.current: int | None = None
        self.invites: dict[int, str] = {}  # match id -> invitation secret sent
        self.throttled = 0
        self.presence: asyncio.Task[None] | None = None
        await self.accept()
        header = dict(self.scope.get("headers") or []).get(b"authorization")
        if header is not None:
            await self._handle({"command": "AUTH"}, header=header)

    async def disconnect(self, code: int) -> None:
        await _presence_stop(self, self.presence)
        for match_id in list(self.watched):
            await _group_leave(self, match_group(match_id))
        if self.user is not None:
            await _group_leave(self, user_group(self.user.pk))
            # Leaving an entry that was never recorded changes nothing.
            await play_presence.program_stop(self.user.pk, self.channel_name)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None
    ) -> None:
        message: Any = None
        if text_data is None or len(text_data) > MAX_FRAME:
            message = PlayError("bad_json", NOT_JSON)
        else:
            try:
                message = loads(text_data)
            except ValueError:
                message = PlayError("bad_json", NOT_JSON)
        if isinstance(message, list) and message and isinstance(message[0], str):
            # The seed's positional form: [NAME, data, TYPE].
            message = {"command": message[0], "data": (message[1:2] or [None])[0]}
        await self._handle(message)

    async def _handle(self, message: Any, header: bytes | None = None) -> None:
        ident = message.get("id") if isinstance(message, dict) else None
        name = message.get("command") if isinstance(message, dict) else None
        with translation.override(self.language):
            try:
                # Every message before authentication counts, garbage too.
                if self.user is None and not await self._allowed():
                    return
                if isinstance(message, PlayError):
                    raise message
                if not isinstance(name, str) or not isinstance(message, dict):
                    raise PlayError("bad_message", NOT_A_COMMAND)
                if header is not None:
                    result = await self._auth(message, header)
                else:
                    result = await self._run(name, message)
            except PlayError as error:
                await self._error(ident, name, error.code, error.message)
            except exceptions.MatchError as error:
                code = next((c for k, c in ERROR_CODES if isinstance(error, k)), "")
                await self._error(ident, name, code or "refused", error.message)
            except RulesError as error:
                text_ = message_text(error.as_message())
                await self._error(ident, name, "invalid_command", text_)
            except Exception:
                logger.exception("play socket command %r failed", name)
                await self._error(ident, name, "failed", FAILED)
            else:
                await self._send(
                    {"id": ident, "command": name, "ok": True, "result": result}
                )

    async def _allowed(self) -> bool:
        """Count an unauthenticated command against the anonymous rate limit."""
        throttle = AnonRateThrottle()
        allowed = await database_sync_to_async(throttle.allow_request)(
            _anonymous_request(self.scope),  # type: ignore[arg-type]
            None,  # type: ignore[arg-type]
        )
        if allowed:
            self.throttled = 0
            return True
        self.throttled += 1
        if self.throttled > MAX_THROTTLED:
            await self.close(code=CLOSE_THROTTLED)
            return False
        raise PlayError("throttled", THROTTLED)

    async def _run(self, name: str, message: dict[str, Any]) -> Any:
        data = message.get("data")
        if name == "AUTH":
            return await self._auth(message, None)
        if self.user is None:
            raise PlayError("unauthenticated", UNAUTHENTICATED)
        user = self.user
        call = database_sync_to_async
        if name == "REQUEST_GAMES":
            return await call(requests.games_list)(user, data)
        if name == "REQUEST_ALL_CONNECTED_PLAYERS":
            return await call(play_presence.connected_players)()
        if name in ("WANT_TO_JOIN_GAME", "WANT_JOIN_GAME"):
            match_id = requests.match_id_of(message.get("match", data))
            # Watched first: the start of the match is pushed after the commit.
            new = match_id not in self.watched
            await self._watch(match_id, None)
            try:
                invite = requests.invite_of(message, data)
                return await call(requests.join)(user, match_id, invite)
            except Exception:
                if new:
                    await self._unwatch(match_id)
                raise
        if name not in GENERIC and name not in requests.all_game_commands():
            raise PlayError("unknown_command", UNKNOWN_COMMAND)
        by_data = name in ("WATCH", "UNWATCH", "VIEW", "LEGAL_MOVES")
        match_id = self._match_of(message, data if by_data else None)
        if name == "UNWATCH":
            await self._unwatch(match_id)
            return None
        if name == "MOVE":
            body = await call(requests.move)(
                user, match_id, data, message.get("version")
            )
        elif name in GENERIC:
            if invite := requests.invite_of(message, data):
                self.invites[match_id] = invite
            invite = self.invites.get(match_id, "")
            body = await call(requests.body)(user, match_id, invite)
        else:
            body = await call(requests.game_command)(user, match_id, name, data)
        await self._watch(match_id, body)
        return body["legal_moves"] if name == "LEGAL_MOVES" else body

    async def _auth(
        self, message: dict[str, Any], header: bytes | None
    ) -> dict[str, Any]:
        if self.user is not None:
            raise PlayError("bad_message", ALREADY_AUTHENTICATED)
        if header is not None:
            parts = header.split()
            if len(parts) != 2 or parts[0].lower() != b"token":
                raise PlayError("auth_failed", BAD_HEADER)
            key: Any = parts[1].decode("latin-1")
        else:
            key = message.get("token", message.get("data"))
        if not isinstance(key, str):
            raise PlayError("auth_failed", NO_TOKEN)
        user = await database_sync_to_async(requests.token_user)(key)
        self.user = user
        self.language = user.language or settings.LANGUAGE_CODE
        # The presence hooks read the person from the scope.
        self.scope["user"] = user  # type: ignore[typeddict-item]
        await play_presence.program_start(user.pk, self.channel_name)
        await _group_join(self, user_group(user.pk))
        self.presence = await _presence_start(
            self, user.pk, also=play_presence.program_beat
        )
        for match_id in await database_sync_to_async(requests.seated_match_ids)(user):
            await self._watch(match_id, None)
        return {"id": user.pk, "name": user.name, "language": self.language}

    def _match_of(self, message: dict[str, Any], data: Any) -> int:
        value = message.get("match", data)
        if value is None:
            if self.current is None:
                raise PlayError("no_match", NO_MATCH_NAMED)
            return self.current
        return requests.match_id_of(value)

    async def _watch(self, match_id: int, body: dict[str, Any] | None) -> Any:
        """Watch `match_id` (join its group) and make it the current match."""
        self.current = match_id
        if match_id not in self.watched:
            self.watched[match_id] = -1
            await _group_join(self, match_group(match_id))
        return body

    async def _unwatch(self, match_id: int) -> None:
        await _group_leave(self, match_group(match_id))
        self.watched.pop(match_id, None)
        if self.current == match_id:
            self.current = None

    async def match_changed(self, event: dict[str, Any]) -> None:
        """Handle "match.changed": push the match as this player's seat sees it."""
        match_id = event.get("match_id")
        if self.user is None or match_id not in self.watched:
            return
        if event.get("moved") and event["version"] <= self.watched[match_id]:
            return
        user = self.user
        try:
            with translation.override(self.language):
                body = await database_sync_to_async(requests.body)(
                    user, match_id, self.invites.get(match_id, "")
                )
                await self._push(body)
        except PlayError:
            return

    async def _push(self, body: dict[str, Any]) -> None:
        match_id = body["id"]
        if body["version"] < self.watched.get(match_id, -1):
            return
        self.watched[match_id] = body["version"]
        await self._send(
            {
                "event": "view",
                "match": match_id,
                "version": body["version"],
                "status": body["status"],
                "your_seat": body["your_seat"],
                "to_move": body["to_move"],
                "view": body["view"],
                "legal_moves": body["legal_moves"],
                "outcome": body["outcome"],
            }
        )

    async def user_matches_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.matches_changed": watch a match the player sits at now."""
        match_id = event.get("match_id")
        if self.user is None or not isinstance(match_id, int):
            return
        if match_id not in self.watched and await database_sync_to_async(
            requests.is_seated
        )(self.user, match_id):
            await _group_join(self, match_group(match_id))
            self.watched[match_id] = -1
            await self.match_changed({"match_id": match_id, "moved": False})

    async def user_notifications_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.notifications_changed": programs get no bell."""

    async def _error(
        self, ident: Any, name: Any, code: str, message: str | Promise
    ) -> None:
        error = {"code": code, "message": str(message)}
        command = name if isinstance(name, str) else None
        await self._send({"id": ident, "command": command, "ok": False, "error": error})

    async def _send(self, payload: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps(payload, default=str))
