"""Race's determinization: `sample_state(view, seat, rng)` (issue 26).

The sample never contradicts the view (the privacy check's equality, run
the other way round: OpenSpiel's test_private_information_contents), keeps
whose turn it is and the legal moves, can be played on to the end, and over
many samples reaches every hidden card and favourite the view allows.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from games.rules.race import RULES
from games.rules.race.bots import choose_eager, choose_random
from games.rules.race.cards import DECK, KNONSTERS
from games.rules.race.sample import FastRandom, sample_with
from games.rules.race.state import PHASE_OVER, PHASE_PLAY, State
from games.rules.rng import Rng

OPTIONS = [
    {"win_bet": False, "superpowers": False},
    {"win_bet": True, "superpowers": True},
]


def _states(seats: int, options: dict[str, bool], seed: int) -> list[State]:
    """Every state of one seeded game (random and eager seats mixed)."""
    state = RULES.new_state(seats=seats, options=options, seed=seed)
    states = [state]
    step = 0
    while to_move := RULES.to_move(state):
        seat = min(to_move)
        robot = choose_eager if (seat + seed) % 2 else choose_random
        legal = RULES.legal_moves(state, seat)
        move = robot(RULES.view(state, seat), legal, Rng(seed, step))
        state, _ = RULES.apply(state, seat, move)
        states.append(state)
        step += 1
    return states


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["plain", "bet+powers"])
def test_sample_keeps_the_view_turn_and_legal_moves(seats, options):
    # Issue 26: view(sample, seat) == view(state, seat) for every seat, at
    # many steps of seeded games, and the same to_move and legal moves.
    for seed in range(3):
        states = _states(seats, options, seed)
        for index, state in enumerate(states[:: max(1, len(states) // 12)]):
            for seat in range(seats):
                view = RULES.view(state, seat)
                sample = RULES.sample_state(view, seat, Rng(seed, index * 7 + seat))
                assert RULES.view(sample, seat) == view
                assert RULES.to_move(sample) == RULES.to_move(state)
                assert RULES.legal_moves(sample, seat) == RULES.legal_moves(state, seat)


def test_the_same_rng_gives_the_same_sample():
    state = _states(3, OPTIONS[1], 4)[20]
    view = RULES.view(state, 1)
    assert RULES.sample_state(view, 1, Rng(9, 2)) == RULES.sample_state(
        view, 1, Rng(9, 2)
    )
    assert RULES.sample_state(view, 1, Rng(9, 2)) != RULES.sample_state(
        view, 1, Rng(9, 3)
    )


@pytest.mark.parametrize("seats", [2, 4])
def test_samples_play_on_to_the_end(seats):
    # The sample is a state `apply` continues to the end (the forward model).
    state = _states(seats, OPTIONS[1], 2)[seats * 3]
    for draw in range(5):
        sample = RULES.sample_state(RULES.view(state, 0), 0, Rng(draw, 0))
        step = 0
        while to_move := RULES.to_move(sample):
            seat = min(to_move)
            legal = RULES.legal_moves(sample, seat)
            move = choose_random(RULES.view(sample, seat), legal, Rng(draw, step))
            sample, _ = RULES.apply(sample, seat, move)
            step += 1
        assert sample.phase == PHASE_OVER
        assert RULES.outcome(sample) is not None


def test_samples_reach_every_consistent_hidden_card_and_no_other():
    # Over many samples every card the seat cannot rule out shows up in an
    # opponent's hand, and never more copies than the deck less the seat's
    # own hand and the open top of the discard pile.
    state = next(
        s for s in _states(2, OPTIONS[0], 5) if s.phase == PHASE_PLAY and s.turns > 6
    )
    view = RULES.view(state, 0)
    known = Counter(state.hands[0])
    known[state.discard[-1]] += 1
    unknown = Counter(DECK) - known
    seen: Counter[str] = Counter()
    for draw in range(300):
        sample = RULES.sample_state(view, 0, Rng(draw, 1))
        assert sample.hands[0] == state.hands[0]
        for card, count in Counter(sample.hands[1]).items():
            assert count <= unknown[card]
            seen[card] = max(seen[card], count)
        assert (
            Counter(sample.discard[:-1])
            + Counter(sample.draw_pile)
            + Counter(sample.hands[1])
            == unknown
        )
    assert set(seen) == set(unknown)


def test_samples_reach_every_hidden_pair_holding_the_revealed_knonster():
    # Superpowers: a used power reveals one favourite; the other stays any of
    # the three Knonsters left, and only pairs holding the revealed one come.
    states = _states(2, OPTIONS[1], 0) + _states(2, OPTIONS[1], 1)
    state = next(
        s
        for s in states
        if s.phase == PHASE_PLAY
        and any(u.seat == 1 for u in s.powers_used)
        and not RULES.view(s, 0)["decided"]
    )
    shown = {u.knonster for u in state.powers_used if u.seat == 1}
    view = RULES.view(state, 0)
    pairs = Counter(
        RULES.sample_state(view, 0, Rng(draw, 5)).favourites[1] for draw in range(200)
    )
    expected = {p for p in combinations(KNONSTERS, 2) if shown <= set(p)}
    assert set(pairs) == expected


def test_favourites_keep_a_decided_race_decided():
    # The view announces `decided`, which depends on the hidden favourites:
    # every sample agrees with it (Spielpost's rulings, A decided race).
    for seed in range(6):
        for state in _states(3, OPTIONS[0], seed):
            view = RULES.view(state, 2)
            if view["decided"]:
                for draw in range(5):
                    sample = RULES.sample_state(view, 2, Rng(draw, seed))
                    assert RULES.view(sample, 2)["decided"]
                return
    pytest.fail("no decided race in the seeded games")


def test_weights_bias_the_hidden_favourites():
    state = next(s for s in _states(2, OPTIONS[0], 3) if s.phase == PHASE_PLAY)
    view = RULES.view(state, 0)
    if view["decided"]:
        pytest.skip("a decided start")
    rand = FastRandom(4)
    pairs = Counter(
        sample_with(
            view, 0, rand, lambda s, p, h: 1.0 if p == ("rithle", "celya") else 1e-9
        ).favourites[1]
        for _ in range(20)
    )
    assert pairs == Counter({("rithle", "celya"): 20})


def test_a_spectator_or_another_seats_view_is_refused():
    state = _states(2, OPTIONS[0], 0)[3]
    with pytest.raises(ValueError, match="not the view of this seat"):
        RULES.sample_state(RULES.view(state, None), 0, Rng(1, 1))
    with pytest.raises(ValueError, match="not the view of this seat"):
        RULES.sample_state(RULES.view(state, 1), 0, Rng(1, 1))


def test_a_race_under_way_never_gets_the_same_favourites_for_both_seats(scenario):
    # Two seats on the same favourites are dealt again (Race rules, Choice
    # of Favorites), so a race under way has different pairs.
    state = scenario(favourites=(("rithle", "aristas"), ("celya", "elaari")))
    view = RULES.view(state, 0)
    pairs = {
        RULES.sample_state(view, 0, Rng(draw, 2)).favourites[1] for draw in range(120)
    }
    assert ("rithle", "aristas") not in pairs
    assert len(pairs) == 5
