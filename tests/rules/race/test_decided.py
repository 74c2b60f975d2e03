"""Race: the decided race and "finish automatically".

Race rules, Choice of Favorites: "it can determine if the game is already
decided ... the system will ... ask ... if they want to let the system
finish the game automatically"; rules/race.md, Decided game; our ruling:
each player is offered the choice at their own turn.
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.race.flow import is_decided
from games.rules.race.state import Move, PowerUse

FIVE = ("plus7-rithle", "plus5-rithle", "plus7-celya", "plus5-celya", "rank4", "rank2")
AUTOPLAY = Move("autoplay")


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
    state, events = race.apply(state, 0, Move("play", card="plus7-rithle"))
    assert events[-1].kind == "race_decided"
    assert race.view(state, None)["decided"] is True
    state, events = race.apply(state, 1, Move("play", card="plus7-celya"))
    assert "race_decided" not in [e.kind for e in events]


def test_finish_automatically_is_offered_only_at_the_players_own_turn(race, scenario):
    state = scenario(positions=(61, 10, 10, 10), podium=("rithle",), hands=(FIVE, FIVE))
    assert race.legal_moves(state, 0)[-1] == AUTOPLAY
    assert str(race.describe(AUTOPLAY)) == "Finish automatically"
    assert race.legal_moves(state, 1) == []


def test_finish_automatically_sets_the_flag_and_keeps_the_turn(race, scenario):
    state = scenario(positions=(61, 10, 10, 10), podium=("rithle",), hands=(FIVE, FIVE))
    state, events = race.apply(state, 0, AUTOPLAY)
    assert race.autoplay(state, 0) is True
    assert race.autoplay(state, 1) is False
    assert race.to_move(state) == {0}
    assert AUTOPLAY not in race.legal_moves(state, 0)
    assert events[0].kind == "autoplay_on"
    assert race.view(state, 1)["players"][0]["autoplay"] is True
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, AUTOPLAY)
    assert error.value.message == "Automatic play is already on."


def test_finish_automatically_is_refused_while_the_race_is_open(race, scenario):
    state = scenario(hands=(FIVE, FIVE))
    assert AUTOPLAY not in race.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        race.apply(state, 0, AUTOPLAY)
    assert error.value.message == "The race is not decided yet."


def test_autoplay_ends_with_the_race(race, scenario):
    state = scenario(
        positions=(61, 61, 58, 10),
        podium=("rithle", "aristas"),
        hands=(FIVE, FIVE),
        autoplay=(True, False),
    )
    assert race.autoplay(state, 0)
    state, _ = race.apply(state, 0, Move("play", card="plus7-celya"))
    assert not race.autoplay(state, 0)
