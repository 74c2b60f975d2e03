"""Rat um Rad: which actions a seat has, and its legal moves.

Rat um Rad seed, "Der Spielablauf" (the three actions) and Rat um Rad
rulings, A turn (double routes, joker picks, passing).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from . import texts as t
from .cards import COLOURS, GREY, JOKER
from .maps import Map, Road
from .state import (
    PHASE_SETUP,
    PHASE_TURN,
    Build,
    DrawDestinations,
    Keep,
    Move,
    Pass,
    State,
    TakeDeck,
    TakeDisplay,
)

PAIR_SEATS = 3  # with this many seats or fewer, only one lane of a pair is built


def to_move(state: State) -> frozenset[int]:
    """Return the seats to move: setup, every seat not done; a turn, the current seat."""
    if state.phase == PHASE_SETUP:
        return frozenset(s for s in range(state.seats) if not state.done[s])
    if state.phase == PHASE_TURN and state.current is not None:
        return frozenset({state.current})
    return frozenset()


def can_take(state: State) -> bool:
    """Return whether the take action is available: 2 cards can be taken in all.

    Rat um Rad seed, Neue Radkarten aufnehmen ("weniger als 2").
    """
    return len(state.display) + len(state.deck) + len(state.discard) >= 2


def road_refusal(
    state: State, seat: int, road: Road, owners: dict[str, int]
) -> str | None:
    """Return why `seat` may not build `road` whatever its cards (a msgid), or None.

    Built already, the other lane of its pair built by the seat, or with 2-3
    seats by anybody (Rat um Rad seed, Radverbindung bauen), too few wheels.
    """
    if road.id in owners:
        return t.ROAD_TAKEN
    if road.pair is not None and road.pair in owners:
        if owners[road.pair] == seat:
            return t.OWN_PAIR
        if state.seats <= PAIR_SEATS:
            return t.PAIR_CLOSED
    if state.wheels[seat] < road.length:
        return t.FEW_WHEELS
    return None


def payments(road: Road, hand: Counter[str]) -> list[tuple[str, int]]:
    """Return the (colour, jokers) payments `hand` allows for `road`, in a stable order.

    A coloured road takes its colour, a grey road any one colour; jokers
    fill in; all jokers is ("joker", length).
    """
    length = road.length
    jokers = hand[JOKER]
    colours = COLOURS if road.colour == GREY else (road.colour,)
    out = []
    for colour in colours:
        have = hand[colour]
        if have == 0 and road.colour == GREY:
            continue
        for n in range(max(0, length - have), min(length - 1, jokers) + 1):
            out.append((colour, n))
    if jokers >= length:
        out.append((JOKER, length))
    return out


_BUILDS: dict[tuple[object, ...], tuple[Build, ...]] = {}
_BUILDS_LIMIT = 4096


def build_moves(state: State, seat: int, game_map: Map) -> list[Build]:
    """Return every build `seat` could make now, ignoring whose turn it is.

    Cached by what they depend on: the map, the roads built, the seat's
    hand and wheels, and the seat count.
    """
    key = (
        game_map,
        state.built,
        state.hands[seat],
        state.wheels[seat],
        seat,
        state.seats,
    )
    found = _BUILDS.get(key)
    if found is None:
        found = tuple(_build_moves(state, seat, game_map))
        if len(_BUILDS) >= _BUILDS_LIMIT:
            _BUILDS.clear()
        _BUILDS[key] = found
    return list(found)


def _build_moves(state: State, seat: int, game_map: Map) -> list[Build]:
    owners = dict(state.built)
    hand: Counter[str] = Counter(state.hands[seat])
    moves: list[Build] = []
    for road in game_map.roads:
        if road_refusal(state, seat, road, owners) is None:
            moves.extend(
                Build(road=road.id, colour=colour, jokers=n)  # type: ignore[arg-type]
                for colour, n in payments(road, hand)
            )
    return moves


def anybody_can_build(state: State, game_map: Map) -> bool:
    """Return whether some unbuilt road could still be built by some seat with its wheels.

    Cards are not considered. Rat um Rad rulings, End (4-5 players).
    """
    owners = dict(state.built)
    return any(
        road_refusal(state, seat, road, owners) is None
        for road in game_map.roads
        for seat in range(state.seats)
    )


def second_picks(state: State) -> list[Move]:
    """Return the second picks of a take action: no face-up joker (seed)."""
    moves: list[Move] = [
        TakeDisplay(colour=c)  # type: ignore[arg-type]
        for c in _display_kinds(state)
        if c != JOKER
    ]
    if state.deck or state.discard:
        moves.append(TakeDeck())
    return moves


def _display_kinds(state: State) -> list[str]:
    return [c for c in (*COLOURS, JOKER) if c in state.display]


def keep_moves(offer: tuple[str, ...], least: int) -> list[Move]:
    """Return the keep moves for `offer`: every sorted subset of at least `least` cards."""
    cards = sorted(offer)
    return [
        Keep(cards=subset)
        for size in range(len(cards), least - 1, -1)
        for subset in combinations(cards, size)
    ]


def actions(state: State, seat: int, game_map: Map) -> list[Move]:
    """Return the moves that begin an action, for the current seat: take, build, draw."""
    moves: list[Move] = []
    if can_take(state):
        moves.extend(TakeDisplay(colour=c) for c in _display_kinds(state))  # type: ignore[arg-type]
        if state.deck or state.discard:
            moves.append(TakeDeck())
    moves.extend(build_moves(state, seat, game_map))
    if state.short_deck:
        moves.append(DrawDestinations())
    return moves


def legal_moves(state: State, seat: int, game_map: Map) -> list[Move]:
    """Return `seat`'s legal moves in a stable order; [] when it is not to move."""
    if seat not in to_move(state):
        return []
    offer = state.offers[seat]
    if state.phase == PHASE_SETUP:
        return keep_moves(offer, max(1, len(offer) - 1) if offer else 0)
    if offer:
        return keep_moves(offer, 1)
    if state.picks:
        return second_picks(state)
    return actions(state, seat, game_map) or [Pass()]
