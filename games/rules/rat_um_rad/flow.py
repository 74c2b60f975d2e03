"""Rat um Rad: applying a move, as a pure function on `State`.

`apply_move` checks who may move and dispatches; `end_action` ends the
current seat's action: the final round (Rat um Rad seed, Ende des Spiels;
Rat um Rad rulings, End), the end of the game and the next turn. Every
move builds its next state with `replace`, so each state passes
`State.__post_init__`.
"""

from __future__ import annotations

from collections import Counter

from games.rules.base import Event, IllegalMove, Message
from games.rules.structs import replace

from . import texts as t
from .actions import (
    actions,
    anybody_can_build,
    can_take,
    payments,
    road_refusal,
    to_move,
)
from .cards import JOKER, POINTS, Cards, remove, sort_hand
from .maps import Map
from .state import (
    END_FINAL_ROUND,
    END_NO_ACTION,
    FINAL_ROADS,
    FINAL_WHEELS,
    PHASE_OVER,
    PHASE_SETUP,
    PHASE_TURN,
    Build,
    DrawDestinations,
    FinalRound,
    Keep,
    Move,
    State,
    TakeDeck,
    TakeDisplay,
)

FINAL_WHEELS_LEFT = 2  # seed: "zwei oder weniger Räder"
DRAW_COUNT = 3
ROADS_TRIGGER_SEATS = 4  # Rat um Rad rulings, End: the extra trigger with 4-5 seats


def _set(values: tuple[object, ...], seat: int, value: object) -> tuple[object, ...]:
    return tuple(value if s == seat else v for s, v in enumerate(values))


def apply_move(
    state: State, seat: int, move: Move, game_map: Map
) -> tuple[State, list[Event]]:
    """Return the state after `seat` makes `move`, and its events.

    Raises IllegalMove (a player-readable msgid) for a move not legal now.
    """
    if state.phase == PHASE_OVER:
        raise IllegalMove(t.GAME_OVER)
    if seat not in to_move(state):
        if state.phase == PHASE_SETUP and 0 <= seat < state.seats:
            raise IllegalMove(t.ALREADY_KEPT)
        raise IllegalMove(t.NOT_YOUR_TURN)
    if isinstance(move, Keep):
        return _keep(state, seat, move, game_map)
    if state.phase == PHASE_SETUP or state.offers[seat]:
        raise IllegalMove(t.KEEP_FIRST)
    if isinstance(move, (TakeDisplay, TakeDeck)):
        return _take(state, seat, move, game_map)
    if state.picks:
        raise IllegalMove(t.SECOND_PICK)
    if isinstance(move, Build):
        return _build(state, seat, move, game_map)
    if isinstance(move, DrawDestinations):
        return _draw(state, seat)
    if actions(state, seat, game_map):
        raise IllegalMove(t.CANNOT_PASS)
    return end_action(
        state, seat, [Event("passed", {"seat": seat})], game_map, passed=True
    )


def _keep(
    state: State, seat: int, move: Keep, game_map: Map
) -> tuple[State, list[Event]]:
    """Keep cards of the offer: setup (give back at most one) or after drawing (keep >= 1)."""
    offer = state.offers[seat]
    if not offer:
        raise IllegalMove(t.NOTHING_TO_KEEP)
    cards = move.cards
    if list(cards) != sorted(set(cards)) or not set(cards) <= set(offer):
        raise IllegalMove(t.KEEP_FROM_OFFER)
    if not cards:
        raise IllegalMove(t.KEEP_AT_LEAST_ONE)
    back = [c for c in offer if c not in cards]
    destinations = _set(state.destinations, seat, state.destinations[seat] + cards)
    offers = _set(state.offers, seat, ())
    if state.phase == PHASE_SETUP:
        if len(back) > 1:
            raise IllegalMove(t.GIVE_BACK_ONE)
        events = [
            Event("kept_setup", {"seat": seat, "count": len(cards)}),
            Event(
                "kept_setup_cards",
                {"seat": seat, "cards": list(cards)},
                visible_to=frozenset({seat}),
            ),
        ]
        done = _set(state.done, seat, True)
        returned = state.returned + tuple(back)
        rng = state.rng
        if not all(done):
            next_state = replace(
                state,
                destinations=destinations,
                offers=offers,
                done=done,
                returned=returned,
            )
            return next_state, events
        shuffled, rng = rng.shuffled(returned)
        events.append(Event("started", {"seat": state.start}))
        next_state = replace(
            state,
            rng=rng,
            phase=PHASE_TURN,
            current=state.start,
            round=1,
            destinations=destinations,
            offers=offers,
            done=done,
            returned=(),
            short_deck=state.short_deck + shuffled,
        )
        return next_state, events
    shuffled, rng = state.rng.shuffled(back)
    state = replace(
        state,
        rng=rng,
        destinations=destinations,
        offers=offers,
        short_deck=state.short_deck + shuffled,
    )
    event = Event(
        "kept_destinations",
        {"seat": seat, "count": len(cards), "returned": len(back)},
    )
    return end_action(state, seat, [event], game_map)


def _take(
    state: State, seat: int, move: TakeDisplay | TakeDeck, game_map: Map
) -> tuple[State, list[Event]]:
    """One pick of a take action (Rat um Rad seed, Neue Radkarten aufnehmen)."""
    if not state.picks and not can_take(state):
        raise IllegalMove(t.NO_CARDS)
    cards = Cards(list(state.deck), list(state.discard), list(state.display), state.rng)
    others = frozenset(s for s in range(state.seats) if s != seat)
    ends = bool(state.picks)
    colour: str
    if isinstance(move, TakeDisplay):
        colour = move.colour
        if colour not in state.display:
            raise IllegalMove(
                t.NOT_ON_DISPLAY, colour=Message(t.COLOUR_NAMES[colour]).to_json()
            )
        if colour == JOKER:
            if state.picks:
                raise IllegalMove(t.JOKER_FIRST_ONLY)
            ends = True
        events = [Event("took_display", {"seat": seat, "colour": colour})]
        cards.take_display(colour)
        events += cards.events
    else:
        drawn = cards.draw()
        if drawn is None:
            raise IllegalMove(t.DECK_EMPTY)
        colour = drawn
        events = [
            *cards.events,
            Event(
                "took_deck_card",
                {"seat": seat, "colour": colour},
                visible_to=frozenset({seat}),
            ),
            Event("took_deck", {"seat": seat}, visible_to=others),
        ]
        cards.events = []
        cards.settle()
        events += cards.events
    hands = _set(state.hands, seat, sort_hand(state.hands[seat] + (colour,)))
    state = replace(
        state,
        rng=cards.rng,
        deck=tuple(cards.deck),
        discard=tuple(cards.discard),
        display=tuple(cards.display),
        hands=hands,
        picks=0,
    )
    if not ends and (
        any(c != JOKER for c in state.display) or state.deck or state.discard
    ):
        return replace(state, picks=1), events
    return end_action(state, seat, events, game_map)


def _build(
    state: State, seat: int, move: Build, game_map: Map
) -> tuple[State, list[Event]]:
    """Build a road: pay cards, place wheels, score (Rat um Rad seed, Radverbindung bauen)."""
    road = game_map.road_by_id.get(move.road)
    if road is None:
        raise IllegalMove(t.NO_SUCH_ROAD)
    refusal = road_refusal(state, seat, road, dict(state.built))
    if refusal is not None:
        raise IllegalMove(refusal)
    if (move.colour, move.jokers) not in payments(
        road, Counter(move_cards(road.length, move))
    ):
        if road.colour not in ("grey", move.colour) and move.colour != JOKER:
            raise IllegalMove(
                t.WRONG_COLOUR, colour=Message(t.COLOUR_NAMES[road.colour]).to_json()
            )
        raise IllegalMove(t.BAD_PAYMENT)
    paid = move_cards(road.length, move)
    hand = state.hands[seat]
    if Counter(paid) - Counter(hand):
        raise IllegalMove(t.FEW_CARDS)
    for card in set(paid):
        hand = remove(hand, card, paid.count(card))
    points = POINTS[road.length]
    wheels = state.wheels[seat] - road.length
    cards = Cards(
        list(state.deck), list(state.discard) + paid, list(state.display), state.rng
    )
    cards.settle()
    state = replace(
        state,
        rng=cards.rng,
        deck=tuple(cards.deck),
        discard=tuple(cards.discard),
        display=tuple(cards.display),
        hands=_set(state.hands, seat, hand),
        built=(*state.built, (road.id, seat)),
        wheels=_set(state.wheels, seat, wheels),
        track=_set(state.track, seat, state.track[seat] + points),
    )
    event = Event(
        "built",
        {
            "seat": seat,
            "road": road.id,
            "colour": move.colour,
            "jokers": move.jokers,
            "length": road.length,
            "points": points,
            "wheels": wheels,
        },
    )
    return end_action(state, seat, [event, *cards.events], game_map)


def move_cards(length: int, move: Build) -> list[str]:
    """Return the cards a build move pays: (length - jokers) of its colour, then the jokers."""
    count = max(0, length - move.jokers)
    colour: str = move.colour
    return [colour] * count + [JOKER] * min(move.jokers, length)


def _draw(state: State, seat: int) -> tuple[State, list[Event]]:
    """Draw up to 3 short destination cards into the seat's offer (seed, Neue Zielkarten)."""
    if not state.short_deck:
        raise IllegalMove(t.NO_DESTINATIONS)
    drawn = state.short_deck[:DRAW_COUNT]
    state = replace(
        state,
        short_deck=state.short_deck[DRAW_COUNT:],
        offers=_set(state.offers, seat, drawn),
    )
    events = [
        Event("drew_destinations", {"seat": seat, "count": len(drawn)}),
        Event(
            "drew_destinations_cards",
            {"seat": seat, "cards": list(drawn)},
            visible_to=frozenset({seat}),
        ),
    ]
    return state, events


def _end_game(
    state: State, reason: str, events: list[Event]
) -> tuple[State, list[Event]]:
    events.append(Event("over_" + reason, {"reason": reason}))
    return (
        replace(state, phase=PHASE_OVER, current=None, picks=0, end_reason=reason),
        events,
    )


def end_action(
    state: State, seat: int, events: list[Event], game_map: Map, *, passed: bool = False
) -> tuple[State, list[Event]]:
    """End `seat`'s action: final round, end of the game, next turn.

    The final round starts after the action that leaves the seat 2 wheels or
    fewer, or (4-5 seats) after which no road can be built by anybody; then
    every seat, the trigger included, acts once more in turn order (Rat um
    Rad seed, Ende des Spiels; Rat um Rad rulings, End). A full round of
    passes ends the game at once.
    """
    events = list(events)
    idle = state.idle + 1 if passed else 0
    final = state.final
    if idle >= state.seats:
        return _end_game(replace(state, idle=idle, final=None), END_NO_ACTION, events)
    if final is not None:
        left = final.left[1:]
        if not left:
            return _end_game(
                replace(state, idle=idle, final=None), END_FINAL_ROUND, events
            )
        final = replace(final, left=left)
    else:
        reason = None
        if state.wheels[seat] <= FINAL_WHEELS_LEFT:
            reason = FINAL_WHEELS
        elif state.seats >= ROADS_TRIGGER_SEATS and not anybody_can_build(
            state, game_map
        ):
            reason = FINAL_ROADS
        if reason is not None:
            order = tuple((seat + k) % state.seats for k in range(1, state.seats + 1))
            final = FinalRound(trigger=seat, reason=reason, left=order)  # type: ignore[arg-type]
            events.append(Event("final_round_" + reason, {"seat": seat}))
    following = (seat + 1) % state.seats
    state = replace(
        state,
        current=following,
        round=state.round + (following == state.start),
        picks=0,
        final=final,
        idle=idle,
    )
    return state, events
