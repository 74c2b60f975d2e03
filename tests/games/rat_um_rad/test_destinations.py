"""Rat um Rad: drawing destination cards.

Rat um Rad seed, "3. Neue Zielkarten nachziehen".
"""

from __future__ import annotations

import pytest

from games.rules.base import IllegalMove
from games.rules.rat_um_rad import RULES, DrawDestinations, Keep, TakeDeck
from games.rules.rat_um_rad import texts as t

from .conftest import BASEL, kinds, make_state, play


def test_draw_three_and_keep_at_least_one():
    """Rat um Rad seed, Neue Zielkarten nachziehen: "erhält man drei neue
    Zielkarten ... Mindestens eine davon muss man behalten; man darf aber
    auch alle drei behalten"."""
    state = make_state()
    top = state.short_deck[:3]
    state, events = play(state, DrawDestinations())
    assert state.offers[0] == top
    assert state.current == 0
    assert kinds(events) == ["drew_destinations", "drew_destinations_cards"]
    assert events[1].visible_to == frozenset({0})
    legal = RULES.legal_moves(state, 0)
    assert len(legal) == 7  # every non-empty subset of 3
    assert all(isinstance(m, Keep) and m.cards for m in legal)
    with pytest.raises(IllegalMove) as error:
        play(state, Keep(cards=()))
    assert error.value.message == t.KEEP_AT_LEAST_ONE
    with pytest.raises(IllegalMove) as error:
        play(state, TakeDeck())
    assert error.value.message == t.KEEP_FIRST
    after, _ = play(state, Keep(cards=tuple(sorted(top))))
    assert set(after.destinations[0]) == set(top)
    assert after.current == 1


def test_returned_cards_go_under_the_deck():
    """Rat um Rad seed, Neue Zielkarten nachziehen: "Zurückgegebene Karten kommen
    zufällig unter dem Stapel der Zielkarten"."""
    state = make_state()
    size = len(state.short_deck)
    state, _ = play(state, DrawDestinations())
    offer = state.offers[0]
    rest = state.short_deck
    keep = tuple(sorted(offer[:1]))
    state, events = play(state, Keep(cards=keep))
    assert state.short_deck[: len(rest)] == rest
    assert sorted(state.short_deck[len(rest) :]) == sorted(offer[1:])
    assert len(state.short_deck) == size - 1
    assert events[0].data == {"seat": 0, "count": 1, "returned": 2}


def test_fewer_than_three_left():
    """Rat um Rad seed, Neue Zielkarten nachziehen: "Wenn weniger als drei
    Zielkarten übrig sind, kann die Spielperson höchstens diese Anzahl an
    Karten nehmen"."""
    state = make_state(short_deck=BASEL.short[:2])
    state, _ = play(state, DrawDestinations())
    assert state.offers[0] == BASEL.short[:2]
    assert state.short_deck == ()


def test_none_left_makes_the_action_unavailable():
    """Rat um Rad rulings, A turn: drawing destination cards is "not available
    when none remain"."""
    state = make_state(short_deck=())
    assert DrawDestinations() not in RULES.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        play(state, DrawDestinations())
    assert error.value.message == t.NO_DESTINATIONS
