"""The /ws/play/ socket: one consumer per program (the protocol: the package's docstring)."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import msgspec
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework.throttling import AnonRateThrottle

from accounts.models import User
from accounts.ratelimits import LOG_IN_UNAVAILABLE, RateLimitsUnavailable
from games import exceptions
from games.broadcast import program_group
from games.consumers.presence import presence_start, presence_stop
from games.consumers.shared import LayerGroups
from games.consumers.threads import PerCallConnections, database_call
from games.models import Match
from games.rules.base import RulesError
from games.text import message_text

from . import messages as play_messages
from . import presence as play_presence
from . import requests
from .chat import CHAT_COMMANDS, ChatHandlers
from .messages import GENERIC
from .pushes import PushHandlers
from .requests import PlayError

logger = logging.getLogger(__name__)


def _text(value: object) -> str:
    """Plain text for what JSON cannot hold (lazy translations, str subclasses)."""
    # str.__str__ copies a subclass (SafeString) into a plain str, which
    # msgspec takes; str() would give the subclass back.
    return str.__str__(value) if isinstance(value, str) else str(value)


# A program socket sends a body per move to each seat and the mover's
# answer: msgspec encodes them about ten times faster than json.dumps (the
# same JSON, without the spaces and with UTF-8 instead of \u escapes).
_JSON = msgspec.json.Encoder(enc_hook=_text)

CLOSE_THROTTLED = 4429
MAX_THROTTLED = 3

UNAUTHENTICATED = _('Authenticate first: {"command": "AUTH", "token": "<API token>"}.')
ALREADY_AUTHENTICATED = _("This socket is already authenticated.")
NO_TOKEN = _("Send your API token as a string.")
BAD_HEADER = _("Invalid token header. Use Authorization: Token <key>.")
THROTTLED = _("Too many commands without authentication. Wait a minute.")
NO_MATCH_NAMED = _(
    'Name the match: "match": <id>, or choose it with ["SELECT_GAME", "<id>", '
    '"STRING"].'
)
SEVERAL_MATCHES = _(
    "You play several matches (%(ids)s). Name one: "
    '"match": <id>, or choose it with ["SELECT_GAME", "<id>", "STRING"].'
)
FAILED = _("The command failed. Try again later.")


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


class PlayConsumer(
    PerCallConnections, ChatHandlers, PushHandlers, AsyncWebsocketConsumer
):
    """One program's socket: commands in, answers and view pushes out."""

    async def connect(self) -> None:
        self.user: User | None = None
        self.language = settings.LANGUAGE_CODE
        self.watched: dict[int, int] = {}  # match id -> last pushed version
        # match id -> the body a MOVE was answered with: the view of the
        # version it made, pushed for that version without a new render.
        self.answered: dict[int, dict[str, Any]] = {}
        self.current: int | None = None
        # Matches the program asked for by WATCH or SELECT_GAME: still watched
        # after their end (their chat); the others are let go with their last
        # view (PushHandlers._push).
        self.kept: set[int] = set()
        self.invites: dict[int, str] = {}  # match id -> invitation secret sent
        self.throttled = 0
        self.presence: asyncio.Task[None] | None = None
        # One push at a time: group messages and the catch-up compare
        # versions under it, so a version is pushed once.
        self.push_lock = asyncio.Lock()
        self.layer_groups = LayerGroups(self, self._catch_up)
        await self.accept()
        self.layer_groups.start()
        header = dict(self.scope.get("headers") or []).get(b"authorization")
        if header is not None:
            await self._handle(None, header=header)

    async def disconnect(self, code: int) -> None:
        await presence_stop(self, self.presence)
        await self.layer_groups.stop()
        if self.user is not None:
            # Leaving an entry that was never recorded changes nothing.
            await play_presence.program_stop(self.user.pk, self.channel_name)

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None
    ) -> None:
        await self._handle(text_data)

    async def _handle(self, text: str | None, header: bytes | None = None) -> None:
        """Answer the message `text`, or authenticate by the upgrade's `header`.

        A header that authenticates is not answered (no command asked):
        the views of the player's matches are pushed instead (`_greet`).
        """
        ident: Any = None
        name: Any = None
        message: Any = None
        unread: PlayError | None = None
        if header is None:
            try:
                message = play_messages.message_read(text)
            except PlayError as error:
                unread = error
            if isinstance(message, dict):
                ident, name = message.get("id"), message.get("command")
        greet = False
        with translation.override(self.language):
            try:
                # Every message before authentication counts, garbage too.
                if self.user is None and not await self._allowed():
                    return
                if header is not None:
                    name = "AUTH"
                    await self._auth({}, header)
                    greet = True
                else:
                    if unread is not None:
                        raise unread
                    if not isinstance(name, str) or not isinstance(message, dict):
                        raise PlayError("bad_message", play_messages.NOT_A_COMMAND)
                    greet = name == "AUTH" and self.user is None
                    result = await self._run(name, message)
            except PlayError as error:
                command = error.command or name
                text_ = error.text()
                await self._error(ident, command, error.code, text_, error.details)
            except exceptions.MatchError as error:
                code = play_messages.error_code(error)
                await self._error(ident, name, code, error.message)
            except RulesError as error:
                text_ = message_text(error.as_message())
                await self._error(ident, name, "invalid_command", text_)
            except Exception:
                logger.exception("play socket command %r failed", name)
                await self._error(ident, name, "failed", FAILED)
            else:
                if header is None:
                    await self._send(
                        {"id": ident, "command": name, "ok": True, "result": result}
                    )
                if greet and self.user is not None:
                    await self._greet()

    async def _allowed(self) -> bool:
        """Count an unauthenticated command against the anonymous rate limit."""
        throttle = AnonRateThrottle()
        try:
            allowed = await database_call(throttle.allow_request)(
                _anonymous_request(self.scope),  # type: ignore[arg-type]
                None,  # type: ignore[arg-type]
            )
        except RateLimitsUnavailable as error:
            # Its counters are down (Redis): refused, not let through uncounted.
            raise PlayError("unavailable", LOG_IN_UNAVAILABLE) from error
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
        call = database_call
        if name == "WHOAMI":
            return self._identity()
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
                client_seed = requests.client_seed_of(data)
                return await call(requests.join)(user, match_id, invite, client_seed)
            except Exception:
                if new:
                    await self._unwatch(match_id)
                raise
        if name in CHAT_COMMANDS:
            return await self.chat_command(name, message)
        if name not in GENERIC and name not in requests.all_game_commands():
            raise PlayError("unknown_command", play_messages.UNKNOWN_COMMAND)
        by_data = name in ("WATCH", "SELECT_GAME", "UNWATCH", "VIEW", "LEGAL_MOVES")
        match_id = await self._match_of(message, data if by_data else None)
        if name == "UNWATCH":
            await self._unwatch(match_id)
            return None
        if name in ("WATCH", "SELECT_GAME"):
            self.kept.add(match_id)
        if name == "MOVE":
            body = await call(requests.move)(
                user, match_id, data, message.get("version")
            )
            self.answered[match_id] = body
        elif name in GENERIC:
            if invite := requests.invite_of(message, data):
                self.invites[match_id] = invite
            invite = self.invites.get(match_id, "")
            body = await call(requests.body)(user, match_id, invite)
        else:
            body = await call(requests.game_command)(user, match_id, name, data)
        # Only a match the command named becomes the socket's match.
        named = message.get("match", data if by_data else None) is not None
        if body["status"] in Match.ENDED and match_id not in self.kept:
            # Nothing more to push: not watched again (an ended match the
            # socket still watches is let go with its last view).
            if named:
                self.current = match_id
        else:
            await self._watch(match_id, body, select=named)
        return body["legal_moves"] if name == "LEGAL_MOVES" else body

    async def _auth(
        self, message: dict[str, Any], header: bytes | None
    ) -> dict[str, Any]:
        if self.user is not None:
            return await self._auth_again(message)
        if header is not None:
            parts = header.split()
            if len(parts) != 2 or parts[0].lower() != b"token":
                raise PlayError("auth_failed", BAD_HEADER)
            key: Any = parts[1].decode("latin-1")
        else:
            key = message.get("token", message.get("data"))
        if not isinstance(key, str):
            raise PlayError("auth_failed", NO_TOKEN)
        user = await database_call(requests.token_user)(key)
        self.user = user
        self.language = user.language or settings.LANGUAGE_CODE
        # The presence hooks read the person from the scope.
        self.scope["user"] = user  # type: ignore[typeddict-item]
        await play_presence.program_start(user.pk, self.channel_name)
        await self.layer_groups.join(program_group(user.pk))
        self.presence = await presence_start(
            self, user.pk, also=play_presence.program_beat
        )
        for match_id in await database_call(requests.seated_match_ids)(user):
            await self._watch(match_id, None, select=False)
        return self._identity()

    async def _auth_again(self, message: dict[str, Any]) -> dict[str, Any]:
        """AUTH on an authenticated socket: who it is, if the token (if any) agrees."""
        assert self.user is not None
        key = message.get("token", message.get("data"))
        if key is not None:
            if not isinstance(key, str):
                raise PlayError("auth_failed", NO_TOKEN)
            other = await database_call(requests.token_user)(key)
            if other.pk != self.user.pk:
                raise PlayError("bad_message", ALREADY_AUTHENTICATED)
        return self._identity()

    def _identity(self) -> dict[str, Any]:
        """Return AUTH's and WHOAMI's result: the authenticated player."""
        assert self.user is not None
        return {"id": self.user.pk, "name": self.user.name, "language": self.language}

    async def _match_of(self, message: dict[str, Any], data: Any) -> int:
        """Return the match a command means (the consumer's docstring, Matches)."""
        value = message.get("match", data)
        if value is not None:
            return requests.match_id_of(value)
        if self.current is not None:
            return self.current
        assert self.user is not None
        running = await database_call(requests.running_match_ids)(self.user)
        if len(running) == 1:
            return running[0]
        if not running:
            raise PlayError("no_match", NO_MATCH_NAMED)
        ids = ", ".join(str(match_id) for match_id in running)
        raise PlayError("no_match", SEVERAL_MATCHES, ids=ids)

    async def _watch(
        self, match_id: int, body: dict[str, Any] | None, *, select: bool = True
    ) -> Any:
        """Watch `match_id` (join its group); `select`: make it the socket's match."""
        if select:
            self.current = match_id
        await self._join(match_id)
        return body

    async def _unwatch(self, match_id: int) -> None:
        await self._let_go(match_id)
        self.kept.discard(match_id)
        if self.current == match_id:
            self.current = None

    async def layer_down(self, event: dict[str, Any]) -> None:
        """Handle "layer.down" (the receive failed): poll until the layer is back."""
        self.layer_groups.layer_down()

    async def user_notifications_changed(self, event: dict[str, Any]) -> None:
        """Handle "user.notifications_changed": programs get no bell."""

    async def user_closed(self, event: dict[str, Any]) -> None:
        """Handle "user.closed" (the player was banned, issue 24): close the socket."""
        await self.close(code=4003)

    async def _error(
        self,
        ident: Any,
        name: Any,
        code: str,
        message: str | Promise,
        details: dict[str, Any] | None = None,
    ) -> None:
        error = {"code": code, "message": str(message), **(details or {})}
        command = name if isinstance(name, str) else None
        await self._send({"id": ident, "command": command, "ok": False, "error": error})

    async def _send(self, payload: dict[str, Any]) -> None:
        try:
            text = _JSON.encode(payload).decode()
        except UnicodeEncodeError:
            # A lone surrogate (refused in what sockets send us, but text
            # may come from elsewhere): JSON's \u escape carries it.
            text = json.dumps(payload, default=_text)
        await self.send(text_data=text)
