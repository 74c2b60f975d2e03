"""Race: the deck, ranks and every card's effect, from hand-built boards."""

from __future__ import annotations

from collections import Counter

import pytest

from games.rules.race.cards import CARDS, DECK, KNONSTERS, card_target, ranks

R, A, C, E = range(4)


def test_deck_has_sixty_action_cards_as_in_the_ruling_table():
    # Spielpost's rulings, Components: 3 x 4 each of +7, +5, catch-up, triple lead;
    # 4 each of rank 4, rank 3, rank 2.
    counts = Counter(DECK)
    assert len(DECK) == 60
    for k in KNONSTERS:
        for kind in ("plus7", "plus5", "catchup", "triple"):
            assert counts[f"{kind}-{k}"] == 3
    assert counts["rank4"] == counts["rank3"] == counts["rank2"] == 4


def test_every_knonster_starts_on_rank_one():
    # Spielpost's rulings, Positions and ranks: at the start all four have rank 1.
    assert ranks((0, 0, 0, 0), ()) == (1, 1, 1, 1)


def test_equal_positions_share_a_rank_and_the_next_rank_is_skipped():
    # Spielpost's rulings, Positions and ranks: Knonsters on the same field
    # share a rank and the next rank is skipped (1, 1, 3, 4).
    assert ranks((10, 10, 5, 3), ()) == (1, 1, 3, 4)
    assert ranks((10, 8, 8, 3), ()) == (1, 2, 2, 4)


def test_finished_knonsters_are_in_front_and_rank_by_podium_place():
    # Race rules, Rank: "Knonsters who have crossed the finish line also count";
    # our ruling: an earlier finisher is in front of a later one.
    assert ranks((61, 61, 40, 40), ("aristas", "rithle")) == (2, 1, 3, 3)


@pytest.mark.parametrize(("card", "steps"), [("plus7-celya", 7), ("plus5-celya", 5)])
def test_plus_cards_move_their_knonster(card, steps):
    # Race rules, Appendix: "Move Knonster Celya 7 (5) steps forward."
    assert card_target(card, (0, 0, 12, 0), ()) == (C, steps)


def test_plus_card_of_a_finished_knonster_has_no_effect():
    # Race rules, Gameplay: a card with no effect is discarded.
    assert card_target("plus7-celya", (10, 0, 61, 0), ("celya",)) is None


def test_catch_up_stops_two_fields_behind_the_leader():
    # Race rules, Appendix: "no further than 2 steps behind the Knonster(s) with rank 1".
    assert card_target("catchup-elaari", (30, 0, 0, 20), ()) == (E, 8)


def test_catch_up_moves_at_most_twenty_steps():
    # Race rules, Appendix: "at most 20 steps forward".
    assert card_target("catchup-elaari", (50, 0, 0, 5), ()) == (E, 20)


@pytest.mark.parametrize(
    "positions", [(30, 0, 0, 29), (30, 0, 0, 28), (30, 0, 0, 30), (10, 0, 0, 30)]
)
def test_catch_up_has_no_effect_within_two_fields_of_the_lead(positions):
    # Spielpost's rulings, Card formulas: nothing happens if that number is 0
    # or less (the Knonster leads).
    assert card_target("catchup-elaari", positions, ()) is None


def test_catch_up_with_a_finished_leader_stops_on_field_59():
    # Spielpost's rulings, Positions and ranks: a finished Knonster counts as position 61.
    assert card_target("catchup-rithle", (50, 61, 0, 0), ("aristas",)) == (R, 9)


def test_triple_lead_follows_the_seed_example_lead_five_becomes_fifteen():
    # Race rules, Appendix: "Celya is 5 steps ahead ... moved 10 steps forward,
    # and now is 15 steps ahead".
    assert card_target("triple-celya", (3, 8, 13, 0), ()) == (C, 10)


def test_triple_lead_has_no_effect_when_the_lead_is_shared():
    # Race rules, Appendix: "no effect in case the Knonster is not the only one with rank 1".
    assert card_target("triple-celya", (13, 8, 13, 0), ()) is None


def test_triple_lead_has_no_effect_when_not_leading():
    # Race rules, Appendix: triple lead acts only for the rank-1 Knonster.
    assert card_target("triple-celya", (20, 8, 13, 0), ()) is None


def test_triple_lead_never_acts_after_the_first_knonster_finished():
    # Spielpost's rulings, Card formulas: "Once a Knonster has finished,
    # triple lead never acts."
    assert card_target("triple-celya", (61, 8, 50, 0), ("rithle",)) is None


def test_rank_four_card_moves_the_last_knonster_fourteen_steps():
    # Race rules, Appendix: "Move the Knonster with rank 4 14 steps forward."
    assert card_target("rank4", (10, 20, 30, 5), ()) == (E, 14)


def test_rank_two_card_moves_the_second_knonster_nine_steps():
    # Race rules, Appendix: "Move the Knonster with rank 2 9 steps forward."
    assert card_target("rank2", (10, 20, 30, 5), ()) == (A, 9)


@pytest.mark.parametrize(
    ("card", "positions"),
    [
        ("rank4", (10, 20, 5, 5)),  # ranks 2, 1, 3, 3: nobody has rank 4
        ("rank2", (30, 20, 20, 5)),  # two Knonsters share rank 2
        ("rank3", (30, 20, 10, 10)),  # two Knonsters share rank 3
        ("rank4", (0, 0, 0, 0)),  # everybody on rank 1
    ],
)
def test_rank_card_has_no_effect_when_the_rank_is_shared_or_missing(card, positions):
    # Race rules, Rank: "If the rank is not unique ... no Knonster can be moved."
    assert card_target(card, positions, ()) is None


def test_rank_two_card_has_no_effect_when_rank_two_has_finished():
    # Finished Knonsters do not move (Spielpost's rulings, Card formulas).
    assert card_target("rank2", (61, 61, 30, 5), ("aristas", "rithle")) is None


def test_rank_three_card_moves_twelve_steps_when_far_behind():
    # Race rules, Appendix: "Move the Knonster with rank 3 12 steps forward".
    assert card_target("rank3", (50, 30, 10, 5), ()) == (C, 12)


def test_rank_three_card_stops_one_field_ahead_of_the_leader():
    # Race rules, Appendix: "but at most 1 step ahead of the Knonster(s) with rank 1";
    # Spielpost's rulings, Card formulas: min(12, leader + 1 - position).
    assert card_target("rank3", (30, 28, 25, 5), ()) == (C, 6)


def test_rank_three_card_with_a_finished_leader_may_cross_the_line():
    # Spielpost's rulings, Card formulas: "With a finished leader (field 61)
    # it can carry a Knonster over the line."
    assert card_target("rank3", (61, 40, 58, 5), ("rithle",)) == (A, 12)
    assert card_target("rank3", (61, 61, 58, 5), ("rithle", "aristas")) == (C, 4)


def test_every_card_type_is_covered_by_these_tests():
    kinds = {card.kind for card in CARDS.values()}
    assert kinds == {"plus7", "plus5", "catchup", "triple", "rank4", "rank3", "rank2"}
