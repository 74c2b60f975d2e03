"""Every registered game's determinization, `Rules.sample_state` (issue 26).

A searching robot plays its forward model on states sampled from its seat's
view (determinized search: Cowling, Powley and Whitehouse 2012). A sample
must never contradict the view: at steps of seeded random games, for every
seat, the sample's view for that seat is the view itself, the same seats are
to move with the same legal moves, and the sample plays on to an outcome.
That each hidden card can appear (and only those) is each game's own test
(tests/games/<slug>/test_sample.py), as only the game knows its cards.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.rules import registry
from games.rules.base import Rules
from games.rules.rng import Rng

GAMES_PER_SEAT_COUNT = 3
# Samples are drawn every n-th step (all seats), and one per game is played
# on to its end: enough to meet every phase, few enough for seconds.
EVERY = 4


def _moves(rules: Rules[Any, Any], state: Any, seat: int) -> list[str]:
    return sorted(repr(move) for move in rules.legal_moves(state, seat))


def _play_out(rules: Rules[Any, Any], state: Any, rng: random.Random) -> None:
    for _ in range(20_000):
        to_move = rules.to_move(state)
        if not to_move:
            break
        seat = rng.choice(sorted(to_move))
        state, _ = rules.apply(state, seat, rng.choice(rules.legal_moves(state, seat)))
    assert rules.outcome(state) is not None


@pytest.mark.parametrize("slug", registry.game_slugs())
def test_samples_never_contradict_the_view(slug: str) -> None:
    rules = registry.rules_for(slug)
    info = rules.info
    for seats in range(info.min_seats, info.max_seats + 1):
        for game in range(GAMES_PER_SEAT_COUNT):
            seed = 1000 * seats + game
            chooser = random.Random(seed)
            options = rules.validate_options({}, seats)
            state = rules.new_state(seats=seats, options=options, seed=seed)
            step = 0
            played_on = False
            while to_move := rules.to_move(state):
                if step % EVERY == 0:
                    for seat in range(seats):
                        view = rules.view(state, seat)
                        sample = rules.sample_state(view, seat, Rng(seed, step))
                        where = (
                            f"{slug} seats={seats} seed={seed} step={step} seat={seat}"
                        )
                        assert rules.view(sample, seat) == view, where
                        assert rules.to_move(sample) == to_move, where
                        if seat in to_move:
                            # The same moves; their order may follow what the
                            # view does not show (Knatsch: the order in which
                            # cards were captured).
                            assert _moves(rules, sample, seat) == _moves(
                                rules, state, seat
                            ), where
                        if not played_on and step > 0:
                            _play_out(rules, sample, random.Random(seed))
                            played_on = True
                mover = chooser.choice(sorted(to_move))
                move = chooser.choice(rules.legal_moves(state, mover))
                state, _ = rules.apply(state, mover, move)
                step += 1
