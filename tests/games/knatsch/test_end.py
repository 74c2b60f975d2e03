"""Knatsch: the King, the three ways to win and the turn limit.

Sources: seed, SPIELENDE; Knatsch rulings, End and Turn limit; Knatsch rulings
(design note), Rulings.
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove, Outcome
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
from games.rules.knatsch.turn_end import progress, turn_limit

from .conftest import begin, kinds, make_state, play, resolve

# The turn limit of the 2-seat matches make_state builds by default.
TURN_LIMIT_2 = turn_limit(2)
THREE = ("castle-lion-1", "castle-eagle-2", "castle-dragon-2")


def _over(knatsch, state, winner, reason):
    """Assert that the match is over and won by `winner` for `reason`."""
    assert state.phase == "over"
    assert state.winner == winner
    assert state.end_reason == reason
    assert state.current is None
    ranks = tuple(1 if s == winner else 2 for s in range(state.seats))
    assert knatsch.outcome(state) == Outcome(ranks=ranks, reason=reason)
    assert knatsch.to_move(state) == frozenset()
    for seat in range(state.seats):
        assert knatsch.legal_moves(state, seat) == []


# -- the King --------------------------------------------------------------------


def _king(**kwargs):
    """Seat 0 had three castles at the start of its turn and rolls for the King."""
    kwargs.setdefault("owned", {0: THREE})
    state, events = play(make_state(**kwargs), RollForKing())
    assert events[0].data == {"seat": 0, "card": "king", "beat": [3, 5, 4]}
    assert state.attempt.target == "king"
    assert state.attempt.beat == (3, 5, 4)
    return state


def test_overthrowing_the_king_wins(knatsch):
    """seed, SPIELENDE 2: "Hat man zu Beginn seines Zuges die drei Burgen und
    übertrifft dann [the King] hat man den König gestürzt und gewonnen"."""
    state, events = resolve(_king(), 5, 5, 5, 5)
    assert kinds(events) == ["king_overthrown", "won"]
    _over(knatsch, state, 0, "king")


def test_three_fives_and_a_four_do_not_overthrow_the_king(knatsch):
    """seed, Karte erbeutet?: only a greater result wins; the King is (3, 5, 4)."""
    state, events = resolve(_king(), 5, 5, 5, 4, 1)
    assert kinds(events) == ["king_revenge"]
    assert state.phase == "revenge"


def test_a_failed_attempt_on_the_king_costs_a_castle_of_ones_choice(knatsch):
    """seed, SPIELENDE 2: "Schafft man es jedoch nicht, bekommt man die Rache
    des Königs zu spüren: Man verliert eine Burg nach eigener Wahl. Sie kommt
    unter einen beliebigen Stapel"."""
    state, _ = resolve(_king(), 4, 4, 4, 5)
    assert state.phase == "revenge"
    assert state.current == 0
    assert knatsch.to_move(state) == {0}
    assert knatsch.legal_moves(state, 0) == [
        Revenge(card=card, stack=stack) for card in THREE for stack in (0, 1)
    ]
    size = len(state.stacks[1])
    state, events = play(state, Revenge(card="castle-eagle-2", stack=1))
    assert kinds(events) == ["revenge"]
    assert state.owned[0] == ("castle-lion-1", "castle-dragon-2")
    assert state.stacks[1][-1] == "castle-eagle-2"
    assert len(state.stacks[1]) == size + 1
    assert state.current == 1
    assert state.phase == "target"


def test_the_kings_revenge_may_choose_an_empty_stack(knatsch):
    """seed, SPIELENDE 2: "unter einen beliebigen Stapel"; Knatsch rulings (design
    note), Rulings: "either stack, even an empty one"."""
    state, _ = resolve(_king(rest_to=(0,)), 1, 2)
    assert state.stacks[1] == ()
    assert Revenge(card="castle-lion-1", stack=1) in knatsch.legal_moves(state, 0)
    state, _ = play(state, Revenge(card="castle-lion-1", stack=1))
    assert state.stacks[1] == ("castle-lion-1",)


def test_the_kings_revenge_takes_only_ones_own_castle(knatsch):
    """seed, SPIELENDE 2: "Man verliert eine Burg"; nothing else can be done."""
    state, _ = resolve(_king(), 1, 2)
    for move, message in (
        (Revenge(card="castle-eagle-1", stack=0), t.NOT_YOUR_CASTLE),
        (Pass(), t.NOW_REVENGE),
        (PutUnder(stack=0), t.NOW_REVENGE),
    ):
        with pytest.raises(IllegalMove) as error:
            play(state, move, 0)
        assert error.value.message == message
    with pytest.raises(IllegalMove) as error:
        play(state, Revenge(card="castle-eagle-1", stack=0), 1)
    assert error.value.message == t.NOT_YOUR_TURN


def test_the_king_needs_three_castles_at_the_start_of_the_turn(knatsch):
    """seed, SPIELENDE 2: "Hat man zu Beginn seines Zuges die drei Burgen"."""
    # Two castles: no King.
    state = make_state(owned={0: THREE[:2]})
    assert RollForKing() not in knatsch.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        play(state, RollForKing())
    assert error.value.message == t.KING_NOT_READY
    assert not knatsch.view(state, 0)["king"]["target"]
    # Three castles, but not at the start of the turn.
    state = make_state(owned={0: THREE}, king_ready=False)
    assert RollForKing() not in knatsch.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        play(state, RollForKing())
    assert error.value.message == t.KING_NOT_READY
    state = make_state(owned={0: THREE})
    assert RollForKing() in knatsch.legal_moves(state, 0)
    assert knatsch.view(state, 0)["king"]["target"]


def test_a_third_castle_makes_the_king_a_target_from_the_next_turn_on(knatsch):
    """seed, SPIELENDE 2: three castles "zu Beginn seines Zuges"."""
    state = make_state(owned={0: THREE[:2]}, stacks=((THREE[2],), ()))
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 5, 5, 5)
    assert state.owned[0] == THREE
    # Three castles are no win; the turn passes.
    assert state.current == 1
    assert not state.king_ready
    state, _ = play(state, Attack(card="castle-lion-1"))
    state, _ = resolve(state, 1, 2)
    assert state.current == 0
    assert state.king_ready
    assert RollForKing() in knatsch.legal_moves(state, 0)


def test_the_king_stays_a_target_in_another_attempt_of_the_turn(knatsch):
    """seed, Nochmal dran? and SPIELENDE 2; Knatsch rulings (design note), Rulings:
    "also in a chained attempt of that turn"."""
    state = make_state(owned={0: THREE}, stacks=(("catapult-3",), ()))
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 4, 4, 4)
    assert kinds(events) == ["captured", "extra_attempt"]
    assert RollForKing() in knatsch.legal_moves(state, 0)
    state, events = play(state, RollForKing())
    # The catapult just captured adds its throw.
    assert state.attempt.max_throws == 4


def test_three_castles_at_the_start_of_another_seats_turn_do_not_help(knatsch):
    """seed, SPIELENDE 2: the King is rolled for in one's own turn."""
    state = make_state(owned={1: ("castle-eagle-1", "castle-bear-1", "castle-stag-1")})
    assert RollForKing() not in knatsch.legal_moves(state, 0)
    assert knatsch.legal_moves(state, 1) == []


def test_with_only_the_king_left_the_player_may_roll_for_him_or_end_the_turn(knatsch):
    """Knatsch rulings, King: the King is an offer, not a duty (seed, SPIELENDE 2:
    failing him costs a castle), so with the King as the only target the
    player may end the turn instead."""
    state = make_state(
        owned={0: THREE},
        stacks=(("castle-lion-2",), ("castle-eagle-3",)),
        put_under_used=True,
    )
    assert knatsch.legal_moves(state, 0) == [RollForKing(), Pass()]
    state, events = play(state, Pass())
    assert state.current == 1
    assert events[0].data == {"seat": 0, "forced": False}
    assert (
        str(knatsch.describe_event(events[0]))
        == "Player 1 ends the turn without rolling."
    )


def test_a_player_with_a_card_to_roll_for_cannot_end_the_turn(knatsch):
    """Knatsch rulings, End: passing is for a player without a possible target."""
    state = make_state(
        owned={0: THREE[:2]}, stacks=(("castle-bear-1",), ()), put_under_used=True
    )
    assert Pass() not in knatsch.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        play(state, Pass())
    assert error.value.message == t.CANNOT_PASS


# -- four castles ------------------------------------------------------------------


def test_a_fourth_castle_from_a_stack_wins(knatsch):
    """seed, SPIELENDE 1: "Man besitzt vier verschiedene Burgen"."""
    state = make_state(owned={0: THREE}, stacks=(("castle-stag-1",), ()))
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 5, 5, 5, 4)
    assert kinds(events) == ["captured", "won"]
    assert events[-1].data == {"seat": 0, "reason": "four_castles"}
    _over(knatsch, state, 0, "four_castles")


def test_a_fourth_castle_taken_after_a_failed_defence_wins(knatsch):
    """seed, SPIELENDE 1 and Vom Stapel oder Spieler?: the attacker gets the castle when
    the defence fails, and wins at once (Knatsch rulings (design note), Rulings: also on
    another seat's move)."""
    state = make_state(
        seats=3, owned={0: THREE, 2: ("castle-griffin-1", "castle-bear-1")}
    )
    state, _ = play(state, Attack(card="castle-griffin-1"))
    state, _ = resolve(state, 4, 4, 4, 1)
    state = begin(state)
    state, events = resolve(state, 3, 3, 3)
    assert kinds(events) == ["defence_failed", "castle_taken", "won"]
    assert state.owned[0] == (*THREE, "castle-griffin-1")
    _over(knatsch, state, 0, "four_castles")


def test_a_fourth_castle_taken_after_a_declined_defence_wins(knatsch):
    """seed, SPIELENDE 1; Knatsch rulings, Asynchronous play."""
    state = make_state(
        seats=3, owned={0: THREE, 2: ("castle-griffin-1", "castle-bear-1")}
    )
    state, _ = play(state, Attack(card="castle-griffin-1"))
    state, _ = resolve(state, 4, 4, 4, 1)
    state, _ = play(state, Decline(), 2)
    _over(knatsch, state, 0, "four_castles")


def test_three_castles_alone_do_not_win(knatsch):
    """seed, SPIELENDE: three castles win only with the King."""
    state = make_state(owned={0: THREE[:2]}, stacks=((THREE[2],), ()))
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 5, 5, 5)
    assert state.phase == "target"
    assert knatsch.outcome(state) is None


# -- two castles and three tournaments ------------------------------------------------


def test_a_third_tournament_with_two_castles_wins(knatsch):
    """seed, SPIELENDE 3: "Oder man besitzt zwei verschiedene Burgen und drei
    Turnierkarten"."""
    state = make_state(
        owned={0: (*THREE[:2], "tournament-1", "tournament-2")},
        stacks=(("tournament-3",), ()),
    )
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 2, 2)
    state, events = play(state, Decline(), 1)
    assert kinds(events) == ["declined_tournament", "tournament_won", "won"]
    _over(knatsch, state, 0, "tournaments")


def test_a_guest_who_wins_a_third_tournament_wins_the_game(knatsch):
    """seed, SPIELENDE 3; Knatsch rulings (design note), Rulings: "Win at once, also
    outside one's turn (a tournament won as guest ...)"."""
    state = make_state(
        seats=3,
        owned={1: ("castle-eagle-1", "castle-bear-1", "tournament-1", "tournament-2")},
        stacks=(("tournament-3",), ()),
    )
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 2, 2, 1)
    state, _ = resolve(begin(state), 3, 3, 3)
    assert state.tournament.leader == 1
    assert knatsch.outcome(state) is None
    state, events = resolve(begin(state), 1, 2)
    assert kinds(events) == ["tournament_result", "tournament_won", "won"]
    assert state.owned[1][-1] == "tournament-3"
    _over(knatsch, state, 1, "tournaments")


def test_a_second_castle_with_three_tournaments_wins(knatsch):
    """seed, SPIELENDE 3: two castles and three tournaments, in any order."""
    owned = ("castle-lion-1", "tournament-1", "tournament-2", "tournament-3")
    state = make_state(owned={0: owned}, stacks=(("castle-eagle-2",), ()))
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 5, 5, 5)
    _over(knatsch, state, 0, "tournaments")


def test_two_castles_and_two_tournaments_do_not_win(knatsch):
    """seed, SPIELENDE 3: three tournaments are needed."""
    state = make_state(
        owned={0: (*THREE[:2], "tournament-1")}, stacks=(("tournament-3",), ())
    )
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 2, 2)
    state, _ = play(state, Decline(), 1)
    assert state.owned[0][-1] == "tournament-3"
    assert knatsch.outcome(state) is None
    assert state.current == 1


def test_no_move_is_accepted_once_the_game_is_over(knatsch):
    """seed, SPIELENDE: the winner ends the game."""
    state, _ = resolve(_king(), 5, 5, 5, 5)
    for seat in (0, 1):
        for move in (Pass(), Throw(keep=()), Stop(), RollForStack(stack=0)):
            with pytest.raises(IllegalMove) as error:
                play(state, move, seat)
            assert error.value.message == t.GAME_OVER


# -- the turn limit -----------------------------------------------------------------


def _last_turn(**kwargs):
    """Seat 0 fails a stack card in the last turn the limit allows."""
    limit = turn_limit(kwargs.get("seats", 2))
    state = make_state(stacks=(("castle-stag-2",), ()), turn=limit, **kwargs)
    state, _ = play(state, RollForStack(stack=0))
    return resolve(state, 1, 2)


def test_the_limit_is_forty_rounds(knatsch):
    """Knatsch rulings, Turn limit: 40 turns per seat."""
    assert [turn_limit(seats) for seats in range(2, 7)] == [80, 120, 160, 200, 240]
    assert knatsch.view(make_state(seats=3), 0)["turn_limit"] == 120


def test_the_game_ends_after_the_last_turn_of_the_limit(knatsch):
    """Knatsch rulings, Turn limit: at the limit the seat closest to a win wins."""
    state, events = _last_turn(seats=3, owned={1: ("castle-eagle-1", "castle-bear-1")})
    assert events[-1].kind == "turn_limit"
    assert events[-1].data == {"seat": 1}
    _over(knatsch, state, 1, "turn_limit")


def test_the_game_goes_on_before_the_limit(knatsch):
    """Knatsch rulings, Turn limit: only the last turn ends the game."""
    state = make_state(stacks=(("castle-stag-2",), ()), turn=TURN_LIMIT_2 - 1)
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 1, 2)
    assert state.phase == "target"
    assert state.turn == TURN_LIMIT_2
    assert state.current == 1


def test_a_win_in_the_last_turn_is_a_win(knatsch):
    """seed, SPIELENDE: a win ends the game at once, before the limit does."""
    state = make_state(
        owned={0: THREE}, stacks=(("castle-stag-1",), ()), turn=TURN_LIMIT_2
    )
    state, _ = play(state, RollForStack(stack=0))
    state, _ = resolve(state, 5, 5, 5, 4)
    _over(knatsch, state, 0, "four_castles")


def test_a_pass_can_end_the_game_at_the_limit(knatsch):
    """Knatsch rulings, Turn limit: every turn counts, a passed one too."""
    state = make_state(
        stacks=(("castle-lion-2",), ("castle-lion-3",)),
        turn=TURN_LIMIT_2,
        put_under_used=True,
    )
    state, _ = play(state, Pass())
    # Both seats hold one castle: the start seat wins the tie.
    _over(knatsch, state, 0, "turn_limit")


def test_closeness_to_a_win_counts_the_steps_still_missing(knatsch):
    """Knatsch rulings, Turn limit: the seat closest to a win wins; one castle
    and three tournaments (a castle missing) are closer than two castles (a
    castle and the King, or two castles, missing)."""
    state = make_state(
        seats=3,
        owned={
            0: ("castle-lion-1",),
            1: ("castle-eagle-1", "castle-bear-1"),
            2: ("castle-griffin-1", "tournament-1", "tournament-2", "tournament-3"),
        },
    )
    assert progress(state, 0) == (-3, 1, 0)
    assert progress(state, 1) == (-2, 2, 0)
    assert progress(state, 2) == (-1, 1, 3)
    state, _ = _last_turn(seats=3, owned=dict(enumerate(state.owned)))
    _over(knatsch, state, 2, "turn_limit")


def test_three_castles_are_one_step_from_a_win(knatsch):
    """Knatsch rulings, Turn limit: three castles miss one castle or the King."""
    state = make_state(owned={0: THREE, 1: ("castle-stag-1", "tournament-1")})
    assert progress(state, 0) == (-1, 3, 0)
    assert progress(state, 1) == (-3, 1, 1)


@pytest.mark.parametrize(("start", "winner"), [(0, 0), (1, 2), (2, 2)])
def test_a_tie_at_the_limit_goes_to_the_seat_earliest_from_the_start_seat(
    knatsch, start, winner
):
    """Knatsch rulings, Turn limit: ties go to the seat that moves earliest
    from the start seat. Seats 0 and 2 tie ahead of seat 1."""
    owned = {
        0: ("castle-lion-1", "castle-eagle-2"),
        1: ("castle-eagle-1",),
        2: ("castle-griffin-1", "castle-bear-1"),
    }
    state, _ = _last_turn(seats=3, owned=owned, start=start)
    _over(knatsch, state, winner, "turn_limit")
