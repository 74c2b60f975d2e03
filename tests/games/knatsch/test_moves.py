"""Knatsch: who moves, refused moves and their messages, and pure `apply`.

Knatsch rulings (design note), Moves and Turn structure; STYLE.md B4 3 ("apply never
mutates and always re-validates")."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.knatsch import texts as t
from games.rules.knatsch.moves import (
    Attack,
    Decline,
    Pass,
    PutUnder,
    Revenge,
    RollForKing,
    RollForStack,
    Stop,
    Throw,
)

from .conftest import begin, make_state, play, resolve, with_dice

THREE = ("castle-lion-1", "castle-eagle-2", "castle-dragon-2")


def _refused(state, seat, move, message):
    with pytest.raises(IllegalMove) as error:
        play(state, move, seat)
    assert error.value.message == message


def _rolling():
    """Seat 0 has thrown once for the top card of stack 0: 5, 5, 2, 1 and two sixes."""
    state = make_state(stacks=(("castle-eagle-2",), ()))
    state, _ = play(state, RollForStack(stack=0))
    return with_dice(state, 5, 5, 2, 1)


def _defending():
    """Seat 0 of 3 beat seat 2's castle-griffin-1; seat 2 has not thrown yet."""
    state = make_state(seats=3, owned={2: ("castle-griffin-1", "castle-bear-1")})
    state, _ = play(state, Attack(card="castle-griffin-1"))
    state, _ = resolve(state, 4, 4, 4, 1)
    return state


# -- who is to move ------------------------------------------------------------------


def test_the_current_seat_moves_outside_a_defence_or_tournament(knatsch):
    """Knatsch rulings (design note), Turn structure: to_move = {current} except while
    another seat throws."""
    state = make_state(seats=3, current=1)
    assert knatsch.to_move(state) == {1}
    for seat in (0, 2):
        assert knatsch.legal_moves(state, seat) == []
        _refused(state, seat, RollForStack(stack=0), t.NOT_YOUR_TURN)
    state, _ = play(state, RollForStack(stack=0))
    # The attacker throws their own attempt.
    assert knatsch.to_move(state) == {1}


def test_the_defender_moves_while_defending(knatsch):
    """Knatsch rulings (design note), Turn structure: "to_move = {the seat throwing now}
    during a defence or tournament (defender / tournament player)"."""
    state = _defending()
    assert knatsch.to_move(state) == {2}
    view = knatsch.view(state, 0)
    assert view["to_move"] == [2]
    assert view["current"] == 0
    assert view["attempt"]["roller"] == 2
    assert view["attempt"]["attacker"] == 0
    for seat in (0, 1):
        _refused(state, seat, Throw(keep=()), t.NOT_YOUR_THROW)
    state = begin(state)
    assert knatsch.to_move(state) == {2}
    state, _ = play(state, Stop(), 2)
    assert knatsch.to_move(state) == {1}


# -- refused moves ---------------------------------------------------------------------


def test_a_keep_must_be_dice_on_the_table_leaving_one_to_throw(knatsch):
    """seed, Würfeln: keep some dice and throw the others; Knatsch rulings (design
    note), Moves: keep is "a sub-multiset of the non-six dice on the table, not all of
    them"."""
    state = _rolling()
    assert state.attempt.table == (1, 2, 5, 5)
    for keep in ((5, 5, 5), (3,), (1, 2, 5, 5), (6,)):
        _refused(state, 0, Throw(keep=keep), t.BAD_KEEP)
    state, _ = play(state, Throw(keep=(1, 2, 5)))
    assert state.attempt is None or state.attempt.kept == (1, 2, 5)


def test_the_first_throw_of_a_defence_throws_every_die(knatsch):
    """seed, Würfeln: "Begonnen wird immer mit allen 6 Würfeln"."""
    state = _defending()
    _refused(state, 2, Throw(keep=(4,)), t.FIRST_THROW)


def test_stopping_needs_a_throw_first(knatsch):
    """Knatsch rulings (design note), Moves: the first throw of a defence is `throw`
    with `keep: []`."""
    _refused(_defending(), 2, Stop(), t.STOP_BEFORE_THROW)


def test_an_attacker_cannot_decline(knatsch):
    """Knatsch rulings (design note), Moves: decline is for "a defender ... / a
    tournament player"."""
    state = _rolling()
    assert Decline() not in knatsch.legal_moves(state, 0)
    _refused(state, 0, Decline(), t.DECLINE_ATTACKER)
    king, _ = play(make_state(owned={0: THREE}), RollForKing())
    _refused(king, 0, Decline(), t.DECLINE_ATTACKER)


def test_a_target_comes_before_any_throw(knatsch):
    """seed, SPIELVERLAUF: "Als erstes muss er ansagen, um welche Karte er würfeln
    wird"."""
    state = make_state()
    for move in (Throw(keep=()), Stop(), Decline(), Revenge(card=THREE[0], stack=0)):
        _refused(state, 0, move, t.NAME_TARGET)


def test_no_new_target_while_throwing(knatsch):
    """seed, SPIELVERLAUF: one card per attempt."""
    state = _rolling()
    for move in (RollForStack(stack=1), Attack(card="castle-eagle-1"), Pass()):
        _refused(state, 0, move, t.NOW_THROW)


def test_an_empty_stack_is_no_target(knatsch):
    """Knatsch rulings, End: "If both stacks are empty, only opponents' cards
    and the King remain as targets"."""
    state = make_state(stacks=(("castle-eagle-2",), ()), rest_to=(0,))
    assert RollForStack(stack=1) not in knatsch.legal_moves(state, 0)
    _refused(state, 0, RollForStack(stack=1), t.EMPTY_STACK)
    _refused(state, 0, PutUnder(stack=1), t.PUT_UNDER_SMALL)


def test_the_legal_moves_of_a_turn_start(knatsch):
    """Knatsch rulings, A turn: put under, a stack top, an opponent's card or
    the King (Knatsch rulings (design note), Moves)."""
    state = make_state(
        owned={0: THREE, 1: ("castle-stag-1", "castle-bear-1", "guard-1")},
        stacks=(("castle-griffin-1",), ("tournament-1",)),
    )
    assert knatsch.legal_moves(state, 0) == [
        PutUnder(stack=0),
        PutUnder(stack=1),
        RollForStack(stack=0),
        RollForStack(stack=1),
        Attack(card="castle-stag-1"),
        Attack(card="castle-bear-1"),
        Attack(card="guard-1"),
        RollForKing(),
    ]


def test_every_legal_move_is_accepted(knatsch):
    """STYLE.md B4: legal_moves lists only moves that apply accepts."""
    for state, seat in (
        (make_state(owned={0: THREE, 1: ("castle-stag-1", "castle-bear-1")}), 0),
        (_rolling(), 0),
        (_defending(), 2),
        (begin(_defending()), 2),
    ):
        for move in knatsch.legal_moves(state, seat):
            play(state, move, seat)


# -- apply is pure -------------------------------------------------------------------


def test_apply_never_changes_its_input(knatsch):
    """STYLE.md B4 3: "apply never mutates"; a refused move changes nothing either."""
    king, _ = play(make_state(owned={0: THREE}), RollForKing())
    revenge, _ = resolve(king, 1, 2)
    cases = [
        (make_state(), 0, PutUnder(stack=0)),
        (make_state(stacks=(("castle-eagle-2",), ())), 0, RollForStack(stack=0)),
        (_rolling(), 0, Throw(keep=(5, 5))),
        (_rolling(), 0, Stop()),
        (_defending(), 2, Decline()),
        (_defending(), 2, Throw(keep=())),
        (revenge, 0, Revenge(card=THREE[0], stack=0)),
        (_rolling(), 0, Throw(keep=(3,))),
        (_defending(), 0, Stop()),
    ]
    for state, seat, move in cases:
        before = state.to_json()
        try:
            after, _ = knatsch.apply(state, seat, move)
        except IllegalMove:
            after = None
        assert state.to_json() == before
        assert after is None or after.to_json() != before


def test_states_and_moves_survive_json(knatsch):
    """STYLE.md B4 2: "state_from_json(s.to_json()) == s"; Knatsch rulings (design
    note), Moves: a throw's keep may come in any order."""
    for state in (_rolling(), _defending(), begin(_defending())):
        assert knatsch.state_from_json(state.to_json()) == state
    assert knatsch.move_from_json({"kind": "throw", "keep": [5, 1, 5]}) == Throw(
        keep=(1, 5, 5)
    )
