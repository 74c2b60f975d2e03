"""The log of one match as a viewer may read it: moves and table events.

`LogEntry` is one entry of the board's log; `log_for` reads the entries
after a version for one seat (or a spectator), the events of each move
filtered to what that seat may see (`Event.visible_for`) and the table
events (`MatchEvent`, public) woven in after the move of their version.
`board_context` calls it; callers import `LogEntry` from `games.selectors`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from games.models import Match
from games.models.prepared import MOVES_AFTER, TABLE_EVENTS_FROM
from games.rules import Event
from games.text import message_text

from .table_log import table_event_line


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One move of the log as far as the viewer may see it, or a table event.

    `seq` is the version the move produced; a table event (`event_id` set,
    a `MatchEvent`) carries the version it happened at and follows that
    version's move. `by_timeout`: the seat's clock ran out and the robot
    played the move for its person.
    """

    seq: int
    seat_name: str
    lines: tuple[str, ...]
    by_robot: bool
    by_timeout: bool = False
    event_id: int | None = None
    # The mover's seat, or the table event's (None: nobody's, a moderator's).
    seat: int | None = None
    # When it happened (UTC): the board may show chat lines among the
    # entries in time order (issue 24).
    at: datetime | None = None

    @property
    def dom_id(self) -> str:
        """Return the entry's id in the page, unique among moves and events."""
        if self.event_id is not None:
            return f"log-e{self.event_id}"
        return f"log-{self.seq}"


def log_for(
    match: Match, position: int | None, names: dict[int, str], *, since: int
) -> tuple[LogEntry, ...]:
    """Return the log entries after version `since` that `position` may read.

    The moves after `since`, and the table events (`MatchEvent`, public) at
    `since` and later, in the order they happened: an event at version v
    follows the move that produced v. The events at `since` itself come
    again, as an event need not bump the version (a cancel proposal): a
    page that already shows them drops them by their id (spielpost.js).
    """
    rules = match.rules
    entries: list[tuple[tuple[int, int, int], LogEntry]] = []
    for move in MOVES_AFTER.fetch(match.pk, since):
        lines = tuple(
            message_text(rules.describe_event(event), names)
            for event in map(Event.from_json, move.events)
            if event.visible_for(position)
        )
        if lines:
            entry = LogEntry(
                seq=move.seq,
                seat_name=names.get(move.seat, "?"),
                lines=lines,
                by_robot=move.by_robot,
                by_timeout=move.by_timeout,
                seat=move.seat,
                at=move.created_at,
            )
            entries.append(((move.seq, 0, 0), entry))
    for event in TABLE_EVENTS_FROM.fetch(match.pk, since):
        entry = LogEntry(
            seq=event.version,
            seat_name=names.get(event.seat, "") if event.seat is not None else "",
            lines=(table_event_line(event, names),),
            by_robot=False,
            event_id=event.id,
            seat=event.seat,
            at=event.created_at,
        )
        entries.append(((event.version, 1, event.id), entry))
    return tuple(entry for _key, entry in sorted(entries, key=lambda e: e[0]))
