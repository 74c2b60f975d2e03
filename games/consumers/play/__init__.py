"""The program socket `/ws/play/`: bots play any game with JSON commands.

`consumer`: the socket (`PlayConsumer`); `pushes`: its view pushes
(`PushHandlers`); `messages`: parsing a message and the command
vocabulary; `requests`: the database side of each command; `presence`: who
has a program socket open (REQUEST_ALL_CONNECTED_PLAYERS).

Handshake
    Programs need no `Origin` header: an upgrade of /ws/play/ without
    Cookie and Origin headers skips Channels' Origin check (games/consumers/origin.py);
    one with a cookie or an Origin is checked as every other socket's.

Authentication
    The REST API's token, checked as the API checks it
    (`accounts.authentication.CheckedTokenAuthentication`: 40 hex
    characters, a known token, an active account; tokens are only issued to
    verified accounts): either the header `Authorization: Token <key>` on
    the upgrade request, or a first message `{"command": "AUTH", "token":
    "<key>"}`. A header that authenticates is not answered (no command
    asked for an answer); a bad header is answered with an AUTH error
    answer (`"id": null`), and the socket stays open for an AUTH command.
    WHOAMI, or AUTH again (without a token or with the same account's),
    answers who the socket is: `{"id", "name", "language"}`. Session
    cookies are not used: this socket is for programs. Until authenticated,
    every command is answered with the error `unauthenticated`. Commands
    before authentication count against the API's anonymous rate limit
    (REST_FRAMEWORK's AnonRateThrottle, per address); refused ones are
    answered `throttled`, and after MAX_THROTTLED refusals in a row the
    socket is closed with code 4429; while the limit's counters are down
    (Redis) they are answered `unavailable`. Authenticated commands have
    no rate limit, as in the REST API.

Messages
    Text frames of one JSON object (at most messages.MAX_MESSAGE
    characters, else `too_large`; nested at most games.parsers.MAX_DEPTH
    deep): `{"command": NAME, "data": ..., "id": any client correlation
    id, "match": match id}`; `data`, `id` and `match` are optional. The
    seed's positional form `[NAME, data, TYPE]` (e.g. `["BUILD_ROAD",
    "Deutsch-to-Theologie", "STRING"]`) is accepted too: exactly three
    elements, TYPE one of NONE, STRING, STRING_LIST, GAME_STATUS, INTEGER,
    OBJECT and matching the data (messages.py), else `bad_message`.
    Each command gets one answer, `{"id", "command", "ok": true, "result":
    ...}` or `{"id", "command", "ok": false, "error": {"code", "message"}}`,
    the message in the account's language; a `stale` error carries the
    current match body as `error.board`. Bad input changes nothing and
    never closes the socket. Daphne itself drops the connection (no close
    frame) for a message over its --websocket-max-message-size (1 MiB).

Matches
    A command means the match named by its "match" (or, for WATCH,
    SELECT_GAME, UNWATCH, VIEW and LEGAL_MOVES, by its data); without one,
    the match selected on this socket: the one last named (joined with
    WANT_TO_JOIN_GAME, SELECT_GAME or WATCH, or named by any command);
    without one, the player's only running match. With none or several
    running, the answer is `no_match`, naming them (`_match_of`).

Commands (any game)
    AUTH (token) · WHOAMI · REQUEST_GAMES (null, a status - open/WAITING,
    active/STARTED, PREPARATION, finished, aborted - or {"status", "game",
    "mine"}: the API's match summaries, each with `state`) · REQUEST_ALL_CONNECTED_PLAYERS (the people with a
    /ws/play/ socket open on any server process: [{"id", "name"}],
    presence.py) · WANT_TO_JOIN_GAME / WANT_JOIN_GAME (match id: take
    the first free seat, `services.seat_claim`; a seated player gets the
    body, nothing taken) · SELECT_GAME / WATCH / UNWATCH (match id) · VIEW
    and LEGAL_MOVES (the API's match body / its legal moves) · MOVE
    (`data`: a move in the platform's JSON, `version` optional at the top
    level: `services.move_submit`). Every match body of the socket has
    `state`, the status in the seed's words (WAITING, PREPARATION,
    STARTED, FINISHED, CANCELLED, ABORTED: requests.state_of);
    `status` stays the API's. A private match is `not_found` (as an
    unknown id) unless the player sits there, is staff, or sends its
    invitation secret: `"invite": secret` at the top level or `{"match":
    id, "invite": secret}` as the data; the socket keeps it for that match
    (games.selectors.access).

Chat (issue 24, `chat`: the rules are the pages' and the API's)
    CHAT (data: the line, a string; the match as MOVE's) and LOBBY_CHAT
    (the lobby) write through `games.chat.services.chat_post`; the result
    is the stored line `{"id", "author", "text", "at", "links"}` (`at`:
    ISO 8601, UTC), the API's shape. REQUEST_CHAT (data: null, a match
    id, or `{"match", "before", "invite"}`) and REQUEST_LOBBY_CHAT (null
    or `{"before"}`) answer a page as GET /api/matches/{id}/chat/ and
    /api/chat/: `{"lines", "older"}`, oldest first, `older` the `before`
    of the page before. WATCH_LOBBY_CHAT / UNWATCH_LOBBY_CHAT start and
    stop the lobby's pushes. Refusals are the API's statuses as codes,
    with its messages: `not_found` (404), `not_seated` (403: no seat, or
    a spectator of a players-only chat), `bad_data` (400: empty, over 500
    characters, not a string), `muted` / `suspended` (403), `throttled`
    (429: too fast), `unavailable` (503).

Commands of a game
    A game's registry entry may name `commands`: name -> function(view,
    legal_moves, data) -> move JSON (or a RulesError such as Rat um Rad's
    ProtocolError), and a `state_name(status, view)` (GameEntry, from the
    game's protocol module, e.g. `protocol.py`). The
    consumer reads the seat's view and legal moves, asks the function for
    the move and plays it through `services.move_submit` like MOVE
    (games/rules/rat_um_rad/protocol.py: BUILD_ROAD, TAKE_WHEEL, ...).

Pushes
    After every change of a watched match (WATCH, a joined match, and every
    open or running match of the player: watched on authentication and
    when one is created, filled or started), the socket gets `{"event":
    "view", "match", "version", "status", "state", "your_seat", "to_move",
    "view", "legal_moves", "outcome"}`: the match as the player's seat sees
    it (a spectator's view when not seated), rendered per socket from the
    database after the broadcast's "match.changed" (games/broadcast.py);
    never another seat's view. The version a socket's own MOVE made is
    pushed as the MOVE was answered (the same body, not rendered again).
    Right after authentication each open and running match of the player
    is pushed once (`_greet`), after the AUTH answer. Each version is
    pushed once, in order. A match's last view (finished, cancelled,
    aborted) ends its watch, unless the program asked for the match by
    WATCH or SELECT_GAME: a socket that plays match after match does not
    stay in every one's group. While the channel layer
    is down (Redis), the socket polls the versions of its matches every
    LIVE_FALLBACK_POLL_SECONDS instead and pushes the new ones; it joins
    its groups again once the layer is back (`LayerGroups`,
    games/consumers/shared.py).

    Chat pushes are their own events (no view is pushed for them): `{"event":
    "chat", "match", "line"}` for each new line at a watched match (`match`
    null: the lobby, after WATCH_LOBBY_CHAT), only when the person may read
    it (`games.chat.selectors.chat_entry_for`: not hidden, its author not
    muted or blocked by them, a players-only chat to its players; their own
    lines too); `{"event": "chat_hidden", "match", "line": id}` when a
    moderator hides a line; `{"event": "sanctioned", "kind": "muted" |
    "suspended", "until"}` when the person is muted or suspended. Lines
    written while the channel layer is down are not caught up: REQUEST_CHAT
    reads them.
"""

from __future__ import annotations

from .consumer import PlayConsumer

__all__ = ["PlayConsumer"]
