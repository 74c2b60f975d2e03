"""Knatsch: a new match (seed, SPIELVORBEREITUNG; Knatsch rulings, Setup)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules.base import InvalidOptions
from games.rules.knatsch.cards import CARD_IDS, CARDS, CASTLE

SEEDS = range(30)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_each_seat_gets_one_castle_and_all_arms_differ(knatsch, seats):
    """seed, SPIELVORBEREITUNG: "6 Burgkarten mit 6 verschiedenen Wappen ...
    Jeder Spieler zieht verdeckt eine davon"."""
    for seed in SEEDS:
        state = knatsch.new_state(seats=seats, options={}, seed=seed)
        assert all(len(cards) == 1 for cards in state.owned)
        assert all(CARDS[cards[0]].type == CASTLE for cards in state.owned)
        arms = [CARDS[cards[0]].arms for cards in state.owned]
        assert len(set(arms)) == seats


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_every_other_card_is_in_two_stacks_of_about_equal_size(knatsch, seats):
    """seed, SPIELVORBEREITUNG: the left-over castles are shuffled with the
    other cards into "zwei etwa gleichgroße Stapel"; Knatsch rulings, Setup:
    the first stack gets the odd card. All 48 cards are in play."""
    for seed in SEEDS:
        state = knatsch.new_state(seats=seats, options={}, seed=seed)
        first, second = state.stacks
        assert len(first) - len(second) in (0, 1)
        assert len(first) + len(second) == 48 - seats
        placed = [*first, *second, *(c for cards in state.owned for c in cards)]
        assert Counter(placed) == Counter(CARD_IDS)
        assert len(CARD_IDS) == 48
        in_stacks = Counter(CARDS[c].type for c in (*first, *second))
        # 16 castles less the dealt ones, 23 special cards, 9 tournaments.
        assert in_stacks == {"castle": 16 - seats, "special": 23, "tournament": 9}


def test_the_castle_of_each_coat_of_arms_is_drawn_among_its_castles(knatsch):
    """Knatsch rulings (design note), Setup: "for each of the 6 coats of arms one
    of its castles is drawn"; the other castles of that arms go into the stacks."""
    dealt = set()
    for seed in SEEDS:
        state = knatsch.new_state(seats=6, options={}, seed=seed)
        dealt.update(cards[0] for cards in state.owned)
    assert dealt == {c for c in CARD_IDS if CARDS[c].type == CASTLE}


def test_the_stacks_are_shuffled(knatsch):
    """seed, SPIELVORBEREITUNG: "Diese mit den restlichen Karten gut mischen"."""
    tops = {knatsch.new_state(seats=3, options={}, seed=s).stacks[0][0] for s in SEEDS}
    assert len(tops) > 5


def test_the_start_seat_is_random_per_seed(knatsch):
    """seed, SPIELVORBEREITUNG: "Einen Startspieler bestimmen"; Knatsch rulings,
    Setup: the start seat is drawn. The same seed gives the same match."""
    starts = set()
    for seed in SEEDS:
        state = knatsch.new_state(seats=4, options={}, seed=seed)
        assert state.current == state.start
        assert knatsch.to_move(state) == {state.start}
        assert knatsch.new_state(seats=4, options={}, seed=seed) == state
        starts.add(state.start)
    assert starts == {0, 1, 2, 3}


def test_a_new_match_waits_for_the_start_seat_to_name_a_target(knatsch):
    """seed, SPIELVERLAUF: "Begonnen wird beim Startspieler"; the first turn
    has its put-under unused and no King (one castle each)."""
    state = knatsch.new_state(seats=2, options={}, seed=3)
    assert state.phase == "target"
    assert state.turn == 1
    assert not state.put_under_used
    assert not state.king_ready
    assert state.attempt is None
    assert state.tournament is None
    assert knatsch.outcome(state) is None


@pytest.mark.parametrize("seats", [0, 1, 7])
def test_seat_counts_outside_two_to_six_are_refused(knatsch, seats):
    """seed, KNATSCH (title): "für 2 bis 6 streitbare Ritter"."""
    with pytest.raises(InvalidOptions):
        knatsch.new_state(seats=seats, options={}, seed=0)
