"""Rat um Rad: setup — colours, the deal, keeping destination cards."""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.rat_um_rad import RULES, Keep, TakeDeck
from games.rules.rat_um_rad import texts as t
from games.rules.rat_um_rad.maps import MAPS

from .conftest import make_state, play

BASEL = MAPS["basel"]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_deal(seats):
    """Rat um Rad seed, Spielvorbereitung: 4 wheel cards each, 5 face up,
    3 short + 1 long destination card each, 30 wheels, score 0."""
    state = RULES.new_state(seats=seats, options={}, seed=7)
    assert state.phase == "setup"
    assert all(len(hand) == 4 for hand in state.hands)
    assert len(state.display) == 5
    assert len(state.deck) == 90 - 4 * seats - 5
    assert all(len(offer) == 3 for offer in state.offers)
    assert all(set(offer) <= set(BASEL.short) for offer in state.offers)
    assert all(len(d) == 1 and d[0] in BASEL.long for d in state.destinations)
    assert len(state.short_deck) == len(BASEL.short) - 3 * seats
    assert state.wheels == (30,) * seats
    assert state.track == (0,) * seats
    assert RULES.to_move(state) == frozenset(range(seats))


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_start_colour_begins(seats):
    """Rat um Rad seed, Spielvorbereitung: "Die Spielperson mit der Startfarbe
    ist die Startspieler*in"; Rat um Rad rulings (edition), Setup: player colours."""
    for seed in range(5):
        state = RULES.new_state(seats=seats, options={}, seed=seed)
        assert sorted(state.colours) == sorted(
            ("red", "blue", "green", "yellow", "black")[:seats]
        )
        assert state.colours[state.start] == "red"


def test_long_cards_not_dealt_are_out():
    """Rat um Rad seed, Spielvorbereitung: "Die restlichen Langstreckenkarten
    werden nicht mehr verwendet"."""
    state = RULES.new_state(seats=2, options={}, seed=3)
    everywhere = [c for d in state.destinations for c in d] + list(state.short_deck)
    everywhere += [c for o in state.offers for c in o]
    assert sum(c in BASEL.long for c in everywhere) == 2
    assert not set(state.short_deck) & set(BASEL.long)


def _keep(state, seat, cards):
    return RULES.apply(state, seat, Keep(cards=tuple(sorted(cards))))


def test_give_back_at_most_one_short_card():
    """Rat um Rad seed, Spielvorbereitung: "höchstens eine der
    Kurzstreckenkarten ablehnen, muss aber nicht"."""
    state = RULES.new_state(seats=2, options={}, seed=3)
    offer = state.offers[0]
    legal = RULES.legal_moves(state, 0)
    assert {len(m.cards) for m in legal} == {2, 3}
    assert len(legal) == 4
    with pytest.raises(IllegalMove) as error:
        _keep(state, 0, offer[:1])
    assert error.value.message == t.GIVE_BACK_ONE
    with pytest.raises(IllegalMove):
        _keep(state, 0, ())
    after, _ = _keep(state, 0, offer)
    assert set(after.destinations[0]) == {state.destinations[0][0], *offer}


def test_keep_only_offered_cards_in_order():
    """Rat um Rad seed, Spielvorbereitung: the choice is among the seat's own 3 cards."""
    state = RULES.new_state(seats=2, options={}, seed=3)
    with pytest.raises(IllegalMove) as error:
        RULES.apply(state, 0, Keep(cards=state.offers[1][:2]))
    assert error.value.message == t.KEEP_FROM_OFFER
    assert RULES.move_from_json(
        {"kind": "keep", "cards": list(reversed(state.offers[0]))}
    ) == Keep(cards=tuple(sorted(state.offers[0])))


def test_setup_choices_are_simultaneous_and_secret():
    """Rat um Rad rulings, Setup: a simultaneous, secret choice before the first turn."""
    state = RULES.new_state(seats=3, options={}, seed=3)
    state, events = _keep(state, 1, state.offers[1][:2])
    assert RULES.to_move(state) == frozenset({0, 2})
    assert state.current is None
    for event in events:
        if "cards" in event.data:
            assert event.visible_to == frozenset({1})
    view = RULES.view(state, 0)
    assert [p["done"] for p in view["players"]] == [False, True, False]
    assert view["offer"]
    assert all(c["id"] in state.offers[0] for c in view["offer"])
    with pytest.raises(IllegalMove) as error:
        _keep(state, 1, state.offers[1] or ("x",))
    assert error.value.message == t.ALREADY_KEPT


def test_given_back_cards_go_under_the_short_deck():
    """Rat um Rad seed, Spielvorbereitung: "Die eventuell ... abgelehnten Karten
    werden zufällig gemischt unter den Stapel der Zielkarten gelegt"."""
    state = RULES.new_state(seats=3, options={}, seed=11)
    deck_before = state.short_deck
    back = []
    for seat in range(3):
        offer = state.offers[seat]
        back.append(offer[0])
        state, events = _keep(state, seat, offer[1:])
    assert state.phase == "turn"
    assert state.current == state.start
    assert state.short_deck[: len(deck_before)] == deck_before
    assert sorted(state.short_deck[len(deck_before) :]) == sorted(back)
    assert events[-1].kind == "started"


def test_keeping_all_gives_nothing_back():
    """Rat um Rad seed, Spielvorbereitung: giving back is optional."""
    state = RULES.new_state(seats=2, options={}, seed=2)
    deck_before = state.short_deck
    for seat in range(2):
        state, _ = _keep(state, seat, state.offers[seat])
    assert state.short_deck == deck_before
    assert all(len(d) == 4 for d in state.destinations)


def test_turn_order_goes_up_by_seat_from_the_start_seat():
    """Rat um Rad seed, Der Spielablauf: "Die anderen Spielpersonen folgen
    nacheinander im Uhrzeigersinn" (Spielpost: by seat number, wrapping)."""
    state = make_state(seats=3, start=2, current=2)
    order = []
    rounds = []
    for _ in range(4):
        order.append(state.current)
        rounds.append(state.round)
        state, _ = play(state, TakeDeck())
        state, _ = play(state, TakeDeck())
    assert order == [2, 0, 1, 2]
    assert rounds == [1, 1, 1, 2]
