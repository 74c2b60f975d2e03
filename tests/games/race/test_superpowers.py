"""Race, "Superpowers" variant: each power, its preconditions, spending, tie-break.

Mapping (Spielpost's rulings, Superpowers): the appendix powers in Knonster
order, 1 Rithle, 2 Aristas, 3 Celya, 4 Elaari.
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.race.state import PowerUse, UsePower

# Seat 0 pads its hand with FILL; seat 1 holds OTHER (the deck has only four
# rank 4 cards, and the hands must fit in the deck).
FILL = ("rank4", "rank4", "rank4", "rank4")
OTHER = ("triple-rithle", "triple-aristas", "triple-celya", "triple-elaari", "rank2")


def _state(scenario, positions, cards, *, favourites=None, **fields):
    hands = (tuple(cards) + FILL, OTHER)
    return scenario(
        superpowers=True,
        positions=positions,
        hands=hands,
        favourites=favourites,
        **fields,
    )


def _powers(race, state, seat=0):
    return [
        (m.knonster, m.card) for m in race.legal_moves(state, seat) if m.kind == "power"
    ]


def test_rithle_steps_back_plays_catch_up_then_steps_forward(race, scenario):
    # Race rules, Appendix: "Move Rithle 5 steps back, then ... the card with
    # which Rithle can move up to 20 steps ... Then move Rithle 5 steps forward."
    state = _state(scenario, (20, 40, 0, 0), ["catchup-rithle"])
    assert ("rithle", "catchup-rithle") in _powers(race, state)
    after, events = race.apply(state, 0, UsePower("rithle", "catchup-rithle"))
    # 20 -> 15, catch-up min(20, 40 - 2 - 15) = 20 -> 35, then 40 (a plain
    # catch-up would stop at 38).
    assert after.positions[0] == 40
    assert [e.data.get("end") for e in events if e.kind == "knonster_moved"] == [
        15,
        35,
        40,
    ]
    assert after.steps[0][0] == 20


def test_rithle_plays_the_rank_card_of_its_rank_after_stepping_back(race, scenario):
    # Spielpost's rulings, Superpowers: a rank card naming Rithle's rank after
    # the step back.
    state = _state(scenario, (22, 40, 20, 0), ["rank3", "rank2"])
    powers = _powers(race, state)
    assert ("rithle", "rank3") in powers
    # Before stepping back Rithle has rank 2, after it rank 3: rank 2 now names Celya.
    assert ("rithle", "rank2") not in powers
    after, _ = race.apply(state, 0, UsePower("rithle", "rank3"))
    assert after.positions[0] == 17 + 12 + 5


@pytest.mark.parametrize(
    ("positions", "podium"),
    [((4, 40, 0, 0), ()), ((61, 40, 0, 0), ("rithle",)), ((45, 40, 0, 0), ())],
)
def test_rithles_power_is_not_offered_without_its_precondition(
    race, scenario, positions, podium
):
    # Race rules, Appendix: "Precondition: Rithle has not crossed the finish
    # line yet and is at least 5 steps away from the start"; Spielpost's
    # rulings: the card must move Rithle after the step back (Rithle still
    # leads at 40).
    state = _state(scenario, positions, ["catchup-rithle"], podium=podium)
    assert not [p for p in _powers(race, state) if p[0] == "rithle"]
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, UsePower("rithle", "catchup-rithle"))
    assert (
        error.value.message
        == "The superpower of %(knonster)s cannot be used with that card."
    )
    assert error.value.params == {"knonster": "Rithle"}


def test_rithles_power_does_not_take_other_cards(race, scenario):
    state = _state(scenario, (20, 40, 0, 0), ["plus7-rithle", "catchup-aristas"])
    assert not [p for p in _powers(race, state) if p[0] == "rithle"]


def test_aristas_follows_the_knonster_moved_by_the_card(race, scenario):
    # Race rules, Appendix: "First move the Knonster affected by the played
    # card. Then move Aristas as many steps forward as the other Knonster was moved."
    state = _state(scenario, (0, 20, 24, 0), ["plus7-celya"])
    after, _ = race.apply(state, 0, UsePower("aristas", "plus7-celya"))
    assert after.positions == (0, 27, 31, 0)
    assert after.steps[0] == (0, 7, 7, 0)


def test_aristas_follows_only_the_steps_actually_moved_past_the_line(race, scenario):
    # Race rules, Appendix: "If the other Knonster crosses the finish line,
    # its potentially remaining steps are forfeited."
    state = _state(scenario, (0, 55, 58, 0), ["plus7-celya"])
    after, _ = race.apply(state, 0, UsePower("aristas", "plus7-celya"))
    assert after.positions == (0, 58, 61, 0)


@pytest.mark.parametrize(
    ("positions", "card"),
    [
        ((0, 20, 26, 0), "plus7-celya"),  # 6 fields away
        ((0, 20, 24, 0), "plus7-aristas"),  # moves Aristas itself
        ((0, 20, 24, 0), "rank2"),  # Aristas has rank 2: the card moves Aristas itself
    ],
)
def test_aristas_power_is_not_offered_out_of_reach_or_for_itself(
    race, scenario, positions, card
):
    # Race rules, Appendix: "at most 5 steps away from another Knonster which
    # will be moved with the card".
    state = _state(scenario, positions, [card])
    assert ("aristas", card) not in _powers(race, state)


def test_aristas_power_is_not_offered_once_aristas_finished(race, scenario):
    state = _state(scenario, (0, 61, 58, 0), ["plus7-celya"], podium=("aristas",))
    assert ("aristas", "plus7-celya") not in _powers(race, state)


def test_celya_doubles_a_plus_card_of_any_knonster(race, scenario):
    # Race rules, Appendix: "Move the Knonster displayed on the card twice as
    # many steps forward."
    state = _state(
        scenario,
        (3, 0, 0, 0),
        ["plus5-rithle", "catchup-celya"],
        favourites=(("celya", "elaari"), ("rithle", "aristas")),
    )
    powers = _powers(race, state)
    assert ("celya", "plus5-rithle") in powers
    # Only +5 / +7 cards: catch-up is not affected.
    assert ("celya", "catchup-celya") not in powers
    after, _ = race.apply(state, 0, UsePower("celya", "plus5-rithle"))
    assert after.positions[0] == 13


def test_celya_power_is_not_offered_for_a_finished_knonster(race, scenario):
    state = _state(
        scenario,
        (61, 0, 0, 0),
        ["plus5-rithle"],
        podium=("rithle",),
        favourites=(("celya", "elaari"), ("rithle", "aristas")),
    )
    assert ("celya", "plus5-rithle") not in _powers(race, state)


def test_elaari_sends_another_knonster_back_but_not_behind_the_start(race, scenario):
    # Race rules, Appendix: "Move the Knonster as many steps backward";
    # Spielpost's rulings, Card formulas: "never behind the start".
    state = _state(
        scenario,
        (0, 0, 4, 0),
        ["plus7-celya"],
        favourites=(("celya", "elaari"), ("rithle", "aristas")),
    )
    after, events = race.apply(state, 0, UsePower("elaari", "plus7-celya"))
    assert after.positions[2] == 0
    moved = [e for e in events if e.kind == "knonster_moved"]
    assert str(race.describe_event(moved[0])) == "Celya moves 4 steps back to field 0."
    assert after.steps[0][2] == -4


@pytest.mark.parametrize(
    ("positions", "podium", "card"),
    [
        ((0, 0, 0, 9), (), "plus7-elaari"),  # Elaari's own card
        ((0, 0, 0, 9), (), "plus7-celya"),  # Celya on the start
        ((0, 0, 61, 9), ("celya",), "plus7-celya"),  # Celya finished
        ((0, 0, 9, 9), (), "catchup-celya"),  # not a +5 / +7 card
    ],
)
def test_elaari_power_is_not_offered_without_its_precondition(
    race, scenario, positions, podium, card
):
    # Race rules, Appendix: "a +5 or +7 card of a different Knonster ... at
    # least 1 step away from the start, and should not have crossed".
    state = _state(
        scenario,
        positions,
        [card],
        podium=podium,
        favourites=(("celya", "elaari"), ("rithle", "aristas")),
    )
    assert ("elaari", card) not in _powers(race, state)


def test_a_spent_power_is_offered_to_nobody(race, scenario):
    # Race rules, "Superpowers": "it is spent and no player can use the
    # superpower of this Knonster anymore."
    state = _state(
        scenario,
        (3, 0, 0, 0),
        ["plus5-rithle"],
        favourites=(("celya", "elaari"), ("rithle", "celya")),
    )
    state, events = race.apply(state, 0, UsePower("celya", "plus5-rithle"))
    assert state.powers_used == (PowerUse("celya", 0),)
    assert events[0].kind == "power_used"
    assert race.view(state, None)["knonsters"][2]["power"]["spent_by"] == 0
    # Seat 1 backs Celya too and holds a card Celya's power would take.
    state = scenario(
        superpowers=True,
        positions=state.positions,
        favourites=state.favourites,
        powers_used=state.powers_used,
        hands=(FILL + ("rank2",), ("plus5-rithle", *OTHER)),
        current=1,
    )
    assert not [p for p in _powers(race, state, 1) if p[0] == "celya"]
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 1, UsePower("celya", "plus5-rithle"))
    assert (
        error.value.message == "The superpower of %(knonster)s has already been used."
    )


def test_using_a_power_reveals_that_favourite_to_everybody(race, scenario):
    # Race rules, "Superpowers": "revealing the card with the star symbol".
    state = _state(
        scenario,
        (3, 0, 0, 0),
        ["plus5-rithle"],
        favourites=(("celya", "elaari"), ("rithle", "aristas")),
    )
    state, _ = race.apply(state, 0, UsePower("celya", "plus5-rithle"))
    seen_by_other = race.view(state, 1)["players"][0]
    assert seen_by_other["favourites"] == ["celya"]
    assert seen_by_other["hidden_stars"] == 1


def test_only_the_powers_of_own_favourites_are_usable(race, scenario):
    state = _state(scenario, (3, 0, 0, 0), ["plus5-rithle"])
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, UsePower("celya", "plus5-rithle"))
    assert error.value.message == "%(knonster)s is not one of your favourites."


def test_a_player_may_use_both_of_their_favourites_powers(race, scenario):
    # Our ruling: the seed limits each power to one use, not each player.
    state = _state(
        scenario,
        (3, 0, 4, 0),
        ["plus5-rithle", "plus7-celya"],
        favourites=(("celya", "elaari"), ("rithle", "aristas")),
        powers_used=(PowerUse("celya", 0),),
    )
    assert ("elaari", "plus7-celya") in _powers(race, state)


def test_without_the_variant_no_power_is_offered_or_accepted(race, scenario):
    state = scenario(
        positions=(20, 40, 0, 0), hands=(("catchup-rithle",) + FILL, OTHER)
    )
    assert not _powers(race, state)
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, UsePower("rithle", "catchup-rithle"))
    assert error.value.message == "This match is played without superpowers."


def test_a_points_tie_goes_to_the_player_with_more_hidden_stars(race, scenario):
    # Race rules, "Superpowers": "the number of still hidden star symbol
    # cards of a player is used as tie breaker (bigger is better)."
    state = scenario(
        superpowers=True,
        favourites=(("rithle", "elaari"), ("rithle", "elaari")),
        powers_used=(PowerUse("rithle", 0),),
        positions=(61, 61, 61, 3),
        podium=("rithle", "aristas", "celya"),
        phase="over",
        current=None,
        end_reason="race_finished",
    )
    assert race.outcome(state).scores == (24, 24)
    assert race.outcome(state).ranks == (2, 1)


def test_without_superpowers_hidden_stars_do_not_break_ties(race, scenario):
    state = scenario(
        favourites=(("rithle", "elaari"), ("rithle", "elaari")),
        positions=(61, 61, 61, 3),
        podium=("rithle", "aristas", "celya"),
        phase="over",
        current=None,
        end_reason="race_finished",
    )
    assert race.outcome(state).ranks == (1, 1)
