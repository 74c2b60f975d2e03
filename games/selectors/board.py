"""Reads of one match for its board: pages, sockets and the API (STYLE.md B5).

Everything a viewer sees of a running match comes from `board_context`,
which asks the engine for that seat's `view` only. Its log is `log`'s
(`LogEntry`, `log_for`), its seats' clocks `seat_clocks`'s.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from django.conf import settings
from django.utils import timezone

from games import exceptions
from games.clocks import TimeControl
from games.models import LeaveReason, Match, Seat
from games.rules import JSON, IllegalMove, Outcome, Rules
from games.rules.base.board import moves_by_kind
from games.text import message_text

from .endings import match_ending, to_move_now, view_at_end
from .log import LogEntry, log_for
from .rankings import rating_changes_by_position
from .seat_clocks import seat_clock_fields, seat_vacation_until

if TYPE_CHECKING:
    from .announce import Announcement


class LegalMove:
    """A move offered to the viewer: its JSON `data`, that JSON as text and its label.

    `json`: `data` as sorted JSON text (a move form's value). `label`: the
    rules' description of the move (`describe`), translated in the language
    active when it is first read. Both are made on first use and kept: the
    API and the program socket read `data` alone, and a board template
    reads `json` once per form field. Give it `label` or `describe` (the
    call that makes the label), not both: TypeError otherwise.
    """

    __slots__ = ("_describe", "_json", "_label", "data")

    def __init__(
        self,
        data: dict[str, Any],
        label: str | None = None,
        *,
        describe: Callable[[], str] | None = None,
    ) -> None:
        if (label is None) == (describe is None):
            raise TypeError("give a LegalMove its label or a describe, one of them")
        self.data = data
        self._label = label
        self._describe = describe
        self._json: str | None = None

    @property
    def label(self) -> str:
        """Return the move's description, for the viewer to read."""
        if self._label is None:
            assert self._describe is not None
            self._label = self._describe()
        return self._label

    @property
    def json(self) -> str:
        """Return `data` as JSON text, its keys sorted."""
        if self._json is None:
            self._json = json.dumps(self.data, sort_keys=True)
        return self._json

    def __repr__(self) -> str:
        return f"LegalMove({self.data!r})"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat at the table as every viewer may see it.

    `is_robot`: a robot owns the seat; `is_stand_in`: a robot plays it for
    its person (finish automatically, or for good once the person left).
    `timeouts_in_row`: turns in a row the robot played at a timeout (0:
    none); `left_reason`: why the person left ("resigned", "timed_out"; ""
    while seated); `vacation_until` (UTC): the person is on vacation;
    `cancel_agreed_at` (UTC): the person agreed to cancel the match.

    The clock (timed matches only; None/False when untimed):
    `clock_left`: seconds left now (the bank while stopped, the control's
    starting bank before the match starts); `clock_running`: it runs now,
    until `clock_deadline` (UTC); `clock_frozen`: the seat is to move but
    its clock stands (match paused, vacation); `clock_low`: under 20 % of
    the bank it had when it started (`games.clocks.is_low`), and
    `clock_low_below` the seconds left under which that holds (for the
    browser's ticking clock; None while stopped).
    """

    position: int
    name: str
    is_robot: bool
    is_stand_in: bool
    is_free: bool
    is_viewer: bool
    to_move: bool
    rank: int | None
    score: int | None
    timeouts_in_row: int = 0
    left_reason: str = ""
    vacation_until: datetime | None = None
    cancel_agreed_at: datetime | None = None
    clock_left: int | None = None
    clock_running: bool = False
    clock_deadline: datetime | None = None
    clock_frozen: bool = False
    clock_low: bool = False
    clock_low_below: int | None = None
    # What a finished rated match did to the seat's person's rating (rating
    # points, games.rating_text); None for robots and unrated matches.
    rating_change: int | None = None

    @property
    def cancel_voter(self) -> bool:
        """Return whether the seat has a say in a cancel: a person who has not left."""
        return not self.is_free and not self.is_robot and not self.left_reason


@dataclass(frozen=True, slots=True)
class BoardContext:
    """Everything a board template may use, for one viewer.

    `seat` is the viewer's position, or None for a spectator. `view` is
    `rules.view(state, seat)` (None while seats are open, or when the
    state cannot be read: `problem` says why), with nobody to move once the
    match has ended (`endings.view_at_end`); `legal_moves` is empty
    unless the viewer is to move and plays the seat themself. `log` holds
    the entries after version `log_since`, to append to a page that shows
    the log up to that version, or the whole log when it is None. `autoplay`:
    a robot stands in for the viewer. `autoplay_offered`: the offer to let
    the system finish for the viewer stands and awaits their answer (it has
    come to them, see `autoplay_offer_reached`); `autoplay_winning`: the
    rules say the viewer wins whatever happens now (the offer says so);
    `autoplay_declined`: the viewer said no to the offer and may still
    accept it. `time_control`: the match's (None: untimed); `paused`: a
    moderator has paused the match, and no clock runs.
    """

    match: Match
    seat: int | None
    seats: tuple[SeatInfo, ...]
    view: dict[str, Any] | None
    legal_moves: tuple[LegalMove, ...]
    log: tuple[LogEntry, ...]
    log_since: int | None
    outcome: Outcome | None
    version: int
    is_my_turn: bool
    autoplay: bool
    autoplay_offered: bool
    autoplay_winning: bool
    autoplay_declined: bool
    problem: str | None = None
    time_control: TimeControl | None = None
    paused: bool = False

    @property
    def template_name(self) -> str:
        return f"games/{self.match.game_slug}/board.html"

    @property
    def static_template_name(self) -> str:
        """Return the template of the board's static part (see `board_static`)."""
        return f"games/{self.match.game_slug}/static.html"

    @property
    def static_view(self) -> JSON | None:
        """Return the part of the board that no move changes (`board_static`)."""
        return board_static(match=self.match, seats=len(self.seats))

    @property
    def running(self) -> bool:
        """Return whether the match runs: only then is anybody to move."""
        return self.match.is_running

    @property
    def ending(self) -> str:
        """Return how the match ended (`endings.match_ending`), "" while it has not."""
        return match_ending(self.match, self.outcome)

    @property
    def rating_changed(self) -> list[SeatInfo]:
        """Return the seats whose rating this finished rated match changed."""
        return [s for s in self.seats if s.rating_change is not None]

    @property
    def ranking(self) -> list[SeatInfo]:
        """Return the seats in final order (best first); [] while running."""
        if self.outcome is None:
            return []
        return sorted(self.seats, key=lambda seat: (seat.rank or 0, seat.position))

    @property
    def winners(self) -> list[str]:
        """Return the names of the seats ranked first."""
        return [seat.name for seat in self.ranking if seat.rank == 1]

    @property
    def viewer(self) -> SeatInfo | None:
        """Return the viewer's seat, or None for a spectator."""
        return next((s for s in self.seats if s.is_viewer), None)

    @property
    def table_actions(self) -> bool:
        """Return whether the viewer may resign or vote to cancel now.

        A seated person who has not left, while the match runs.
        """
        viewer = self.viewer
        return (
            self.match.status == Match.Status.ACTIVE
            and viewer is not None
            and viewer.cancel_voter
        )

    @property
    def cancel_proposer(self) -> str:
        """Return the name of who proposed to cancel the match ("" if nobody)."""
        agreed = [s for s in self.seats if s.cancel_agreed_at is not None]
        if not agreed:
            return ""
        return min(agreed, key=lambda s: (s.cancel_agreed_at, s.position)).name

    @property
    def cancel_waiting(self) -> list[str]:
        """Return the names of the seated persons who have not agreed to cancel."""
        return [
            s.name for s in self.seats if s.cancel_voter and s.cancel_agreed_at is None
        ]

    @property
    def resigned(self) -> list[str]:
        """Return the names of the seats whose person resigned."""
        return [s.name for s in self.seats if s.left_reason == LeaveReason.RESIGNED]

    @property
    def invite(self) -> str | None:
        """Return the invitation secret for a seated viewer of an open private match.

        None for anyone else, and once the seats are filled (games.selectors.access).
        """
        match = self.match
        if self.seat is None or not match.private or not match.invite_secret:
            return None
        return match.invite_secret if match.status == Match.Status.OPEN else None

    @property
    def invite_url(self) -> str:
        """Return the absolute invitation link (settings.SITE_URL), or "" (see `invite`)."""
        if self.invite is None:
            return ""
        path = f"{self.match.get_absolute_url()}?{urlencode({'invite': self.invite})}"
        return settings.SITE_URL.rstrip("/") + path

    @property
    def announcement(self) -> Announcement:
        """Return what this change says to the viewer's live regions (`announce`)."""
        # Imported here: `announce` reads a BoardContext (a cycle at import).
        from .announce import announcement

        return announcement(self)

    @property
    def turn_sentence(self) -> str:
        """Return whose turn it is in words ("Your turn.", "Bob's turn.") or how it ended."""
        from .announce import turn_sentence

        return turn_sentence(self)

    @property
    def moves_by_kind(self) -> dict[str, list[LegalMove]]:
        """Group the legal moves by their "kind" key, for templates."""
        return moves_by_kind(self.legal_moves)


def board_context(
    *,
    match: Match,
    seat: Seat | None,
    log_since: int | None = None,
    with_log: bool = True,
) -> BoardContext:
    """Return what `seat` (None = spectator) sees of `match` right now.

    `log_since`: only the log entries after that version (a push appends
    them to a page that has the rest); None: the whole log. `with_log=False`
    reads no log at all (the API does not show it). Seats are read from
    `match.seats.all()`: load them first (`match_for_viewer`, `seats_load`)
    to read them without a query per seat. The state is parsed once
    (`Match.game_state` keeps it).
    """
    rules = match.rules
    now = timezone.now()
    position = seat.position if seat is not None else None
    seats = sorted(match.seats.all(), key=lambda s: s.position)
    outcome = Outcome.from_json(match.outcome) if match.outcome else None
    view = None
    legal: tuple[LegalMove, ...] = ()
    to_move: frozenset[int] = frozenset()
    mine = next((s for s in seats if s.position == position), None)
    # A robot plays the viewer's seat: for the moment (finish automatically,
    # `autoplay`: they may take it back), or for good once they left.
    system_plays = mine is not None and mine.played_by_system
    autoplay = system_plays and mine is not None and mine.left_at is None
    offered = winning = declined = False
    control = match.clock_control()
    # Clocks run only while the match does; a finished match's banks stand.
    running_allowed = match.status == Match.Status.ACTIVE
    state, problem = _readable_state(match)
    if state is not None:
        view = view_at_end(match, rules.view(state, position))
        to_move = to_move_now(match, state)
        # Offers and moves are for a seat its person plays, while running.
        if (
            mine is not None
            and match.status == Match.Status.ACTIVE
            and not system_plays
        ):
            if autoplay_offer_reached(
                order=rules.autoplay_offer_order(state, len(seats)),
                seats=seats,
                position=mine.position,
            ):
                declined = mine.autoplay_declined_at is not None
                offered = not declined
                winning = offered and mine.position in rules.decided_winners(state)
            legal = tuple(
                LegalMove(move.to_json(), describe=_describer(rules, move))
                for move in rules.legal_moves(state, mine.position)
            )
    infos = tuple(
        SeatInfo(
            position=s.position,
            name=s.name,
            is_robot=s.is_robot,
            is_stand_in=s.is_stand_in,
            is_free=s.is_free,
            is_viewer=s.position == position,
            to_move=s.position in to_move,
            rank=outcome.ranks[s.position] if outcome else None,
            score=outcome.scores[s.position] if outcome and outcome.scores else None,
            timeouts_in_row=s.timeouts_in_row,
            left_reason=s.left_reason,
            vacation_until=seat_vacation_until(s, now),
            cancel_agreed_at=s.cancel_agreed_at,
            **seat_clock_fields(s, control, now=now, running_allowed=running_allowed),
        )
        for s in seats
    )
    if match.status == Match.Status.FINISHED and match.rated:
        changes = rating_changes_by_position(match)
        infos = tuple(replace(i, rating_change=changes.get(i.position)) for i in infos)
    names = {s.position: s.name for s in seats}
    return BoardContext(
        match=match,
        seat=position,
        seats=infos,
        view=view,
        legal_moves=legal,
        log=log_for(match, position, names, since=log_since or 0) if with_log else (),
        log_since=log_since,
        outcome=outcome,
        version=match.version,
        is_my_turn=position is not None and position in to_move and not system_plays,
        autoplay=autoplay,
        autoplay_offered=offered,
        autoplay_winning=winning,
        autoplay_declined=declined,
        problem=problem,
        time_control=control,
        paused=match.paused_at is not None,
    )


def _describer(rules: Rules[Any, Any], move: Any) -> Callable[[], str]:
    """Return the call that describes `move` in the active language (a LegalMove's label)."""
    return lambda: message_text(rules.describe(move))


def autoplay_offer_reached(
    *, order: tuple[frozenset[int], ...], seats: Iterable[Seat], position: int
) -> bool:
    """Return whether the offer to finish automatically has come to seat `position`.

    `order` is the rules' `autoplay_offer_order`: the offer comes to a seat
    of one of its groups once every seat of the earlier groups has answered
    (`Seat.autoplay_answered`: accepted, declined, or a robot's), whether
    or not this seat has answered since. Reads only `seats`: no query.
    """
    answered = {s.position: s.autoplay_answered for s in seats}
    for group in order:
        if position in group:
            return True
        # A seat the match lacks has nobody to ask.
        if not all(answered.get(p, True) for p in group):
            return False
    return False


def board_static(*, match: Match, seats: int) -> JSON | None:
    """Return the part of `match`'s board that no move changes, or None.

    The page renders it once (templates/games/<slug>/static.html) outside
    the live part that pushes re-render.
    """
    return match.rules.static_view(match.options, seats)


# ---------------------------------------------------------------------------
# Helpers


def _readable_state(match: Match) -> tuple[Any, str | None]:
    """Return (state, None), (None, None) while seats are open, or (None, why)."""
    if match.state is None:
        return None, None
    try:
        return match.game_state(), None
    except IllegalMove:
        return None, str(exceptions.STATE_UNREADABLE)
