"""Rat um Rad sample_state: a determinization consistent with one seat's view (issue 26).

The sample keeps all the seat may know (Rat um Rad rulings, Hidden and open
information) and draws the rest from what is still unknown.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.cards import DECK
from games.rules.rat_um_rad.maps import MAPS
from games.rules.rat_um_rad.route import choose_route
from games.rules.rat_um_rad.state import State
from games.rules.rng import Rng

from .conftest import route_game


def _game(seats: int, seed: int) -> list[State]:
    """Return the states of one seeded route-robot game, from setup to the end."""
    return route_game(seats, seed, robot_seed=seed)


@pytest.mark.parametrize(("seats", "seed"), [(2, 2), (3, 2), (5, 3)])
def test_sample_keeps_the_view_to_move_and_legal_moves(seats: int, seed: int) -> None:
    states = _game(seats, seed)
    # Setup, pending offers, every fourth state and the end.
    for step, state in enumerate(states):
        if step % 4 and not any(state.offers) and step != len(states) - 1:
            continue
        for seat in range(seats):
            view = RULES.view(state, seat)
            sample = RULES.sample_state(view, seat, Rng(step, seat))
            assert RULES.view(sample, seat) == view, (step, seat)
            assert RULES.to_move(sample) == RULES.to_move(state)
            assert RULES.legal_moves(sample, seat) == RULES.legal_moves(state, seat)


def test_another_seats_pending_offer_is_the_unaccounted_short_cards() -> None:
    # After a draw the offer is not in the view, but the short cards no
    # pile holds are that offer: the sample gives the seat the same choices.
    states = _game(2, 2)
    pending = [
        s
        for s in states
        if s.current is not None and s.phase == "turn" and s.offers[s.current]
    ]
    assert pending, "the seeded game has a destination draw"
    state = pending[0]
    other = 1 - state.current  # type: ignore[operator]
    sample = RULES.sample_state(RULES.view(state, other), other, Rng(5))
    current = state.current
    assert current is not None
    assert len(sample.offers[current]) == len(state.offers[current])
    assert len(RULES.legal_moves(sample, current)) == len(
        RULES.legal_moves(state, current)
    )


def test_every_consistent_hidden_card_appears_and_no_other() -> None:
    states = _game(3, 4)
    state = states[len(states) // 2]
    seat = 0
    view = RULES.view(state, seat)
    basel = MAPS[state.map]
    unknown = Counter(DECK)
    unknown.subtract(state.hands[seat])
    unknown.subtract(state.display)
    seen_hands: Counter[str] = Counter()
    seen_longs: set[str] = set()
    seen_shorts: set[str] = set()
    for n in range(300):
        sample = RULES.sample_state(view, seat, Rng(n))
        assert sample.hands[seat] == state.hands[seat]
        assert sample.destinations[seat] == state.destinations[seat]
        for other in (1, 2):
            seen_hands.update(set(sample.hands[other]))
            for card in sample.destinations[other]:
                (seen_longs if card in basel.long else seen_shorts).add(card)
        assert (
            Counter(sample.deck + sample.discard)
            + Counter(sample.hands[1] + sample.hands[2])
            == +unknown
        )
    own = set(state.destinations[seat])
    assert set(seen_hands) == {kind for kind, n in unknown.items() if n > 0}
    assert seen_longs == set(basel.long) - own
    assert seen_shorts == set(basel.short) - own


def test_a_sample_plays_on_to_the_end() -> None:
    for state in _game(4, 5)[::40]:
        if not RULES.to_move(state):
            continue
        seat = min(RULES.to_move(state))
        sample = RULES.sample_state(RULES.view(state, seat), seat, Rng(9))
        while to_move := RULES.to_move(sample):
            mover = min(to_move)
            legal = RULES.legal_moves(sample, mover)
            move = choose_route(RULES.view(sample, mover), legal, Rng(0))
            sample, _ = RULES.apply(sample, mover, move)
        assert RULES.outcome(sample) is not None


def test_the_same_rng_gives_the_same_sample_and_another_differs() -> None:
    state = _game(2, 6)[30]
    view = RULES.view(state, 0)
    first = RULES.sample_state(view, 0, Rng(1))
    assert RULES.sample_state(view, 0, Rng(1)) == first
    assert RULES.sample_state(view, 0, Rng(2)) != first


def test_a_spectators_view_is_refused() -> None:
    state = _game(2, 7)[10]
    with pytest.raises(ValueError, match="own view"):
        RULES.sample_state(RULES.view(state, None), 0, Rng(1))
