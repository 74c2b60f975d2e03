"""The platform's declared outputs: `Event` and `Outcome` read strictly.

A malformed stored event or outcome is refused with IllegalMove and a
message (never a KeyError or TypeError), and the JSON of both round-trips
unchanged (the move log and the golden playthroughs depend on it).
"""

from __future__ import annotations

import pytest

from games.rules import Event, IllegalMove, Outcome
from games.rules.base.records import MALFORMED_EVENT, MALFORMED_OUTCOME


def test_an_event_round_trips_with_its_seats_sorted():
    event = Event("dealt", {"cards": [3, 1]}, visible_to=frozenset({2, 0}))

    assert event.to_json() == {
        "kind": "dealt",
        "data": {"cards": [3, 1]},
        "visible_to": [0, 2],
    }
    assert Event.from_json(event.to_json()) == event
    assert Event.from_json(event.to_json()).visible_to == frozenset({0, 2})


def test_a_public_event_reads_without_visible_to():
    event = Event.from_json({"kind": "passed", "data": {}})

    assert event == Event("passed", {})
    assert event.visible_for(None)
    assert event.visible_for(3)
    assert event.to_json() == {"kind": "passed", "data": {}, "visible_to": None}


def test_a_private_event_is_visible_to_its_seats_only():
    event = Event("drew", {}, visible_to=frozenset({1}))

    assert event.visible_for(1)
    assert not event.visible_for(0)
    assert not event.visible_for(None)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "passed",
        {},
        {"data": {}},
        {"kind": "passed"},
        {"kind": 3, "data": {}},
        {"kind": "passed", "data": []},
        {"kind": "passed", "data": {}, "visible_to": 0},
        {"kind": "passed", "data": {}, "visible_to": ["0"]},
        {"kind": "passed", "data": {}, "visible_to": [True]},
        {"kind": "passed", "data": {}, "seat": 0},
    ],
)
def test_a_malformed_stored_event_is_refused(data):
    with pytest.raises(IllegalMove) as refusal:
        Event.from_json(data)

    assert refusal.value.message == MALFORMED_EVENT


def test_an_outcome_round_trips():
    outcome = Outcome(ranks=(2, 1), reason="finished", scores=(10, 12))

    assert outcome.to_json() == {
        "ranks": [2, 1],
        "reason": "finished",
        "scores": [10, 12],
    }
    assert Outcome.from_json(outcome.to_json()) == outcome
    assert Outcome.from_json({"ranks": [1], "reason": "won"}) == Outcome((1,), "won")


@pytest.mark.parametrize(
    "data",
    [
        None,
        [1, 2],
        {},
        {"ranks": [1, 2]},
        {"reason": "finished"},
        {"ranks": "12", "reason": "finished"},
        {"ranks": [1, "2"], "reason": "finished"},
        {"ranks": [1, 2.0], "reason": "finished"},
        {"ranks": [0, 1], "reason": "finished"},
        {"ranks": [1, 2], "reason": None},
        {"ranks": [1, 2], "reason": "finished", "scores": [3]},
        {"ranks": [1, 2], "reason": "finished", "scores": {"0": 3}},
        {"ranks": [1, 2], "reason": "finished", "winner": 0},
    ],
)
def test_a_malformed_stored_outcome_is_refused(data):
    with pytest.raises(IllegalMove) as refusal:
        Outcome.from_json(data)

    assert refusal.value.message == MALFORMED_OUTCOME
