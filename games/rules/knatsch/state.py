"""Knatsch: the state records and their JSON form (the moves: moves.py).

Nothing is secret from one seat and known to another: every owned card and
both stack tops are open, and the order of the stacks below their tops is
unknown to everybody (the view shows only the tops and the counts). Random:
the setup (castles drawn, stacks shuffled, start seat) and every throw's
dice, drawn from `State.rng`.

Moves and states are declared records (games.rules.structs). What a type
cannot say (each card in one place, seats that exist, a phase that matches
the rest, targets and a tournament card that exist where they are said to
lie) is checked in `__post_init__`, so a malformed stored state is
refused with IllegalMove when read; `check_stored` adds what holds only
between moves (an attempt in progress has a throw left).
"""

from __future__ import annotations

from typing import Annotated, Final, Literal, TypeAlias

from msgspec import Meta

from games.rules.rng import Rng
from games.rules.structs import Record

from .cards import CARD_IDS, CARDS, CASTLE, KING, TOURNAMENT

MIN_SEATS = 2
MAX_SEATS = 6
STACKS = 2

# Phases (State.phase).
PHASE_TARGET: Final = (
    "target"  # the current seat names a target (or puts a card under, or passes)
)
PHASE_ROLL: Final = "roll"  # somebody throws: `attempt` says who and why
PHASE_REVENGE: Final = (
    "revenge"  # the King's revenge: the current seat gives up a castle
)
PHASE_OVER: Final = "over"
Phase: TypeAlias = Literal["target", "roll", "revenge", "over"]

# Why somebody throws (Attempt.role).
ROLE_ATTACK: Final = (
    "attack"  # the current seat, for a stack card, an opponent's card or the King
)
ROLE_HOST: Final = "host"  # the current seat hosts a tournament from a stack
ROLE_DEFENCE: Final = "defence"  # an attacked seat defends its castle
ROLE_JOUST: Final = "joust"  # another seat throws in the tournament
Role: TypeAlias = Literal["attack", "host", "defence", "joust"]

# How a match was won (State.end_reason).
WIN_CASTLES: Final = "four_castles"
WIN_KING: Final = "king"
WIN_TOURNAMENTS: Final = "tournaments"
TURN_LIMIT_REACHED: Final = "turn_limit"
EndReason: TypeAlias = Literal["four_castles", "king", "tournaments", "turn_limit"]

Natural: TypeAlias = Annotated[int, Meta(ge=0)]
Face: TypeAlias = Annotated[int, Meta(ge=1, le=5)]
StackIndex: TypeAlias = Annotated[int, Meta(ge=0, le=STACKS - 1)]
CardId: TypeAlias = str
ResultJSON: TypeAlias = tuple[Natural, Natural, Natural]

# -- State ------------------------------------------------------------------


class Attempt(Record, frozen=True):
    """One roll attempt in progress.

    `roller` throws as `role` for `target` (a card id or "king"), which lies
    on stack `stack` or belongs to seat `owner` (neither for the King).
    `beat` is the result to beat strictly ((0, 0, 0) for a host).
    `dice` is how many dice the attempt has (6, 7 with an extra die), `fixed`
    the faces of squire dice, `throws` the throws made of `max_throws`.
    `kept` are the faces kept before the last throw, `rolled` the non-six
    faces that throw showed, `sixes` the dice set aside as blanks.
    """

    roller: Natural
    role: Role
    target: CardId
    stack: StackIndex | None
    owner: Natural | None
    beat: ResultJSON
    dice: Annotated[int, Meta(ge=6, le=7)]
    fixed: tuple[Face, ...]
    throws: Natural
    max_throws: Annotated[int, Meta(ge=1, le=6)]
    kept: tuple[Face, ...]
    rolled: tuple[Face, ...]
    sixes: Natural

    def __post_init__(self) -> None:
        if len(self.kept) + len(self.rolled) + self.sixes > self.dice:
            raise ValueError("more dice on the table than the attempt has")
        if self.throws > self.max_throws:
            raise ValueError("more throws than allowed")
        if self.throws == 0 and (self.kept or self.rolled or self.sixes):
            raise ValueError("dice on the table before the first throw")
        if self.throws and len(self.kept) + len(self.rolled) + self.sixes != self.dice:
            raise ValueError("dice missing from the table")

    @property
    def table(self) -> tuple[int, ...]:
        """Return the non-six faces on the table, sorted."""
        return tuple(sorted(self.kept + self.rolled))


class Tournament(Record, frozen=True):
    """A tournament in progress: card `card` from stack `stack`, hosted by `host`.

    `order` are the seats still to throw after the one throwing now, in turn
    order; `results` the (seat, result) of those who have thrown, result
    null for a seat that passed; `leader` holds the best result `best`.
    """

    card: CardId
    stack: StackIndex
    host: Natural
    order: tuple[Natural, ...]
    results: tuple[tuple[Natural, ResultJSON | None], ...]
    leader: Natural | None
    best: ResultJSON


class Last(Record, frozen=True):
    """The last finished roll attempt, for the board: who, why, what and how it went.

    `success` is whether the result beat `beat` (for a tournament host and
    player: whether they lead afterwards).
    """

    roller: Natural
    role: Role
    target: CardId
    dice: tuple[Face, ...]
    fixed: tuple[Face, ...]
    sixes: Natural
    result: ResultJSON
    beat: ResultJSON
    success: bool


class State(Record, frozen=True):
    """A Knatsch match.

    `stacks[i]` lists card ids top first; `owned[seat]` the cards in front
    of a seat, in the order captured. `current` is the seat whose turn it
    is (None once over). `put_under_used`: this turn's put-under is spent;
    `king_ready`: the current seat had 3 castles at the start of its turn.
    `extra`: the current seat captured a special card from a stack and may
    roll for another card, or end its turn.
    `turn` counts the turns begun (1 for the first). `winner` and
    `end_reason` are set once over.
    """

    seats: Annotated[int, Meta(ge=MIN_SEATS, le=MAX_SEATS)]
    rng: Rng
    start: Natural
    current: Natural | None
    phase: Phase
    stacks: tuple[tuple[CardId, ...], tuple[CardId, ...]]
    owned: tuple[tuple[CardId, ...], ...]
    put_under_used: bool
    king_ready: bool
    extra: bool
    attempt: Attempt | None
    tournament: Tournament | None
    last: Last | None
    turn: Natural
    winner: Natural | None
    end_reason: EndReason | None

    def __post_init__(self) -> None:
        _check_cards(self)
        _check_seats(self)
        _check_phase(self)
        _check_last(self)

    def castles(self, seat: int) -> tuple[str, ...]:
        """Return the castles in front of `seat`."""
        return tuple(c for c in self.owned[seat] if CARDS[c].type == CASTLE)

    def tournaments(self, seat: int) -> int:
        """Return how many tournaments `seat` has won."""
        return sum(CARDS[c].type == TOURNAMENT for c in self.owned[seat])


_ALL_CARDS = sorted(CARD_IDS)


def _check_cards(state: State) -> None:
    """Raise ValueError unless every card is in exactly one place."""
    placed = [c for stack in state.stacks for c in stack]
    placed += [c for cards in state.owned for c in cards]
    if sorted(placed) != _ALL_CARDS:
        raise ValueError("a card in two places or in none")


def _check_seats(state: State) -> None:
    seats = state.seats
    if len(state.owned) != seats:
        raise ValueError("not one set of cards per seat")
    if not 0 <= state.start < seats:
        raise ValueError("no such start seat")
    for seat in (state.current, state.winner):
        if seat is not None and not 0 <= seat < seats:
            raise ValueError("no such seat")
    attempt = state.attempt
    if attempt is not None:
        for seat in (attempt.roller, attempt.owner):
            if seat is not None and not 0 <= seat < seats:
                raise ValueError("no such seat in the attempt")
    tournament = state.tournament
    if tournament is not None:
        named = [
            tournament.host,
            *tournament.order,
            *(s for s, _ in tournament.results),
        ]
        if tournament.leader is not None:
            named.append(tournament.leader)
        if any(not 0 <= s < seats for s in named):
            raise ValueError("no such seat in the tournament")
    if state.last is not None and not 0 <= state.last.roller < seats:
        raise ValueError("no such seat in the last attempt")


def _check_phase(state: State) -> None:
    """Raise ValueError unless the phase has what it needs to offer a move."""
    over = state.phase == PHASE_OVER
    if over != (state.current is None) or over != (state.end_reason is not None):
        raise ValueError("the end, the current seat and the reason disagree")
    if state.winner is not None and not over:
        raise ValueError("a winner in a running game")
    if (state.phase == PHASE_ROLL) != (state.attempt is not None):
        raise ValueError("an attempt outside the roll phase, or none in it")
    attempt = state.attempt
    tournament = state.tournament
    if attempt is None:
        if tournament is not None:
            raise ValueError("a tournament without a roll")
        revenge = state.phase == PHASE_REVENGE and state.current is not None
        if revenge and not state.castles(state.current or 0):
            raise ValueError("the King's revenge without a castle")
        return
    if attempt.role in (ROLE_HOST, ROLE_JOUST) and tournament is None:
        raise ValueError("a tournament roll without a tournament")
    if attempt.role in (ROLE_ATTACK, ROLE_DEFENCE) and tournament is not None:
        raise ValueError("a tournament beside an attack")
    if tournament is not None:
        _check_tournament(state, attempt, tournament)
    if attempt.target == KING:
        if (
            attempt.role != ROLE_ATTACK
            or attempt.stack is not None
            or attempt.owner is not None
        ):
            raise ValueError("the King is attacked only by the current seat")
        return
    if attempt.target not in CARDS:
        raise ValueError("no such card")
    if attempt.stack is not None:
        if attempt.owner is not None or state.stacks[attempt.stack][:1] != (
            attempt.target,
        ):
            raise ValueError("the target is not on top of its stack")
    elif attempt.owner is None or attempt.target not in state.owned[attempt.owner]:
        raise ValueError("the target is not the owner's")


def _check_tournament(state: State, attempt: Attempt, tournament: Tournament) -> None:
    """Raise ValueError unless the tournament card lies on top of its stack.

    The host's and every player's attempt name that card and stack; the
    winner takes the card from there (turn_end.take).
    """
    card = CARDS.get(tournament.card)
    if card is None or card.type != TOURNAMENT:
        raise ValueError("the tournament card is no tournament")
    if state.stacks[tournament.stack][:1] != (tournament.card,):
        raise ValueError("the tournament card is not on top of its stack")
    if (attempt.target, attempt.stack) != (tournament.card, tournament.stack):
        raise ValueError("the roll is not for the tournament card")


def _check_last(state: State) -> None:
    """Raise ValueError unless the last attempt's target is a card or the King."""
    last = state.last
    if last is not None and last.target != KING and last.target not in CARDS:
        raise ValueError("no such card in the last attempt")


def check_stored(state: State) -> None:
    """Raise ValueError unless `state` is one a move can leave behind.

    Only for a state read back (KnatschRules.state_from_json): the engine
    builds an attempt's last throw before it settles it, in the same move.
    The throw that reaches `max_throws`, or leaves only sixes, settles the
    attempt at once, so a stored attempt has a throw left and, once thrown,
    a die to keep or throw again.
    """
    attempt = state.attempt
    if attempt is None:
        return
    if attempt.throws >= attempt.max_throws:
        raise ValueError("no throw left in an attempt in progress")
    if attempt.throws and not attempt.table:
        raise ValueError("only sixes on the table of an attempt in progress")
