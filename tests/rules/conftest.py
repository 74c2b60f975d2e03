"""Fixtures for the pure rules tests: privacy hooks.

Each game's scenario builders live in its own folder, tests/games/<slug>/.

These tests need no database and no Django (STYLE.md B9): the platform's
autouse fixtures from tests/conftest.py are replaced by no-ops here, so
`pytest tests/rules -p no:django -o addopts=""` runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pytest

from games.rules.race.cards import KNONSTERS, sort_hand
from games.rules.race.state import PHASE_OVER, State
from games.rules.rat_um_rad.cards import sort_hand as rur_sort_hand
from games.rules.rat_um_rad.maps import MAPS as RUR_MAPS
from games.rules.rng import Rng
from games.rules.structs import replace
from tests.tally import GAMES_PLAYED

__all__ = ["GAMES_PLAYED", "PRIVACY", "Privacy"]


@pytest.fixture(autouse=True, scope="session")
def _celery_in_memory():
    """Override the platform fixture: pure rules tests touch no Celery."""


@pytest.fixture(autouse=True)
def _english():
    """Override the platform fixture: pure rules tests read no settings."""


@dataclass(frozen=True)
class Privacy:
    """How to check that a game's views keep other seats' secrets.

    `scramble(state, viewer, rnd)` returns a state that differs from `state`
    in everything `viewer` (None = spectator) must not know: the view of
    `viewer` must not change, except for `announced` top-level view keys,
    which the rules deliberately derive from secrets (documented rulings).
    """

    scramble: Callable[[Any, int | None, random.Random], Any]
    announced: frozenset[str] = frozenset()


def _race_scramble(state: State, viewer: int | None, rnd: random.Random) -> State:
    # Hands of other seats and the draw pile are one pool of unknown cards.
    others = [s for s in range(state.seats) if s != viewer]
    pool = [card for s in others for card in state.hands[s]] + list(state.draw_pile)
    rnd.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = sort_hand(pool[: len(hands[s])]), pool[len(hands[s]) :]
    favourites = list(state.favourites)
    winners = list(state.winners)
    if state.phase != PHASE_OVER:
        for s in others:
            if not favourites[s]:
                continue
            shown = {use.knonster for use in state.powers_used if use.seat == s}
            pairs = [p for p in combinations(KNONSTERS, 2) if shown <= set(p)]
            favourites[s] = rnd.choice(pairs)
            winners[s] = rnd.choice(favourites[s]) if state.win_bet else None
    return replace(
        state,
        rng=Rng(seed=rnd.randrange(10**9), draws=rnd.randrange(100)),
        hands=tuple(hands),
        draw_pile=tuple(pool),
        favourites=tuple(favourites),
        winners=tuple(winners),
    )


def _knatsch_scramble(state: Any, viewer: int | None, rnd: random.Random) -> Any:
    # Nobody knows the order of a stack below its top card, nor the Rng.
    stacks = []
    for stack in state.stacks:
        rest = list(stack[1:])
        rnd.shuffle(rest)
        stacks.append(tuple(stack[:1]) + tuple(rest))
    return replace(
        state,
        rng=Rng(seed=rnd.randrange(10**9), draws=rnd.randrange(100)),
        stacks=tuple(stacks),
    )


def _rat_um_rad_scramble(state: Any, viewer: int | None, rnd: random.Random) -> Any:
    # Other seats' hands and the deck are one pool of unknown wheel cards;
    # other seats' destination cards and offers, the cards given back in
    # setup and the short deck are one pool of unknown short cards; other
    # seats' long cards may be any the viewer does not hold. Until the end,
    # when the results reveal every seat's destination cards.
    others = [s for s in range(state.seats) if s != viewer]
    pool = [c for s in others for c in state.hands[s]] + list(state.deck)
    rnd.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = len(hands[s])
        hands[s], pool = rur_sort_hand(pool[:size]), pool[size:]
    deck = tuple(pool)
    game_map = RUR_MAPS[state.map]
    destinations = list(state.destinations)
    offers = list(state.offers)
    returned = state.returned
    short_deck = list(state.short_deck)
    if state.phase != "over":
        longs = [
            c
            for c in game_map.long
            if viewer is None or c not in state.destinations[viewer]
        ]
        rnd.shuffle(longs)
        shorts = [
            c
            for s in others
            for c in (*state.destinations[s], *state.offers[s])
            if c in game_map.short
        ]
        shorts += [*state.returned, *state.short_deck]
        rnd.shuffle(shorts)

        def redeal(cards: tuple[str, ...]) -> tuple[str, ...]:
            nonlocal shorts
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
        rnd.shuffle(short_deck)
    return replace(
        state,
        rng=Rng(seed=rnd.randrange(10**9), draws=rnd.randrange(100)),
        hands=tuple(hands),
        deck=deck,
        destinations=tuple(destinations),
        offers=tuple(offers),
        returned=returned,
        short_deck=tuple(short_deck),
    )


# Per game slug; a game with hidden information must have an entry
# (STYLE.md B12, step 5). "decided" is announced on purpose: Spielpost's
# rulings on the Race rules page, A decided race.
PRIVACY: dict[str, Privacy] = {
    "race": Privacy(scramble=_race_scramble, announced=frozenset({"decided"})),
    "knatsch": Privacy(scramble=_knatsch_scramble),
    "rat-um-rad": Privacy(scramble=_rat_um_rad_scramble),
}
