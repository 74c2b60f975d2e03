"""Knatsch's board, the buttons: every legal move as the board offers it.

The board context gives the legal moves (`MoveLike`: their JSON as data and
as text, and their label); these turn them into `MoveButton`s with what
the template needs beside them (keyboard shortcut, first control of the
decision, the card a stack move is for), and lay out the keep form's dice
(`keep_plan`). card_rows.py and table.py place them beside what they
concern. Pure, no Django.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import groupby
from typing import Any, Protocol, TypedDict

from games.rules.base.board import OfferedMove
from games.rules.base.messages import Message

from .parts import card_name, one_based, pips


class MoveLike(OfferedMove, Protocol):
    """A legal move as the board context gives it (games.selectors.LegalMove)."""

    @property
    def label(self) -> str: ...

    @property
    def json(self) -> str: ...


Kinds = Mapping[str, Sequence[MoveLike]]


class MoveButton(TypedDict):
    """A legal move as a button: `json` (posted), `label` (the move in words).

    `button_class` the button's classes; `key` its shortcut ("" none);
    `first`: the first control of the decision (the page focuses it after
    a move); `top`: the name of the card a stack move is for (None: not
    named); `stack`: the stack a given-up castle goes under (1-based, as
    text; "" for other moves).
    """

    json: str
    label: str
    button_class: str
    key: str
    first: bool
    top: Message | str | None
    stack: str


class TargetChoice(TypedDict):
    """The decision group's buttons while choosing a target, by kind, in its order."""

    stack: tuple[MoveButton, ...]
    attack: tuple[MoveButton, ...]
    king: tuple[MoveButton, ...]
    passes: tuple[MoveButton, ...]
    put_under: tuple[MoveButton, ...]


def button(
    move: MoveLike,
    button_class: str = "move",
    *,
    key: str = "",
    first: bool = False,
    top: Message | str | None = None,
    stack: str = "",
) -> MoveButton:
    """Return `move` as a button of `button_class` (the other fields as MoveButton)."""
    return MoveButton(
        json=move.json,
        label=move.label,
        button_class=button_class,
        key=key,
        first=first,
        top=top,
        stack=stack,
    )


def target_choice(kinds: Kinds, stacks: Sequence[Any]) -> TargetChoice:
    """Return the buttons for choosing a target (`stacks`: the view's stacks).

    Stack moves have the stack's number as shortcut and name its top card;
    the first button of the group is marked, in the group's order: stack
    moves, attacks, the King, pass, put under.
    """
    tops = {
        stack.get("index"): card_name(stack["top"])
        for stack in stacks
        if isinstance(stack, dict) and stack.get("top")
    }
    stack_moves = kinds.get("stack", ())
    attacks = kinds.get("attack", ())
    king = kinds.get("king", ())
    passes = kinds.get("pass", ())
    earlier = bool(stack_moves or attacks or king or passes)
    return TargetChoice(
        stack=tuple(
            button(
                move,
                "move primary",
                key=one_based(move.data.get("stack")),
                first=i == 0,
                top=tops.get(move.data.get("stack")),
            )
            for i, move in enumerate(stack_moves)
        ),
        attack=tuple(
            button(move, first=i == 0 and not stack_moves)
            for i, move in enumerate(attacks)
        ),
        king=tuple(
            button(move, "move primary", key="K", first=not (stack_moves or attacks))
            for move in king
        ),
        passes=tuple(
            button(move, "move primary", key="P", first=True) for move in passes
        ),
        put_under=tuple(
            button(
                move,
                first=i == 0 and not earlier,
                top=tops.get(move.data.get("stack")),
            )
            for i, move in enumerate(kinds.get("put_under", ()))
        ),
    )


def revenge_button(move: MoveLike, *, first: bool = False) -> MoveButton:
    """Return a revenge move's button (it names the stack the castle goes under)."""
    return button(
        move, "move danger", first=first, stack=one_based(move.data.get("stack"))
    )


# The keep form


class TableDie(TypedDict):
    """One die on the table: whether the keep form ticks it at first
    (`checked`), and whether it is the table's `first` die (the first
    control of the decision)."""

    checked: bool
    first: bool


class TableRun(TypedDict):
    """Dice side by side on the table that show the same face: `face` as
    text, its `pips`, and the `dice` (their sentence is said once)."""

    face: str
    pips: range
    dice: tuple[TableDie, ...]


class KeepThrow(MoveButton):
    """A legal throw move with its keep as text ("4 4 5"): for the JS to match."""

    keep: str


class KeepPlan(TypedDict):
    """What the keep form needs: the dice (`kept` then `new`, in runs of one
    face), the first choice and every legal throw."""

    kept: tuple[TableRun, ...]
    new: tuple[TableRun, ...]
    first: KeepThrow | None
    throws: tuple[KeepThrow, ...]


def _keep_text(keep: Any) -> str:
    return " ".join(str(face) for face in sorted(keep or []))


def keep_plan(attempt: Any, legal_moves: Any) -> KeepPlan:
    """Return the keep form's plan for the attempt in progress.

    `legal_moves` are the board's legal moves (`MoveLike`). The dice on the
    table are the kept ones (before the last throw), then the ones just
    thrown. At first the form keeps what was kept before, when that is
    still a legal throw (it is not when the last throw showed only sixes),
    else nothing. `throws` are the legal throw moves, fewest kept first.
    """
    attempt = attempt if isinstance(attempt, dict) else {}
    throws = tuple(
        KeepThrow(**button(move), keep=_keep_text(move.data.get("keep")))
        for move in legal_moves or ()
        if move.data.get("kind") == "throw"
    )
    kept = sorted(attempt.get("kept") or [])
    rolled = sorted(attempt.get("rolled") or [])
    by_keep = {throw["keep"]: throw for throw in throws}
    first = by_keep.get(_keep_text(kept)) or by_keep.get("")
    ticked = Counter(
        int(face) for face in (first["keep"].split() if first is not None else [])
    )
    dice: list[tuple[int, bool, TableDie]] = []
    for i, (face, was_kept) in enumerate(
        [(f, True) for f in kept] + [(f, False) for f in rolled]
    ):
        checked = ticked[face] > 0
        if checked:
            ticked[face] -= 1
        dice.append((face, was_kept, TableDie(checked=checked, first=i == 0)))
    return KeepPlan(
        kept=_table_runs(d for d in dice if d[1]),
        new=_table_runs(d for d in dice if not d[1]),
        first=first,
        throws=throws,
    )


def _table_runs(dice: Iterable[tuple[int, bool, TableDie]]) -> tuple[TableRun, ...]:
    return tuple(
        TableRun(face=str(face), pips=pips(face), dice=tuple(d[2] for d in run))
        for face, run in groupby(dice, key=lambda d: d[0])
    )
