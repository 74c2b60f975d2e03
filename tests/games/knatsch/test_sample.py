"""Knatsch determinization: `sample_state` never contradicts the view (issue 26).

Like the privacy check (tests/rules/test_conformance.py): over seeded games,
at many steps and for every seat, the sample shows the seat the same view,
the same seats to move and the same legal moves; over many samples every
card that may lie below a stack's top does so somewhere, and no other card;
a sample plays on to the end.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.rules.knatsch import RULES, Pass, State
from games.rules.knatsch.bots import choose_random
from games.rules.knatsch.strong import choose_strong
from games.rules.rng import Rng

from .conftest import make_state


def _states(seats: int, seed: int, every: int) -> Iterator[State]:
    """Yield every `every`-th state of a seeded game of strong and random robots."""
    state = RULES.new_state(seats=seats, options={}, seed=seed)
    step = 0
    while to_move := RULES.to_move(state):
        if step % every == 0:
            yield state
        seat = min(to_move)
        robot = choose_strong if seat % 2 == 0 else choose_random
        legal = RULES.legal_moves(state, seat)
        move = robot(RULES.view(state, seat), legal, Rng(seed, step))
        state, _ = RULES.apply(state, seat, move)
        step += 1
    yield state


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_the_sample_shows_every_seat_the_same_game(seats: int, seed: int) -> None:
    checked = 0
    for n, state in enumerate(_states(seats, seed, every=3)):
        for seat in range(seats):
            view = RULES.view(state, seat)
            sample = RULES.sample_state(view, seat, Rng(seed, n * seats + seat))
            assert RULES.view(sample, seat) == view
            assert RULES.to_move(sample) == RULES.to_move(state)
            # The view lists a seat's cards by type, not in the order captured
            # (module docstring of sample.py): the attack moves may come in
            # another order, the moves are the same.
            legal = RULES.legal_moves(state, seat)
            assert sorted(map(repr, RULES.legal_moves(sample, seat))) == sorted(
                map(repr, legal)
            )
            assert RULES.outcome(sample) == RULES.outcome(state)
            checked += 1
    assert checked > 20


def test_the_sample_keeps_the_stack_sizes_and_tops_and_redraws_the_rest() -> None:
    state = next(s for n, s in enumerate(_states(3, 5, every=1)) if n == 40)
    view = RULES.view(state, 1)
    samples = [RULES.sample_state(view, 1, Rng(7, k)) for k in range(30)]
    for sample in samples:
        for real, drawn in zip(state.stacks, sample.stacks, strict=True):
            assert len(drawn) == len(real)
            assert drawn[:1] == real[:1]
    assert len({s.stacks for s in samples}) > 1
    assert len({s.rng for s in samples}) == len(samples)


def test_every_unseen_card_lies_below_a_top_in_some_sample_and_nothing_else() -> None:
    """The cards below the tops are the ones nobody owns and no top shows (secrets.py)."""
    state = make_state(
        seats=3,
        owned={0: ("castle-lion-1", "catapult-1"), 1: ("castle-eagle-1",)},
        stacks=(("tournament-1",), ("squire-3-1",)),
    )
    view = RULES.view(state, 0)
    seen = {c for cards in state.owned for c in cards} | {"tournament-1", "squire-3-1"}
    unseen = {c for stack in state.stacks for c in stack[1:]}
    assert not unseen & seen
    found: dict[int, set[str]] = {0: set(), 1: set()}
    for k in range(200):
        sample = RULES.sample_state(view, 0, Rng(3, k))
        for i, stack in enumerate(sample.stacks):
            found[i] |= set(stack[1:])
    assert found[0] == unseen
    assert found[1] == unseen


def test_the_same_rng_gives_the_same_sample() -> None:
    state = next(s for n, s in enumerate(_states(4, 8, every=1)) if n == 30)
    view = RULES.view(state, 2)
    assert RULES.sample_state(view, 2, Rng(1, 2)) == RULES.sample_state(
        view, 2, Rng(1, 2)
    )


@pytest.mark.parametrize("seats", [2, 6])
def test_a_sample_plays_on_to_the_end(seats: int) -> None:
    chooser = random.Random(seats)
    for n, state in enumerate(_states(seats, 11, every=25)):
        if RULES.to_move(state) == frozenset():
            continue
        seat = min(RULES.to_move(state))
        sample = RULES.sample_state(RULES.view(state, seat), seat, Rng(n, 0))
        steps = 0
        while to_move := RULES.to_move(sample):
            mover = min(to_move)
            legal = RULES.legal_moves(sample, mover)
            move = chooser.choice(legal) if steps % 2 else legal[0]
            sample, _ = RULES.apply(sample, mover, move)
            steps += 1
        assert RULES.outcome(sample) is not None
        if n > 4:
            break


def test_the_extra_attempt_is_in_the_view() -> None:
    """Seed, "Nochmal dran?": who captured a special card from a stack may pass; the view says so."""
    state = make_state(seats=2, extra=True)
    view = RULES.view(state, 1)
    assert view["extra"] is True
    sample = RULES.sample_state(view, 1, Rng(0, 0))
    assert sample.extra
    assert Pass() in RULES.legal_moves(state, 0)
    assert RULES.legal_moves(sample, 0) == RULES.legal_moves(state, 0)
