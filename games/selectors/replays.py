"""Replays of ended matches, rebuilt from the stored log (issue 23, "Replays").

A match's states are not stored move by move: `replay_to` rebuilds them
from the match's seed (`match_seed`), its options and its `Move` rows in
`seq` order, with today's engine. Each replayed move's events are checked
against the events stored with the move (`Move.events`), so a replay never
shows a state the match did not go through: where today's engine plays a
stored move differently (a move of an older rules version whose engine is
gone), the replay is refused with a message (`ReplayUnavailable`).

Nothing is cached: a replay of move N reads the moves up to N (one query)
and applies them, so a request costs the same few queries for any N.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _

from games import fairness
from games.models import Match, Move, Seat
from games.rules import JSON, Event, IllegalMove
from games.text import message_text

from .board import BoardContext, board_context


class ReplayUnavailable(Exception):
    """The match cannot be replayed; `message` says why (translated, for people)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """The match as of move `seq` (0: as dealt, before any move).

    `state` is the engine state after that move; `move` the stored row
    (None at 0); `events` its events as the engine gave them again (they
    equal the stored ones: `replay_to` checks).
    """

    seq: int
    state: Any
    move: Move | None
    events: tuple[Event, ...]


def match_seed(match: Match) -> int | str:
    """Return the seed `rules.new_state` dealt `match` from.

    The key derived from the server seed and the seats' client seeds
    (games/fairness.py, issue 23), or the legacy int seed (`Match.seed`) of
    a match created before provably fair randomness. Reads the seats
    (no query when they are loaded, `match_with_seats`).
    """
    return fairness.match_seed(match, match.seats.all())


def replay_moves(match: Match, *, upto: int | None = None) -> list[Move]:
    """Return `match`'s stored moves in `seq` order, those up to `upto` (None: all).

    One query; only the columns a replay reads.
    """
    moves = Move.objects.filter(match=match).order_by("seq")
    if upto is not None:
        moves = moves.filter(seq__lte=upto)
    return list(
        moves.only(
            "id",
            "match_id",
            "seq",
            "seat",
            "payload",
            "rules_version",
            "events",
            "by_robot",
            "by_timeout",
            "created_at",
        )
    )


def replay_to(match: Match, moves: Sequence[Move]) -> ReplayStep:
    """Return the match as of the last of `moves` (`replay_moves`; none: as dealt).

    Rebuilds the state with `rules.new_state(seats, options, seed)` and
    applies each stored move (`rules.move_from_json`, `rules.apply`).
    Moves of another rules version than today's engine: the engine must
    know that version (its `upgrade_state` carries a state of it over, as
    `Match.game_state` does), else the replay is refused; either way every
    replayed move's events must equal the stored ones. Raises
    ReplayUnavailable (the match has no state: it never started; the
    engine refuses the version; a move differs from its record).
    """
    rules = match.rules
    if match.state is None:
        raise ReplayUnavailable(
            _("This match never started: there is nothing to replay.")
        )
    today = rules.info.version
    _version_known(match)
    seed = match_seed(match)
    try:
        # `seats.all()`: no query when the seats are loaded (`match_with_seats`).
        seats = len(match.seats.all())
        state = rules.new_state(seats=seats, options=match.options, seed=seed)
    except (IllegalMove, ValueError) as error:
        raise ReplayUnavailable(_unavailable()) from error
    step = ReplayStep(seq=0, state=state, move=None, events=())
    for move in moves:
        try:
            parsed = rules.move_from_json(move.payload)
            state, events = rules.apply(state, move.seat, parsed)
            same = [event.to_json() for event in events] == _stored_events(move.events)
        except IllegalMove as error:
            raise ReplayUnavailable(_differs(move, today)) from error
        if not same:
            raise ReplayUnavailable(_differs(move, today))
        step = ReplayStep(seq=move.seq, state=state, move=move, events=tuple(events))
    return step


def final_state_matches(match: Match, step: ReplayStep) -> bool:
    """Return whether the replayed `step` is the state `match` stores now.

    Compared as JSON, the stored state carried over to today's engine
    (`Match.game_state`). For tests and checks: the last step of a full
    replay must equal it.
    """
    stored: JSON = match.game_state().to_json()
    replayed: JSON = step.state.to_json()
    return replayed == stored


# Helpers


def _version_known(match: Match) -> None:
    """Refuse when the engine cannot carry over the match's stored state.

    The same path `Match.game_state` takes: an engine that cannot carry a
    state of the match's rules version over does not know that version,
    and cannot replay its moves either. Moves of a version it knows are
    replayed and checked against their records.
    """
    rules = match.rules
    version = match.rules_version
    if version == rules.info.version or match.state is None:
        return
    try:
        rules.upgrade_state(match.state, version)
    except IllegalMove as error:
        raise ReplayUnavailable(
            _(
                "This match was played under version %(version)s of the "
                "rules, which can no longer be replayed."
            )
            % {"version": version}
        ) from error


def _stored_events(data: Any) -> list[JSON]:
    """Return the stored events in `Event.to_json`'s shape (IllegalMove if malformed)."""
    if not isinstance(data, list):
        return []
    return [Event.from_json(event).to_json() for event in data]


def _differs(move: Move, today: str) -> str:
    if move.rules_version != today:
        return _(
            "Move %(seq)d was played under version %(version)s of the rules "
            "and cannot be replayed with today's rules."
        ) % {"seq": move.seq, "version": move.rules_version}
    return _("Move %(seq)d of this match does not replay as recorded.") % {
        "seq": move.seq
    }


def _unavailable() -> str:
    return _("This match cannot be replayed.")


# ---------------------------------------------------------------------------
# The replay page


@dataclass(frozen=True, slots=True)
class ReplayPage:
    """What the replay page shows: the board of seat `seat` as of move `seq`.

    `board` is a read-only `BoardContext` (no legal moves, nobody's turn to
    play) whose `view` is `rules.view(state, seat)` of the replayed state;
    `last` is the match's last move (`Match.version`). `mover` names the
    seat that made move `seq` ("" at 0), `move_text` is `rules.describe` of
    it, `event_lines` every event it caused (all revealed: the match is
    over). `played_at` (UTC): when it was played; None at 0.
    """

    board: BoardContext
    seq: int
    last: int
    seat: int
    mover: str
    move_text: str
    event_lines: tuple[str, ...]
    by_robot: bool
    played_at: datetime | None

    @property
    def previous(self) -> int:
        """Return the move before this one (0 stays 0)."""
        return max(0, self.seq - 1)

    @property
    def next(self) -> int:
        """Return the move after this one (the last stays the last)."""
        return min(self.last, self.seq + 1)


def replay_page(
    *, match: Match, viewer: Seat | None, move: str | None, seat: str | None
) -> ReplayPage:
    """Return the replay of ended `match` as of `move`, seen from `seat`.

    `move` and `seat` are the query's raw values: `move` is clamped to 0 ..
    `match.version` (missing or unreadable: 0, the deal); `seat` to the
    match's positions (missing or unreadable: the `viewer`'s own seat, or
    seat 0). Load the seats first (`match_with_seats`): three queries in
    all with the moves, whatever `move`. Raises ReplayUnavailable, and
    ValueError for a match that has not ended (replays open at the end:
    no seat's secrets are shown before).
    """
    if not match.is_over:
        raise ValueError("a running match has no replay")
    rules = match.rules
    seats = sorted(match.seats.all(), key=lambda s: s.position)
    seq = min(max(_int_or(move, 0), 0), match.version)
    default = viewer.position if viewer is not None else 0
    position = _int_or(seat, default)
    if not 0 <= position < len(seats):
        position = default
    step = replay_to(match, replay_moves(match, upto=seq))
    names = {s.position: s.name for s in seats}
    base = board_context(match=match, seat=seats[position], with_log=False)
    at_end = seq == match.version
    to_move = frozenset() if at_end else rules.to_move(step.state)
    outcome = base.outcome if at_end else None
    board = replace(
        base,
        view=rules.view(step.state, position),
        legal_moves=(),
        is_my_turn=False,
        autoplay=False,
        autoplay_offered=False,
        autoplay_winning=False,
        autoplay_declined=False,
        outcome=outcome,
        version=seq,
        seats=tuple(
            replace(
                info,
                # "You" on the board only while the picker shows the
                # viewer's own seat: beside another seat's hand, "your
                # turn" would read as that seat's.
                is_viewer=(
                    viewer is not None and info.position == viewer.position == position
                ),
                to_move=info.position in to_move,
                rank=info.rank if at_end else None,
                score=info.score if at_end else None,
            )
            for info in base.seats
        ),
    )
    stored = step.move
    return ReplayPage(
        board=board,
        seq=seq,
        last=match.version,
        seat=position,
        mover="" if stored is None else names.get(stored.seat, "?"),
        move_text=(
            ""
            if stored is None
            else message_text(
                rules.describe(rules.move_from_json(stored.payload)), names
            )
        ),
        event_lines=tuple(
            message_text(rules.describe_event(event), names) for event in step.events
        ),
        by_robot=stored is not None and stored.by_robot,
        played_at=None if stored is None else stored.created_at,
    )


def _int_or(value: str | None, default: int) -> int:
    """Return `value` as an int (ASCII digits, an optional minus), else `default`."""
    if value is None:
        return default
    text = value.strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 9:
        return default
    return int(text)
