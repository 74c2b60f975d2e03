"""Knatsch's board laid out once per render: `table`, the template's one call.

The template (templates/games/knatsch/board.html) gets every card with its
name, effect, result to beat and the buttons that concern it, every player
with its seat's name and its ways to win, the dice with their pips, the
tournament and the last attempt with the names of those who threw.
Numbers it prints come as text and names as `Message`s (its `msg` filter
translates them); every sentence stays in the template. Why: the board is
rendered for every watching socket on every move, and Django's template
engine pays dearly for lookups, joins and number formatting repeated in
nested loops, which cost little here.

The rows are dicts (TypedDicts), here and in the modules beside this one:
the template engine looks a name up by subscript first, so a dataclass
would cost it a raised and caught TypeError per lookup. Pure, no Django.
"""

from __future__ import annotations

from typing import Any, TypedDict

from games.rules.base.board import moves_by_kind

from .card_rows import CardRow, card_row
from .moves import (
    Kinds,
    MoveButton,
    TargetChoice,
    button,
    revenge_button,
    target_choice,
)
from .parts import Combo, as_text, combo, one_based
from .players import PlayerRow, SeatRef, player_row, seat_ref
from .rolls import (
    AttemptRow,
    LastRow,
    TournamentRow,
    attempt_row,
    last_row,
    tournament_row,
)


class StackRow(TypedDict):
    """A stack: `index` (0-based) and `number` (1-based) as text, `count`
    cards (and as text), `deep`: more than one; `target`: the current seat
    may roll for its `top` (None: empty)."""

    index: str
    number: str
    count: int
    count_text: str
    deep: bool
    target: bool
    top: CardRow | None


class KingRow(TypedDict):
    """The King: his `combo` to beat; `moves`: the viewer may roll for him."""

    combo: Combo | None
    moves: tuple[MoveButton, ...]


class Table(TypedDict):
    """The board of one viewer, laid out (see the module docstring).

    `current`, `roller`, `winner`: the seats whose turn it is, who throws,
    who won; `me`: the viewer's player (None: a spectator); `choosing`:
    the viewer chooses a target now (`choice`, also `king`'s and the pass
    buttons); `revenge`, `throws`, `stops`, `declines`: the viewer's other
    buttons.
    """

    current: SeatRef | None
    roller: SeatRef | None
    winner: SeatRef | None
    me: PlayerRow | None
    players: tuple[PlayerRow, ...]
    stacks: tuple[StackRow, ...]
    king: KingRow
    choosing: bool
    choice: TargetChoice
    revenge: tuple[MoveButton, ...]
    throws: tuple[MoveButton, ...]
    stops: tuple[MoveButton, ...]
    declines: tuple[MoveButton, ...]
    attempt: AttemptRow | None
    tournament: TournamentRow | None
    last: LastRow | None


def table(view: Any, seats: Any, legal_moves: Any, running: Any) -> Table | None:
    """Return the board of the seat whose `view` it is, laid out; None if no view.

    `seats`: the table's seats by position (players.SeatLike);
    `legal_moves`: the viewer's (moves.MoveLike); `running`: the match runs
    (only then does anybody throw or wait to).
    """
    if not isinstance(view, dict):
        return None
    seats = tuple(seats or ())
    kinds = moves_by_kind(legal_moves or ())
    running = bool(running)
    attempt = view.get("attempt")
    choice = target_choice(kinds, view.get("stacks") or ())
    players = tuple(
        player_row(view, player, seats, kinds, running)
        for player in view.get("players") or ()
    )
    return Table(
        current=seat_ref(seats, view.get("current")),
        roller=seat_ref(seats, attempt.get("roller")) if attempt else None,
        winner=seat_ref(seats, view.get("winner")),
        me=next((p for p in players if p["is_viewer"]), None),
        players=players,
        stacks=tuple(_stack(stack, kinds) for stack in view.get("stacks") or ()),
        king=KingRow(
            combo=combo((view.get("king") or {}).get("combination")),
            # The decision's buttons: the same forms, their shortcuts unused.
            moves=choice["king"],
        ),
        choosing=view.get("phase") == "target" and any(choice.values()),
        choice=choice,
        revenge=tuple(
            revenge_button(move, first=i == 0)
            for i, move in enumerate(kinds.get("revenge", ()))
        ),
        throws=tuple(
            button(move, "move primary", key="T", first=i == 0)
            for i, move in enumerate(kinds.get("throw", ()))
        ),
        stops=tuple(button(move, key="S") for move in kinds.get("stop", ())),
        declines=tuple(button(move, key="D") for move in kinds.get("decline", ())),
        attempt=attempt_row(attempt, seats, legal_moves, kinds) if attempt else None,
        tournament=tournament_row(view.get("tournament"), seats, running),
        last=last_row(view.get("last"), seats),
    )


def _stack(stack: dict[str, Any], kinds: Kinds) -> StackRow:
    """Return a stack with its top card and the buttons that roll for it or put it under."""
    index = stack.get("index")
    top = stack.get("top")
    count = stack.get("count") or 0
    return StackRow(
        index=as_text(index),
        number=one_based(index),
        count=count,
        count_text=str(count),
        deep=count > 1,
        target=bool(stack.get("target")),
        top=card_row(
            top,
            on_stack=True,
            actions=bool(kinds),
            rolls=tuple(
                button(move, "move primary")
                for move in kinds.get("stack", ())
                if move.data.get("stack") == index
            ),
            others=tuple(
                button(move)
                for move in kinds.get("put_under", ())
                if move.data.get("stack") == index
            ),
        )
        if top
        else None,
    )
