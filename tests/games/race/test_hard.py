"""Race's hard robot: determinized flat Monte Carlo search (issue 26).

It plays legal moves only, is reproducible from its rng, takes a win in
one, decides from its seat's view only (states that differ in what the
seat cannot see give the same move), answers a single legal move without
searching, and its fast playout follows the engine's rules.
"""

from __future__ import annotations

import random

import pytest

from games.rules.race import RULES, hard, playout
from games.rules.race.bots import choose_eager, choose_random
from games.rules.race.cards import CARDS, card_target
from games.rules.race.sample import FastRandom, sample_with
from games.rules.race.state import PHASE_PLAY, PlayCard, State, UsePower
from games.rules.rng import Rng

QUICK = hard.make_hard(iterations=24)


def _states(seats: int, options: dict[str, bool], seed: int) -> list[State]:
    """Every state of one seeded game played by the random and eager robots."""
    state = RULES.new_state(seats=seats, options=options, seed=seed)
    states = [state]
    step = 0
    while to_move := RULES.to_move(state):
        seat = min(to_move)
        robot = choose_eager if seat % 2 else choose_random
        legal = RULES.legal_moves(state, seat)
        state, _ = RULES.apply(
            state, seat, robot(RULES.view(state, seat), legal, Rng(seed, step))
        )
        states.append(state)
        step += 1
    return states


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {}), (4, {"win_bet": True, "superpowers": True})],
)
def test_it_returns_a_legal_move_and_the_same_for_the_same_rng(seats, options):
    states = _states(seats, options, 1)
    for index, state in enumerate(states[:-1:6]):
        (seat,) = sorted(RULES.to_move(state))[:1]
        view = RULES.view(state, seat)
        legal = RULES.legal_moves(state, seat)
        move = QUICK(view, legal, Rng(index, 3))
        assert move in legal
        assert QUICK(view, legal, Rng(index, 3)) == move


def test_it_takes_a_win_in_one(scenario):
    # Seat 0 backs Rithle and Aristas, seat 1 Celya (on 59) and Elaari. Only
    # +5 Rithle brings Rithle (57) home first: 48 points that seat 1's 24 +
    # 12 cannot reach (Race rules, Final Scoring); anything else lets seat 1
    # finish Celya first with one of its many Celya cards.
    search = hard.make_hard(iterations=60)
    state = scenario(
        hands=(
            ("plus5-rithle", "plus7-aristas", "catchup-aristas", "plus5-elaari"),
            ("plus5-celya", "plus7-celya", "plus5-celya", "plus7-celya"),
        ),
        # Each seat moved its own Knonsters: what seat 1 backs shows.
        steps=((57, 0, 0, 0), (0, 0, 59, 10)),
        positions=(57, 0, 59, 10),
    )
    view = RULES.view(state, 0)
    legal = RULES.legal_moves(state, 0)
    for draw in range(3):
        assert search(view, legal, Rng(draw, 0)) == PlayCard("plus5-rithle")


def test_it_decides_from_the_view_only():
    # Two states that differ only in what seat 0 may not know (others'
    # hands, the piles, hidden favourites, the Rng) give the same move.
    scramble = random.Random(7)
    checked = 0
    for state in _states(3, {"win_bet": True, "superpowers": True}, 2)[1::2]:
        if 0 not in RULES.to_move(state):
            continue
        other = RULES.secrets_scramble(state, 0, scramble)
        view = RULES.view(state, 0)
        if RULES.view(other, 0) != view:
            continue  # the announced `decided` changed with the favourites
        assert other != state
        legal = RULES.legal_moves(state, 0)
        assert RULES.legal_moves(other, 0) == legal
        assert QUICK(view, legal, Rng(5, 5)) == QUICK(
            RULES.view(other, 0), legal, Rng(5, 5)
        )
        checked += 1
    assert checked >= 2


def test_one_legal_move_is_returned_without_searching(monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("searched")

    monkeypatch.setattr(hard, "sample_with", no_search)
    state = _states(2, {}, 0)[10]
    (seat,) = RULES.to_move(state)
    only = RULES.legal_moves(state, seat)[:1]
    assert hard.choose_hard(RULES.view(state, seat), only, Rng(1, 1)) == only[0]


def test_an_empty_list_of_moves_is_refused():
    state = _states(2, {}, 0)[10]
    with pytest.raises(ValueError, match="no legal move"):
        QUICK(RULES.view(state, 0), [], Rng(1, 1))


def test_card_targets_per_board_match_the_engine():
    # The playout's per-board table must give `card_target`'s answer for
    # every card on every board the seeded games reach.
    for seed in range(4):
        for state in _states(4, {}, seed):
            table = playout.targets(state.positions, state.podium)
            for card in CARDS:
                assert table[card] == card_target(card, state.positions, state.podium)


@pytest.mark.parametrize("options", [{}, {"win_bet": True, "superpowers": True}])
def test_the_playout_follows_the_engine(options):
    # Replaying the playout's cards with RULES.apply reaches the same board
    # and the same winner (Race rules, Gameplay, End of Game).
    for seed in range(4):
        state = next(
            s for s in _states(3, options, seed) if s.phase == PHASE_PLAY and s.turns
        )
        game = playout.Playout(state, FastRandom(seed))
        game.log = []
        value = game.run(0)
        for seat, card, power in game.log:
            move = PlayCard(card) if power is None else UsePower(power, card)
            assert move in RULES.legal_moves(state, seat)
            state, _ = RULES.apply(state, seat, move)
        assert (state.positions, state.podium) == (game.positions, game.podium)
        outcome = RULES.outcome(state)
        assert outcome is not None
        firsts = outcome.ranks.count(1)
        assert value == (1 / firsts if outcome.ranks[0] == 1 else 0.0)


def test_a_budget_below_one_is_refused():
    with pytest.raises(ValueError, match="at least one iteration"):
        hard.make_hard(iterations=0)


@pytest.mark.parametrize("halving", [False, True])
def test_it_keeps_the_medium_move_unless_the_search_is_clearly_better(halving):
    # With an unreachable margin the search never overrides the medium
    # robot's move; with none it does somewhere in a seeded game (with
    # equal playouts per move or successive halving).
    keep = hard.make_hard(iterations=24, margin=1e9, halving=halving)
    free = hard.make_hard(iterations=24, margin=0.0, halving=halving)
    differs = 0
    for index, state in enumerate(_states(4, {}, 2)[:-1:3]):
        seat = min(RULES.to_move(state))
        view = RULES.view(state, seat)
        legal = RULES.legal_moves(state, seat)
        medium = choose_eager(view, legal, Rng(index, 1))
        assert keep(view, legal, Rng(index, 1)) == medium
        differs += free(view, legal, Rng(index, 1)) != medium
    assert differs


def test_a_seat_that_chose_is_drawn_on_the_pair_its_hand_favours():
    # Before any card is played, a seat that has chosen most likely took the
    # pair with the most Knonster cards in its hand (the medium robot's
    # rule), so the belief weighs that pair 1 and others `UNFIT`.
    state = RULES.new_state(seats=4, options={}, seed=5)
    state, _ = RULES.apply(
        state,
        1,
        choose_eager(RULES.view(state, 1), RULES.legal_moves(state, 1), Rng(0, 0)),
    )
    view = RULES.view(state, 0)
    weight = hard._belief(view)
    assert weight is not None
    rand = FastRandom(3)
    fitting = 0
    for _ in range(40):
        sample = sample_with(view, 0, rand, weight)
        counts = hard._knonster_counts(sample.hands[1])
        top = max(counts[a] + counts[b] for a, b in playout.PAIRS)
        fitting += sum(counts[k] for k in sample.favourites[1]) == top
    assert fitting >= 30
