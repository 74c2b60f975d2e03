"""Knatsch's board, the rolls: the attempt in progress, the tournament, the last attempt.

Each comes with the names of the seats it mentions, its target as a card
row, its results as small dice and its dice with their pips: kept and
thrown in runs of one face (the template says each face's sentence once),
sixes and squire dice set aside (`Aside`). Pure, no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from games.rules.base.messages import Message

from .card_rows import CardRow, card_row
from .moves import KeepPlan, Kinds, keep_plan
from .parts import (
    Combo,
    DiceRun,
    Die,
    as_text,
    card_name,
    combo,
    dice_runs,
    die,
    one_based,
)
from .players import SeatLike, SeatRef, seat_name, seat_ref


class Aside(TypedDict):
    """The dice of an attempt that count as set: one item in `sixes` per six
    set aside (`count` as text), and the squire dice (`fixed`)."""

    sixes: range
    count: str
    fixed: tuple[Die, ...]


class AttemptRow(TypedDict):
    """The roll attempt in progress: who throws (`roller`), the `attacker`
    (whose turn it is) and the target's `owner` (None: a stack's or the
    King's); the `target` as a card (named `card`); `beat` and `result`;
    the dice `kept` before the last throw and `rolled` in it, and `aside`;
    `plan`: the keep form's, when the viewer throws again."""

    roller: SeatRef | None
    attacker: SeatRef | None
    owner: SeatRef | None
    card: Message | str
    target: CardRow
    beat: Combo | None
    result: Combo | None
    kept: tuple[DiceRun, ...]
    rolled: tuple[DiceRun, ...]
    aside: Aside
    plan: KeepPlan | None


class EntryRow(TypedDict):
    """A player in the tournament: `seat` as text, `name`, `result` (None:
    passed, or not thrown yet), `done`: has a result; `host`, `leading`."""

    seat: str
    name: str
    result: Combo | None
    done: bool
    host: bool
    leading: bool


class TournamentRow(TypedDict):
    """The tournament in progress: its `host`'s name, the `stack` it came
    from (1-based, text), the `leader` and the `best` result; those who
    threw (`results`), who is `throwing` now and who is `waiting`, the
    last two only while the match runs."""

    host: str
    stack: str
    leader: SeatRef | None
    best: Combo | None
    results: tuple[EntryRow, ...]
    throwing: EntryRow | None
    waiting: tuple[EntryRow, ...]


class LastRow(TypedDict):
    """The last finished attempt: who threw (`name`) for which `card`, its
    final `dice` and `aside`, its `result` against `beat`."""

    name: str
    card: Message | str
    dice: tuple[Die, ...]
    aside: Aside
    result: Combo | None
    beat: Combo | None


def attempt_row(
    attempt: dict[str, Any],
    seats: Sequence[SeatLike],
    legal_moves: Any,
    kinds: Kinds,
) -> AttemptRow:
    """Return the view's `attempt` laid out (`legal_moves`: the viewer's).

    The keep form's `plan` only for a viewer who throws again.
    """
    target = attempt.get("target") or {}
    return AttemptRow(
        roller=seat_ref(seats, attempt.get("roller")),
        attacker=seat_ref(seats, attempt.get("attacker")),
        owner=seat_ref(seats, attempt.get("owner")),
        card=card_name(target),
        # A defender or a tournament guest must beat a result, not the
        # card's combination: the card shows without it.
        target=card_row(target, hide_combo=attempt.get("role") in ("defence", "joust")),
        beat=combo(attempt.get("beat")),
        result=combo(attempt.get("result")),
        kept=dice_runs(attempt.get("kept")),
        rolled=dice_runs(attempt.get("rolled")),
        aside=_aside(attempt),
        plan=keep_plan(attempt, legal_moves)
        if kinds.get("throw") and attempt.get("throws")
        else None,
    )


def tournament_row(
    tournament: Any, seats: Sequence[SeatLike], running: bool
) -> TournamentRow | None:
    """Return the view's `tournament` laid out, None if there is none.

    Once the match has ended (`running` false) nobody throws any more:
    only the results stand.
    """
    if not tournament:
        return None
    host = tournament.get("host")
    leader = tournament.get("leader")
    throwing = tournament.get("throwing")
    return TournamentRow(
        host=seat_name(seats, host),
        stack=one_based(tournament.get("stack")),
        leader=seat_ref(seats, leader),
        best=combo(tournament.get("best")),
        results=tuple(
            EntryRow(
                seat=as_text(entry.get("seat")),
                name=seat_name(seats, entry.get("seat")),
                result=combo(entry.get("result")),
                done=bool(entry.get("result")),
                host=entry.get("seat") == host,
                leading=entry.get("seat") == leader,
            )
            for entry in tournament.get("results") or ()
        ),
        throwing=_entry(seats, throwing, host=throwing == host)
        if throwing is not None and running
        else None,
        waiting=tuple(_entry(seats, seat) for seat in tournament.get("order") or ())
        if running
        else (),
    )


def last_row(last: Any, seats: Sequence[SeatLike]) -> LastRow | None:
    """Return the view's last finished attempt laid out, None if there is none."""
    if not last:
        return None
    return LastRow(
        name=seat_name(seats, last.get("roller")),
        card=card_name(last.get("target")),
        dice=tuple(die(face) for face in last.get("dice") or ()),
        aside=_aside(last),
        result=combo(last.get("result")),
        beat=combo(last.get("beat")),
    )


def _aside(dice: dict[str, Any]) -> Aside:
    sixes = dice.get("sixes") or 0
    return Aside(
        sixes=range(sixes),
        count=str(sixes),
        fixed=tuple(die(face) for face in dice.get("fixed") or ()),
    )


def _entry(seats: Sequence[SeatLike], position: Any, *, host: bool = False) -> EntryRow:
    """Return a tournament player who has not thrown (yet)."""
    return EntryRow(
        seat=as_text(position),
        name=seat_name(seats, position),
        result=None,
        done=False,
        host=host,
        leading=False,
    )
