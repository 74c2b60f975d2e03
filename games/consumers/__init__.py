"""Push-only websocket consumers (STYLE.md B7).

Moves arrive over HTTP (the program socket /ws/play/ excepted); the boards'
sockets only carry re-rendered HTML for the viewer
at the other end, swapped in by the htmx ws extension (hx-swap-oob).

A change reaches every socket of a match (or of the lobby) in a process at
once. The sockets share the render of each distinct view of it: a pushed
board depends on the viewer only through its seat (or none: a spectator),
whether it is logged in, its language and the log it already shows, so
1,000 spectators cost one render, not 1,000 (`RenderShare`).

A channel layer that is down (Redis) does not close the sockets: one that
cannot join its groups, or whose receive fails, polls the database instead
and joins again once the layer is back, also a Redis that came back empty
(`shared.LayerGroups`, games/channel_layers.py).

`match`: the board's consumer (`MatchConsumer`); `lobby`: the lobby's
(`LobbyConsumer`); `shared`: what both use (`RenderShare`, their base
`PersonConsumer` with the bell and the person's matches, the group and
scope helpers); `renders`: the pushed fragments (`PushViewer`); `presence`:
the presence hooks; `play`: the program socket /ws/play/ (`PlayConsumer`,
JSON commands in, answers and views out; `play.requests` its database side).
Callers import from here.
"""

from __future__ import annotations

from .lobby import LobbyConsumer
from .match import MatchConsumer
from .play import PlayConsumer
from .presence import (
    presence_call,
    presence_heartbeat,
    presence_start,
    presence_stop,
)
from .renders import (
    PushViewer,
    bell_render,
    board_render,
    lobby_render,
    my_matches_render,
    turn_count_render,
)
from .shared import (
    CLOSE_FORBIDDEN,
    RENDERS,
    PersonConsumer,
    RenderShare,
)

__all__ = [
    "CLOSE_FORBIDDEN",
    "RENDERS",
    "LobbyConsumer",
    "MatchConsumer",
    "PlayConsumer",
    "PersonConsumer",
    "PushViewer",
    "RenderShare",
    "bell_render",
    "board_render",
    "lobby_render",
    "my_matches_render",
    "presence_call",
    "presence_heartbeat",
    "presence_start",
    "presence_stop",
    "turn_count_render",
]
