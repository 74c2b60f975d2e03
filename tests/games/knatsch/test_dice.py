"""Knatsch: throwing the dice, the result of an attempt and how results compare.

Sources: seed, Würfeln and seed, Karte erbeutet?; Knatsch rulings, Rolling and
Special cards. Outcomes are forced with `with_dice`; where the engine throws, the
tests check what holds for any dice.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.rules.base import IllegalMove
from games.rules.knatsch import texts as t
from games.rules.knatsch.cards import CARDS, KING_COMBINATION
from games.rules.knatsch.dice import beats, keep_options, result_of
from games.rules.knatsch.moves import Attack, RollForKing, RollForStack, Stop, Throw

from .conftest import begin, kinds, make_state, play, resolve, with_dice

# Stack-card targets and their combinations (3, triple, kicker), from the data file.
THREE_THREES_TWO = "castle-eagle-2"
THREE_THREES_FIVE = "castle-stag-1"
THREE_FIVES_ONE = "castle-dragon-3"
THREE_ONES_FIVE = "castle-dragon-1"


def test_the_card_combinations_used_here():
    """The data file's combinations that the scenarios below rely on."""
    assert CARDS[THREE_THREES_TWO].combination == (3, 3, 2)
    assert CARDS[THREE_THREES_FIVE].combination == (3, 3, 5)
    assert CARDS[THREE_FIVES_ONE].combination == (3, 5, 1)
    assert CARDS[THREE_ONES_FIVE].combination == (3, 1, 5)
    assert KING_COMBINATION == (3, 5, 4)


def _rolling_for(card, **kwargs):
    """Seat 0 has named the top card `card` of stack 0 and thrown once."""
    kwargs.setdefault("stacks", ((card,), ()))
    state, _ = play(make_state(**kwargs), RollForStack(stack=0))
    assert state.phase == "roll"
    return state


def _thrown(events):
    return next(e for e in events if e.kind == "thrown")


# -- the result of an attempt -------------------------------------------------


def test_the_best_group_and_the_highest_other_die_make_the_result():
    """seed, Karte erbeutet?: the Zusatzzahl of dice is "die höchste
    Einzelzahl"; Knatsch rulings, Rolling: (count, face, kicker), kicker the
    highest die outside the group, 0 if none."""
    assert result_of((5, 5, 5, 3, 1)) == (3, 5, 3)
    assert result_of((3, 1, 3, 2, 3, 1)) == (3, 3, 2)
    assert result_of((4, 4, 4, 4)) == (4, 4, 0)
    assert result_of(()) == (0, 0, 0)


def test_on_equal_counts_the_higher_face_is_the_group():
    """Knatsch rulings, Rolling: "on equal counts the higher face"."""
    assert result_of((1, 1, 1, 3, 3, 3)) == (3, 3, 1)
    assert result_of((4, 4, 2, 2)) == (2, 4, 2)


def test_sixes_never_count():
    """seed, Würfeln: "Sechser ... sind Nieten. Sie zählen nicht."."""
    assert result_of((6, 6, 6, 6, 1, 2)) == (1, 2, 1)
    assert result_of((6, 6, 6, 2, 2, 2)) == (3, 2, 0)
    assert result_of((6,) * 6) == (0, 0, 0)


def test_more_dice_of_a_kind_beat_fewer():
    """seed, Karte erbeutet?: "Ein Fünfling ist mehr Wert als ein Vierling,
    ein Vierling ist mehr Wert als ein Drilling"; Knatsch rulings: four 1s
    beat three 5s."""
    assert beats(result_of((1, 1, 1, 1)), (3, 5, 4))
    assert beats(result_of((2, 2, 2, 2, 2)), result_of((5, 5, 5, 5, 4)))
    assert not beats(result_of((5, 5, 5, 4)), result_of((1, 1, 1, 1)))


def test_a_higher_triple_beats_a_lower_one_whatever_the_kicker():
    """seed, Karte erbeutet?: "Ein Drilling aus Fünfen ist mehr Wert als ein
    Drilling aus Vieren"; the kicker decides only "bei einem gleich hohen
    Würfelergebnis"."""
    assert beats(result_of((5, 5, 5, 1)), result_of((4, 4, 4, 5)))
    assert not beats(result_of((4, 4, 4, 5)), result_of((5, 5, 5, 1)))


def test_only_a_strictly_greater_result_beats():
    """seed, Karte erbeutet?: equal triple and equal kicker do not capture."""
    assert not beats((3, 3, 2), (3, 3, 2))
    assert beats((3, 3, 4), (3, 3, 2))
    assert not beats((3, 3, 1), (3, 3, 2))


# -- capturing a card with known dice ----------------------------------------------


def test_an_equal_triple_with_an_equal_kicker_does_not_capture(knatsch):
    """seed, Karte erbeutet?: "Bei den Dreieren steht es gleich ... übertrifft
    er die Vorgabe nicht"; a failed stack card goes under its stack."""
    state = _rolling_for(THREE_THREES_TWO)
    state, events = resolve(state, 3, 3, 3, 2, 1)
    assert state.last.result == (3, 3, 2)
    assert not state.last.success
    assert THREE_THREES_TWO not in state.owned[0]
    assert state.stacks[0][-1] == THREE_THREES_TWO
    assert "failed_under" in kinds(events)


def test_an_equal_triple_with_a_higher_kicker_captures(knatsch):
    """seed, Karte erbeutet?: "Ist der Wurf gleich hoch (und nur dann),
    entscheidet die sogenannte Zusatzzahl"."""
    state = _rolling_for(THREE_THREES_TWO)
    state, events = resolve(state, 3, 3, 3, 4, 1)
    assert state.last.result == (3, 3, 4)
    assert THREE_THREES_TWO in state.owned[0]
    assert "captured" in kinds(events)


def test_a_higher_triple_captures_a_card_with_a_high_kicker(knatsch):
    """seed, Karte erbeutet?: the kicker decides only between equal groups."""
    state = _rolling_for(THREE_THREES_FIVE)
    state, _ = resolve(state, 4, 4, 4, 1, 1)
    assert state.last.result == (3, 4, 1)
    assert THREE_THREES_FIVE in state.owned[0]


def test_four_ones_capture_a_card_of_three_fives(knatsch):
    """seed, Karte erbeutet?: a Vierling beats any Drilling (four 1s beat three 5s)."""
    state = _rolling_for(THREE_FIVES_ONE)
    state, _ = resolve(state, 1, 1, 1, 1)
    assert state.last.result == (4, 1, 0)
    assert THREE_FIVES_ONE in state.owned[0]


def test_sixes_on_the_table_do_not_make_a_triple(knatsch):
    """seed, Würfeln: sixes are blanks; Knatsch rulings, Rolling: without
    at least a triple nothing is captured."""
    state = _rolling_for(THREE_ONES_FIVE)
    state, _ = resolve(state, 1, 1, 6, 6, 6, 6)
    assert state.last.result == (2, 1, 0)
    assert state.last.sixes == 4
    assert THREE_ONES_FIVE not in state.owned[0]


def test_a_pair_never_captures(knatsch):
    """Knatsch rulings, Rolling: "Without at least a triple nothing is captured"."""
    state = _rolling_for(THREE_ONES_FIVE)
    state, _ = resolve(state, 5, 5, 4, 4, 3, 2)
    assert state.last.result == (2, 5, 4)
    assert not state.last.success


# -- throwing: what holds for any dice ---------------------------------------------


def test_an_attempt_starts_by_throwing_all_six_dice(knatsch):
    """seed, Würfeln: "Begonnen wird immer mit allen 6 Würfeln"."""
    for seed in range(20):
        state = make_state(stacks=((THREE_THREES_TWO,), ()), seed=seed)
        state, events = play(state, RollForStack(stack=0))
        thrown = events[-1]
        assert thrown.kind == "thrown"
        assert len(thrown.data["dice"]) == 6
        assert thrown.data["kept"] == []
        attempt = state.attempt
        assert attempt.throws == 1
        assert len(attempt.rolled) + attempt.sixes == 6
        assert attempt.sixes == thrown.data["dice"].count(6)


def test_sixes_stay_aside_and_kept_dice_stay_on_the_table(knatsch):
    """seed, Würfeln: after each throw the player chooses which dice stay;
    "Sechser muss man stehenlassen ... darf sie nicht wieder würfeln"; an
    attempt ends by itself after its last throw or when every die is a six.
    Checked over many random throws and random choices of dice to keep."""
    rnd = random.Random(7)
    attempts = 0
    for seed in range(60):
        state = make_state(stacks=((THREE_FIVES_ONE,), ()), seed=seed)
        state, _ = play(state, RollForStack(stack=0))
        while state.phase == "roll":
            before = state.attempt
            keep = rnd.choice(keep_options(before.table))
            state, events = play(state, Throw(keep=keep))
            thrown = next(e for e in events if e.kind == "thrown")
            # Only the dice not kept and not set aside are thrown.
            assert len(thrown.data["dice"]) == 6 - before.sixes - len(keep)
            assert thrown.data["kept"] == list(keep)
            new_sixes = thrown.data["dice"].count(6)
            if state.phase == "roll":
                after = state.attempt
                assert after.throws == before.throws + 1
                assert after.kept == keep
                assert after.sixes == before.sixes + new_sixes
                assert len(after.kept) + len(after.rolled) + after.sixes == 6
            else:
                last = state.last
                assert last.sixes == before.sixes + new_sixes
                assert not Counter(keep) - Counter(last.dice)
                assert len(last.dice) + last.sixes == 6
                # It ended by itself: the last throw, or nothing but sixes.
                assert before.throws + 1 == before.max_throws or not last.dice
        attempts += 1
    assert attempts == 60


def test_kept_dice_may_be_thrown_again(knatsch):
    """seed, Würfeln: "Man darf bereits stehengelassene Würfel bei einem
    späteren Wurf wieder würfeln (ausser Sechser)"."""
    state = with_dice(_rolling_for(THREE_FIVES_ONE), 1, kept=(5, 5), throws=2)
    assert state.attempt.table == (1, 5, 5)
    assert Throw(keep=()) in knatsch.legal_moves(state, 0)
    state, events = play(state, Throw(keep=()))
    # All three non-six dice are thrown again; the three sixes are not.
    assert len(_thrown(events).data["dice"]) == 3


def test_the_player_may_stop_after_any_throw(knatsch):
    """seed, Würfeln: "man muss nicht dreimal würfeln. Man kann auch früher
    aufhören"."""
    state = _rolling_for(THREE_FIVES_ONE)
    assert Stop() in knatsch.legal_moves(state, 0)
    state, _ = play(state, Stop())
    assert state.phase == "target"
    assert state.attempt is None
    assert state.last is not None
    assert state.last.roller == 0


def test_the_attempt_ends_by_itself_after_the_third_throw(knatsch):
    """seed, Würfeln: "Man darf bis zu dreimal würfeln"."""
    state = _rolling_for(THREE_FIVES_ONE)
    assert state.attempt.max_throws == 3
    state = with_dice(state, 1, 2, 3, 4, 5, 5, throws=2)
    state, events = play(state, Throw(keep=(5, 5)))
    assert state.attempt is None
    assert state.current == 1
    assert _thrown(events).data["throw"] == 3


def test_the_legal_keeps_are_the_dice_on_the_table_less_one(knatsch):
    """seed, Würfeln: the player keeps any of the dice on the table (not the
    sixes) and throws the others."""
    state = with_dice(_rolling_for(THREE_FIVES_ONE), 5, 5, 2)
    legal = knatsch.legal_moves(state, 0)
    keeps = [m.keep for m in legal if isinstance(m, Throw)]
    assert keeps == [(), (2,), (5,), (2, 5), (5, 5)]
    assert legal[-1] == Stop()


# -- throws per attempt ------------------------------------------------------------


def _defence(defender_owns):
    """Seat 0 beats seat 1's castle-eagle-1 (3, 2, 4); seat 1 is to defend."""
    state = make_state(owned={1: ("castle-eagle-1", "castle-bear-1", *defender_owns)})
    state, _ = play(state, Attack(card="castle-eagle-1"))
    state, _ = resolve(state, 5, 5, 5, 1)
    assert state.attempt.role == "defence"
    return state


def _tournament(host_owns=(), guest_owns=()):
    """Seat 0 hosts the tournament on top of stack 0."""
    state = make_state(
        owned={0: ("castle-lion-1", *host_owns), 1: ("castle-eagle-1", *guest_owns)},
        stacks=(("tournament-1",), ()),
    )
    state, _ = play(state, RollForStack(stack=0))
    assert state.attempt.role == "host"
    return state


def test_an_attempt_has_three_throws(knatsch):
    """seed, Würfeln: "Man darf bis zu dreimal würfeln"."""
    assert _rolling_for(THREE_FIVES_ONE).attempt.max_throws == 3
    assert _defence(()).attempt.max_throws == 3
    state = _tournament()
    state, _ = resolve(state, 1, 2)
    assert state.attempt.role == "joust"
    assert state.attempt.max_throws == 3


def test_the_host_of_a_tournament_has_four_throws(knatsch):
    """seed, Vom Stapel oder Spieler?: "Er darf bis zu viermal würfeln"."""
    assert _tournament().attempt.max_throws == 4


def test_a_catapult_adds_a_throw_to_every_attempt_in_ones_own_turn(knatsch):
    """Knatsch rulings, Special cards: catapult, 4 throws when capturing; Knatsch
    rulings (design note), Rulings: +1 in every attempt of one's own turn (stack card,
    opponent's card, hosting, King)."""
    catapult = ("castle-lion-1", "catapult-1")
    assert _rolling_for(THREE_FIVES_ONE, owned={0: catapult}).attempt.max_throws == 4
    assert _tournament(host_owns=("catapult-1",)).attempt.max_throws == 5
    state = make_state(owned={0: catapult, 1: ("castle-eagle-1", "guard-1")})
    state, _ = play(state, Attack(card="guard-1"))
    assert state.attempt.max_throws == 4
    three = ("castle-lion-1", "castle-eagle-2", "castle-dragon-2", "catapult-1")
    state, _ = play(make_state(owned={0: three}), RollForKing())
    assert state.attempt.max_throws == 4


def test_a_catapult_adds_no_throw_outside_ones_own_turn(knatsch):
    """Knatsch rulings, Special cards: the catapult counts "when capturing"."""
    assert _defence(("catapult-1",)).attempt.max_throws == 3
    state, _ = resolve(_tournament(guest_owns=("catapult-1",)), 1, 2)
    assert state.attempt.max_throws == 3


def test_a_guard_adds_a_throw_when_defending_only(knatsch):
    """Knatsch rulings, A turn 3: defend with "3 throws, 4 with a guard card"."""
    assert _defence(("guard-1",)).attempt.max_throws == 4
    guard = ("castle-lion-1", "guard-1")
    assert _rolling_for(THREE_FIVES_ONE, owned={0: guard}).attempt.max_throws == 3


def test_a_jousting_right_adds_a_throw_as_a_guest_only(knatsch):
    """Knatsch rulings, A turn 3: each other player throws up to 3 times "(4 with a
    jousting right)"; Knatsch rulings (design note): in a tournament one does not
    host."""
    state, _ = resolve(_tournament(guest_owns=("jousting_right-1",)), 1, 2)
    assert state.attempt.max_throws == 4
    assert _tournament(host_owns=("jousting_right-1",)).attempt.max_throws == 4
    joust = ("castle-lion-1", "jousting_right-1")
    assert _rolling_for(THREE_FIVES_ONE, owned={0: joust}).attempt.max_throws == 3


def test_a_defence_ends_by_itself_after_its_last_throw(knatsch):
    """Knatsch rulings, A turn 3: the defender rolls 4 times with a guard."""
    state = begin(_defence(("guard-1",)))
    state = with_dice(state, 1, 2, 3, 4, 5, throws=3)
    state, _ = play(state, Throw(keep=(5,)))
    assert state.attempt is None
    assert state.last.role == "defence"


# -- extra die and squires ---------------------------------------------------------


def test_an_extra_die_gives_seven_dice_in_every_attempt(knatsch):
    """Knatsch rulings, Rolling: "all 6 dice (7 with an extra die)"; design
    note: 7 dice in every attempt."""
    extra = ("castle-lion-1", "extra_die-1")
    state = make_state(owned={0: extra}, stacks=((THREE_FIVES_ONE,), ()))
    state, events = play(state, RollForStack(stack=0))
    assert state.attempt.dice == 7
    assert len(events[-1].data["dice"]) == 7
    state, _ = play(state, Throw(keep=()))
    if state.attempt is not None:
        assert len(state.attempt.rolled) + state.attempt.sixes == 7
    defence = begin(_defence(("extra_die-1",)))
    assert defence.attempt.dice == 7
    assert len(defence.attempt.rolled) + defence.attempt.sixes == 7
    state, _ = resolve(_tournament(guest_owns=("extra_die-1",)), 1, 2)
    assert state.attempt.dice == 7
    assert _rolling_for(THREE_FIVES_ONE).attempt.dice == 6


def test_seven_dice_can_make_a_five_of_a_kind_and_a_kicker(knatsch):
    """Knatsch rulings, Rolling: the seventh die counts like the others."""
    extra = ("castle-lion-1", "extra_die-1")
    state = _rolling_for(THREE_FIVES_ONE, owned={0: extra})
    state, _ = resolve(state, 2, 2, 2, 2, 2, 5, 4)
    assert state.last.result == (5, 2, 5)
    assert state.last.dice == (2, 2, 2, 2, 2, 4, 5)


def test_a_squire_adds_a_fixed_die_to_the_result(knatsch):
    """Knatsch rulings, Special cards: "squire N (one extra fixed die showing
    N in every roll)"; Rolling: "add the fixed dice of squire cards"."""
    squire = ("castle-lion-1", "squire-3-1")
    state = _rolling_for(THREE_THREES_TWO, owned={0: squire})
    assert state.attempt.fixed == (3,)
    state, _ = resolve(state, 3, 3, 4, 2, 1)
    assert state.last.result == (3, 3, 4)
    assert THREE_THREES_TWO in state.owned[0]
    # Without the squire the same dice make a pair only.
    state = _rolling_for(THREE_THREES_TWO)
    state, _ = resolve(state, 3, 3, 4, 2, 1)
    assert state.last.result == (2, 3, 4)
    assert THREE_THREES_TWO not in state.owned[0]


def test_squires_of_different_values_each_add_a_die(knatsch):
    """Knatsch rulings (design note), Rulings: "several squires of different values: one
    each"."""
    squires = ("castle-lion-1", "squire-3-1", "squire-2-1")
    state = _rolling_for(THREE_THREES_TWO, owned={0: squires})
    assert state.attempt.fixed == (2, 3)
    state, _ = resolve(state, 2, 3, 3)
    # 2, 3, 3 on the table and the fixed 2 and 3: three 3s, two 2s.
    assert state.last.result == (3, 3, 2)


def test_a_squire_die_is_never_on_the_table(knatsch):
    """Knatsch rulings, Rolling: squire dice are fixed, not thrown or kept."""
    squire = ("castle-lion-1", "squire-3-1")
    state = with_dice(_rolling_for(THREE_FIVES_ONE, owned={0: squire}), 3, 3, 1)
    assert state.attempt.table == (1, 3, 3)
    with pytest.raises(IllegalMove) as error:
        play(state, Throw(keep=(3, 3, 3)))
    assert error.value.message == t.BAD_KEEP


def test_a_squire_counts_in_a_defence(knatsch):
    """Knatsch rulings, Special cards: the squire die is in "every roll"."""
    state = begin(_defence(("squire-5-1",)))
    assert state.attempt.fixed == (5,)
    # The attacker has (3, 5, 1); 5, 5, 2 and the squire's 5 make (3, 5, 2).
    state, events = resolve(state, 5, 5, 2)
    assert state.last.result == (3, 5, 2)
    assert "defended" in kinds(events)
