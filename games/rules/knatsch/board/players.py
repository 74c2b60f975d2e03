"""Knatsch's board, the players: each seat's name, cards and ways to win.

`player_row` lays out one player of the view (`PlayerRow`) with its
seat's name, its cards as card rows and its progress on the three ways to
win, slots included; `seat_ref` names any seat the board mentions. Pure,
no Django.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypedDict

from .card_rows import CardRow, card_row, owned_card_row
from .moves import Kinds
from .parts import as_text, one_based

NORMAL_DICE = 6  # a player throws with more only with an extra die


class SeatLike(Protocol):
    """A seat at the table as the board context gives it (games.selectors.SeatInfo)."""

    @property
    def name(self) -> str: ...

    @property
    def is_viewer(self) -> bool: ...


class SeatRef(TypedDict):
    """A seat the board names: its player's `name`; `is_viewer`: the viewer's own."""

    name: str
    is_viewer: bool


def seat_ref(seats: Sequence[SeatLike], position: Any) -> SeatRef | None:
    """Return the seat at `position`, None if there is none (as `get_item`)."""
    if not isinstance(position, int) or not 0 <= position < len(seats):
        return None
    seat = seats[position]
    return SeatRef(name=seat.name, is_viewer=seat.is_viewer)


def seat_name(seats: Sequence[SeatLike], position: Any) -> str:
    """Return the name of the seat at `position`, "" if there is none."""
    seat = seat_ref(seats, position)
    return "" if seat is None else seat["name"]


class WayRow(TypedDict):
    """One player's progress on one way to win: `castles` of `need_castles`
    and `tournaments` of `need_tournaments` (as text), one slot each, the
    filled ones first (one item per slot in `castles_filled` and
    `castles_empty`, `tournaments_filled` and `tournaments_empty`). `won`:
    the match was won this way by this player; `ready`: the King's way, to
    roll for him now (`may_roll`: and the match runs); `king_filled`: the
    King's slot is filled (he was overthrown by this player)."""

    won: bool
    castles: str
    need_castles: str
    castles_filled: range
    castles_empty: range
    tournaments: str
    need_tournaments: str
    tournaments_filled: range
    tournaments_empty: range
    ready: bool
    may_roll: bool
    king_filled: bool


class PlayerRow(TypedDict):
    """One player: `seat` (0-based) and `number` (1-based) as text, its
    seat's `name`, whether it is the viewer's, whose turn it is
    (`current`), throwing out of turn (`throwing`) or the `winner`; its
    cards as `CardRow`s and their counts; `attackable`: more than one
    castle; `dice` and `squire_count` it throws with beside the squires'
    faces (`squires`, ", "-joined), `dice_note` when that is not just six
    dice; and its three ways to win."""

    seat: str
    number: str
    name: str
    is_viewer: bool
    current: bool
    throwing: bool
    winner: bool
    castles: tuple[CardRow, ...]
    specials: tuple[CardRow, ...]
    tournaments: tuple[CardRow, ...]
    castle_count: int
    special_count: int
    tournament_count: int
    tournament_count_text: str
    attackable: bool
    dice: int
    dice_note: bool
    squires: str
    squire_count: int
    four_castles: WayRow
    king: WayRow
    by_tournaments: WayRow


def player_row(
    view: dict[str, Any],
    player: dict[str, Any],
    seats: Sequence[SeatLike],
    kinds: Kinds,
    running: bool,
) -> PlayerRow:
    """Return `player` of `view` laid out (`kinds`: the viewer's moves by kind).

    `running`: the match runs (only then may a ready player roll for the
    King, or throw out of turn).
    """
    position = player.get("seat")
    seat = seat_ref(seats, position)
    roller = (view.get("attempt") or {}).get("roller")
    winner = view.get("winner") == position
    reason = view.get("end_reason") if winner else None
    progress = player.get("progress") or {}
    four = progress.get("four_castles") or {}
    king = progress.get("king") or {}
    tours = progress.get("tournaments") or {}
    ready = bool(king.get("ready")) and view.get("phase") == "target"
    castles = player.get("castles") or ()
    specials = player.get("specials") or ()
    tournaments = player.get("tournaments") or ()
    squires = player.get("squires") or ()
    return PlayerRow(
        seat=as_text(position),
        number=one_based(position),
        name="" if seat is None else seat["name"],
        is_viewer=seat is not None and seat["is_viewer"],
        current=position == view.get("current"),
        throwing=roller == position and position != view.get("current") and running,
        winner=winner,
        castles=tuple(owned_card_row(card, kinds) for card in castles),
        specials=tuple(owned_card_row(card, kinds) for card in specials),
        tournaments=tuple(card_row(card) for card in tournaments),
        castle_count=len(castles),
        special_count=len(specials),
        tournament_count=len(tournaments),
        tournament_count_text=str(len(tournaments)),
        attackable=bool(player.get("attackable")),
        dice=player.get("dice") or 0,
        dice_note=player.get("dice") != NORMAL_DICE or bool(squires),
        squires=", ".join(str(face) for face in squires),
        squire_count=len(squires),
        four_castles=_way(
            four.get("castles"), four.get("need"), won=reason == "four_castles"
        ),
        king=_way(
            king.get("castles"),
            king.get("need"),
            won=reason == "king",
            ready=ready,
            may_roll=ready and running,
            king_filled=reason == "king",
        ),
        by_tournaments=_way(
            tours.get("castles"),
            tours.get("need_castles"),
            tours.get("tournaments"),
            tours.get("need"),
            won=reason == "tournaments",
        ),
    )


def _way(
    castles: Any,
    need: Any,
    tournaments: Any = None,
    need_tournaments: Any = None,
    *,
    won: bool,
    ready: bool = False,
    may_roll: bool = False,
    king_filled: bool = False,
) -> WayRow:
    """Return a way to win: `castles` of `need` (and `tournaments` of
    `need_tournaments`), the counts as text, the filled slots first."""
    filled = min(max(castles or 0, 0), need or 0)
    won_tournaments = min(max(tournaments or 0, 0), need_tournaments or 0)
    return WayRow(
        won=won,
        castles=as_text(castles),
        need_castles=as_text(need),
        castles_filled=range(filled),
        castles_empty=range((need or 0) - filled),
        tournaments=as_text(tournaments),
        need_tournaments=as_text(need_tournaments),
        tournaments_filled=range(won_tournaments),
        tournaments_empty=range((need_tournaments or 0) - won_tournaments),
        ready=ready,
        may_roll=may_roll,
        king_filled=king_filled,
    )
