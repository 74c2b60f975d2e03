"""Rat um Rad: passing, the final round, the end, scoring and ranks.

Rat um Rad seed, "Ende des Spiels und gewinnende Spielperson"; Rat um Rad
rulings, A turn and End.
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.rat_um_rad import RULES, Build, Pass, TakeDeck, TakeDisplay
from games.rules.rat_um_rad import texts as t
from games.rules.rat_um_rad.cards import COLOURS
from games.rules.rat_um_rad.scoring import bonuses, ranks
from games.rules.structs import replace

from .conftest import BASEL, kinds, make_state, play

ORANGE_1 = "Bibliothek-to-Deutsch"  # length 1, orange
BLUE_2 = "Pharmazentrum-to-Biozentrum"  # length 2, blue
PINK_1 = "Deutsch-to-Theologie"  # length 1, pink


def _stuck(seats=2, **fields):
    """A state where no seat can act: seat 1 holds 89 cards, 1 is face up, no short cards."""
    hand = [c for c in (*COLOURS, "joker") for _ in range(10)]
    hand.remove("red")
    return make_state(
        seats=seats,
        hands={1: hand},
        display=("red",),
        deck=[],
        discard=[],
        short_deck=(),
        **fields,
    )


def test_pass_only_without_an_action():
    """Rat um Rad rulings, A turn: "A player with no available action passes"."""
    state = make_state()
    assert Pass() not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        play(state, Pass())
    assert error.value.message == t.CANNOT_PASS
    stuck = _stuck()
    assert RULES.legal_moves(stuck, 0) == [Pass()]
    after, events = play(stuck, Pass())
    assert kinds(events) == ["passed"]
    assert after.current == 1


def test_a_full_round_without_actions_ends_the_game():
    """Rat um Rad rulings, End: "the game ends at once when a full round passes in
    which no player had an available action"."""
    state = _stuck(seats=3, wheels=(0, 0, 0))
    for _ in range(2):
        state, _ = play(state, Pass())
        assert state.phase == "turn"
    state, events = play(state, Pass())
    assert state.phase == "over"
    assert state.end_reason == "no_action"
    assert kinds(events)[-1] == "over_no_action"
    assert RULES.outcome(state) is not None


def test_final_round_includes_the_trigger_player_in_turn_order():
    """Rat um Rad seed, Ende des Spiels: "Sobald eine Spielperson nur noch zwei
    oder weniger Räder übrig hat, beginnt die letzte Spielrunde, in der alle
    Spielpersonen noch genau eine Aktion ausführen dürfen"; Rat um Rad rulings,
    End: the trigger player included, in turn order."""
    state = make_state(seats=3, current=1, hands={1: ["orange"]}, wheels=(30, 3, 30))
    state, events = play(state, Build(road=ORANGE_1, colour="orange", jokers=0))
    assert state.wheels[1] == 2
    assert "final_round_wheels" in kinds(events)
    assert state.final is not None
    assert state.final.trigger == 1
    assert state.final.left == (2, 0, 1)
    order = []
    while state.phase != "over":
        seat = state.current
        order.append(seat)
        state, events = play(state, TakeDeck())
        state, events = play(state, TakeDeck())
    assert order == [2, 0, 1]
    assert state.end_reason == "final_round"
    assert kinds(events)[-1] == "over_final_round"


def test_final_round_starts_once():
    """Rat um Rad rulings, End: later players with 2 wheels or fewer start nothing new."""
    state = make_state(seats=2, hands={0: ["orange"], 1: ["pink"]}, wheels=(3, 3))
    state, _ = play(state, Build(road=ORANGE_1, colour="orange", jokers=0))
    state, events = play(state, Build(road=PINK_1, colour="pink", jokers=0))
    assert "final_round_wheels" not in kinds(events)
    assert state.final is not None
    assert state.final.left == (0,)


@pytest.mark.parametrize("seats", [4, 5])
def test_four_or_five_players_end_when_no_road_can_be_built(seats):
    """Rat um Rad rulings, End: "with 4-5 players ... the final round also starts
    when no unbuilt road is left that any player could still build with their
    wheels"."""
    others = [(r.id, 1) for r in BASEL.roads if r.id not in (ORANGE_1,)]
    state = make_state(
        seats=seats, hands={0: ["orange"]}, built=others, wheels=(10,) * seats
    )
    state, events = play(state, Build(road=ORANGE_1, colour="orange", jokers=0))
    assert "final_round_roads" in kinds(events)
    assert state.final is not None
    assert state.final.reason == "roads"
    assert state.final.left[-1] == 0


def test_two_players_do_not_use_the_road_trigger():
    """Rat um Rad rulings, End: the extra trigger is for 4-5 players."""
    others = [(r.id, 1) for r in BASEL.roads if r.id not in (ORANGE_1,)]
    state = make_state(hands={0: ["orange"]}, built=others, wheels=(10, 10))
    state, events = play(state, Build(road=ORANGE_1, colour="orange", jokers=0))
    assert state.final is None


def _over(**fields):
    state = make_state(**fields)
    return replace(state, phase="over", current=None, end_reason="final_round")


def test_scoring_adds_completed_and_subtracts_failed_destinations():
    """Rat um Rad seed, Ende des Spiels: score track + completed destination
    points - points of the others + 10 for the longest path."""
    built = [
        ("Pharmazentrum-to-Bibliothek", 0),
        ("Bibliothek-to-Deutsch", 0),
        ("Deutsch-to-Theologie", 0),
        ("Biozentrum-to-DMI-1", 1),
    ]
    state = _over(
        built=built,
        track=(9, 2),
        destinations={
            0: ["FromBibliothekToTheologie", "FromPhilosophieToPharmazentrum"],
            1: ["FromPharmazentrumToDMI"],
        },
    )
    outcome = RULES.outcome(state)
    results = RULES.view(state, None)["results"]
    # seat 0: 9 + 2 - 5 + 10 (longest: 3 + 1 + 1 = 5); seat 1: 2 - 4
    assert results[0]["destination_points"] == -3
    assert results[0]["longest"] == 5
    assert results[0]["bonus"] == 10
    assert results[0]["total"] == 16
    assert results[1]["total"] == -2
    assert [c["id"] for c in results[0]["completed"]] == ["FromBibliothekToTheologie"]
    assert [c["id"] for c in results[0]["failed"]] == ["FromPhilosophieToPharmazentrum"]
    assert outcome.ranks == (1, 2)
    assert outcome.scores == (16, -2)


def test_longest_trail_bonus_is_shared_on_ties():
    """Rat um Rad seed, Ende des Spiels: "Sollte hier ein Gleichstand ...
    herrschen, erhalten alle daran beteiligten Personen jeweils 10 Punkte"."""
    state = _over(
        seats=3,
        built=[(ORANGE_1, 0), (PINK_1, 1), ("DMI-to-Biologie", 2), (BLUE_2, 2)],
    )
    results = RULES.view(state, 0)["results"]
    assert [r["bonus"] for r in results] == [0, 0, 10]
    assert bonuses([3, 3, 1]) == [10, 10, 0]


def test_no_bonus_when_nobody_built():
    """Rat um Rad rulings (edition), Scoring: longest trail: no bonus for a trail of 0."""
    assert bonuses([0, 0]) == [0, 0]
    state = _over()
    assert [r["bonus"] for r in RULES.view(state, 0)["results"]] == [0, 0]
    assert RULES.outcome(state).ranks == (1, 1)


def test_ranks_share_ties():
    """Rat um Rad rulings, End: "Most points wins; ties share the win"."""
    assert ranks([10, 12, 10, 3]) == (2, 1, 2, 4)
    assert ranks([5, 5]) == (1, 1)


def test_face_up_pick_refused_when_missing():
    """Rat um Rad seed, Neue Radkarten aufnehmen: only a face-up card can be taken."""
    with pytest.raises(IllegalMove) as error:
        play(make_state(), TakeDisplay(colour="joker"))
    assert error.value.message == t.NOT_ON_DISPLAY


def test_no_moves_once_over():
    """Rat um Rad seed, Ende des Spiels: nothing happens after the end."""
    state = _over()
    assert RULES.to_move(state) == frozenset()
    with pytest.raises(IllegalMove) as error:
        RULES.apply(state, 0, TakeDeck())
    assert error.value.message == t.GAME_OVER
