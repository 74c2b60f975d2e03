"""Every registered game against the same invariants (STYLE.md B9).

Random legal moves (seeded `random.Random`) from start to finish, over seat
counts and option combinations, checking at every step the invariants of
OpenSpiel's basic_tests.cc / api_test.py [OS]. The default run plays
DEFAULT_GAMES per game; `CONFORMANCE_GAMES=N` plays N (the thorough run).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from itertools import product
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules.base import Event, IllegalMove, Message, Rules, turns_started
from games.rules.registry import ROBOTS_BY_SLUG, RULES_BY_SLUG
from games.rules.rng import Rng
from tests.games.toy import TOY, TOY_ROBOTS

from .conftest import GAMES_PLAYED, PRIVACY

# The site's games, and a test-only game for what they do not exercise: no
# fixed bound on moves (a cap on turns instead) and a choice option.
GAMES = {**RULES_BY_SLUG, "toy": TOY}
ROBOTS = {**ROBOTS_BY_SLUG, "toy": TOY_ROBOTS}

DEFAULT_GAMES = 300
# Every step's state gets the full check (serialisation, every seat's legal
# moves and labels, every viewer's view and privacy) unless the game is
# listed here: then every n-th step does (and the robots choose there),
# offset by the game's number so that across games every step position is
# checked, and the moves, events, purity of apply, the replay and the
# outcome are still checked at every step. Knatsch's random games run to
# hundreds of throws and Rat um Rad's route robot plans on every call:
# checking every step of thousands of CI games would take most of an hour
# (2000 games: Dice Stars 675 s checking every step, 230 s every third step).
CHECK_EVERY = {"dice-stars": 3, "knatsch": 8, "rat-um-rad": 6}
GAMES_PER_GAME = int(os.environ.get("CONFORMANCE_GAMES", DEFAULT_GAMES))
# Each game's random matches are split into batches so failures name a
# small seed range.
BATCH = 40

JUNK_MOVES: list[Any] = [
    None,
    0,
    1.5,
    "play",
    [],
    [{"kind": "play"}],
    {},
    {"kind": None},
    {"kind": 7},
    {"kind": "no-such-kind"},
    {"kind": ["play"]},
    {"kind": "play", "card": None},
    {"kind": "play", "card": 3},
    {"kind": "play", "card": "no-such-card"},
    {"kind": "play", "card": {"id": "rank4"}},
    {"kind": "play", "card": "rank4", "extra": True},
    {"kind": "favourites"},
    {"kind": "favourites", "knonsters": "rithle"},
    {"kind": "favourites", "knonsters": [1, 2]},
    {"kind": "favourites", "knonsters": [["rithle"], "celya"]},
    {"kind": "power", "card": "rank4"},
    {"kind": "power", "card": "rank4", "knonster": 1},
    {"kind": "draw"},
    {"kind": "draw", "count": 0},
    {"kind": "draw", "count": 4},
    {"kind": "draw", "count": "3"},
    {"kind": "draw", "count": True},
    {"kind": "draw", "count": 2.0},
    {"kind": "colour", "colour": "green"},
    {"kind": "colour", "colour": None},
    {"kind": "value", "value": 7},
    {"kind": "value", "value": 1},
    {"kind": "value", "value": "5"},
    {"kind": "place_star", "value": None},
    {"kind": "place_star", "value": 0},
    {"kind": "stars", "extra": 1},
    {"kind": "rebag"},
    {"kind": "rebag", "with_reserve": "yes"},
    {"kind": "rebag", "with_reserve": 1},
    {"kind": "keep"},
    {"kind": "keep", "cards": "FromDMIToBahnhof"},
    {"kind": "keep", "cards": [1, 2]},
    {"kind": "take_display"},
    {"kind": "take_display", "colour": "grey"},
    {"kind": "take_display", "colour": "purple"},
    {"kind": "take_deck", "colour": "red"},
    {"kind": "build", "road": "Bibliothek-to-Deutsch"},
    {"kind": "build", "road": 3, "colour": "red", "jokers": 0},
    {"kind": "build", "road": "Bibliothek-to-Deutsch", "colour": "grey", "jokers": 0},
    {"kind": "build", "road": "Bibliothek-to-Deutsch", "colour": "red", "jokers": -1},
    {"kind": "build", "road": "Bibliothek-to-Deutsch", "colour": "red", "jokers": 7},
    {"kind": "build", "road": "Bibliothek-to-Deutsch", "colour": "red", "jokers": "1"},
    {"kind": "draw_destinations", "count": 3},
    {"kind": "pass", "seat": 0},
]


def _options(rules: Rules[Any, Any]) -> list[dict[str, Any]]:
    """Return every combination of the yes/no and choice options."""
    values = {
        o.key: (False, True) if o.kind == "bool" else [c for c, _ in o.choices]
        for o in rules.info.options
        if o.kind in ("bool", "choice")
    }
    return [
        dict(zip(values, combo, strict=True)) for combo in product(*values.values())
    ]


def _cases() -> list[tuple[str, int]]:
    return [
        (slug, start) for slug in GAMES for start in range(0, GAMES_PER_GAME, BATCH)
    ]


@pytest.mark.parametrize(("slug", "start"), _cases())
def test_random_games_keep_every_invariant(slug, start):
    rules = GAMES[slug]
    combos = _options(rules)
    seat_counts = range(rules.info.min_seats, rules.info.max_seats + 1)
    for game in range(start, min(start + BATCH, GAMES_PER_GAME)):
        seats = seat_counts[game % len(seat_counts)]
        options = combos[(game // len(seat_counts)) % len(combos)]
        _play_one(rules, slug, seats=seats, options=options, seed=game)
        GAMES_PLAYED[slug] = GAMES_PLAYED.get(slug, 0) + 1


def _play_one(rules, slug, *, seats, options, seed):
    rnd = random.Random(seed)
    options = rules.validate_options(options, seats)
    state = rules.new_state(seats=seats, options=options, seed=seed)
    history = []
    robots = list(ROBOTS[slug].values())
    turns = len(rules.to_move(state))
    every = CHECK_EVERY.get(slug, 1)
    while True:
        if len(history) % every == seed % every or rules.outcome(state) is not None:
            _check_state(rules, slug, state, seats, rnd)
        to_move = rules.to_move(state)
        outcome = rules.outcome(state)
        # [OS basic_tests.cc] terminal exactly when nobody is to move.
        assert (outcome is None) == bool(to_move)
        if outcome is not None:
            break
        seat = rnd.choice(sorted(to_move))
        legal = rules.legal_moves(state, seat)
        if len(history) % every == seed % every:
            # Robots see only their seat's view and must stay legal (sampled
            # like the state checks: a planning robot costs more than a move).
            view = rules.view(state, seat)
            for robot in robots:
                assert robot.choose(view, legal, Rng(seed, len(history))) in legal
        move = rnd.choice(legal)
        if len(history) % every == seed % every:
            _check_illegal(rules, state, seat, move, seats)
        before = json.dumps(state.to_json(), sort_keys=True)
        state_before = state
        state, events = rules.apply(state, seat, move)
        # [OS] apply must leave its input alone.
        assert json.dumps(state_before.to_json(), sort_keys=True) == before
        _check_events(rules, events, seats)
        history.append((seat, move))
        begun = rules.turns_begun(state_before, state)
        # A turn begins only for a seat to move.
        assert begun <= rules.to_move(state)
        # Becoming to move always begins a turn.
        assert turns_started(rules.to_move(state_before), rules.to_move(state)) <= begun
        turns += len(begun)
        # A game bounds its moves, or (dice may repeat) its turns.
        if rules.info.max_moves is not None:
            assert len(history) <= rules.info.max_moves, "longer than info.max_moves"
        else:
            assert turns <= rules.info.max_turns, "longer than info.max_turns"
    # [OS] ranks cover every seat.
    assert len(outcome.ranks) == seats
    # A solo seat plays against the game: rank 2 means the game won.
    assert min(outcome.ranks) == 1 or seats == 1
    assert all(1 <= rank <= max(seats, 2) for rank in outcome.ranks)
    assert outcome.scores is None or len(outcome.scores) == seats
    assert isinstance(outcome.reason, str)
    assert rules.outcome(rules.state_from_json(state.to_json())) == outcome
    # [OS] replaying the stored moves from the seed reproduces the state.
    assert _replay(rules, seats, options, seed, history) == state
    for seat in range(seats):
        with pytest.raises(IllegalMove):
            rules.apply(state, seat, history[-1][1])


def _replay(rules, seats, options, seed, history):
    state = rules.new_state(seats=seats, options=options, seed=seed)
    for seat, move in history:
        state, _ = rules.apply(state, seat, move)
    return state


def _check_state(rules, slug, state, seats, rnd):
    # [OS] serialize/deserialize is exact, through real JSON text.
    data = json.loads(json.dumps(state.to_json()))
    assert rules.state_from_json(data) == state
    to_move = rules.to_move(state)
    assert isinstance(to_move, frozenset)
    for seat in range(seats):
        legal = rules.legal_moves(state, seat)
        # [OS LegalActionsIsEmptyForOtherPlayers]
        assert bool(legal) == (seat in to_move)
        assert legal == rules.legal_moves(state, seat), "legal_moves is unstable"
        labels = [rules.describe(m) for m in legal]
        assert all(isinstance(label, Message) for label in labels)
        # [OS CheckActionStringsAreUnique]
        assert len({str(label) for label in labels}) == len(labels)
        for move in legal:
            assert rules.move_from_json(json.loads(json.dumps(move.to_json()))) == move
    rngs = [r.to_json() for r in _rngs(state)]
    privacy = PRIVACY.get(slug)
    assert privacy is not None or not rules.info.hidden_information, (
        f"{slug} hides information: add its PRIVACY hook in tests/rules/conftest.py"
    )
    for viewer in [*range(seats), None]:
        view = rules.view(state, viewer)
        # JSON-serialisable, and already in JSON form (no tuples, no objects).
        assert json.loads(json.dumps(view)) == view
        # [BG random plugin] the Rng never leaves the state.
        assert not _contains_rng(view, rngs)
        if privacy is not None:
            # [OS test_private_information_contents] changing what the viewer
            # may not know must not change the view.
            other = rules.view(privacy.scramble(state, viewer, rnd), viewer)
            for key in privacy.announced:
                view.pop(key, None)
                other.pop(key, None)
            assert other == view, f"view of {viewer} leaks a secret"


def _check_illegal(rules, state, seat, move, seats):
    # A move from a seat that is not to move, or no seat at all, is refused.
    for other in [*range(seats), -1, seats]:
        if other not in rules.to_move(state):
            with pytest.raises(IllegalMove):
                rules.apply(state, other, move)
    for junk in JUNK_MOVES:
        with pytest.raises(IllegalMove):
            rules.move_from_json(junk)


def _check_events(rules, events, seats):
    for event in events:
        assert isinstance(event, Event)
        assert json.loads(json.dumps(event.to_json())) == event.to_json()
        assert event.visible_to is None or event.visible_to <= set(range(seats))
        line = rules.describe_event(event)
        assert isinstance(line, Message)
        # Every placeholder is filled: %-formatting raises otherwise.
        assert str(line)


def _rngs(value):
    if isinstance(value, Rng):
        yield value
    elif isinstance(value, msgspec.Struct):
        # __struct_fields__: msgspec.structs.fields() re-reads annotations.
        for name in value.__struct_fields__:
            yield from _rngs(getattr(value, name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _rngs(item)


def _contains_rng(value, rngs):
    # Iterative: views are walked thousands of times per game.
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if "rng" in item or ("draws" in item and item in rngs):
                return True
            pending.extend(v for v in item.values() if isinstance(v, (dict, list)))
        elif isinstance(item, list):
            pending.extend(v for v in item if isinstance(v, (dict, list)))
    return False


# Hypothesis: arbitrary JSON never makes move_from_json or apply crash.

_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=12,
)


def _move_like(slug):
    rules = GAMES[slug]
    state = rules.new_state(seats=rules.info.min_seats, options={}, seed=0)
    legal = rules.legal_moves(state, min(rules.to_move(state)))
    keys = sorted({k for m in legal for k in m.to_json()})
    values = sorted({json.dumps(v) for m in legal for v in m.to_json().values()})
    return st.dictionaries(
        st.sampled_from(keys),
        st.sampled_from(values).map(json.loads) | _json,
        max_size=len(keys) + 1,
    )


@pytest.mark.parametrize("slug", sorted(GAMES))
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_json_move_is_parsed_or_refused(slug, data):
    rules = GAMES[slug]
    payload = data.draw(_json | _move_like(slug))
    try:
        move = rules.move_from_json(payload)
    except IllegalMove:
        return
    state = rules.new_state(seats=rules.info.min_seats, options={}, seed=0)
    for seat in range(rules.info.min_seats):
        with contextlib.suppress(IllegalMove):
            rules.apply(state, seat, move)
