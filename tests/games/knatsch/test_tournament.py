"""Knatsch: tournaments.

Sources: seed, Vom Stapel oder Spieler? (Turnierkarte vom Stapel); Knatsch
rulings, A turn 3; Knatsch rulings (design note), Rulings: Tournament.
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.knatsch import texts as t
from games.rules.knatsch.moves import Decline, RollForStack, Stop, Throw

from .conftest import begin, kinds, make_state, play, resolve

CARD = "tournament-1"


def _hosting(seats=4, current=0, **kwargs):
    """`current` has named the tournament on top of stack 0 and thrown once."""
    state = make_state(seats=seats, current=current, stacks=((CARD,), ()), **kwargs)
    state, events = play(state, RollForStack(stack=0))
    assert kinds(events) == ["host", "thrown"]
    return state


def test_a_tournament_from_a_stack_is_hosted_by_the_player(knatsch):
    """seed, Vom Stapel oder Spieler?: "Bei einer Turnierkarte vom Stapel ist
    man automatisch Ausrichter des Turniers ... Er beginnt"."""
    state = _hosting()
    assert state.attempt.role == "host"
    assert state.attempt.roller == 0
    assert state.attempt.beat == (0, 0, 0)
    assert state.tournament.host == 0
    assert state.tournament.order == (1, 2, 3)
    assert knatsch.to_move(state) == {0}


def test_the_other_players_follow_the_host_in_turn_order(knatsch):
    """seed, Vom Stapel oder Spieler?: "Nun folgen reihum die anderen Spieler"."""
    state = _hosting(current=2)
    assert state.tournament.order == (3, 0, 1)
    state, _ = resolve(state, 1, 2)
    assert knatsch.to_move(state) == {3}
    state, _ = play(state, Decline(), 3)
    assert knatsch.to_move(state) == {0}
    state, _ = play(state, Decline(), 0)
    assert knatsch.to_move(state) == {1}
    state, _ = play(state, Decline(), 1)
    assert state.current == 3
    assert CARD in state.owned[2]


def test_the_player_who_beats_the_best_result_so_far_takes_the_tournament(knatsch):
    """seed, Vom Stapel oder Spieler?: each player "muss das beste Ergebnis
    seiner Vorgänger im Turnier übertreffen. Wenn alle gewürfelt haben, steht
    der Gewinner des Turniers fest. Er darf sich die Turnierkarte nehmen".
    Four players: the third beats the host, the fourth only equals the third."""
    state = _hosting()
    size = len(state.stacks[0])
    state, events = resolve(state, 3, 3, 3, 1)
    assert kinds(events) == ["tournament_lead", "joust"]
    # The second player throws now, against the host's result.
    assert knatsch.to_move(state) == {1}
    assert state.current == 0
    assert state.attempt.role == "joust"
    assert state.attempt.beat == (3, 3, 1)
    assert knatsch.legal_moves(state, 1) == [Throw(keep=()), Decline()]
    assert knatsch.legal_moves(state, 0) == []
    state, events = resolve(begin(state), 2, 2, 2, 5)
    assert kinds(events) == ["tournament_result", "joust"]
    assert state.tournament.leader == 0
    # The third player beats the host.
    assert knatsch.to_move(state) == {2}
    assert state.attempt.beat == (3, 3, 1)
    state, events = resolve(begin(state), 4, 4, 4, 1)
    assert kinds(events) == ["tournament_lead", "joust"]
    assert state.tournament.leader == 2
    # The fourth must beat the third: equal is not enough.
    assert knatsch.to_move(state) == {3}
    assert state.attempt.beat == (3, 4, 1)
    state, events = resolve(begin(state), 4, 4, 4, 1)
    assert kinds(events) == ["tournament_result", "tournament_won"]
    assert events[-1].data == {"seat": 2, "card": CARD}
    assert state.owned[2] == ("castle-dragon-1", CARD)
    assert state.owned[0] == ("castle-lion-1",)
    assert CARD not in state.stacks[0]
    assert len(state.stacks[0]) == size - 1
    # The host's turn is over.
    assert state.current == 1
    assert state.tournament is None
    assert state.attempt is None


def test_the_host_takes_the_tournament_when_nobody_beats_him(knatsch):
    """Knatsch rulings, A turn 3: "if nobody beats the host, the host takes
    it"; Knatsch rulings (design note): even without a triple."""
    state = _hosting()
    state, _ = resolve(state, 5, 5, 1)
    assert state.tournament.best == (2, 5, 1)
    state, events = play(state, Decline(), 1)
    assert kinds(events) == ["declined_tournament", "joust"]
    state, _ = resolve(begin(state), 4, 4, 3, 2, 1)
    assert state.tournament.results == ((0, (2, 5, 1)), (1, None), (2, (2, 4, 3)))
    assert state.tournament.leader == 0
    # Equal to the host is not enough.
    state, events = resolve(begin(state), 5, 5, 1)
    assert kinds(events) == ["tournament_result", "tournament_won"]
    assert state.last.roller == 3
    assert not state.last.success
    assert state.owned[0] == ("castle-lion-1", CARD)
    assert state.current == 1


def test_a_host_with_nothing_still_leads_and_the_last_attempt_says_so(knatsch):
    """Knatsch rulings (design note), Rulings: Tournament: the leader at the end
    takes the card "even without a triple"; state.Last: `success` is, for a
    tournament host, whether they lead afterwards."""
    state, events = resolve(_hosting())  # every die a six
    assert kinds(events) == ["tournament_lead", "joust"]
    assert state.tournament.leader == 0
    assert state.last.result == (0, 0, 0)
    assert state.last.success
    assert knatsch.view(state, 0)["last"]["success"]


def test_the_tournament_results_record_who_passed(knatsch):
    """Knatsch rulings (design note), Rulings: "A tournament player may pass (decline)
    before throwing"."""
    state = _hosting(seats=3)
    state, _ = resolve(state, 2, 2, 2)
    state, _ = play(state, Decline(), 1)
    assert state.tournament.results == ((0, (3, 2, 0)), (1, None))
    assert state.tournament.order == ()
    assert knatsch.to_move(state) == {2}


def test_a_guest_with_a_pair_beats_a_host_with_nothing(knatsch):
    """Knatsch rulings (design note), Rulings: the leader at the end takes the
    tournament card, even without a triple (the tournament card has no combination)."""
    state = _hosting(seats=2)
    state, _ = resolve(state, 1, 2, 3)
    state, events = resolve(begin(state), 2, 2, 1)
    assert kinds(events) == ["tournament_lead", "tournament_won"]
    assert CARD in state.owned[1]
    assert state.current == 1


def test_the_host_cannot_decline(knatsch):
    """seed, Vom Stapel oder Spieler?: the host "beginnt"; only a defender or
    a tournament guest may decline (Knatsch rulings (design note), Moves)."""
    state = _hosting()
    with pytest.raises(IllegalMove) as error:
        play(state, Decline(), 0)
    assert error.value.message == t.DECLINE_ATTACKER


def test_a_guest_cannot_decline_after_throwing(knatsch):
    """Knatsch rulings (design note), Moves: decline "before their first throw"."""
    state, _ = resolve(_hosting(), 1, 2)
    state = begin(state)
    with pytest.raises(IllegalMove) as error:
        play(state, Decline(), 1)
    assert error.value.message == t.DECLINE_TOO_LATE


def test_only_the_guest_throwing_now_may_move(knatsch):
    """Knatsch rulings (design note), Turn structure: to_move is the tournament player
    while they throw."""
    state, _ = resolve(_hosting(), 1, 2)
    for seat in (0, 2, 3):
        assert knatsch.legal_moves(state, seat) == []
        with pytest.raises(IllegalMove) as error:
            play(state, Throw(keep=()), seat)
        assert error.value.message == t.NOT_YOUR_THROW
    with pytest.raises(IllegalMove) as error:
        play(state, Stop(), 1)
    assert error.value.message == t.STOP_BEFORE_THROW
