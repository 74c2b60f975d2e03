"""Race robots: the seed's random robot (the default) and the eager robot.

Race rules, robot paragraph: "chooses his favorites randomly, and also plays
a random card in each turn (it will however prefer to play cards which move
a Knonster forward; only if this is not possible it will discard a card)."
"""

from __future__ import annotations

from games.rules.race import ROBOTS
from games.rules.race.state import PlayCard, PowerUse, UsePower
from games.rules.rng import Rng

NO_EFFECT = ("rank2", "rank3", "triple-celya", "catchup-celya", "rank4")


def _choices(race, state, robot, seat=0, n=60):
    view = race.view(state, seat)
    legal = race.legal_moves(state, seat)
    return {robot.choose(view, legal, Rng(seed, 0)) for seed in range(n)}


def test_the_levels_are_in_the_lobbys_order():
    assert list(ROBOTS)[:2] == ["easy", "medium"]


def test_the_random_robot_picks_any_favourites(race):
    state = race.new_state(seats=2, options={"win_bet": True}, seed=0)
    picks = _choices(race, state, ROBOTS["easy"], n=200)
    assert len(picks) == 12


def test_the_random_robot_plays_only_cards_with_an_effect_when_it_can(race, scenario):
    # All start on rank 1: only +5 / +7 cards move anybody.
    state = scenario(hands=(("plus7-rithle", "plus5-aristas", *NO_EFFECT), NO_EFFECT))
    picks = _choices(race, state, ROBOTS["easy"])
    assert picks == {
        PlayCard("plus7-rithle"),
        PlayCard("plus5-aristas"),
    }


def test_the_random_robot_discards_only_when_no_card_has_an_effect(race, scenario):
    state = scenario(hands=(NO_EFFECT, NO_EFFECT))
    picks = _choices(race, state, ROBOTS["easy"])
    assert picks == {PlayCard(c) for c in NO_EFFECT}


def test_the_random_robot_treats_a_superpower_like_a_card_with_effect(race, scenario):
    # Brief: a superpower move may be treated like a card with an effect.
    state = scenario(
        superpowers=True,
        positions=(2, 0, 0, 0),
        favourites=(("celya", "elaari"), ("rithle", "aristas")),
        hands=(("plus5-rithle", *NO_EFFECT), NO_EFFECT),
    )
    picks = _choices(race, state, ROBOTS["easy"])
    assert UsePower("celya", "plus5-rithle") in picks
    assert all(m.card == "plus5-rithle" for m in picks)


def test_robots_play_a_decided_race_with_cards(race, scenario):
    # Race rules, decided game: finishing automatically is the platform's
    # seat setting, so in a decided race robots see only card moves, and
    # the default robot is the one that plays for a seat that accepted.
    state = scenario(
        positions=(61, 10, 10, 10), podium=("rithle",), hands=(NO_EFFECT, NO_EFFECT)
    )
    assert race.autoplay_offered(state, 0)
    assert all(isinstance(m, PlayCard) for m in race.legal_moves(state, 0))
    for robot in ROBOTS.values():
        assert _choices(race, state, robot) <= set(race.legal_moves(state, 0))


def test_the_eager_robot_moves_its_own_favourite(race, scenario):
    state = scenario(hands=(("plus7-rithle", "plus7-celya", *NO_EFFECT), NO_EFFECT))
    assert _choices(race, state, ROBOTS["medium"]) == {PlayCard("plus7-rithle")}


def test_the_eager_robot_backs_the_knonsters_it_holds_most_cards_for(race):
    state = race.new_state(seats=2, options={}, seed=0)
    hand = state.hands[0]
    counts = {
        k: sum(1 for c in hand if c.endswith(k))
        for k in ("rithle", "aristas", "celya", "elaari")
    }
    (pick,) = _choices(race, state, ROBOTS["medium"], n=5)
    best = sorted(counts.values(), reverse=True)[:2]
    assert sorted((counts[k] for k in pick.knonsters), reverse=True) == best


def test_robots_decide_from_the_view_alone(race, scenario):
    # STYLE.md B4: robots see only their seat's view; a spent power is in it.
    state = scenario(
        superpowers=True,
        powers_used=(PowerUse("celya", 1),),
        hands=(NO_EFFECT, NO_EFFECT),
    )
    view = race.view(state, 0)
    assert "hands" not in view
    assert isinstance(view["draw_pile"], int)
    for robot in ROBOTS.values():
        assert robot.choose(
            view, race.legal_moves(state, 0), Rng(1)
        ) in race.legal_moves(state, 0)


def test_finishing_automatically_plays_the_rules_random_robot():
    # Race rules, Decided game: the system "plays a random card for that
    # seat each turn"; a stand-in after a timeout plays at medium (issue 26).
    from games.rules.registry import GAMES

    assert GAMES["race"].autoplay_robot is ROBOTS["easy"]
    assert GAMES["race"].default_robot is ROBOTS["medium"]
