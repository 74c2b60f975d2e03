"""Race: the decided race and the offer to "finish automatically".

Race rules, Choice of Favorites: "it can determine if the game is already
decided ... the system will ... ask ... if they want to let the system
finish the game automatically"; Spielpost's rulings, A decided race: in
asynchronous play the offer stands at any time once the race is decided,
and accepting is a seat setting (the platform's), not a move. The order of
the offer: "the system will first ask the winner, then all other players"
(Spielpost rulings, Decided game).
"""

from __future__ import annotations

import random

import pytest

from games.rules.base import Rules
from games.rules.race import RULES as RACE
from games.rules.race.flow import decided_ranks, is_decided
from games.rules.race.state import PHASE_PLAY, PlayCard, PowerUse

FIVE = ("plus7-rithle", "plus5-rithle", "plus7-celya", "plus5-celya", "rank4", "rank2")
DECIDED = {"positions": (61, 10, 10, 10), "podium": ("rithle",), "hands": (FIVE, FIVE)}


def test_the_race_is_not_decided_before_anybody_finished(scenario):
    assert not is_decided(scenario(positions=(50, 10, 10, 10)))


def test_a_winner_who_cannot_be_caught_decides_the_race(scenario):
    # Seat 0 has Rithle's 48 points; seat 1 can reach at most 24 + 12.
    state = scenario(positions=(61, 10, 10, 10), podium=("rithle",))
    assert is_decided(state)


def test_the_race_is_open_while_the_order_of_the_rest_matters(scenario):
    # Both share Rithle's points; Aristas (seat 0) and Celya (seat 1) decide.
    state = scenario(
        favourites=(("rithle", "aristas"), ("rithle", "celya")),
        positions=(61, 10, 10, 10),
        podium=("rithle",),
    )
    assert not is_decided(state)


def test_the_decided_check_counts_the_draw_pile_ending_too(scenario):
    # Our ruling: every podium the race can still end with counts, also an
    # early end by an empty draw pile (only finished Knonsters score).
    state = scenario(
        favourites=(("rithle", "aristas"), ("celya", "elaari")),
        positions=(61, 10, 10, 10),
        podium=("rithle",),
    )
    assert is_decided(state)


def test_with_superpowers_a_tie_stays_open_while_a_star_can_still_be_revealed(scenario):
    # Race rules, "Superpowers": ties go to more hidden stars, which a later
    # superpower can still change.
    same = (("rithle", "elaari"), ("rithle", "elaari"))
    plain = scenario(favourites=same, positions=(61, 10, 10, 10), podium=("rithle",))
    assert is_decided(plain)
    open_tie = scenario(
        favourites=same,
        positions=(61, 10, 10, 10),
        podium=("rithle",),
        superpowers=True,
    )
    assert not is_decided(open_tie)
    spent = (PowerUse("rithle", 0), PowerUse("elaari", 1))
    settled = scenario(
        favourites=same,
        positions=(61, 10, 10, 10),
        podium=("rithle",),
        superpowers=True,
        powers_used=spent,
    )
    assert is_decided(settled)


def test_an_announcement_is_made_when_the_race_becomes_decided(race, scenario):
    state = scenario(positions=(58, 10, 10, 10), hands=(FIVE, FIVE))
    state, events = race.apply(state, 0, PlayCard("plus7-rithle"))
    assert events[-1].kind == "race_decided"
    assert race.view(state, None)["decided"] is True
    state, events = race.apply(state, 1, PlayCard("plus7-celya"))
    assert "race_decided" not in [e.kind for e in events]


def test_finish_automatically_is_offered_to_every_seat_once_decided(race, scenario):
    # Race rules, decided game; Spielpost's ruling: the offer stands at any
    # time, so also to the seat that is not to move.
    state = scenario(**DECIDED)
    assert race.to_move(state) == {0}
    assert race.autoplay_offered(state, 0)
    assert race.autoplay_offered(state, 1)


def test_finish_automatically_is_not_offered_while_the_race_is_open(race, scenario):
    # Race rules, decided game: only a decided race is finished automatically.
    state = scenario(hands=(FIVE, FIVE))
    assert not race.view(state, 0)["decided"]
    assert not race.autoplay_offered(state, 0)
    assert not race.autoplay_offered(state, 1)


def test_finish_automatically_is_not_offered_before_the_race_or_after_it(
    race, scenario
):
    # Race rules, decided game: the offer is about playing the race out.
    choosing = race.new_state(seats=2, options={}, seed=1)
    assert not race.autoplay_offered(choosing, 0)
    over = scenario(
        positions=(61, 61, 61, 10),
        podium=("rithle", "aristas", "celya"),
        phase="over",
        current=None,
        end_reason="race_finished",
    )
    assert not race.autoplay_offered(over, 0)


@pytest.mark.parametrize("seat", [-1, 2, 5])
def test_finish_automatically_is_offered_only_to_seats(race, scenario, seat):
    assert not race.autoplay_offered(scenario(**DECIDED), seat)


def test_finish_automatically_is_not_a_move(race, scenario):
    # Spielpost's ruling, A decided race: accepting is a seat setting; the
    # rules offer only cards (and superpowers) in a decided race.
    state = scenario(**DECIDED)
    legal = race.legal_moves(state, 0)
    assert legal == [PlayCard(card) for card in dict.fromkeys(FIVE)]
    assert all(str(race.describe(m)) != "Finish automatically" for m in legal)
    assert "autoplay" not in race.view(state, 0)["players"][0]


# ---------------------------------------------------------------------------
# Who is asked first (Spielpost rulings, Decided game: "first to the
# winner(s) and, once they have answered, to the other players")

# Seat 1 has Celya and Elaari on places 1 and 2: it wins whatever happens.
WINNER_ONE = {
    "seats": 3,
    "favourites": (("rithle", "aristas"), ("celya", "elaari"), ("rithle", "celya")),
    "positions": (10, 10, 61, 61),
    "podium": ("celya", "elaari"),
}


def test_the_winner_is_asked_first_and_everybody_else_after(race, scenario):
    # Spielpost rulings, Decided game: the winner first, then the others;
    # the winner need not be the seat to move.
    state = scenario(**WINNER_ONE, current=0)
    assert race.to_move(state) == {0}

    assert race.autoplay_offer_order(state, 3) == (frozenset({1}), frozenset({0, 2}))
    assert race.decided_winners(state) == {1}


def test_tied_winners_are_all_asked_first(race, scenario):
    # Spielpost rulings, Decided game; Race rules, Final Scoring: "In case of
    # a tie there will be several winners", so all of them are asked first.
    tie = (("rithle", "aristas"), ("celya", "elaari"), ("celya", "elaari"))
    state = scenario(**{**WINNER_ONE, "favourites": tie}, current=0)

    assert race.autoplay_offer_order(state, 3) == (frozenset({1, 2}), frozenset({0}))
    assert race.decided_winners(state) == {1, 2}


def test_when_everybody_wins_there_is_one_group(race, scenario):
    # Spielpost rulings, Decided game: nobody is left to ask after them.
    same = (("rithle", "elaari"), ("rithle", "elaari"))
    state = scenario(favourites=same, positions=(61, 10, 10, 10), podium=("rithle",))

    assert race.autoplay_offer_order(state, 2) == (frozenset({0, 1}),)


def test_nobody_is_asked_while_the_race_is_open_or_over(race, scenario):
    # Spielpost rulings, Decided game: the offer follows the decided game.
    assert race.autoplay_offer_order(scenario(hands=(FIVE, FIVE)), 2) == ()
    assert race.decided_winners(scenario(hands=(FIVE, FIVE))) == frozenset()
    choosing = race.new_state(seats=3, options={}, seed=1)
    assert race.autoplay_offer_order(choosing, 3) == ()
    over = scenario(
        positions=(61, 61, 61, 10),
        podium=("rithle", "aristas", "celya"),
        phase="over",
        current=None,
        end_reason="race_finished",
    )
    assert race.autoplay_offer_order(over, 2) == ()
    # The outcome names the winners of a finished race.
    assert race.decided_winners(over) == frozenset()


def test_the_default_order_asks_every_offered_seat_at_once(race, scenario):
    # The contract's default (games without an order of their own): one
    # group, the seats `autoplay_offered` names.
    state = scenario(**WINNER_ONE)

    assert Rules.autoplay_offer_order(race, state, 3) == (frozenset({0, 1, 2}),)
    assert Rules.decided_winners(race, state) == frozenset()


@pytest.mark.parametrize("seed", range(6))
def test_the_order_holds_exactly_the_seats_offered(race, seed):
    # Spielpost rulings, Decided game: every seat offered is asked once,
    # the winners first; checked along random races of 2 to 4 seats.
    rnd = random.Random(seed)
    state = race.new_state(seats=2 + seed % 3, options={}, seed=seed)
    while race.outcome(state) is None:
        order = race.autoplay_offer_order(state, state.seats)
        offered = {s for s in range(state.seats) if race.autoplay_offered(state, s)}
        assert all(order)
        assert sum(len(group) for group in order) == len(offered)
        assert set().union(*order) == offered
        if order:
            assert order[0] == race.decided_winners(state)
        seat = min(race.to_move(state))
        state, _ = race.apply(state, seat, rnd.choice(race.legal_moves(state, seat)))


def _decided_ranks_uncached(state):
    """The decided check as first written: every possible podium, no cache."""
    from itertools import combinations

    from games.rules.race import cards
    from games.rules.race.flow import _frozen, rank_keys

    if state.phase != PHASE_PLAY:
        return None
    seen = set()
    for podium in cards.possible_podiums(state.podium):
        points = cards.scores(state.favourites, state.winners, podium)
        if state.superpowers and any(
            points[a] == points[b] and not (_frozen(state, a) and _frozen(state, b))
            for a, b in combinations(range(state.seats), 2)
        ):
            return None
        seen.add(cards.seat_ranks(rank_keys(state, points)))
        if len(seen) > 1:
            return None
    (ranks,) = seen
    return ranks


@pytest.mark.parametrize("superpowers", [False, True])
def test_the_cached_decided_check_answers_as_the_full_one(superpowers):
    # decided_ranks is cached on the podium, favourites, winner bets and
    # (Superpowers) the stars still hidden and who can reveal one: random
    # games of every size and variant meet many states that share some of
    # those, and each answer must be the full check's.
    decided = 0
    for seed in range(120):
        seats = 2 + seed % 3
        options = {"win_bet": seed % 2 == 0, "superpowers": superpowers}
        state = RACE.new_state(seats=seats, options=options, seed=seed)
        rnd = random.Random(seed)
        while RACE.outcome(state) is None:
            expected = _decided_ranks_uncached(state)
            assert decided_ranks(state) == expected
            decided += expected is not None
            seat = rnd.choice(sorted(RACE.to_move(state)))
            state, _ = RACE.apply(
                state, seat, rnd.choice(RACE.legal_moves(state, seat))
            )
    assert decided > 100
