"""Rat um Rad: a second map is data only (Rat um Rad rulings, Components:
"a second map must be addable as data only")."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from games.rules.rat_um_rad import RatUmRadRules, load_maps
from games.rules.rat_um_rad.maps import parse_map

TINY = Path(__file__).parent / "data" / "rat-um-rad-tiny.json"


@pytest.fixture
def tiny_rules(tmp_path):
    """Rules over a directory holding only the tiny map (id "tiny")."""
    shutil.copy(TINY, tmp_path / "tiny.json")
    return RatUmRadRules(maps=load_maps(tmp_path))


def test_the_map_option_lists_the_maps(tiny_rules):
    """Rat um Rad rulings, Components: the map is loaded from its JSON file."""
    (option,) = tiny_rules.info.options
    assert option.key == "map"
    assert option.default == "tiny"
    assert option.choices == (("tiny", "Tiny test map"),)
    static = tiny_rules.static_view({"map": "tiny"}, 2)
    assert static["map"]["id"] == "tiny"
    pairs = {r["id"]: r["pair"] for r in static["map"]["roads"]}
    assert pairs["A-B-1"] == "A-B-2"
    assert pairs["B-C"] is None


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_a_seeded_random_game_on_the_tiny_map_ends(tiny_rules, seats):
    """Rat um Rad seed, the whole game: setup, turns, final round, scoring, on a second map."""
    rnd = random.Random(seats)
    options = tiny_rules.validate_options({}, seats)
    state = tiny_rules.new_state(seats=seats, options=options, seed=seats)
    moves = 0
    while tiny_rules.to_move(state):
        seat = rnd.choice(sorted(tiny_rules.to_move(state)))
        legal = tiny_rules.legal_moves(state, seat)
        state, _ = tiny_rules.apply(state, seat, rnd.choice(legal))
        for viewer in [*range(seats), None]:
            tiny_rules.view(state, viewer)
        moves += 1
        assert moves <= tiny_rules.info.max_moves
    outcome = tiny_rules.outcome(state)
    assert outcome is not None
    assert len(outcome.ranks) == seats
    assert min(outcome.ranks) == 1
    assert tiny_rules.state_from_json(state.to_json()) == state


def test_few_destination_cards_are_dealt_as_far_as_they_go(tiny_rules):
    """Rat um Rad rulings (edition), Setup: small maps: later seats get fewer cards."""
    state = tiny_rules.new_state(seats=5, options={"map": "tiny"}, seed=1)
    assert [len(o) for o in state.offers] == [3, 2, 0, 0, 0]
    assert [len(d) for d in state.destinations] == [1, 0, 0, 0, 0]
    assert tiny_rules.to_move(state) == frozenset({0, 1})


def test_a_malformed_map_is_refused():
    """Rat um Rad rulings, Components: a map file is checked when loaded."""
    bad = {
        "name": "Bad",
        "canvas": {"width": 1, "height": 1},
        "places": [{"name": "A", "x": 0, "y": 0}],
        "roads": [{"id": "r", "a": "A", "b": "Z", "length": 2, "colour": "red"}],
        "destination_cards": {"short": [{"id": "s", "a": "A", "b": "A", "points": 1}]},
    }
    with pytest.raises(ValueError, match="unknown places"):
        parse_map("bad", bad)
