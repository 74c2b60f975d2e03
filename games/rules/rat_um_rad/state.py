"""Rat um Rad: the move and state records and their JSON form.

Secret from the other seats: a seat's wheel cards (`hands`), destination
cards (`destinations`), the cards it is choosing from (`offers`), the short
cards given back in setup (`returned`). Known to nobody: the order of the
deck and of the short destination deck, and the Rng. Open: the map with the
built roads, the display, the discard pile's size, wheels and score track.

What a type cannot say (one hand per seat, 90 wheel cards in all, a phase
that matches the rest) is checked in `__post_init__`; the map-dependent
checks (road and card ids) are made by the engine when it reads a state.
"""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Annotated, Final, Literal, TypeAlias

from msgspec import Meta

from games.rules.rng import Rng
from games.rules.structs import MoveRecord, Record

from .cards import DECK

MIN_SEATS: Final = 2
MAX_SEATS: Final = 5

PHASE_SETUP: Final = "setup"  # every seat keeps destination cards, secretly
PHASE_TURN: Final = "turn"  # `current` takes one action
PHASE_OVER: Final = "over"
Phase: TypeAlias = Literal["setup", "turn", "over"]

# Why the game ended (State.end_reason).
END_FINAL_ROUND: Final = "final_round"  # the final round is played out
END_NO_ACTION: Final = "no_action"  # a full round without any available action
EndReason: TypeAlias = Literal["final_round", "no_action"]

# Why the final round started (FinalRound.reason).
FINAL_WHEELS: Final = "wheels"  # the trigger seat has 2 wheels or fewer
FINAL_ROADS: Final = "roads"  # 4-5 seats: no road can be built by anybody
FinalReason: TypeAlias = Literal["wheels", "roads"]

Natural: TypeAlias = Annotated[int, Meta(ge=0)]
CardKind: TypeAlias = Literal[
    "red", "blue", "orange", "green", "yellow", "pink", "black", "white", "joker"
]
PlayerColour: TypeAlias = Literal["red", "blue", "green", "yellow", "black"]

# -- Moves ------------------------------------------------------------------


class Keep(MoveRecord, frozen=True, tag="keep"):
    """Keep destination cards `cards` (sorted ids, no duplicates) of the seat's offer.

    In setup at most one may be given back; after drawing, at least one is
    kept. JSON: `{"kind": "keep", "cards": [ids]}`. Rat um Rad seed,
    Spielvorbereitung and Neue Zielkarten nachziehen.
    """

    cards: tuple[str, ...]


class TakeDisplay(MoveRecord, frozen=True, tag="take_display"):
    """Take a face-up wheel card of `colour` (a colour or "joker").

    JSON: `{"kind": "take_display", "colour": "red"}`. Rat um Rad seed,
    Neue Radkarten aufnehmen.
    """

    colour: CardKind


class TakeDeck(MoveRecord, frozen=True, tag="take_deck"):
    """Take the top card of the deck, blind. JSON: `{"kind": "take_deck"}`."""


class Build(MoveRecord, frozen=True, tag="build"):
    """Build `road`, paying (length - jokers) cards of `colour` plus `jokers` jokers.

    `colour` is the road's colour, the chosen colour on a grey road, and
    "joker" when every card is a joker. JSON: `{"kind": "build", "road":
    id, "colour": colour, "jokers": n}`. Rat um Rad seed, Radverbindung bauen.
    """

    road: str
    colour: CardKind
    jokers: Annotated[int, Meta(ge=0, le=6)]


class DrawDestinations(MoveRecord, frozen=True, tag="draw_destinations"):
    """Draw up to 3 short destination cards, then keep at least one.

    JSON: `{"kind": "draw_destinations"}`. Rat um Rad seed, Neue Zielkarten nachziehen.
    """


class Pass(MoveRecord, frozen=True, tag="pass"):
    """End the turn without an action, allowed only when none is available.

    JSON: `{"kind": "pass"}`. Rat um Rad rulings, A turn.
    """


Move: TypeAlias = Keep | TakeDisplay | TakeDeck | Build | DrawDestinations | Pass

# -- State ------------------------------------------------------------------


class FinalRound(Record, frozen=True):
    """The final round: started after `trigger`'s action; `left` still act, in order."""

    trigger: Natural
    reason: FinalReason
    left: tuple[Natural, ...]


class State(Record, frozen=True):
    """A Rat um Rad match on map `map`.

    `colours[seat]` is the seat's player colour; `start` the seat with the
    start colour. `current` acts (None in setup and once over); `picks` is 1
    after the first pick of a take action. `round` counts the rounds begun.
    Wheel cards: `deck` (top first), `discard`, `display` (slot order),
    `hands` (sorted). Destination cards: `destinations` (kept ids per seat),
    `offers` (ids to keep from), `short_deck` (top first), `returned`
    (given back in setup, put under the deck in random order when setup
    ends). `built` lists (road id, seat) in build order; `wheels` and
    `track` per seat; `done[seat]`: kept in setup. `idle`: actionless
    passes in a row. `end_reason` is set once over.
    """

    map: str
    seats: Annotated[int, Meta(ge=MIN_SEATS, le=MAX_SEATS)]
    rng: Rng
    phase: Phase
    colours: tuple[PlayerColour, ...]
    start: Natural
    current: Natural | None
    round: Natural
    picks: Annotated[int, Meta(ge=0, le=1)]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    display: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    destinations: tuple[tuple[str, ...], ...]
    offers: tuple[tuple[str, ...], ...]
    returned: tuple[str, ...]
    short_deck: tuple[str, ...]
    built: tuple[tuple[str, Natural], ...]
    wheels: tuple[Natural, ...]
    track: tuple[Natural, ...]
    done: tuple[bool, ...]
    final: FinalRound | None
    idle: Natural
    end_reason: EndReason | None

    def __post_init__(self) -> None:
        _check_seats(self)
        _check_cards(self)
        _check_phase(self)

    def owner(self, road: str) -> int | None:
        """Return the seat that built `road`, or None."""
        for built, seat in self.built:
            if built == road:
                return seat
        return None

    def roads_of(self, seat: int) -> tuple[str, ...]:
        """Return the roads `seat` built, in build order."""
        return tuple(road for road, owner in self.built if owner == seat)


_FULL_DECK = Counter(DECK)


def _check_seats(state: State) -> None:
    seats = state.seats
    per_seat = (
        state.colours,
        state.hands,
        state.destinations,
        state.offers,
        state.wheels,
        state.track,
        state.done,
    )
    if any(len(values) != seats for values in per_seat):
        raise ValueError("not one entry per seat")
    if len(set(state.colours)) != seats or not 0 <= state.start < seats:
        raise ValueError("player colours or start seat wrong")
    if state.current is not None and not 0 <= state.current < seats:
        raise ValueError("no such seat")
    if any(not 0 <= seat < seats for _road, seat in state.built):
        raise ValueError("a road built by no seat")
    if len({road for road, _seat in state.built}) != len(state.built):
        raise ValueError("a road built twice")
    final = state.final
    if final is not None and any(
        not 0 <= s < seats for s in (final.trigger, *final.left)
    ):
        raise ValueError("no such seat in the final round")


def _check_cards(state: State) -> None:
    """Raise ValueError unless the 90 wheel cards are all there, once each."""
    cards = state.deck + state.discard + state.display + tuple(chain(*state.hands))
    if (
        len(cards) != len(DECK)
        or len(state.display) > 5
        or Counter(cards) != _FULL_DECK
    ):
        raise ValueError("the wheel cards do not add up")
    ids = [c for cards in (*state.destinations, *state.offers) for c in cards]
    ids += [*state.returned, *state.short_deck]
    if len(set(ids)) != len(ids):
        raise ValueError("a destination card in two places")


def _check_phase(state: State) -> None:
    """Raise ValueError unless the phase has what it needs to offer a move."""
    over = state.phase == PHASE_OVER
    if over != (state.end_reason is not None):
        raise ValueError("the end and the phase disagree")
    if (state.phase == PHASE_TURN) != (state.current is not None):
        raise ValueError("a current seat outside the turn phase")
    if state.phase == PHASE_SETUP:
        if state.built or state.picks or state.final is not None:
            raise ValueError("play during setup")
        if all(state.done):
            raise ValueError("setup is finished")
        return
    if state.returned or not all(state.done):
        raise ValueError("setup is not finished")
    if state.phase == PHASE_TURN:
        current = state.current
        pending = [s for s, offer in enumerate(state.offers) if offer]
        if pending not in ([], [current]) or (pending and state.picks):
            raise ValueError("an offer outside the current seat's turn")
        if state.final is not None and (
            not state.final.left or state.final.left[0] != current
        ):
            raise ValueError("the final round and the current seat disagree")


# Move JSON close to Rat um Rad's moves that `move_from_json` must refuse
# (unknown roads and colours, mistyped jokers, extra keys); the conformance
# suite checks every game against it (GameEntry.conformance).
MALFORMED_MOVES: tuple[object, ...] = (
    {"kind": "keep"},
    {"kind": "keep", "cards": "FromDMIToBahnhof"},
    {"kind": "keep", "cards": [1, 2]},
    {"kind": "take_display"},
    {"kind": "take_display", "colour": "grey"},
    {"kind": "take_display", "colour": "purple"},
    {"kind": "take_deck", "colour": "red"},
    {"kind": "build", "road": "Bibliothek-to-Deutsch"},
    {"kind": "build", "road": 3, "colour": "red", "jokers": 0},
    {"kind": "build", "road": "Bibliothek-to-Deutsch", "colour": "grey", "jokers": 0},
    {"kind": "build", "road": "Bibliothek-to-Deutsch", "colour": "red", "jokers": -1},
    {"kind": "build", "road": "Bibliothek-to-Deutsch", "colour": "red", "jokers": 7},
    {"kind": "build", "road": "Bibliothek-to-Deutsch", "colour": "red", "jokers": "1"},
    {"kind": "draw_destinations", "count": 3},
    {"kind": "pass", "seat": 0},
)
