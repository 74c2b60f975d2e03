"""Chat on the program socket `/ws/play/` (issue 24): commands and pushes.

Programs chat as people do, through the one write path
(games.chat.services.chat_post) and the chat selectors, so every refusal
and every reading rule is the pages' and the API's:

- CHAT (data: the line, a string) writes at a match: the one named by
  "match", else the socket's match (as for MOVE). LOBBY_CHAT writes in the
  lobby. The result is the stored line `{"id", "author", "text", "at",
  "links"}` (`at`: ISO 8601, UTC), the API's shape.
- REQUEST_CHAT (data: null, a match id, or `{"match", "before", "invite"}`)
  and REQUEST_LOBBY_CHAT (data: null or `{"before"}`) answer one page as
  GET /api/matches/{id}/chat/ and /api/chat/ do: `{"lines", "older"}`.
- WATCH_LOBBY_CHAT / UNWATCH_LOBBY_CHAT start and stop the lobby's pushes.

Refusals, as the API's statuses map to codes: a match one may not see
`not_found` (404); no seat, or reading a players-only chat as a spectator,
`not_seated` (403); empty or over 500 characters `bad_data` (400); muted
`muted` and suspended `suspended` (403); too fast `throttled` (429); the
rate limits' store down `unavailable` (503). The messages are the API's.

Pushes: `{"event": "chat", "match", "line"}` for each new line at a
watched match (or in the lobby, once asked), only when the person may read
it (games.chat.selectors.chat_entry_for: not hidden, its author not muted
or blocked by them, a players-only chat to its players); `{"event":
"chat_hidden", "match", "line": id}` when a moderator hides a line;
`{"event": "sanctioned", "kind": "muted"|"suspended", "until"}` when the
person is muted or suspended.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import exceptions, selectors
from games.broadcast import LOBBY_GROUP
from games.chat import selectors as chat_selectors
from games.chat import services as chat_services
from games.chat.selectors import ChatEntry
from games.consumers.shared import LayerGroups
from games.consumers.threads import database_call
from games.models import Match

from .requests import NO_SUCH_MATCH, PlayError, invite_of

# The chat's commands (the module docstring); not of GENERIC: they answer
# no match body.
CHAT_COMMANDS = frozenset(
    {
        "CHAT",
        "LOBBY_CHAT",
        "REQUEST_CHAT",
        "REQUEST_LOBBY_CHAT",
        "WATCH_LOBBY_CHAT",
        "UNWATCH_LOBBY_CHAT",
    }
)

NOT_A_LINE = _("Send the chat line as a string.")
BAD_BEFORE = _("before must be the id of a chat line (a whole number).")
BAD_PAGE = _('Send null or {"before": <line id>}.')

# The API's statuses of ChatRefused (games.chat.services) as the socket's
# codes; a 403 is "muted" or "suspended", as the person's row says.
_REFUSAL_CODES = {400: "bad_data", 429: "throttled", 503: "unavailable"}


def at_text(at: datetime) -> str:
    """Return `at` as ISO 8601 in UTC, "Z" for UTC as the API writes it."""
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


def line_body(entry: ChatEntry) -> dict[str, Any]:
    """Return a line as the socket sends it (the API's ChatLineSerializer)."""
    return {
        "id": entry.id,
        "author": entry.author,
        "text": entry.text,
        "at": at_text(entry.at),
        "links": entry.links,
    }


def _fresh(user: User) -> User:
    """Return `user`'s row read now: a mute or suspension since AUTH counts."""
    return User.objects.get(pk=user.pk)


def _visible(user: User, match_id: int, invite: str) -> Match:
    """Return the match if `user` may see it; else PlayError("not_found")."""
    try:
        return selectors.match_visible(match_id=match_id, user=user, invite=invite)
    except exceptions.MatchNotFound:
        raise PlayError("not_found", NO_SUCH_MATCH) from None


def chat_write(user: User, match_id: int | None, text: Any, invite: str = "") -> Any:
    """CHAT / LOBBY_CHAT: write `text` at match `match_id` (None: the lobby).

    Through `chat_post`, so the API's refusals, as PlayError codes (the
    module docstring). Returns the stored line's body.
    """
    if not isinstance(text, str):
        raise PlayError("bad_data", NOT_A_LINE)
    user = _fresh(user)
    match = None if match_id is None else _visible(user, match_id, invite)
    try:
        line = chat_services.chat_post(user=user, match=match, text=text)
    except chat_services.ChatRefused as refused:
        code = _REFUSAL_CODES.get(refused.status_code)
        if code is None:
            closed = chat_selectors.chat_closed_for(user)
            code = closed.kind if closed is not None else "muted"
        raise PlayError(code, refused.message) from None
    return line_body(
        ChatEntry(
            id=line.id,
            author=user.name,
            text=line.text,
            at=line.created_at,
            links=chat_selectors.links_allowed(user, line.created_at),
        )
    )


def _before_of(data: Any) -> int | None:
    before = data.get("before") if isinstance(data, Mapping) else None
    if before is None:
        return None
    if isinstance(before, bool) or not isinstance(before, int) or before < 1:
        raise PlayError("bad_data", BAD_BEFORE)
    return before


def chat_read(user: User, match_id: int | None, data: Any, invite: str = "") -> Any:
    """REQUEST_CHAT / REQUEST_LOBBY_CHAT: a page as the API gives it.

    A match `user` may not see is `not_found`, one whose chat is for its
    players `not_seated` (the API's 404 and 403).
    """
    if match_id is None and data is not None and not isinstance(data, Mapping):
        raise PlayError("bad_data", BAD_PAGE)
    before = _before_of(data)
    match = None
    if match_id is not None:
        match = _visible(user, match_id, invite)
        if not chat_selectors.chat_readable(match=match, user=user):
            raise exceptions.NotSeated
    page = chat_selectors.chat_page(match=match, viewer=user, before=before)
    return {"lines": [line_body(line) for line in page.lines], "older": page.older}


def line_for(line_id: int, viewer_id: int) -> dict[str, Any] | None:
    """Return line `line_id` as `viewer_id` may read it, or None (chat_entry_for)."""
    entry = chat_selectors.chat_entry_for(line_id=line_id, viewer_id=viewer_id)
    return None if entry is None else line_body(entry)


def sanction_of(user_id: int) -> dict[str, Any] | None:
    """Return the "sanctioned" push of person `user_id`, or None if none holds."""
    closed = chat_selectors.chat_closed_for(User.objects.filter(pk=user_id).first())
    if closed is None:
        return None
    return {"event": "sanctioned", "kind": closed.kind, "until": at_text(closed.until)}


def _match_value(message: Mapping[str, Any], data: Any) -> Any:
    """Return how REQUEST_CHAT names its match: "match", the data, or None."""
    if message.get("match") is not None:
        return message["match"]
    if isinstance(data, Mapping):
        return data.get("match")
    return data


class ChatHandlers:
    """The chat part of PlayConsumer: its commands and its group handlers.

    `lobby_chat`: whether the socket asked for the lobby's lines.
    """

    lobby_chat = False
    # PlayConsumer's (consumer.py).
    user: User | None
    watched: dict[int, int]
    invites: dict[int, str]
    layer_groups: LayerGroups

    async def _match_of(self, message: dict[str, Any], data: Any) -> int:
        raise NotImplementedError

    async def _send(self, payload: dict[str, Any]) -> None:
        raise NotImplementedError

    async def chat_command(self, name: str, message: Mapping[str, Any]) -> Any:
        """Run chat command `name` (one of CHAT_COMMANDS) for the socket's person."""
        assert self.user is not None
        user, data = self.user, message.get("data")
        call = database_call
        if name == "LOBBY_CHAT":
            return await call(chat_write)(user, None, data)
        if name == "REQUEST_LOBBY_CHAT":
            return await call(chat_read)(user, None, data)
        if name in ("WATCH_LOBBY_CHAT", "UNWATCH_LOBBY_CHAT"):
            self.lobby_chat = name == "WATCH_LOBBY_CHAT"
            if self.lobby_chat:
                await self.layer_groups.join(LOBBY_GROUP)
            else:
                await self.layer_groups.leave(LOBBY_GROUP)
            return None
        if name == "CHAT":
            match_id = await self._match_of(dict(message), None)
            write = True
        else:
            match_id = await self._match_of({}, _match_value(message, data))
            write = False
        invite = invite_of(message, data) or self.invites.get(match_id, "")
        if write:
            return await call(chat_write)(user, match_id, data, invite)
        return await call(chat_read)(user, match_id, data, invite)

    async def chat_line(self, event: dict[str, Any]) -> None:
        """Handle "chat.line": push the line if the person may read it here."""
        match_id = event.get("match_id")
        if self.user is None or not self._chat_watched(match_id):
            return
        line = await database_call(line_for)(int(event["line_id"]), self.user.pk)
        if line is not None:
            await self._send({"event": "chat", "match": match_id, "line": line})

    async def chat_hidden(self, event: dict[str, Any]) -> None:
        """Handle "chat.hidden": tell the program to forget the line."""
        match_id = event.get("match_id")
        if self.user is None or not self._chat_watched(match_id):
            return
        line_id = int(event["line_id"])
        await self._send({"event": "chat_hidden", "match": match_id, "line": line_id})

    async def user_sanctioned(self, event: dict[str, Any]) -> None:
        """Handle "user.sanctioned" (muted or suspended): say until when."""
        if self.user is None:
            return
        push = await database_call(sanction_of)(self.user.pk)
        if push is not None:
            await self._send(push)

    async def lobby_changed(self, event: dict[str, Any]) -> None:
        """Handle "lobby.changed" (the lobby's group, joined for its chat): nothing."""

    def _chat_watched(self, match_id: Any) -> bool:
        """Return whether chat events of `match_id` (None: the lobby) are pushed."""
        return self.lobby_chat if match_id is None else match_id in self.watched
