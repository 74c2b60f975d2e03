"""The recap "since your last move" of a running match (issue 23).

For a seat of a running match: the moves and table events the others made
since the seat's last move (its last `Move` row, whoever played it: the
person, or a robot at a timeout or standing in), each described as the
board's log describes it for that seat (`log.log_for`: a move's events
filtered by `Event.visible_for(seat)`, table events public), so a recap
never tells what the seat's own log would not. The board shows it on top
when the person comes back (`recap_from_log`, from the log the board has
read anyway); the turn e-mail puts it in its one line (`recap_for`,
`recap_sentence`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Match, Move, Seat

from .board import BoardContext
from .log import LogEntry, log_for

# Lines the board shows at most; the rest is "and N more".
BOARD_LINES = 10
# Lines the turn e-mail's one line holds at most.
EMAIL_LINES = 3


@dataclass(frozen=True, slots=True)
class Recap:
    """What happened at the table since a seat's last move, as that seat sees it.

    `since` is the version the seat's last move produced (0: it has not
    moved yet); `lines` the log lines of the others' moves and table events
    after it, oldest first, in the active language.
    """

    since: int
    lines: tuple[str, ...]

    def __bool__(self) -> bool:
        return bool(self.lines)

    def shown(self, limit: int = BOARD_LINES) -> tuple[str, ...]:
        """Return the first `limit` lines."""
        return self.lines[:limit]

    def more(self, limit: int = BOARD_LINES) -> int:
        """Return how many lines are left out when `limit` are shown."""
        return max(0, len(self.lines) - limit)


def last_move_version(match: Match, position: int) -> int:
    """Return the version seat `position`'s last move produced (0: none). One query."""
    last = (
        Move.objects.filter(match=match, seat=position)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    return last or 0


def recap_from_log(log: Iterable[LogEntry], *, position: int, since: int) -> Recap:
    """Return the recap for seat `position` from its log (`log_for`'s entries).

    `log` must hold the entries after `since` as `position` reads them
    (the board's whole log does); `since` is `last_move_version`. The
    seat's own entries (its table actions) are left out: only the others'.
    """
    lines = tuple(
        line
        for entry in log
        if entry.seat != position and _after(entry, since)
        for line in entry.lines
    )
    return Recap(since=since, lines=lines)


def recap_for(match: Match, seat: Seat) -> Recap:
    """Return the recap of running `match` for `seat` (a few queries).

    Reads the seats' names from `match.seats.all()` (load them first), the
    seat's last move, then the log after it as the seat reads it. An empty
    recap for a match that does not run.
    """
    if not match.is_running:
        return Recap(since=match.version, lines=())
    since = last_move_version(match, seat.position)
    names = {s.position: s.name for s in match.seats.all()}
    log = log_for(match, seat.position, names, since=since)
    return recap_from_log(log, position=seat.position, since=since)


def recap_sentence(recap: Recap, limit: int = EMAIL_LINES) -> str:
    """Return the recap as one sentence: "Since your move: ..." ("" if empty)."""
    if not recap:
        return ""
    text = " ".join(recap.shown(limit))
    more = recap.more(limit)
    if more:
        text += " " + ngettext("And %(count)d more.", "And %(count)d more.", more) % {
            "count": more
        }
    return _("Since your move: %(events)s") % {"events": text}


def _after(entry: LogEntry, since: int) -> bool:
    """Return whether `entry` happened after the move that produced `since`."""
    if entry.event_id is not None:
        # A table event at version `since` came after that version's move.
        return entry.seq >= since
    return entry.seq > since


def board_recap(board: BoardContext) -> Recap | None:
    """Return the recap to show on top of `board` (None: nothing to show).

    For a seated person's board of a running match that carries its whole
    log (`board_context` without `log_since`): one query, the seat's last
    move. None for spectators, an ended match, a board without its log, and
    when nothing happened since the seat's last move.
    """
    if board.seat is None or not board.running or board.log_since is not None:
        return None
    since = last_move_version(board.match, board.seat)
    recap = recap_from_log(board.log, position=board.seat, since=since)
    return recap or None
