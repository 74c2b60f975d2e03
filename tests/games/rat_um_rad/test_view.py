"""Rat um Rad: what each seat sees (Rat um Rad rulings, Hidden and open information)."""

from __future__ import annotations

import random

from games.rules.rat_um_rad import RULES, DrawDestinations, Keep
from games.rules.structs import replace

from .conftest import make_state, play


def test_own_view_shows_hand_destinations_and_completion():
    """Rat um Rad rulings, Hidden and open information: a player knows its own
    cards and whether its destinations are completed."""
    state = make_state(
        hands={0: ["red", "joker"]},
        destinations={0: ["FromBibliothekToTheologie"]},
        built=[("Bibliothek-to-Deutsch", 0), ("Deutsch-to-Theologie", 0)],
    )
    view = RULES.view(state, 0)
    assert view["hand"]["red"] == 1
    assert view["hand"]["joker"] == 1
    assert set(view["hand"]) == {
        "red",
        "blue",
        "orange",
        "green",
        "yellow",
        "pink",
        "black",
        "white",
        "joker",
    }
    (card,) = view["destinations"]
    assert card["completed"] is True
    assert sorted(card["path"]) == ["Bibliothek-to-Deutsch", "Deutsch-to-Theologie"]
    assert view["roads"] == {"Bibliothek-to-Deutsch": 0, "Deutsch-to-Theologie": 0}
    assert view["players"][0]["longest"] == 2


def test_views_never_show_another_seats_secrets():
    """Rat um Rad rulings, Hidden and open information: "Hidden: each player's
    wheel cards, destination cards, and whether a destination is completed"."""
    state = make_state(
        seats=3,
        hands={1: ["red", "red", "blue"]},
        destinations={1: ["FromBibliothekToTheologie"]},
        built=[("Bibliothek-to-Deutsch", 1), ("Deutsch-to-Theologie", 1)],
        current=1,
    )
    state, _ = play(state, DrawDestinations())
    assert state.offers[1]
    for viewer in (0, 2, None):
        view = RULES.view(state, viewer)
        text = str(view)
        assert "FromBibliothekToTheologie" not in text
        assert all(card not in text for card in state.offers[1])
        assert view["players"][1]["cards"] == 3
        assert view["players"][1]["destinations"] == 1
        if viewer is None:
            assert view["hand"] is None
        else:
            assert sum(view["hand"].values()) == 0
    rnd = random.Random(5)
    for viewer in (0, 2, None):
        other = RULES.secrets_scramble(state, viewer, rnd)
        assert RULES.view(other, viewer) == RULES.view(state, viewer)


def test_destinations_are_revealed_at_the_end():
    """Rat um Rad rulings, End: the end screen shows, per player, completed and
    failed destination cards with points (the seed's "Your Achievements")."""
    state = make_state(destinations={1: ["FromBibliothekToTheologie"]})
    state = replace(state, phase="over", current=None, end_reason="final_round")
    results = RULES.view(state, 0)["results"]
    assert results[1]["failed"][0]["id"] == "FromBibliothekToTheologie"
    assert results[1]["destination_points"] == -2


def test_setup_offers_are_secret():
    """Rat um Rad seed, Spielvorbereitung: destination cards "für die anderen
    Spielpersonen nicht sichtbar"."""
    state = RULES.new_state(seats=2, options={}, seed=4)
    view = RULES.view(state, 1)
    assert all(card not in str(view) for card in state.offers[0])
    assert all(card not in str(view) for card in state.destinations[0])
    state, _ = RULES.apply(state, 0, Keep(cards=tuple(sorted(state.offers[0]))))
    assert RULES.view(state, 1)["players"][0]["done"] is True


def test_static_view_has_the_map_and_points():
    """Rat um Rad seed, the points table; the map (Rat um Rad rulings, Components)."""
    static = RULES.static_view({"map": "basel"}, 3)
    assert static["points"] == {"1": 1, "2": 2, "3": 4, "4": 7, "5": 10, "6": 15}
    assert len(static["map"]["places"]) == 20
    assert len(static["map"]["roads"]) == 50
    assert sum(r["pair"] is not None for r in static["map"]["roads"]) == 16
    assert static["map"]["canvas"] == {"width": 500, "height": 350}
