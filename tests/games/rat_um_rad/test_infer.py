"""Rat um Rad hard robot: the other seats' destination cards read from their roads (infer.py)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.infer import JOINED, PLACE, card_weights, reweigh
from games.rules.rat_um_rad.maps import MAPS
from games.rules.rng import Rng

from .conftest import route_game


@pytest.mark.parametrize(("seats", "seed"), [(2, 11), (3, 2), (5, 3)])
def test_the_reweighed_sample_keeps_the_seats_view(seats: int, seed: int) -> None:
    uniform = random.Random(seed).random
    for step, state in enumerate(route_game(seats, seed)[::5]):
        seat = min(RULES.to_move(state) or {0})
        view = RULES.view(state, seat)
        world = RULES.sample_state(view, seat, Rng(step))
        again = reweigh(world, seat, MAPS[view["map"]], uniform)
        assert RULES.view(again, seat) == view, step
        assert RULES.legal_moves(again, seat) == RULES.legal_moves(state, seat)
        # The same short cards, dealt otherwise: none made up, none lost;
        # a long card comes from those nobody shown holds, one a seat.
        longs = set(MAPS[view["map"]].long)
        cards = Counter(c for held in world.destinations for c in held)
        cards.update(world.short_deck)
        dealt = Counter(c for held in again.destinations for c in held)
        dealt.update(again.short_deck)
        assert +Counter({c: n for c, n in dealt.items() if c not in longs}) == +Counter(
            {c: n for c, n in cards.items() if c not in longs}
        )
        for held, before in zip(again.destinations, world.destinations, strict=True):
            assert len(held) == len(before)
            assert sum(c in longs for c in held) == sum(c in longs for c in before)


def test_a_card_the_roads_touch_weighs_more_and_a_joined_one_most() -> None:
    state = route_game(2, 11)[40]
    game_map = MAPS[state.map]
    owner = 1
    places = {
        p
        for road, seat in state.built
        if seat == owner
        for p in (game_map.road_by_id[road].a, game_map.road_by_id[road].b)
    }
    weights = card_weights(state, owner, game_map)
    for card_id, card in game_map.destinations.items():
        touched = (card.a in places) + (card.b in places)
        assert weights[card_id] in (
            (1.0,)
            if touched == 0
            else (PLACE,)
            if touched == 1
            else (PLACE**2, PLACE**2 * JOINED)
        ), card_id
    assert max(weights.values()) > 1


def test_the_cards_held_are_drawn_likelier_but_any_card_may_come() -> None:
    # Seed 11, state 40: seat 1's roads run towards its cards.
    state = route_game(2, 11)[40]
    seat, other = 0, 1
    view = RULES.view(state, seat)
    game_map = MAPS[view["map"]]
    uniform = random.Random(5).random
    plain: Counter[str] = Counter()
    read: Counter[str] = Counter()
    for i in range(300):
        world = RULES.sample_state(view, seat, Rng(i))
        plain.update(world.destinations[other])
        read.update(reweigh(world, seat, game_map, uniform).destinations[other])
    held = state.destinations[other]
    assert sum(read[c] for c in held) > 1.5 * sum(plain[c] for c in held)
    # No card is ruled out: those the roads do not touch still come.
    assert len(read) >= len(plain) - 2


def test_setup_and_the_end_are_left_alone() -> None:
    states = route_game(2, 4)
    for state in (states[0], states[-1]):
        view = RULES.view(state, 0)
        world = RULES.sample_state(view, 0, Rng(1))
        assert reweigh(world, 0, MAPS[view["map"]], random.Random(1).random) is world
