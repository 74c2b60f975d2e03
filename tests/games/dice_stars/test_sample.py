"""Dice Stars' determinization: `sample_state(view, seat, rng)` (issue 26).

sample.py: the sample keeps all the view shows (every sheet, the reserve,
the bag and discard per colour) and draws the rest: the future (the state's
`Rng`) and which same-coloured dice are in the bag rather than the discard.
"""

from __future__ import annotations

import random

import pytest

from games.rules.dice_stars import ROBOTS, RULES
from games.rules.dice_stars.dice import FACES
from games.rules.dice_stars.state import STEP_DRAW, Draw, State
from games.rules.rng import Rng

from .conftest import die, game_states


def _games(seats: int, seeds: range, robot: str = "medium"):
    """Yield every state of seeded robot games with `seats` seats."""
    for seed in seeds:
        yield from game_states(seats, seed, robot, final=True)


@pytest.mark.parametrize(
    ("seats", "robot"), [(1, "medium"), (2, "easy"), (3, "medium"), (4, "easy")]
)
def test_a_sample_shows_every_seat_the_same_game(seats, robot):
    # Issue 26: view(sample, seat) == view(state, seat); to_move and the
    # legal moves are the real ones; every step of several games.
    for n, state in enumerate(_games(seats, range(3), robot)):
        for seat in range(seats):
            view = RULES.view(state, seat)
            sample = RULES.sample_state(view, seat, Rng(n, seat))
            assert RULES.view(sample, seat) == view
            assert RULES.to_move(sample) == RULES.to_move(state)
            assert RULES.legal_moves(sample, seat) == RULES.legal_moves(state, seat)
            assert RULES.outcome(sample) == RULES.outcome(state)


def test_a_sample_is_a_valid_state_the_rules_play_to_the_end():
    # The sample's JSON survives the stored-state checks, and apply
    # continues it to a finished game.
    states = [s for s in _games(2, range(2)) if RULES.to_move(s)]
    for n, state in enumerate(states[::7]):
        seat = min(RULES.to_move(state))
        sample = RULES.sample_state(RULES.view(state, seat), seat, Rng(7, n))
        assert RULES.state_from_json(sample.to_json()) == sample
        step = 0
        while to_move := RULES.to_move(sample):
            mover = min(to_move)
            move = ROBOTS["easy"].choose(
                RULES.view(sample, mover),
                RULES.legal_moves(sample, mover),
                Rng(n, step),
            )
            sample, _ = RULES.apply(sample, mover, move)
            step += 1
        assert RULES.outcome(sample) is not None


def test_samples_draw_every_die_the_bag_may_hold_and_no_other(scenario):
    # The view counts the bag per colour: with one pink die in the discard
    # and one in the reserve, any of the other two pink ids may be the one
    # in the bag (and in the discard), never the reserve's.
    state = scenario(
        step=STEP_DRAW,
        reserve=(die("pink", 4, 0), die("blue", 3, 0)),
        discard=(3, 6, 7),  # pink #1, blue #1 and #2 (ids: conftest.py)
    )
    view = RULES.view(state, 0)
    rng = random.Random(3)
    in_bag: set[int] = set()
    in_discard: set[int] = set()
    for _ in range(200):
        sample = RULES.sample_state(view, 0, Rng(rng.randrange(2**32), 0))
        in_bag |= set(sample.bag)
        in_discard |= set(sample.discard)
    assert in_discard == {3, 4, 6, 7, 8}
    assert in_bag == set(range(14)) - {2, 5}


def test_samples_roll_every_face_the_bag_can_show_and_no_other(scenario):
    # The future is the state's Rng, which no view holds: after drawing 3,
    # the samples show every face of every colour left in the bag, and no
    # die that is not in it. Only yellow and black dice are in the bag here.
    reserve = (die("pink", 2, 0),)
    discard = (3, 4, 5, 6, 7, 8)
    state = scenario(step=STEP_DRAW, reserve=reserve, discard=discard)
    view = RULES.view(state, 0)
    rolled: set[tuple[str, int]] = set()
    for n in range(300):
        sample = RULES.sample_state(view, 0, Rng(n, 1))
        after, _ = RULES.apply(sample, 0, Draw(count=3))
        rolled |= {(d.colour, d.face) for d in after.reserve if d.die in after.rolled}
    assert rolled == {
        (colour, face) for colour in ("black", "yellow") for face in FACES[colour]
    }


def test_samples_differ_in_their_future():
    # Two samples of one view draw different futures (else a search would
    # plan on one known roll).
    state = RULES.new_state(seats=2, options=RULES.validate_options({}, 2), seed=4)
    seat = state.current
    assert seat is not None
    view = RULES.view(state, seat)
    futures = set()
    for n in range(20):
        sample: State = RULES.sample_state(view, seat, Rng(n, 0))
        after, _ = RULES.apply(sample, seat, Draw(count=3))
        futures.add(after.reserve)
    assert len(futures) > 10


def test_a_sample_for_another_seat_is_refused():
    state = RULES.new_state(seats=2, options=RULES.validate_options({}, 2), seed=4)
    with pytest.raises(ValueError, match="seat"):
        RULES.sample_state(RULES.view(state, 0), 1, Rng(1, 0))
