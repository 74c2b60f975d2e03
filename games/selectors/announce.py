"""What a board's live regions say when a change reaches an open page (issue 25).

A screen reader hears a short sentence for each change pushed to a board,
never the whole board: the new log entries (as `log_for` wrote them for
this viewer, so another seat's secret stays hidden) and whose turn it is
now, or how the match ended. `announcement(board)` reads a `BoardContext`
rendered with `log_since` (a push, or the answer to a move) and returns an
`Announcement`; a whole page (no `log_since`) and a change without a log
entry announce nothing. The board frame (templates/games/match_detail.html)
puts the sentences into two regions that stay in the page: `polite` (e.g.
"Bob rolled 5. Your turn.") and `urgent` (assertive: "You timed out …",
"Your time is running low."). Each sentence part names the log entry it
came from (`entry_ids`): static/js/spielpost.js drops the parts of entries
the page already shows, so a push of a change the page has seen (the
mover's own answer, then the push) is not said twice.

The viewer's own moves are not read back to them (they made them): only
whose turn follows. A move the robot made for them (a timeout) is.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from .board import BoardContext
from .endings import ending_text
from .log import LogEntry

# The newest entries said at most: a page that was away for long hears the
# last few, not a whole turn of everyone's moves (the log has them).
ANNOUNCED_ENTRIES = 4


@dataclass(frozen=True, slots=True)
class AnnouncedEntry:
    """One new log entry: its id in the page (`LogEntry.dom_id`) and what is said.

    `text` is "" for the viewer's own move (marked, not said).
    """

    entry_id: str
    text: str


@dataclass(frozen=True, slots=True)
class Announcement:
    """The sentences of one change for one viewer, in the active language.

    `entries`: the new log entries, oldest first; `turn`: whose turn it is
    now or how the match ended ("" when nobody is to move and it has not
    ended); `urgent`: what the assertive region says ("" when nothing).
    Empty (`bool(announcement)` False) when there is nothing new to say.
    """

    entries: tuple[AnnouncedEntry, ...] = ()
    turn: str = ""
    urgent: str = ""

    def __bool__(self) -> bool:
        return bool(self.entries)

    @property
    def polite(self) -> str:
        """Return the whole polite sentence, e.g. "Bob rolled. Your turn."."""
        return " ".join(p for p in (*(e.text for e in self.entries), self.turn) if p)

    @property
    def entry_ids(self) -> tuple[str, ...]:
        """Return the page ids of the entries this change announces."""
        return tuple(entry.entry_id for entry in self.entries)


def announcement(board: BoardContext) -> Announcement:
    """Return what `board`'s change says to its viewer (see the module docstring).

    Reads only `board` (its log after `log_since`, seats, ending): no query
    beyond the seats' names that `board_context` has loaded already.
    """
    if board.log_since is None or not board.log:
        return Announcement()
    entries = tuple(
        AnnouncedEntry(entry.dom_id, "" if _own(board, entry) else _entry_text(entry))
        for entry in board.log
    )
    # Older entries beyond the newest few stay in the log, unsaid.
    said = {e.entry_id for e in [e for e in entries if e.text][-ANNOUNCED_ENTRIES:]}
    entries = tuple(
        e if e.entry_id in said else AnnouncedEntry(e.entry_id, "") for e in entries
    )
    return Announcement(
        entries=entries, turn=turn_sentence(board), urgent=_urgent(board)
    )


# Helpers


def _own(board: BoardContext, entry: LogEntry) -> bool:
    """Return whether `entry` is something the viewer did themself."""
    return (
        board.seat is not None
        and entry.seat == board.seat
        and not entry.by_robot
        and not entry.by_timeout
    )


def _entry_text(entry: LogEntry) -> str:
    """Return the entry's lines as sentences (a game's line may lack the stop)."""
    return " ".join(
        line if line.rstrip()[-1:] in ".!?…" else f"{line.rstrip()}."
        for line in (str(line).strip() for line in entry.lines)
        if line
    )


def turn_sentence(board: BoardContext) -> str:
    """Return "Your turn.", "Bob's turn.", "To move: Bob, Carol." or how it ended."""
    if board.ending:
        return ending_text(board.match, board.match.seats.all())
    if board.is_my_turn:
        return _("Your turn.")
    names = [s.name for s in board.seats if s.to_move and not s.is_viewer]
    if not names:
        return ""
    if len(names) == 1:
        return _("%(name)s's turn.") % {"name": names[0]}
    return _("To move: %(names)s.") % {"names": ", ".join(names)}


def _urgent(board: BoardContext) -> str:
    """Return the viewer's timeout or low clock, said assertively ("" if neither)."""
    if board.seat is None:
        return ""
    timed_out = any(
        entry.by_timeout and entry.seat == board.seat for entry in board.log
    )
    if timed_out:
        return _("You timed out: a robot played your turn.")
    mine = board.viewer
    if (
        mine is not None
        and board.is_my_turn
        and mine.clock_running
        and mine.clock_low
        and not board.ending
    ):
        return _("Your time is running low.")
    return ""
