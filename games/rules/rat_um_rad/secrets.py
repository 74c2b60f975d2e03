"""Rat um Rad: what a seat may not know, redrawn for the privacy check.

Hidden from a seat (Rat um Rad rulings, Hidden and open information; seed,
Spielvorbereitung and Neue Zielkarten): the other seats' wheel cards and the
deck's order are one pool of unknown wheel cards; the other seats'
destination cards and offers, the cards given back in setup and the short
deck are one pool of unknown short cards; the other seats' long cards may
be any the seat does not hold. Until the end, when the results reveal every
seat's destination cards; the `Rng` decides every later draw.
"""

from __future__ import annotations

from games.rules.base import Scrambler
from games.rules.rng import Rng
from games.rules.structs import replace

from .cards import sort_hand
from .maps import MAPS
from .state import State


def secrets_scramble(state: State, seat: int | None, rng: Scrambler) -> State:
    """Return `state` with what `seat` may not know redrawn with `rng`.

    See the module docstring; `seat` None = a spectator.
    """
    others = [s for s in range(state.seats) if s != seat]
    pool = [c for s in others for c in state.hands[s]] + list(state.deck)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s], pool = sort_hand(pool[:size]), pool[size:]
    deck = tuple(pool)
    game_map = MAPS[state.map]
    destinations = list(state.destinations)
    offers = list(state.offers)
    returned = state.returned
    short_deck = list(state.short_deck)
    if state.phase != "over":
        longs = [
            c
            for c in game_map.long
            if seat is None or c not in state.destinations[seat]
        ]
        rng.shuffle(longs)
        shorts = [
            c
            for s in others
            for c in (*state.destinations[s], *state.offers[s])
            if c in game_map.short
        ]
        shorts += [*state.returned, *state.short_deck]
        rng.shuffle(shorts)

        def redeal(cards: tuple[str, ...]) -> tuple[str, ...]:
            out = []
            for card in cards:
                if card in game_map.long:
                    out.append(longs.pop())
                else:
                    out.append(shorts.pop())
            return tuple(out)

        for s in others:
            destinations[s] = redeal(state.destinations[s])
            offers[s] = redeal(state.offers[s])
        returned = redeal(state.returned)
        short_deck = list(shorts)
    else:
        rng.shuffle(short_deck)
    return replace(
        state,
        rng=Rng(seed=rng.randrange(10**9), draws=rng.randrange(100)),
        hands=tuple(hands),
        deck=deck,
        destinations=tuple(destinations),
        offers=tuple(offers),
        returned=returned,
        short_deck=tuple(short_deck),
    )
