"""Knatsch: targets and what an attempt does with them.

Sources: seed, Vom Stapel oder Spieler?; seed, Nochmal dran?; seed, Karte unter
Stapel stecken; seed, Keine doppelten Karten; Knatsch rulings, A turn.
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.knatsch import RULES
from games.rules.knatsch import texts as t
from games.rules.knatsch.cards import CARDS
from games.rules.knatsch.moves import (
    Attack,
    Decline,
    Pass,
    PutUnder,
    RollForStack,
    Stop,
    Throw,
)

from .conftest import begin, kinds, make_state, play, resolve, with_dice


def _refused(state, move, message, seat=0):
    """Assert that `move` is not offered to `seat` and is refused with `message`."""
    assert move not in RULES.legal_moves(state, seat)
    with pytest.raises(IllegalMove) as error:
        play(state, move, seat)
    assert error.value.message == message
    return error.value


def test_the_combinations_used_here():
    """The data file's combinations that the scenarios below rely on."""
    assert CARDS["castle-eagle-2"].combination == (3, 3, 2)
    assert CARDS["castle-griffin-1"].combination == (3, 2, 5)
    assert CARDS["catapult-3"].combination == (3, 3, 5)
    assert CARDS["squire-2-1"].combination == (3, 2, 1)
    assert CARDS["guard-2"].combination == (3, 2, 5)


# -- a card from a stack -------------------------------------------------------


def test_a_captured_stack_card_is_taken_and_the_turn_passes(knatsch):
    """seed, SPIELVERLAUF: "Schafft er es, nimmt er sich die Karte ... Der
    nächste Spieler dran"; captured cards lie open in front of the player."""
    state = make_state(seats=3, stacks=(("castle-eagle-2",), ()))
    size = len(state.stacks[0])
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 4, 4, 4, 1)
    assert state.owned[0] == ("castle-lion-1", "castle-eagle-2")
    assert len(state.stacks[0]) == size - 1
    assert "castle-eagle-2" not in state.stacks[0]
    assert kinds(events) == ["captured"]
    assert state.current == 1
    assert state.turn == 2
    assert knatsch.to_move(state) == {1}


def test_a_failed_stack_card_goes_under_its_stack(knatsch):
    """seed, Vom Stapel oder Spieler?: "Bei Misserfolg wird sie unter den
    Stapel gesteckt"."""
    state = make_state(stacks=(("castle-eagle-2", "castle-stag-1"), ()))
    size = len(state.stacks[0])
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 2, 2, 2, 5)
    assert state.stacks[0][0] == "castle-stag-1"
    assert state.stacks[0][-1] == "castle-eagle-2"
    assert len(state.stacks[0]) == size
    assert state.owned[0] == ("castle-lion-1",)
    assert kinds(events) == ["failed_under"]
    assert state.current == 1


def test_a_failed_special_card_goes_under_its_stack_without_another_attempt(
    knatsch,
):
    """seed, Vom Stapel oder Spieler?: a failed Sonderkarte from a stack goes
    under it; "Nochmal dran?": only a captured one earns another attempt."""
    state = make_state(stacks=(("catapult-3", "castle-stag-1"), ()))
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 3, 3, 3, 5)
    assert state.stacks[0][-1] == "catapult-3"
    assert state.current == 1


# -- an opponent's castle ------------------------------------------------------

ATTACKED = "castle-griffin-1"  # (3, 2, 5), seat 2's; seat 2 also holds castle-bear-1


def _attacked(**kwargs):
    """Seat 0 of 3 beats seat 2's castle-griffin-1 with (3, 4, 1)."""
    state = make_state(seats=3, owned={2: (ATTACKED, "castle-bear-1")}, **kwargs)
    state, _ = play(state, Attack(card=ATTACKED))
    state, events = resolve(state, 4, 4, 4, 1)
    assert kinds(events) == ["defend"]
    return state


def test_an_attacked_castle_is_defended_by_its_owner(knatsch):
    """seed, Vom Stapel oder Spieler?: "Übertrifft man die Vorgabe der Karte,
    darf der Angegriffene seine Burg verteidigen. Dazu muss er ... das
    Würfelergebnis des Angreifers durch Würfeln übertreffen"."""
    state = _attacked()
    attempt = state.attempt
    assert attempt.roller == 2
    assert attempt.role == "defence"
    assert attempt.beat == (3, 4, 1)
    assert attempt.throws == 0
    assert knatsch.to_move(state) == {2}
    assert knatsch.legal_moves(state, 2) == [Throw(keep=()), Decline()]
    assert knatsch.legal_moves(state, 0) == []
    assert state.current == 0


def test_a_successful_defence_keeps_the_castle(knatsch):
    """seed, Vom Stapel oder Spieler?: "Schafft er das, behält er seine Burg"."""
    state = begin(_attacked())
    state, events = resolve(state, 5, 5, 5, 1)
    assert kinds(events) == ["defended"]
    assert state.owned[2] == (ATTACKED, "castle-bear-1")
    assert state.owned[0] == ("castle-lion-1",)
    # The attacker's turn is over.
    assert state.current == 1
    assert state.phase == "target"


def test_an_equal_defence_loses_the_castle(knatsch):
    """seed, Vom Stapel oder Spieler?: the defender must beat ("übertreffen")
    the attacker's result; "Ansonsten bekommt sie der Angreifer"."""
    state = begin(_attacked())
    state, events = resolve(state, 4, 4, 4, 1)
    assert kinds(events) == ["defence_failed", "castle_taken"]
    assert state.owned[2] == ("castle-bear-1",)
    assert state.owned[0] == ("castle-lion-1", ATTACKED)
    assert state.current == 1


def test_a_declined_defence_loses_the_castle(knatsch):
    """Knatsch rulings, Asynchronous play: "A defender may decline to defend"."""
    state, events = play(_attacked(), Decline(), 2)
    assert kinds(events) == ["declined_defence", "castle_taken"]
    assert state.owned[0] == ("castle-lion-1", ATTACKED)
    assert state.current == 1


def test_a_defender_cannot_decline_after_throwing(knatsch):
    """Knatsch rulings, Asynchronous play; Knatsch rulings (design note): decline before
    the first throw."""
    state = begin(_attacked())
    with pytest.raises(IllegalMove) as error:
        play(state, Decline(), 2)
    assert error.value.message == t.DECLINE_TOO_LATE


def test_a_failed_attack_needs_no_defence(knatsch):
    """seed, Vom Stapel oder Spieler?: "Schaffte der Angreifer nicht die
    Vorgabe der Karte zu übertreffen, braucht sich der Angegriffene auch nicht
    zu verteidigen"."""
    state = make_state(seats=3, owned={2: (ATTACKED, "castle-bear-1")})
    state, _ = play(state, Attack(card=ATTACKED))
    state, events = resolve(state, 2, 2, 2, 4)
    assert kinds(events) == ["failed"]
    assert state.owned[2] == (ATTACKED, "castle-bear-1")
    assert state.current == 1
    assert state.attempt is None


# -- an opponent's special card ------------------------------------------------


def test_an_opponents_special_card_changes_hands_without_defence(knatsch):
    """seed, Vom Stapel oder Spieler?: "Bei einer Sonderkarte von einem
    anderen Spieler, darf der Angegriffene seine Sonderkarte nicht
    verteidigen"; no further attempt (that is for stack cards only)."""
    state = make_state(seats=3, owned={1: ("castle-eagle-1", "guard-2")})
    state, _ = play(state, Attack(card="guard-2"))
    state, events = resolve(state, 3, 3, 3)
    assert kinds(events) == ["captured"]
    assert state.owned[1] == ("castle-eagle-1",)
    assert state.owned[0] == ("castle-lion-1", "guard-2")
    assert state.current == 1
    assert state.attempt is None


def test_an_opponents_one_castle_does_not_protect_their_special_cards(knatsch):
    """seed, Vom Stapel oder Spieler? ("Wichtig"): only castles of a player with one
    castle are safe."""
    state = make_state(owned={1: ("castle-eagle-1", "guard-2")})
    assert Attack(card="guard-2") in knatsch.legal_moves(state, 0)


def test_a_failed_attack_on_a_special_card_leaves_it(knatsch):
    """seed, Vom Stapel oder Spieler?: only a card from a stack goes under."""
    state = make_state(owned={1: ("castle-eagle-1", "guard-2")})
    state, _ = play(state, Attack(card="guard-2"))
    state, events = resolve(state, 2, 2, 2, 1)
    assert kinds(events) == ["failed"]
    assert state.owned[1] == ("castle-eagle-1", "guard-2")
    assert state.current == 1


# -- another attempt after a special card from a stack ------------------------------


def test_the_extra_attempt_may_be_left_out(knatsch):
    """seed, Nochmal dran?: the player "darf" roll again, so may end the turn."""
    state = make_state(
        seats=3,
        owned={1: ("castle-eagle-1", "castle-bear-1")},
        stacks=(("catapult-3", "castle-eagle-2"), ("squire-2-1",)),
    )
    assert Pass() not in knatsch.legal_moves(state, 0)
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 4, 4, 4)
    assert kinds(events) == ["captured", "extra_attempt"]
    assert state.extra
    assert Pass() in knatsch.legal_moves(state, 0)
    state, events = play(state, Pass())
    assert kinds(events) == ["passed"]
    assert state.current == 1
    assert not state.extra


def test_a_special_card_from_a_stack_earns_another_attempt_again_and_again(
    knatsch,
):
    """seed, Nochmal dran?: "Wer aber eine Sonderkarte vom Stapel erbeutet,
    hat den besonderen Vorteil, gleich um eine weitere Karte würfeln zu dürfen
    ... Sollte er wieder eine Sonderkarte vom Stapel erbeuten, darf er erneut
    um eine weitere Karte würfeln, usw."."""
    state = make_state(
        seats=3,
        owned={1: ("castle-eagle-1", "castle-bear-1", "guard-2")},
        stacks=(("catapult-3", "castle-eagle-2"), ("squire-2-1",)),
    )
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 4, 4, 4)
    assert kinds(events) == ["captured", "extra_attempt"]
    assert state.current == 0
    assert state.phase == "target"
    assert state.turn == 1
    # Any target: the next stack cards, an opponent's castle or special card.
    legal = knatsch.legal_moves(state, 0)
    assert RollForStack(stack=1) in legal
    assert Attack(card="castle-bear-1") in legal
    assert Attack(card="guard-2") in legal
    state, _ = play(state, RollForStack(stack=1))
    state, events = resolve(state, 3, 3, 3)
    assert kinds(events) == ["captured", "extra_attempt"]
    assert state.current == 0
    assert state.turn == 1
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 5, 5, 5)
    # A castle earns no further attempt.
    assert kinds(events) == ["captured"]
    assert state.owned[0] == (
        "castle-lion-1",
        "catapult-3",
        "squire-2-1",
        "castle-eagle-2",
    )
    assert state.current == 1
    assert state.turn == 2


def test_another_attempt_without_any_target_ends_the_turn(knatsch):
    """seed, Nochmal dran?; Knatsch rulings, End: a player with no possible
    target passes (here the put-under is spent, so nothing is left to do)."""
    state = make_state(
        stacks=(("guard-1", "castle-lion-2"), ("castle-lion-3",)),
        rest_to=(0,),
        put_under_used=True,
    )
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 4, 4, 4)
    assert "guard-1" in state.owned[0]
    assert state.current == 1


def test_another_attempt_without_a_target_may_still_put_a_card_under(knatsch):
    """Knatsch rulings (design note), Rulings: "Pass only when no target is possible
    (put-under still allowed first if unused)"."""
    state = make_state(
        stacks=(("guard-1", "castle-lion-2"), ("castle-lion-3",)), rest_to=(0,)
    )
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 4, 4, 4)
    assert state.current == 0
    assert knatsch.legal_moves(state, 0) == [PutUnder(stack=0), Pass()]


# -- putting a card under its stack ---------------------------------------------


def test_the_top_card_of_a_stack_can_be_put_under_it(knatsch):
    """seed, Karte unter Stapel stecken: "Bevor man um eine Karte würfelt,
    darf man die oberste Karte von einem Stapel unter diesen stecken"."""
    state = make_state(stacks=(("castle-eagle-2", "castle-stag-1"), ()))
    assert PutUnder(stack=0) in knatsch.legal_moves(state, 0)
    state, events = play(state, PutUnder(stack=0))
    assert kinds(events) == ["put_under"]
    assert state.stacks[0][0] == "castle-stag-1"
    assert state.stacks[0][-1] == "castle-eagle-2"
    assert state.put_under_used
    # The player still names a target.
    assert state.current == 0
    assert state.phase == "target"


def test_only_one_card_is_put_under_per_turn(knatsch):
    """seed, Karte unter Stapel stecken: "darf er diese Aktion nur einmal ausführen"."""
    state, _ = play(make_state(), PutUnder(stack=0))
    legal = knatsch.legal_moves(state, 0)
    assert not any(isinstance(m, PutUnder) for m in legal)
    for stack in (0, 1):
        _refused(state, PutUnder(stack=stack), t.PUT_UNDER_USED)


def test_a_card_put_under_earlier_in_the_turn_is_not_allowed_again_in_another_attempt(
    knatsch,
):
    """seed, Karte unter Stapel stecken: "Auch wenn der Spieler in seinem Zug
    um mehrere Karten würfelt, darf er diese Aktion nur einmal ausführen"."""
    state = make_state(stacks=(("castle-stag-1", "catapult-3"), ("castle-eagle-2",)))
    state, _ = play(state, PutUnder(stack=0))
    assert state.stacks[0][0] == "catapult-3"
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 4, 4, 4)
    assert kinds(events) == ["captured", "extra_attempt"]
    assert state.current == 0
    _refused(state, PutUnder(stack=0), t.PUT_UNDER_USED)
    _refused(state, PutUnder(stack=1), t.PUT_UNDER_USED)


def test_an_unused_put_under_may_come_before_another_attempt(knatsch):
    """seed, Karte unter Stapel stecken: once per turn, before any attempt."""
    state = make_state(stacks=(("catapult-3", "castle-stag-1"), ()))
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 4, 4, 4)
    state, events = play(state, PutUnder(stack=0))
    assert kinds(events) == ["put_under"]


def test_the_put_under_is_fresh_every_turn(knatsch):
    """seed, Karte unter Stapel stecken: once per turn, every turn."""
    state, _ = play(make_state(stacks=(("castle-eagle-2",), ())), PutUnder(stack=1))
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 1, 2)
    assert state.current == 1
    assert not state.put_under_used
    assert PutUnder(stack=0) in knatsch.legal_moves(state, 1)


def test_no_card_is_put_under_while_throwing(knatsch):
    """seed, Karte unter Stapel stecken: "Bevor man um eine Karte würfelt"."""
    state, _ = play(make_state(stacks=(("castle-eagle-2",), ())), RollForStack(stack=0))
    with pytest.raises(IllegalMove) as error:
        play(state, PutUnder(stack=1))
    assert error.value.message == t.NOW_THROW


def test_a_stack_of_one_card_has_nothing_to_put_under(knatsch):
    """seed, Karte unter Stapel stecken: the top card goes under the others."""
    state = make_state(stacks=((), ("castle-eagle-2",)), rest_to=(0,))
    _refused(state, PutUnder(stack=1), t.PUT_UNDER_SMALL)


# -- no duplicate cards -----------------------------------------------------------


def test_a_castle_of_arms_one_holds_is_no_target(knatsch):
    """seed, Keine doppelten Karten: "Hat man z. B. bereits eine Burg mit
    rotem Wappen, darf man keine Burg erbeuten, die auch ein rotes Wappen hat.
    Aber eine mit grünem Wappen"."""
    state = make_state(
        seats=3,
        owned={1: ("castle-eagle-1", "castle-lion-3")},
        stacks=(("castle-lion-2",), ("castle-eagle-2",)),
    )
    legal = knatsch.legal_moves(state, 0)
    assert RollForStack(stack=1) in legal
    assert Attack(card="castle-eagle-1") in legal
    error = _refused(state, RollForStack(stack=0), t.DUPLICATE)
    assert error.params["card"]["params"]["arms"]["text"] == "Lion"
    _refused(state, Attack(card="castle-lion-3"), t.DUPLICATE)


def test_a_special_card_of_a_kind_one_holds_is_no_target(knatsch):
    """seed, Keine doppelten Karten: "Man darf nicht die gleiche Karte
    erbeuten, die man bereits hat"."""
    state = make_state(
        owned={
            0: ("castle-lion-1", "catapult-1"),
            1: ("castle-eagle-1", "catapult-3", "guard-1"),
        },
        stacks=(("catapult-2",), ()),
    )
    _refused(state, RollForStack(stack=0), t.DUPLICATE)
    _refused(state, Attack(card="catapult-3"), t.DUPLICATE)
    assert Attack(card="guard-1") in knatsch.legal_moves(state, 0)


def test_squires_of_other_values_are_different_cards(knatsch):
    """Knatsch rulings, A turn 2: equal is "a special card of the same kind
    and, for squires, the same value"."""
    state = make_state(
        owned={
            0: ("castle-lion-1", "squire-1-1"),
            1: ("castle-eagle-1", "squire-1-2", "squire-3-1"),
        },
        stacks=(("squire-2-1",), ()),
    )
    legal = knatsch.legal_moves(state, 0)
    assert RollForStack(stack=0) in legal
    assert Attack(card="squire-3-1") in legal
    _refused(state, Attack(card="squire-1-2"), t.DUPLICATE)
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 3, 3, 3)
    assert state.owned[0] == ("castle-lion-1", "squire-1-1", "squire-2-1")


def test_a_squire_of_a_value_one_holds_is_no_target(knatsch):
    """Knatsch rulings, A turn 2: squires of the same value are equal."""
    state = make_state(
        owned={0: ("castle-lion-1", "squire-1-1")}, stacks=(("squire-1-2",), ())
    )
    _refused(state, RollForStack(stack=0), t.DUPLICATE)


def test_more_tournaments_can_always_be_won(knatsch):
    """seed, Keine doppelten Karten: "Mit Ausnahme der Turnierkarten. Ein
    Turnier zu gewinnen ist immer möglich"."""
    state = make_state(
        owned={0: ("castle-lion-1", "tournament-1", "tournament-2")},
        stacks=(("tournament-3",), ()),
    )
    assert RollForStack(stack=0) in knatsch.legal_moves(state, 0)
    state, events = play(state, RollForStack(stack=0))
    assert kinds(events)[0] == "host"


# -- what cannot be attacked ----------------------------------------------------------


def test_a_player_with_one_castle_cannot_be_attacked(knatsch):
    """seed, Vom Stapel oder Spieler?: "Wichtig: Ein Spieler mit nur einer
    Burgkarte darf nicht angegriffen werden"."""
    state = make_state(seats=3, owned={2: ("castle-griffin-1", "castle-bear-1")})
    legal = knatsch.legal_moves(state, 0)
    assert Attack(card="castle-griffin-1") in legal
    _refused(state, Attack(card="castle-eagle-1"), t.LAST_CASTLE)
    view = knatsch.view(state, 0)
    assert [p["attackable"] for p in view["players"]] == [False, False, True]


def test_a_castle_lost_in_defence_can_leave_the_owner_unattackable(knatsch):
    """seed, Vom Stapel oder Spieler? ("Wichtig"): once down to one castle, the owner is
    safe again."""
    state = make_state(seats=3, owned={2: ("castle-griffin-1", "castle-bear-1")})
    state, _ = play(state, Attack(card="castle-griffin-1"))
    state, _ = resolve(state, 4, 4, 4, 1)
    state, _ = play(state, Decline(), 2)
    assert state.current == 1
    assert Attack(card="castle-bear-1") not in knatsch.legal_moves(state, 1)


def test_tournaments_cannot_be_taken_from_other_players(knatsch):
    """seed, Vom Stapel oder Spieler?: "Turnierkarten von anderen Spielern
    kann man nicht erbeuten"."""
    state = make_state(owned={1: ("castle-eagle-1", "castle-bear-1", "tournament-1")})
    _refused(state, Attack(card="tournament-1"), t.NO_TOURNAMENT_THEFT)


def test_ones_own_card_and_stack_cards_are_not_attacked(knatsch):
    """seed, SPIELVERLAUF: targets are the stack tops and "die Karten der Gegner"."""
    state = make_state(owned={0: ("castle-lion-1", "castle-eagle-2")})
    _refused(state, Attack(card="castle-eagle-2"), t.OWN_CARD)
    below = state.stacks[0][1]
    _refused(state, Attack(card=below), t.NOT_A_TARGET)
    _refused(state, Attack(card="king"), t.NOT_A_TARGET)


# -- passing --------------------------------------------------------------------------


def _no_target(**kwargs):
    """Seat 0's stack tops are castles of its own arms; seat 1 has one castle."""
    kwargs.setdefault("stacks", (("castle-lion-2",), ("castle-lion-3",)))
    return make_state(**kwargs)


def test_a_player_without_a_target_passes(knatsch):
    """Knatsch rulings, End: "a player with no possible target passes"; design
    note: put-under still allowed first if unused."""
    state = _no_target()
    assert knatsch.legal_moves(state, 0) == [
        PutUnder(stack=0),
        PutUnder(stack=1),
        Pass(),
    ]
    state, events = play(state, Pass())
    assert kinds(events) == ["passed"]
    assert state.current == 1
    assert state.turn == 2


def test_a_put_under_can_bring_a_target(knatsch):
    """seed, Karte unter Stapel stecken: "So kann man versuchen seine
    Auswahl zu verbessern"."""
    state = _no_target(stacks=(("castle-lion-2", "castle-eagle-2"), ("castle-lion-3",)))
    state, _ = play(state, PutUnder(stack=0))
    assert state.stacks[0][0] == "castle-eagle-2"
    assert knatsch.legal_moves(state, 0) == [RollForStack(stack=0)]


def test_a_player_without_a_target_and_no_put_under_left_can_only_pass(knatsch):
    """Knatsch rulings, End: "a player with no possible target passes"."""
    state = _no_target(put_under_used=True)
    assert knatsch.legal_moves(state, 0) == [Pass()]


def test_passing_is_refused_while_there_is_a_target(knatsch):
    """Knatsch rulings (design note), Rulings: "Pass only when no target is
    possible"."""
    state = make_state(stacks=(("castle-eagle-2",), ()))
    assert Pass() not in knatsch.legal_moves(state, 0)
    _refused(state, Pass(), t.CANNOT_PASS)
    # An attackable opponent is a target too.
    state = _no_target(owned={1: ("castle-eagle-1", "castle-bear-1")})
    _refused(state, Pass(), t.CANNOT_PASS)


def test_after_a_failed_throw_a_new_turn_starts_with_the_next_seat(knatsch):
    """seed, SPIELVERLAUF: "Das Spiel wird im Uhrzeigersinn gespielt"."""
    state = make_state(seats=3, current=2, stacks=(("castle-eagle-2",), ()))
    state, _ = play(state, RollForStack(stack=0))
    state = with_dice(state, 1)
    state, _ = play(state, Stop())
    assert state.current == 0
