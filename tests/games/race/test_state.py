"""Race: the stored state (its consistency rules, malformed JSON, the rules version).

A stored state that no match can reach is refused by `state_from_json` with
IllegalMove, so the platform reports a broken match instead of the rules
failing later with an IndexError in `view` or `apply`.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.base import IllegalMove
from games.rules.race import RULES
from games.rules.race.state import PowerUse, UsePower
from games.rules.structs import MALFORMED_STATE, replace
from tests.rules.mutations import assert_refused_or_working

FIVE = ("plus7-rithle", "plus5-rithle", "plus7-celya", "plus5-celya", "rank4")


@pytest.fixture
def playing(race, scenario):
    """JSON of a Win Bet + Superpowers race after seat 0 used Aristas' power."""
    state = scenario(
        win_bet=True,
        superpowers=True,
        positions=(61, 10, 5, 0),
        podium=("rithle",),
        hands=(FIVE, FIVE),
    )
    state, _ = race.apply(state, 0, UsePower("aristas", "plus5-celya"))
    assert state.last_play is not None
    assert state.powers_used == (PowerUse("aristas", 0),)
    return state.to_json()


@pytest.fixture
def over(race, scenario):
    """JSON of a finished two-seat race (three Knonsters crossed)."""
    state = scenario(
        positions=(61, 61, 55, 0),
        podium=("rithle", "aristas"),
        hands=(("plus7-celya", "rank4", "rank4", "rank4", "rank2"), FIVE),
    )
    state, _ = race.apply(
        state, 0, race.move_from_json({"kind": "play", "card": "plus7-celya"})
    )
    assert state.phase == "over"
    return state.to_json()


@pytest.fixture
def choosing(race):
    """JSON of a two-seat race in the favourites phase, seat 0 has chosen."""
    state = race.new_state(seats=2, options={}, seed=4)
    state, _ = race.apply(state, 0, race.legal_moves(state, 0)[0])
    return state.to_json()


def _refused(race, data):
    with pytest.raises(IllegalMove) as error:
        race.state_from_json(data)
    assert error.value.message == MALFORMED_STATE


def test_the_base_states_of_these_tests_are_accepted(race, playing, over, choosing):
    for data in (playing, over, choosing):
        assert race.state_from_json(data).to_json() == data


def test_the_stored_shape_keeps_its_keys_and_their_order(playing):
    # Rules version 2 is version 1 without `autoplay`: same keys, same order.
    assert list(playing) == [
        "seats", "win_bet", "superpowers", "rng", "phase", "redeals", "hands",
        "draw_pile", "discard", "last_play", "favourites", "winners",
        "positions", "podium", "current", "steps", "powers_used", "end_reason",
        "turns",
    ]  # fmt: skip
    assert list(playing["rng"]) == ["seed", "draws"]
    assert list(playing["last_play"]) == ["seat", "card", "effect", "power"]
    assert playing["powers_used"] == [{"knonster": "aristas", "seat": 0}]


def _set(**changes):
    def change(data):
        data.update(changes)

    return change


def _put(*path_and_value):
    *path, key, value = path_and_value

    def change(data):
        for step in path:
            data = data[step]
        data[key] = value

    return change


def _pop(key):
    return lambda data: data[key].pop()


def _append(key, value):
    return lambda data: data[key].append(value)


def _empty_hand_of_seat_1(data):
    # Its cards go to the draw pile, so the deck stays whole.
    data["draw_pile"] += data["hands"][1]
    data["hands"][1] = []


def _no_discard_pile(data):
    data["draw_pile"] += data["discard"]
    data["discard"] = []


def _draw_pile_top_to_discard(data):
    data["discard"].append(data["draw_pile"].pop())


def _swap_a_card(data):
    data["draw_pile"][0] = "rank3" if data["draw_pile"][0] != "rank3" else "rank2"


# (what breaks, base fixture, change to the base JSON); in `playing` seat 1
# is to move and backs Celya and Elaari.
MALFORMED = [
    # Seats and per-seat entries.
    ("one seat", "playing", _set(seats=1)),
    ("five seats", "playing", _set(seats=5)),
    ("hands for one seat in a two-seat game", "playing", _pop("hands")),
    ("favourites for three seats", "playing", _append("favourites", [])),
    ("winners for one seat", "playing", _pop("winners")),
    ("steps for three seats", "playing", _append("steps", [0, 0, 0, 0])),
    ("a steps row of three", "playing", _put("steps", 1, [0, 0, 0])),
    # The board.
    ("positions of length 3", "playing", _pop("positions")),
    ("a position past the finish", "playing", _put("positions", 1, 62)),
    ("a position behind the start", "playing", _put("positions", 3, -1)),
    ("a podium Knonster on the track", "playing", _set(podium=["rithle", "celya"])),
    ("a finished Knonster off the podium", "playing", _set(podium=[])),
    ("a podium that repeats a Knonster", "playing", _set(podium=["rithle", "rithle"])),
    # The turn and the phase.
    ("current is not a seat", "playing", _set(current=2)),
    ("nobody's turn in the play phase", "playing", _set(current=None)),
    ("an end reason in the play phase", "playing", _set(end_reason="race_finished")),
    (
        "a seat without favourites in the play phase",
        "playing",
        _set(favourites=[["rithle", "aristas"], []], winners=["rithle", None]),
    ),
    ("the seat to move has no card", "playing", _empty_hand_of_seat_1),
    ("an end without a reason", "over", _set(end_reason=None)),
    ("somebody's turn after the end", "over", _set(current=0)),
    (
        "a finished race with two on the podium",
        "over",
        _set(positions=[61, 61, 58, 0], podium=["rithle", "aristas"]),
    ),
    (
        "an empty draw pile with cards left",
        "over",
        _set(
            positions=[61, 61, 58, 0],
            podium=["rithle", "aristas"],
            end_reason="draw_pile_empty",
        ),
    ),
    (
        "all favourites chosen while choosing",
        "choosing",
        _put("favourites", 1, ["celya", "elaari"]),
    ),
    ("a turn while choosing favourites", "choosing", _set(current=0)),
    # Favourites and bets.
    (
        "favourites out of Knonster order",
        "playing",
        _put("favourites", 0, ["aristas", "rithle"]),
    ),
    (
        "the same favourite twice",
        "playing",
        _put("favourites", 0, ["rithle", "rithle"]),
    ),
    (
        "three favourites",
        "playing",
        _put("favourites", 0, ["rithle", "aristas", "celya"]),
    ),
    (
        "a bet on a Knonster that is no favourite",
        "playing",
        _put("winners", 1, "rithle"),
    ),
    ("a missing bet with the Win Bet", "playing", _put("winners", 1, None)),
    ("a bet without the Win Bet", "playing", _set(win_bet=False)),
    ("a bet before choosing", "choosing", _put("winners", 1, "celya")),
    # Superpowers.
    ("a power used without the variant", "playing", _set(superpowers=False)),
    ("a power used by no seat", "playing", _put("powers_used", 0, "seat", 2)),
    (
        "a power used by a seat not backing it",
        "playing",
        _put("powers_used", 0, "seat", 1),
    ),
    (
        "a power used twice",
        "playing",
        _append("powers_used", {"knonster": "aristas", "seat": 0}),
    ),
    # Cards.
    ("a card lost", "playing", _pop("draw_pile")),
    ("a card copied", "playing", _append("draw_pile", "rank4")),
    ("a card swapped for another", "playing", _swap_a_card),
    ("an unknown card", "playing", _put("draw_pile", 0, "joker")),
    ("a last play that is not the top card", "playing", _draw_pile_top_to_discard),
    ("a last play by no seat", "playing", _put("last_play", "seat", 3)),
    ("a last play without a discard pile", "playing", _no_discard_pile),
    # Counters.
    ("negative redeals", "choosing", _set(redeals=-1)),
    ("more redeals than the cap", "choosing", _set(redeals=11)),
    ("negative turns", "playing", _set(turns=-1)),
    # Types and keys.
    ("a bool for a number", "playing", _set(seats=True)),
    ("a string for a number", "playing", _put("positions", 0, "61")),
    ("an unknown phase", "playing", _set(phase="paused")),
    ("an unknown Knonster", "playing", _set(podium=["bob"])),
    ("a missing key", "playing", lambda data: data.pop("turns")),
    ("an unknown key", "playing", _set(autoplay=[False, False])),
]


@pytest.mark.parametrize(
    ("base", "change"),
    [pytest.param(base, change, id=name) for name, base, change in MALFORMED],
)
def test_a_state_no_match_can_reach_is_refused_when_loaded(race, request, base, change):
    data = json.loads(json.dumps(request.getfixturevalue(base)))
    change(data)
    _refused(race, data)


def test_a_hand_built_inconsistent_state_is_refused_at_once(race, scenario):
    # Construction and `replace` run the same rules, so an engine bug shows
    # where it happens, not later.
    state = scenario()
    with pytest.raises(ValueError, match="positions"):
        replace(state, positions=(0, 0, 0))


# Hypothesis: mutated states from real games are refused or work.


@cache
def _game(seed):
    """Return the JSON texts of every state of one seeded random game."""
    rnd = random.Random(seed)
    seats = 2 + seed % 3
    options = {"win_bet": seed % 2 == 1, "superpowers": seed % 4 >= 2}
    state = RULES.new_state(seats=seats, options=options, seed=seed)
    states = [json.dumps(state.to_json())]
    while to_move := RULES.to_move(state):
        seat = rnd.choice(sorted(to_move))
        state, _ = RULES.apply(state, seat, rnd.choice(RULES.legal_moves(state, seat)))
        states.append(json.dumps(state.to_json()))
    return tuple(states)


# Values a mutation may put anywhere: ids and numbers the state uses, wrong
# types, edge numbers.
_VALUES: st.SearchStrategy[Any] = (
    st.sampled_from(
        [None, True, False, 0, 1, 2, 3, 4, -1, 60, 61, 62, 2**70, 1.5, "", "x", [], {}]
        + ["rithle", "aristas", "celya", "elaari", "rank4", "rank3", "plus7-celya"]
        + ["favourites", "play", "over", "race_finished", "draw_pile_empty"]
    ).map(copy.deepcopy)  # a later mutation may change a list or dict in place
    | st.integers()
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _mutate(data, draw):
    """Change `data` (state JSON) in place at one random place."""
    path = draw(st.sampled_from(list(_paths(data))[1:]))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    ops = ["replace"]
    if isinstance(value, int) and not isinstance(value, bool):
        ops.append("nudge")
    if isinstance(value, list) and value:
        ops += ["drop", "duplicate", "swap"]
    if isinstance(parent, dict):
        ops.append("remove")
    if isinstance(value, dict):
        ops.append("add_key")
    op = draw(st.sampled_from(ops))
    if op == "replace":
        parent[key] = draw(_VALUES)
    elif op == "nudge":
        parent[key] = value + draw(st.sampled_from([-2, -1, 1, 2]))
    elif op == "drop":
        value.pop(draw(st.integers(0, len(value) - 1)))
    elif op == "duplicate":
        value.append(value[draw(st.integers(0, len(value) - 1))])
    elif op == "swap":
        i, j = (
            draw(st.integers(0, len(value) - 1)),
            draw(st.integers(0, len(value) - 1)),
        )
        value[i], value[j] = value[j], value[i]
    elif op == "remove":
        del parent[key]
    else:
        value[draw(st.sampled_from(["autoplay", "extra", "seat"]))] = draw(_VALUES)


def _exercise(race, state):
    """Call every rules entry point on `state`; only IllegalMove may come out."""
    race.to_move(state)
    race.outcome(state)
    for viewer in [*range(state.seats), None]:
        json.dumps(race.view(state, viewer))
    race.autoplay_offer_order(state, state.seats)
    race.decided_winners(state)
    for seat in range(state.seats):
        race.autoplay_offered(state, seat)
        for move in race.legal_moves(state, seat):
            race.describe(move)
            with contextlib.suppress(IllegalMove):
                _, events = race.apply(state, seat, move)
                for event in events:
                    race.describe_event(event)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_a_mutated_stored_state_is_refused_or_works(race, data):
    states = _game(data.draw(st.integers(0, 23), label="seed"))
    stored = json.loads(
        states[data.draw(st.integers(0, len(states) - 1), label="step")]
    )
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        _mutate(stored, data.draw)
    try:
        state = race.state_from_json(stored)
    except IllegalMove:
        return
    _exercise(race, state)


# The rules version.


def test_the_rules_version_is_three_since_keyed_randomness(race):
    assert race.info.version == "3"


def test_a_version_one_state_is_upgraded_without_its_autoplay_flags(race, playing):
    # Version 1 stored "finish automatically" as `autoplay`, one flag per
    # seat, before `end_reason`; the platform keeps them on its seats now.
    old = {}
    for key, value in playing.items():
        if key == "end_reason":
            old["autoplay"] = [True, False]
        old[key] = value
    _refused(race, old)
    upgraded = race.upgrade_state(old, "1")
    assert upgraded == playing
    assert list(upgraded) == list(playing)
    assert race.state_from_json(upgraded).to_json() == playing


@pytest.mark.parametrize("version", ["0", "4", ""])
def test_a_state_of_an_unknown_rules_version_is_refused(race, playing, version):
    with pytest.raises(IllegalMove):
        race.upgrade_state(playing, version)


@pytest.mark.parametrize("seed", range(2))
def test_seeded_mutations_of_stored_states_are_refused_or_work(seed):
    # The same seeded mutations as every engine's (tests/rules/mutations.py).
    states = [text for game in range(12) for text in _game(game)]
    assert_refused_or_working(RULES, states, count=1500, seed=seed)
