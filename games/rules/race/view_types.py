"""Race: the declared type of a seat's view (`RaceRules.view`, built in seat_view.py).

`RaceView` and its parts describe the JSON exactly: every key, its type and
who sees what. Race rules (Components, Final Scoring, "Superpowers") and
Spielpost's rulings on the rules page (Deck, A decided race) say what is
hidden: other seats' hands, favourites and winner bets until a superpower
reveals one or the race is over, and the order of the draw pile.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeAlias

from msgspec import Meta

from games.rules.base.view_types import (
    Count,
    MessageView,
    OutcomeView,
    SeatIndex,
    View,
)

from .cards import FINISHED
from .state import CardId, EndReason, KnonsterId, Phase

# A Knonster's field: 0 = start, 1..60 = track, 61 = crossed the finish line.
Position: TypeAlias = Annotated[int, Meta(ge=0, le=FINISHED)]
# A Knonster's place in the race: 1 + the Knonsters strictly in front.
Rank: TypeAlias = Annotated[int, Meta(ge=1, le=4)]
# Knonster colours are an edition choice (Spielpost's rulings, Components).
KnonsterColour: TypeAlias = Literal["blue", "red", "yellow", "green"]


class RaceOptions(View, frozen=True):
    """The match's variants, seen by everybody (Race rules, Variants)."""

    win_bet: bool
    superpowers: bool


class RacePower(View, frozen=True):
    """A Knonster's superpower ("Superpowers"), seen by everybody.

    `text`: what it does; `spent`: used already (each is used once);
    `spent_by`: the seat that used it, or None.
    """

    text: MessageView
    spent: bool
    spent_by: SeatIndex | None


class RaceKnonster(View, frozen=True):
    """One Knonster on the track, in race order, seen by everybody.

    `rank`: 1 + Knonsters strictly in front, shared on equal fields
    (Spielpost's rulings, Positions and ranks); `finished`: crossed the
    line; `place`: its podium place (1..3) or None.
    """

    id: KnonsterId
    name: str
    colour: KnonsterColour
    position: Position
    rank: Rank
    finished: bool
    place: Annotated[int, Meta(ge=1, le=3)] | None
    power: RacePower


class RaceLastPlay(View, frozen=True):
    """The top card of the discard pile, seen by everybody.

    `seat` played `card` (`label` names it); `effect`: it moved a Knonster;
    `power`: the Knonster whose superpower came with it, or None.
    """

    seat: SeatIndex
    card: CardId
    label: MessageView
    effect: bool
    power: KnonsterId | None


class RaceHandCard(View, frozen=True):
    """One distinct card of the viewer's own hand (Race rules, Hand: only the seat's own).

    `count`: copies held; `effect`: playing it now moves a Knonster (false:
    the board warns before playing); `label` and `text`: its name and what
    it does.
    """

    card: CardId
    count: Annotated[int, Meta(ge=1)]
    effect: bool
    label: MessageView
    text: MessageView


class RaceFavourites(View, frozen=True):
    """The viewer's own secret choice (Race rules, Choice of Favorites).

    `knonsters`: the two favourites in Knonster order; `winner`: the Win
    Bet, or None without that variant.
    """

    knonsters: tuple[KnonsterId, KnonsterId]
    winner: KnonsterId | None


class RaceSteps(View, frozen=True):
    """Net fields one seat has moved each Knonster (negative: moved back).

    Seen by everybody: who played which card is open (Race rules, Gameplay).
    """

    rithle: int
    aristas: int
    celya: int
    elaari: int


class RacePlayer(View, frozen=True):
    """One seat as the viewer sees it.

    `hand_count`: cards in hand (the cards are secret); `chosen`: the seat
    picked its favourites; `favourites`: the Knonsters of that choice the
    viewer knows (its own, those revealed by superpowers, all once over);
    `winner`: the Win Bet, known for the viewer's own seat and for everybody
    once over, else None; `revealed`: favourites revealed by superpowers;
    `hidden_stars`: chosen star cards still face down ("Superpowers");
    `steps`: fields this seat moved each Knonster; `score`: points once
    over, else None (Race rules, Final Scoring).
    """

    seat: SeatIndex
    hand_count: Count
    chosen: bool
    favourites: tuple[KnonsterId, ...]
    winner: KnonsterId | None
    revealed: tuple[KnonsterId, ...]
    hidden_stars: Annotated[int, Meta(ge=0, le=2)]
    steps: RaceSteps
    score: int | None


class RaceOutcome(OutcomeView[EndReason], frozen=True):
    """How the match ended, in the view of everybody once over.

    `scores`: the points (Race rules, Final Scoring); `reason`: the race
    finished, or the draw pile ran out.
    """


class RaceView(View, frozen=True):
    """What one seat (or a spectator, `seat` None) may know of a Race match.

    `to_move`: sorted seats that may move; `current`: the seat whose turn it
    is in the play phase, else None; `redeals`: deals repeated because all
    favourites were equal; `knonsters`: the four in race order; `podium`:
    finished Knonsters in finishing order; `discard_count`, `draw_pile`:
    cards there (the order of the draw pile is secret); `hand`: the
    viewer's own cards, None for spectators; `favourites`: the viewer's own
    choice, None before choosing and for spectators; `players`: one per
    seat; `decided`: no order of the remaining Knonsters can change the
    players' ranking (Spielpost's rulings, A decided race); `outcome`: None
    until over.
    """

    phase: Phase
    seat: SeatIndex | None
    seats: Annotated[int, Meta(ge=2, le=4)]
    options: RaceOptions
    to_move: tuple[SeatIndex, ...]
    current: SeatIndex | None
    redeals: Count
    knonsters: tuple[RaceKnonster, RaceKnonster, RaceKnonster, RaceKnonster]
    podium: tuple[KnonsterId, ...]
    last_play: RaceLastPlay | None
    discard_count: Count
    draw_pile: Count
    hand: tuple[RaceHandCard, ...] | None
    favourites: RaceFavourites | None
    players: tuple[RacePlayer, ...]
    decided: bool
    outcome: RaceOutcome | None
