"""Knatsch: the declared type of a seat's view (`KnatschRules.view`, built in seat_view.py).

`KnatschView` and its parts describe the JSON exactly. Nothing is secret
between seats (every owned card and both stack tops are open; the order of
the stacks below their tops is known to nobody and never shown), so every
viewer sees the same game; only `seat` differs. Sources: the seed (the
original rules), Knatsch rulings on the rules page, and the Spielpost
edition of the cards (data/knatsch-cards.json).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

from msgspec import Meta

from games.rules.base.view_types import Count, SeatIndex, View

from .cards import ARMS_NAMES, CARDS, CASTLE, SPECIAL, TOURNAMENT
from .state import MAX_SEATS, MIN_SEATS, EndReason, Face, Phase, Role, StackIndex

if TYPE_CHECKING:
    # mypy sees plain strings; msgspec sees the Literal of the ids in the
    # data file, so a view naming an unknown card or coat of arms is refused.
    CastleId: TypeAlias = str
    SpecialId: TypeAlias = str
    TournamentId: TypeAlias = str
    Arms: TypeAlias = str
else:
    CastleId = Literal[tuple(c.id for c in CARDS.values() if c.type == CASTLE)]
    SpecialId = Literal[tuple(c.id for c in CARDS.values() if c.type == SPECIAL)]
    TournamentId = Literal[tuple(c.id for c in CARDS.values() if c.type == TOURNAMENT)]
    Arms = Literal[tuple(ARMS_NAMES)]

SpecialKind: TypeAlias = Literal[
    "catapult", "squire", "extra_die", "guard", "jousting_right"
]
# A combination to beat: [3, triple face, kicker face] (seed, Burgen).
Combination: TypeAlias = tuple[Literal[3], Face, Face]
# A throw's result: [count of the best face, that face, kicker]; [0, 0, 0]
# is nothing (or no result to beat, for a tournament host).
Result: TypeAlias = tuple[Count, Count, Count]


class _KnatschCard(View, frozen=True, tag_field="type"):
    """A card, open to everybody: `type` tells which kind, `id` names it in the data file.

    The board names it from `type`, `arms`, `kind` and `value`.
    """


class KnatschCastle(_KnatschCard, frozen=True, tag="castle"):
    """A castle of coat of arms `arms`, captured by beating `combination`."""

    id: CastleId
    arms: Arms
    kind: None
    value: None
    combination: Combination


class KnatschSpecial(_KnatschCard, frozen=True, tag="special"):
    """A special card of `kind` (Knatsch rulings, Components), captured by beating `combination`.

    `value`: a squire's fixed face, else None.
    """

    id: SpecialId
    arms: None
    kind: SpecialKind
    value: Face | None
    combination: Combination


class KnatschTournamentCard(_KnatschCard, frozen=True, tag="tournament"):
    """A tournament (seed, Turnier): hosted, not captured, so no `combination`."""

    id: TournamentId
    arms: None
    kind: None
    value: None
    combination: None


class KnatschKingTarget(_KnatschCard, frozen=True, tag="king"):
    """The King as a roll's target (seed, Spielende 2): a combination, not a card."""

    id: Literal["king"]
    arms: None
    kind: None
    value: None
    combination: Combination


KnatschCard: TypeAlias = KnatschCastle | KnatschSpecial | KnatschTournamentCard
KnatschTarget: TypeAlias = (
    KnatschCastle | KnatschSpecial | KnatschTournamentCard | KnatschKingTarget
)


class KnatschOwnedCastle(KnatschCastle, frozen=True, tag="castle"):
    """A castle in front of a seat; `target`: the current seat may attack it now."""

    target: bool


class KnatschOwnedSpecial(KnatschSpecial, frozen=True, tag="special"):
    """A special card in front of a seat; `target`: the current seat may attack it now."""

    target: bool


class KnatschOwnedTournament(KnatschTournamentCard, frozen=True, tag="tournament"):
    """A won tournament; `target` is always false (tournaments cannot be attacked)."""

    target: bool


class KnatschStack(View, frozen=True):
    """One of the two stacks: `count` cards, only the `top` open (None: empty).

    `target`: the current seat may roll for the top card now; `put_under`:
    it may put the top card under the stack now (once per turn, seed,
    "Karte unter Stapel stecken").
    """

    index: StackIndex
    count: Count
    top: KnatschCard | None
    target: bool
    put_under: bool


class KnatschKing(View, frozen=True):
    """The King: `combination` to beat; `target`: the current seat may roll for it now."""

    combination: Combination
    target: bool


class KnatschThrows(View, frozen=True):
    """Throws a seat is allowed per role (3, or 4 with a catapult, guard or jousting right)."""

    attack: Count
    host: Count
    defence: Count
    joust: Count


class KnatschFourCastles(View, frozen=True):
    """Progress to the four-castles win (seed, Spielende 1): `castles` of `need`."""

    castles: Count
    need: Count


class KnatschKingProgress(View, frozen=True):
    """Progress to overthrowing the King: `castles` of `need`.

    `ready`: this seat is to move and had enough castles at the start of
    its turn.
    """

    castles: Count
    need: Count
    ready: bool


class KnatschTournamentProgress(View, frozen=True):
    """Progress to the tournament win: `castles` of `need_castles`, `tournaments` of `need`."""

    castles: Count
    need_castles: Count
    tournaments: Count
    need: Count


class KnatschProgress(View, frozen=True):
    """A seat's progress towards each way to win."""

    four_castles: KnatschFourCastles
    king: KnatschKingProgress
    tournaments: KnatschTournamentProgress


class KnatschPlayer(View, frozen=True):
    """One seat's holdings, open to everybody.

    `castles`, `specials`, `tournaments`: its cards in capture order;
    `attackable`: it has more than one castle (the last one cannot be
    attacked); `dice`: 6, or 7 with an extra die; `squires`: fixed faces
    its squires add; `throws`: throws allowed per role.
    """

    seat: SeatIndex
    castles: tuple[KnatschOwnedCastle, ...]
    specials: tuple[KnatschOwnedSpecial, ...]
    tournaments: tuple[KnatschOwnedTournament, ...]
    attackable: bool
    dice: Literal[6, 7]
    squires: tuple[Face, ...]
    throws: KnatschThrows
    progress: KnatschProgress


class KnatschAttempt(View, frozen=True):
    """The roll attempt in progress, open to everybody.

    `roller` throws as `role` for `target`, which lies on `stack` or belongs
    to `owner` (neither: the King); `beat`: the result to beat strictly;
    `throws` made of `max_throws`; `dice`: dice in the attempt; `kept`:
    faces kept before the last throw, `rolled` its non-six faces, `table`
    both sorted, `sixes` blanks set aside, `fixed` squire faces; `result`:
    the best result on the table; `beats`: it beats `beat` (false before the
    first throw); `attacker`: the seat whose turn it is.
    """

    roller: SeatIndex
    role: Role
    target: KnatschTarget
    stack: StackIndex | None
    owner: SeatIndex | None
    beat: Result
    throws: Count
    max_throws: Annotated[int, Meta(ge=1, le=6)]
    dice: Literal[6, 7]
    kept: tuple[Face, ...]
    rolled: tuple[Face, ...]
    table: tuple[Face, ...]
    sixes: Count
    fixed: tuple[Face, ...]
    result: Result
    beats: bool
    attacker: SeatIndex


class KnatschTournamentResult(View, frozen=True):
    """A seat that has thrown in the tournament: its `result`, or None if it passed."""

    seat: SeatIndex
    result: Result | None


class KnatschTournament(View, frozen=True):
    """A tournament in progress (seed, Turnier), open to everybody.

    `card` from `stack`, hosted by `host`; `throwing`: the seat throwing
    now, or None; `order`: seats still to throw after it; `results`: those
    who have thrown; `leader`: holds the best result `best`, or None.
    """

    card: TournamentId
    stack: StackIndex
    host: SeatIndex
    throwing: SeatIndex | None
    order: tuple[SeatIndex, ...]
    results: tuple[KnatschTournamentResult, ...]
    leader: SeatIndex | None
    best: Result


class KnatschLast(View, frozen=True):
    """The last finished roll attempt, for the board.

    `roller` threw as `role` for `target`; `dice`: the final non-six faces,
    `fixed` squire faces, `sixes` blanks; `result` against `beat`;
    `success`: it beat it (a tournament host or player: leads afterwards).
    """

    roller: SeatIndex
    role: Role
    target: KnatschTarget
    dice: tuple[Face, ...]
    fixed: tuple[Face, ...]
    sixes: Count
    result: Result
    beat: Result
    success: bool


class KnatschOutcome(View, frozen=True):
    """How the match ended: the winner ranks 1, everybody else 2 (seed, Spielende).

    `reason`: how it was won (or the turn limit); Knatsch keeps no points,
    so `scores` is always None.
    """

    ranks: tuple[Literal[1, 2], ...]
    reason: EndReason
    scores: None


class KnatschView(View, frozen=True):
    """The whole open game as one seat (or a spectator, `seat` None) sees it.

    `current`: whose turn (None once over); `start`: the first seat;
    `to_move`: [the seat throwing now] in a roll, else [current] or [];
    `turn`: turns begun; `turn_limit`: the turn at whose end an unwon match
    ends (Knatsch rulings, Turn limit); `put_under_used`: this turn's
    put-under is spent; `extra`: the current seat captured a special card
    from a stack and may roll again or pass (seed, "Nochmal dran?");
    `attempt`, `tournament`, `last`: None when there is none; `winner`,
    `end_reason`, `outcome`: None until over.
    """

    phase: Phase
    seat: SeatIndex | None
    seats: Annotated[int, Meta(ge=MIN_SEATS, le=MAX_SEATS)]
    current: SeatIndex | None
    start: SeatIndex
    to_move: tuple[SeatIndex, ...]
    turn: Count
    turn_limit: Count
    put_under_used: bool
    extra: bool
    stacks: tuple[KnatschStack, KnatschStack]
    king: KnatschKing
    players: tuple[KnatschPlayer, ...]
    attempt: KnatschAttempt | None
    tournament: KnatschTournament | None
    last: KnatschLast | None
    winner: SeatIndex | None
    end_reason: EndReason | None
    outcome: KnatschOutcome | None
