"""Race: the move and state records and their consistency rules.

Hidden: hands, the draw pile order and each seat's favourites (and winner
bet) until revealed by a superpower or the end of the match. Random: the
deal (and each redeal) and the starting seat, drawn from `State.rng`.

The JSON form comes from the declared types (`games.rules.structs`):
parsing refuses unknown Knonster or card ids, wrong types and unknown keys,
and `State.__post_init__` refuses states no match can reach, so a malformed
stored state never gets as far as the rules.
"""

from __future__ import annotations

from itertools import chain, combinations
from typing import TYPE_CHECKING, Literal, TypeAlias

from msgspec.structs import force_setattr

from games.rules.rng import Rng
from games.rules.structs import MoveRecord, Record

from .cards import CARDS, DECK, FINISHED, HAND_SIZES, KNONSTERS, POINTS

if TYPE_CHECKING:
    # mypy sees plain ids; msgspec sees the Literal of the known ids, so
    # parsing refuses an unknown Knonster or card without a line of code.
    KnonsterId: TypeAlias = str
    CardId: TypeAlias = str
else:
    KnonsterId = Literal[KNONSTERS]
    CardId = Literal[tuple(CARDS)]

Phase: TypeAlias = Literal["favourites", "play", "over"]
PHASE_FAVOURITES: Phase = "favourites"
PHASE_PLAY: Phase = "play"
PHASE_OVER: Phase = "over"

EndReason: TypeAlias = Literal["race_finished", "draw_pile_empty"]
END_RACE: EndReason = "race_finished"
END_DRAW_PILE: EndReason = "draw_pile_empty"

# Spielpost's ruling: redeals are capped so a match has a true length
# bound; after the cap, identical favourites simply race (then a tie).
MAX_REDEALS = 10

# The six favourite pairs, each in Knonster order; () = not chosen yet.
PAIRS: frozenset[tuple[str, ...]] = frozenset(combinations(KNONSTERS, 2))
_FAVOURITES = PAIRS | {()}
_SORTED_DECK = sorted(DECK)


class ChooseFavourites(MoveRecord, frozen=True, tag="favourites"):
    """Choose two secret favourites (Race rules, Choice of Favorites).

    JSON: `{"kind": "favourites", "knonsters": [a, b]}`, plus `"winner": a`
    with the Win Bet. Any list of known Knonster ids parses, put in
    Knonster order, so that equal choices compare equal and the rules can
    tell a player who ticked one or three Knonsters what is wrong.
    """

    knonsters: tuple[KnonsterId, ...]
    winner: KnonsterId | None = None

    def __post_init__(self) -> None:
        # A ValueError for an unknown id: only hand-built moves get here
        # with one, parsing refuses them first.
        ordered = tuple(sorted(self.knonsters, key=KNONSTERS.index))
        force_setattr(self, "knonsters", ordered)


class PlayCard(MoveRecord, frozen=True, tag="play"):
    """Play a hand card (Race rules, Gameplay).

    JSON: `{"kind": "play", "card": id}`.
    """

    card: CardId


class UsePower(MoveRecord, frozen=True, tag="power"):
    """Play a hand card with the superpower of `knonster` ("Superpowers").

    JSON: `{"kind": "power", "knonster": k, "card": id}`.
    """

    knonster: KnonsterId
    card: CardId


Move: TypeAlias = ChooseFavourites | PlayCard | UsePower


class PowerUse(Record, frozen=True):
    """A spent superpower: whose Knonster, and which seat used it.

    JSON: `{"knonster": id, "seat": int}`.
    """

    knonster: KnonsterId
    seat: int


class LastPlay(Record, frozen=True):
    """The card on top of the discard pile and how it was played.

    JSON: `{"seat": int, "card": id, "effect": bool, "power": id | null}`.
    """

    seat: int
    card: CardId
    effect: bool
    power: KnonsterId | None


class State(Record, frozen=True):
    """A Race match.

    `hands[seat]` is sorted in deck order; `draw_pile[0]` is the next card;
    `favourites[seat]` is () until chosen, else two Knonsters in Knonster
    order; `winners[seat]` the Win Bet (else None); `positions` follows
    `KNONSTERS` (61 = finished); `steps[seat][k]` is the net number of
    fields `seat` has moved Knonster k; `current` is the seat whose turn it
    is in the play phase; `turns` counts cards played.

    JSON: an object with these fields in this order, tuples as lists,
    `rng` as `{"seed", "draws"}`.

    Every reachable state keeps these rules, and construction, `replace`
    and parsing refuse one that breaks them (ValueError; IllegalMove when
    parsing): 2-4 seats; hands, favourites, winners and steps one entry per
    seat, positions and each steps row one per Knonster; positions 0..61
    and the podium exactly the finished Knonsters, at most three; `current`
    None or a seat; the phase agrees with `current`, `end_reason` and who
    has chosen; favourites () or a pair in Knonster order; a winner bet
    exactly for seats that chose, with the Win Bet; each superpower used
    once, by a seat backing it, with Superpowers; hands, draw pile and
    discard pile together are the deck, `last_play` its top card;
    0 <= redeals <= MAX_REDEALS, turns >= 0.
    """

    seats: int
    win_bet: bool
    superpowers: bool
    rng: Rng
    phase: Phase
    redeals: int
    hands: tuple[tuple[CardId, ...], ...]
    draw_pile: tuple[CardId, ...]
    discard: tuple[CardId, ...]
    last_play: LastPlay | None
    favourites: tuple[tuple[KnonsterId, ...], ...]
    winners: tuple[KnonsterId | None, ...]
    positions: tuple[int, ...]
    podium: tuple[KnonsterId, ...]
    current: int | None
    steps: tuple[tuple[int, ...], ...]
    powers_used: tuple[PowerUse, ...]
    end_reason: EndReason | None
    turns: int

    def __post_init__(self) -> None:
        # Runs on every `replace` too, so the checks stay linear and small;
        # the order matters: later checks index what earlier ones sized.
        _check_seats(self)
        _check_board(self)
        _check_phase(self)
        _check_cards(self)


# Consistency rules: each raises ValueError with a note for developers.


def _check_seats(state: State) -> None:
    """Check the seat count and every per-seat entry (favourites, bets, powers)."""
    seats = state.seats
    if seats not in HAND_SIZES:
        raise ValueError(f"{seats} seats")
    if not (
        len(state.hands)
        == len(state.favourites)
        == len(state.winners)
        == len(state.steps)
        == seats
    ):
        raise ValueError("hands, favourites, winners or steps: not one per seat")
    if set(map(len, state.steps)) != {len(KNONSTERS)}:
        raise ValueError("a steps row is not one entry per Knonster")
    if state.current is not None and not 0 <= state.current < seats:
        raise ValueError("current is not a seat")
    if not _FAVOURITES.issuperset(state.favourites):
        raise ValueError("favourites are not two Knonsters in Knonster order")
    if not state.win_bet:
        if state.winners.count(None) != seats:
            raise ValueError("a winner bet without the Win Bet")
    elif any(
        (winner not in chosen) if chosen else (winner is not None)
        for chosen, winner in zip(state.favourites, state.winners, strict=True)
    ):
        raise ValueError("a winner bet does not match the favourites")
    if state.powers_used and not state.superpowers:
        raise ValueError("a superpower was used without the variant")
    for use in state.powers_used:
        if not 0 <= use.seat < seats or use.knonster not in state.favourites[use.seat]:
            raise ValueError("a superpower was used by a seat not backing it")
    if len({use.knonster for use in state.powers_used}) != len(state.powers_used):
        raise ValueError("a superpower was used twice")
    if not 0 <= state.redeals <= MAX_REDEALS or state.turns < 0:
        raise ValueError("redeals or turns out of range")


def _check_board(state: State) -> None:
    """Check positions (0..61, one per Knonster) against the podium."""
    positions = state.positions
    if (
        len(positions) != len(KNONSTERS)
        or not 0 <= min(positions) <= max(positions) <= FINISHED
    ):
        raise ValueError("positions are not one field 0..61 per Knonster")
    podium = state.podium
    finished = {k for k, p in zip(KNONSTERS, positions, strict=True) if p == FINISHED}
    if len(podium) > len(POINTS) or len(set(podium)) != len(podium):
        raise ValueError("the podium is too long or repeats a Knonster")
    if finished != set(podium):
        raise ValueError("the podium is not the finished Knonsters")


def _check_phase(state: State) -> None:
    """Check the phase against the turn, the favourites and the end."""
    chosen = all(state.favourites)
    if state.phase == PHASE_FAVOURITES:
        # Once every seat has chosen, the race starts or the cards are dealt
        # again in the same move.
        if state.current is not None or state.end_reason is not None or chosen:
            raise ValueError("inconsistent favourites phase")
    elif state.phase == PHASE_PLAY:
        if (
            state.current is None
            or state.end_reason is not None
            or not chosen
            or len(state.podium) >= len(POINTS)
            or not state.hands[state.current]
        ):
            raise ValueError("inconsistent play phase")
    elif (
        state.current is not None
        or state.end_reason is None
        or not chosen
        or (state.end_reason == END_RACE) != (len(state.podium) == len(POINTS))
        or (state.end_reason == END_DRAW_PILE and state.draw_pile)
    ):
        raise ValueError("inconsistent end")


def _check_cards(state: State) -> None:
    """Check that hands, draw pile and discard pile are exactly the deck.

    Every deal shuffles the whole deck, and a card only ever moves from the
    draw pile to a hand and from a hand to the discard pile.
    """
    cards = sorted(
        [*state.draw_pile, *state.discard, *chain.from_iterable(state.hands)]
    )
    if cards != _SORTED_DECK:
        raise ValueError("hands, draw pile and discard are not the deck")
    last = state.last_play
    if last is not None and (
        not 0 <= last.seat < state.seats
        or not state.discard
        or state.discard[-1] != last.card
    ):
        raise ValueError("the last play is not the top of the discard pile")


# Move JSON close to Race's moves that `move_from_json` must refuse (wrong
# types, unknown cards and Knonsters, extra keys); the conformance suite
# checks every game against it (GameEntry.conformance).
MALFORMED_MOVES: tuple[object, ...] = (
    {"kind": "play", "card": None},
    {"kind": "play", "card": 3},
    {"kind": "play", "card": "no-such-card"},
    {"kind": "play", "card": {"id": "rank4"}},
    {"kind": "play", "card": "rank4", "extra": True},
    {"kind": "favourites"},
    {"kind": "favourites", "knonsters": "rithle"},
    {"kind": "favourites", "knonsters": [1, 2]},
    {"kind": "favourites", "knonsters": [["rithle"], "celya"]},
    {"kind": "power", "card": "rank4"},
    {"kind": "power", "card": "rank4", "knonster": 1},
)
