"""Rat um Rad: taking wheel cards (two picks, jokers, the display, the deck).

Rat um Rad seed, "1. Neue Radkarten aufnehmen"; Rat um Rad rulings, A turn.
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.rat_um_rad import RULES, Pass, TakeDeck, TakeDisplay
from games.rules.rat_um_rad import texts as t
from games.rules.rat_um_rad.cards import COLOURS, Cards
from games.rules.rng import Rng

from .conftest import kinds, make_state, play


def test_two_picks_then_the_turn_passes():
    """Rat um Rad seed, Neue Radkarten aufnehmen: "Diese Kartenwahl wiederholt
    die Spielperson noch einmal"; a face-up pick is replaced from the deck."""
    state = make_state(deck=["pink", "black"] + ["white"] * 10)
    state, _ = play(state, TakeDisplay(colour="blue"))
    assert state.current == 0
    assert state.picks == 1
    assert state.display == ("red", "pink", "orange", "green", "yellow")
    state, _ = play(state, TakeDeck())
    assert state.hands[0] == ("blue", "black")
    assert state.current == 1
    assert state.picks == 0


def test_face_up_joker_only_as_first_pick_and_ends_the_action():
    """Rat um Rad seed, Neue Radkarten aufnehmen: "Entscheidet sich die
    Spielperson für eine Joker-Radkarte von der Auslage, darf sie keine
    zweite Karte ziehen"."""
    state = make_state(display=("joker", "red", "blue", "green", "pink"))
    after, _ = play(state, TakeDisplay(colour="joker"))
    assert after.hands[0] == ("joker",)
    assert after.current == 1
    first, _ = play(state, TakeDisplay(colour="red"))
    assert TakeDisplay(colour="joker") not in RULES.legal_moves(first, 0)
    with pytest.raises(IllegalMove) as error:
        play(first, TakeDisplay(colour="joker"))
    assert error.value.message == t.JOKER_FIRST_ONLY


def test_joker_from_the_deck_is_an_ordinary_pick():
    """Rat um Rad seed, Neue Radkarten aufnehmen: the exception is for a face-up joker only."""
    state = make_state(deck=["joker"] + ["white"] * 10)
    state, _ = play(state, TakeDeck())
    assert state.picks == 1
    assert state.current == 0


def test_replacement_joker_cannot_be_the_second_pick():
    """Rat um Rad seed, Neue Radkarten aufnehmen: "wird diese durch eine
    Joker-Radkarte ersetzt, darf sie diese nicht nehmen, aber andere schon"."""
    state = make_state(deck=["joker"] + ["white"] * 10)
    state, _ = play(state, TakeDisplay(colour="red"))
    assert state.display[0] == "joker"
    legal = RULES.legal_moves(state, 0)
    assert TakeDisplay(colour="joker") not in legal
    assert TakeDisplay(colour="blue") in legal
    assert TakeDeck() in legal


def test_three_face_up_jokers_reset_the_display():
    """Rat um Rad seed, Neue Radkarten aufnehmen: "Sollten drei der fünf
    ausgelegten Karten Joker-Radkarten sein, werden alle fünf Karten auf den
    Ablagestapel gelegt und fünf neue als Ersatz aufgedeckt"."""
    state = make_state(
        display=("joker", "joker", "red", "blue", "green"),
        deck=["joker", "pink", "black", "white", "orange", "yellow", "red"]
        + ["red"] * 5,
    )
    state, events = play(state, TakeDisplay(colour="red"))
    assert "display_reset" in kinds(events)
    assert state.display == ("pink", "black", "white", "orange", "yellow")
    assert sorted(state.discard[-5:]) == sorted(
        ("joker", "joker", "joker", "blue", "green")
    )


def test_display_reset_repeats():
    """Rat um Rad rulings, A turn: "repeat while it happens and cards remain"."""
    deck = ["joker"] * 4 + ["pink", "black"] + ["joker"] * 3 + ["white", "orange"]
    deck += ["pink", "black", "white", "orange", "yellow"]
    state = make_state(display=("red", "joker", "joker", "blue", "green"), deck=deck)
    state, events = play(state, TakeDisplay(colour="red"))
    assert kinds(events).count("display_reset") == 3
    assert state.display == ("pink", "black", "white", "orange", "yellow")


def test_display_reset_stops_after_three_in_a_row():
    """Rat um Rad rulings (edition), A turn: three face-up jokers: at most 3
    resets in a row."""
    cards = Cards(deck=["joker"] * 30, discard=[], display=[], rng=Rng(seed=1))
    cards.settle()
    assert [e.kind for e in cards.events] == ["display_reset"] * 3
    assert cards.display == ["joker"] * 5


def test_display_reset_needs_five_cards_to_lay_out():
    """Rat um Rad rulings (edition), A turn: three face-up jokers: no reset
    when the deck and discard pile hold fewer than 5 cards."""
    hand = [c for c in COLOURS for _ in range(10)]
    hand.remove("red")
    hand.remove("blue")
    hand.remove("green")
    state = make_state(
        hands={1: hand + ["joker"] * 7},
        display=("red", "joker", "joker", "blue", "green"),
        deck=["joker"],
        discard=[],
    )
    state, events = play(state, TakeDisplay(colour="red"))
    assert "display_reset" not in kinds(events)
    assert state.display == ("joker", "joker", "joker", "blue", "green")


def test_empty_deck_is_replaced_by_the_shuffled_discard_pile():
    """Rat um Rad seed, Neue Radkarten aufnehmen: "Wenn der Stapel aufgebraucht
    ist, wird der Ablagestapel gemischt und bildet dann den neuen verdeckten
    Nachziehstapel"."""
    state = make_state(deck=[])
    assert state.discard
    count = len(state.discard)
    state, events = play(state, TakeDeck())
    assert "reshuffled" in kinds(events)
    assert state.discard == ()
    assert len(state.deck) == count - 1


def test_fewer_than_two_cards_in_all_make_taking_unavailable():
    """Rat um Rad seed, Neue Radkarten aufnehmen: "weniger als 2 ... können keine
    Radkarten gezogen werden"."""
    hand = [c for c in (*COLOURS, "joker") for _ in range(10)]
    hand.remove("red")
    state = make_state(hands={1: hand}, display=("red",), deck=[], discard=[])
    legal = RULES.legal_moves(state, 0)
    assert not any(isinstance(m, (TakeDisplay, TakeDeck)) for m in legal)
    with pytest.raises(IllegalMove) as error:
        play(state, TakeDisplay(colour="red"))
    assert error.value.message == t.NO_CARDS


def test_no_second_pick_ends_the_action_after_the_first():
    """Rat um Rad rulings (edition), A turn: if no second pick is possible the
    action ends after the first."""
    hand = [c for c in COLOURS for _ in range(10)] + ["joker"] * 9
    hand.remove("red")
    state = make_state(hands={1: hand}, display=("joker", "red"), deck=[], discard=[])
    state, _ = play(state, TakeDisplay(colour="red"))
    assert state.current == 1
    assert state.hands[0] == ("red",)


def test_a_deck_pick_shows_its_colour_only_to_the_taker():
    """Rat um Rad rulings, Hidden and open information: wheel cards are hidden."""
    state = make_state(seats=3, deck=["pink"] + ["white"] * 10)
    _, events = play(state, TakeDeck())
    private = [e for e in events if e.kind == "took_deck_card"]
    public = [e for e in events if e.kind == "took_deck"]
    assert private[0].data["colour"] == "pink"
    assert private[0].visible_to == frozenset({0})
    assert "colour" not in public[0].data
    assert public[0].visible_to == frozenset({1, 2})


def test_second_pick_must_be_a_take():
    """Rat um Rad seed, Neue Radkarten aufnehmen: the two picks make one action."""
    state, _ = play(make_state(), TakeDisplay(colour="red"))
    with pytest.raises(IllegalMove) as error:
        play(state, Pass())
    assert error.value.message == t.SECOND_PICK
