"""Rat um Rad hard robot: the other seats' destination cards read from their roads.

`sample_state` (sample.py) deals the other seats' hidden destination cards
uniformly from what the seat does not know. But a seat builds towards its
cards, so its public roads tell on them: `reweigh` deals those cards again,
each card drawn with a weight for how well the seat's own roads fit it
(a belief over the hidden cards, as in opponent modelling by inference
from the opponent's moves: Richards and Amir, "Opponent Modeling in
Scrabble", IJCAI 2007; here a likelihood ratio per place instead of a full
Bayes update). The search then plays the other seats towards likelier
cards: it sees which of its moves cut them off, and which of their roads
it must race for.

The weight of a card for a seat: `PLACE` times for each of its two places
the seat's roads touch, and `JOINED` times more when those roads already
join the two places. A seat without roads: every card alike. No card is
ruled out, so every consistent world can still be drawn.

Off by default (`hard.make_hard(infer=True)`): in the end search against
the route robot it did not win more (18 of 29 games against 21.5 without,
same seeds; hard.py, Measured), though the cards it draws are the held
ones about twice as often as a uniform draw (tests/games/rat_um_rad/
test_infer.py).
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.structs import replace

from .maps import Map
from .state import PHASE_TURN, State

# A place touched by a seat's roads is about 3 times likelier an end of
# one of its cards than a place it has not reached (a seat holds 3-4 cards,
# about 7 of the 20 places, and its roads run mostly between them).
PLACE = 3.0
JOINED = 2.0


def _components(roads: list[tuple[str, str]]) -> dict[str, str]:
    """Return place -> a representative of its component in the graph of `roads`."""
    parent: dict[str, str] = {}

    def find(place: str) -> str:
        parent.setdefault(place, place)
        while parent[place] != place:
            parent[place] = parent[parent[place]]
            place = parent[place]
        return place

    for a, b in roads:
        parent[find(a)] = find(b)
    return {place: find(place) for place in parent}


def card_weights(state: State, owner: int, game_map: Map) -> dict[str, float]:
    """Return {destination card id: weight} for `owner`, read from its built roads.

    The weight is the likelihood ratio of the module docstring (1 for a
    seat without roads); every card of `game_map` is listed.
    """
    roads = [
        (game_map.road_by_id[road].a, game_map.road_by_id[road].b)
        for road, seat in state.built
        if seat == owner
    ]
    component = _components(roads)
    weights: dict[str, float] = {}
    for card_id, card in game_map.destinations.items():
        weight = 1.0
        if card.a in component:
            weight *= PLACE
        if card.b in component:
            weight *= PLACE
            if component.get(card.a) == component[card.b]:
                weight *= JOINED
        weights[card_id] = weight
    return weights


def _draw(
    pool: list[str], weights: dict[str, float], uniform: Callable[[], float]
) -> str:
    """Remove and return one card of `pool` (non-empty), drawn by `weights`."""
    total = sum(weights[card] for card in pool)
    point = uniform() * total
    for index, card in enumerate(pool):
        point -= weights[card]
        if point < 0:
            return pool.pop(index)
    return pool.pop()


def reweigh(
    world: State, seat: int, game_map: Map, uniform: Callable[[], float]
) -> State:
    """Return `world` with the other seats' destination cards dealt again by weight.

    `world` is a sample of `seat`'s view (sample.py); `uniform()` returns
    a float in [0, 1). Only in the turn phase (setup holds offers, and the
    end shows every card): each other seat keeps its count of cards and
    its one long card (dealt in setup, never given back), drawn from the
    long cards nobody shown holds; its short cards come from the short
    cards of the other seats and the short deck, which takes the rest in
    a new order. Offers being chosen from stay as they are. The public
    view of `seat` is unchanged.
    """
    if world.phase != PHASE_TURN:
        return world
    longs_all = set(game_map.long)
    others = [s for s in range(world.seats) if s != seat]
    seen = set(world.destinations[seat]) | {c for o in world.offers for c in o}
    longs = [c for c in game_map.long if c not in seen]
    shorts = [c for s in others for c in world.destinations[s] if c not in longs_all]
    shorts += world.short_deck
    shorts.sort()
    destinations = list(world.destinations)
    for other in others:
        held = world.destinations[other]
        weights = card_weights(world, other, game_map)
        dealt: list[str] = []
        short_count = len(held)
        if any(c in longs_all for c in held) and longs:
            dealt.append(_draw(longs, weights, uniform))
            short_count -= 1
        dealt += [_draw(shorts, weights, uniform) for _ in range(short_count)]
        destinations[other] = tuple(dealt)
    deck: list[str] = []
    while shorts:
        deck.append(shorts.pop(int(uniform() * len(shorts))))
    return replace(world, destinations=tuple(destinations), short_deck=tuple(deck))


__all__ = ["JOINED", "PLACE", "card_weights", "reweigh"]
