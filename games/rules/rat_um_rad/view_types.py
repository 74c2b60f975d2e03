"""Rat um Rad: the declared type of a seat's view (`RatUmRadRules.view`, built in seat_view.py).

`RatUmRadView` and its parts describe the JSON exactly. Hidden (Rat um Rad
rulings, Hidden and open information): another seat's wheel cards,
destination cards, offer and completed destinations (a spectator sees
none), the order of the decks and the cards given back in setup; every
destination is revealed in `results` once the game is over. Sources: the
seed (the published rules), the rulings on the rules page and the map
files in data/maps/.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from msgspec import Meta

from games.rules.base.view_types import Count, OutcomeView, SeatIndex, View

from .state import (
    MAX_SEATS,
    MIN_SEATS,
    CardKind,
    EndReason,
    FinalReason,
    Phase,
    PlayerColour,
)

# A road id of the map ("Bibliothek-to-Deutsch"), from the map file.
RoadId: TypeAlias = str


class RatUmRadFinalRound(View, frozen=True):
    """The final round (Rat um Rad seed, Spielende), open to everybody.

    It started after `trigger`'s action, because of `reason` ("wheels": 2
    or fewer left; "roads": no road can be built); `left`: seats still to
    act, in order.
    """

    trigger: SeatIndex
    reason: FinalReason
    left: tuple[SeatIndex, ...]


class RatUmRadPlayer(View, frozen=True):
    """One seat as everybody sees it.

    `colour`: its player colour; `score`: the score track; `wheels`: wheels
    left to build with; `cards`: wheel cards in hand (the cards are
    secret); `destinations`: destination cards kept (secret); `longest`:
    its longest trail of own roads, in wheels; `done`: its setup choice is
    made.
    """

    seat: SeatIndex
    colour: PlayerColour
    score: Count
    wheels: Count
    cards: Count
    destinations: Count
    longest: Count
    done: bool


class RatUmRadHand(View, frozen=True):
    """The viewer's own wheel cards per kind: 8 colours and jokers (own seat only)."""

    red: Count
    blue: Count
    orange: Count
    green: Count
    yellow: Count
    pink: Count
    black: Count
    white: Count
    joker: Count


class RatUmRadDestination(View, frozen=True):
    """A destination card: join places `a` and `b` for `points` (minus if failed).

    `type`: "short" or "long" (from its deck); `id` as in the map file.
    """

    id: str
    a: str
    b: str
    points: Annotated[int, Meta(ge=1)]
    type: Literal["short", "long"]


class RatUmRadOwnDestination(RatUmRadDestination, frozen=True):
    """One of the viewer's kept destination cards (own seat only).

    `completed`: own roads join `a` and `b`; `path`: the road ids of one
    such path, or [].
    """

    completed: bool
    path: tuple[RoadId, ...]


class RatUmRadResult(View, frozen=True):
    """One seat's final scoring, once over (Rat um Rad seed, Spielende; every secret revealed).

    `track`: the score track; `completed`, `failed`: its destination cards;
    `longest`: its longest trail; `bonus`: the longest-trail bonus (10 or
    0); `destination_points`: completed minus failed points; `total`:
    `track` + `destination_points` + `bonus`; `rank`: 1 = first, shared on
    a tie.
    """

    seat: SeatIndex
    track: Count
    completed: tuple[RatUmRadDestination, ...]
    failed: tuple[RatUmRadDestination, ...]
    longest: Count
    bonus: Count
    destination_points: int
    total: int
    rank: Annotated[int, Meta(ge=1)]


class RatUmRadOutcome(OutcomeView[EndReason], frozen=True):
    """How the match ended, in the view of everybody once over.

    `scores`: the `total`s of `results` (Rat um Rad seed, Spielende);
    `reason`: the final round was played out, or a round passed without
    any action.
    """


class RatUmRadView(View, frozen=True):
    """What one seat (or a spectator, `seat` None) may know of a Rat um Rad match.

    `map`: the map id; `current`: whose turn (None in setup and once over);
    `start`: the seat with the start colour; `colours`: per seat its player
    colour; `round`: rounds begun (0 in setup); `final_round`: None before
    it; `display`: face-up wheel-card kinds in slot order (up to 5);
    `deck`, `discard`, `destination_deck`: card counts (their order is
    secret); `picks`: 1 after the first pick of a take action; `roads`:
    {road id: owning seat} for built roads. Own seat only, a spectator gets
    None or []: `hand`, `destinations`, `offer` (destination cards waiting
    for a keep), `buildable` (sorted road ids the seat may build now).
    `results`: None until over; `outcome`: None until over.
    """

    map: str
    phase: Phase
    seat: SeatIndex | None
    seats: Annotated[int, Meta(ge=MIN_SEATS, le=MAX_SEATS)]
    current: SeatIndex | None
    to_move: tuple[SeatIndex, ...]
    start: SeatIndex
    colours: tuple[PlayerColour, ...]
    round: Count
    final_round: RatUmRadFinalRound | None
    display: tuple[CardKind, ...]
    deck: Count
    discard: Count
    destination_deck: Count
    picks: Literal[0, 1]
    roads: dict[RoadId, SeatIndex]
    players: tuple[RatUmRadPlayer, ...]
    hand: RatUmRadHand | None
    destinations: tuple[RatUmRadOwnDestination, ...]
    offer: tuple[RatUmRadDestination, ...]
    buildable: tuple[RoadId, ...]
    results: tuple[RatUmRadResult, ...] | None
    outcome: RatUmRadOutcome | None
