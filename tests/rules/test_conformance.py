"""Every registered game against the same invariants (STYLE.md B9).

Random legal moves (seeded `random.Random`) from start to finish, over seat
counts and option combinations, checking at every step the invariants of
OpenSpiel's basic_tests.cc / api_test.py [OS]. The default run plays
DEFAULT_GAMES per game; `CONFORMANCE_GAMES=N` plays N (the thorough run).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import random
from itertools import product
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import registry
from games.rules.base import (
    Event,
    GameEntry,
    IllegalMove,
    Message,
    Rules,
    turns_started,
)
from games.rules.base.view_types import view_check
from games.rules.rng import Rng
from tests.games import toy
from tests.games.toy.engine import ToyRules

from .conftest import GAMES_PLAYED

# A test-only game for what the site's games do not exercise: no fixed bound
# on moves (a cap on turns instead) and a choice option.


def entries() -> dict[str, GameEntry]:
    """Return every registered game (registry.GAMES, read now) and the Toy."""
    return {**registry.GAMES, toy.SLUG: toy.ENTRY}


DEFAULT_GAMES = 300
# Every step's state gets the full check (serialisation, every seat's legal
# moves and labels, every viewer's view and privacy) unless the game's entry
# says otherwise (GameEntry.conformance.check_every = n): then every n-th
# step does (and the robots choose there), offset by the game's number so
# that across games every step position is checked, and the moves, events,
# purity of apply, the replay and the outcome are still checked at every step.
GAMES_PER_GAME = int(os.environ.get("CONFORMANCE_GAMES", DEFAULT_GAMES))
# A searching robot (Robot.searching, issue 26) decides once per game in one
# game of this many, at a checked step (the first after move 0, 1, ..., 39 in
# turn): its own tests (tests/games/<slug>/test_hard.py) hold it to the rest.
SEARCHING_EVERY = 25
# Each game's random matches are split into batches so failures name a
# small seed range.
BATCH = 40

# Move JSON no game accepts; each game's entry adds its own near misses
# (GameEntry.conformance.malformed_moves), and every game must refuse all.
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
]


def junk_moves() -> list[Any]:
    """Return JUNK_MOVES and every registered game's malformed moves."""
    malformed = [
        move
        for entry in entries().values()
        for move in entry.conformance.malformed_moves
    ]
    return [*JUNK_MOVES, *malformed]


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
        (slug, start) for slug in entries() for start in range(0, GAMES_PER_GAME, BATCH)
    ]


@pytest.mark.parametrize(("slug", "start"), _cases())
def test_random_games_keep_every_invariant(slug, start):
    play_random_games(entries()[slug], start, min(start + BATCH, GAMES_PER_GAME))


def test_an_apply_that_changes_its_input_fails_the_suite():
    # The purity check compares `_fingerprint`s: it must see a change
    # anywhere in the state, here a counter changed in place.
    class Mutating(ToyRules):
        def apply(self, state, seat, move):
            result = super().apply(state, seat, move)
            msgspec.structs.force_setattr(state, "turns", state.turns + 1)
            return result

    entry = dataclasses.replace(toy.ENTRY, rules=Mutating())
    with pytest.raises(AssertionError, match="apply changed its input"):
        play_random_games(entry, 0, 1)


def play_random_games(entry: GameEntry, start: int, stop: int) -> None:
    """Play seeded random games `start`..`stop` - 1 of `entry`, checking everything.

    Seat counts and option combinations rotate with the game's number; the
    checks are OpenSpiel's invariants and privacy (`_check_state`).
    """
    rules = entry.rules
    combos = _options(rules)
    seat_counts = range(rules.info.min_seats, rules.info.max_seats + 1)
    junk = junk_moves()
    for game in range(start, stop):
        seats = seat_counts[game % len(seat_counts)]
        options = combos[(game // len(seat_counts)) % len(combos)]
        _play_one(entry, seats=seats, options=options, seed=game, junk=junk)
        GAMES_PLAYED[entry.slug] = GAMES_PLAYED.get(entry.slug, 0) + 1


def _deal_seed(seed: int) -> int | str:
    """Return game `seed`'s deal seed: a key (keyed scheme) for odd games.

    New matches deal from a key derived from the seeds (issue 23, provably
    fair randomness); matches of older rules versions from an int (the
    legacy scheme). Both must keep every invariant, so the games alternate.
    """
    if seed % 2 == 0:
        return seed
    return hashlib.sha256(f"conformance {seed}".encode()).hexdigest()


def _play_one(entry, *, seats, options, seed, junk):
    rules = entry.rules
    rnd = random.Random(seed)
    options = rules.validate_options(options, seats)
    deal = _deal_seed(seed)
    state = rules.new_state(seats=seats, options=options, seed=deal)
    history = []
    robots = list(entry.robots.values())
    searched = False
    turns = len(rules.to_move(state))
    every = entry.conformance.check_every
    while True:
        if len(history) % every == seed % every or rules.outcome(state) is not None:
            _check_state(rules, state, seats, rnd)
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
            # like the state checks: a planning robot costs more than a move;
            # a searching one, up to a second, once in SEARCHING_EVERY games).
            view = rules.view(state, seat)
            for robot in robots:
                if robot.searching and (
                    seed % SEARCHING_EVERY
                    or searched
                    # Later in the game from one such game to the next.
                    or len(history) < (seed // SEARCHING_EVERY) % 40
                ):
                    continue
                searched = searched or robot.searching
                assert robot.choose(view, legal, Rng(seed, len(history))) in legal
        move = rnd.choice(legal)
        if len(history) % every == seed % every:
            _check_illegal(rules, state, seat, move, seats, junk)
        before = _fingerprint(state)
        state_before = state
        state, events = rules.apply(state, seat, move)
        # [OS] apply must leave its input alone.
        assert _fingerprint(state_before) == before, "apply changed its input"
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
    assert _replay(rules, seats, options, deal, history) == state
    for seat in range(seats):
        with pytest.raises(IllegalMove):
            rules.apply(state, seat, history[-1][1])


def _fingerprint(state):
    """Return the state's full content as bytes, to tell whether it changed.

    msgspec encodes a record in one C call, about ten times faster than
    `json.dumps(state.to_json())`: it runs twice per move of every game.
    """
    if isinstance(state, msgspec.Struct):
        return msgspec.json.encode(state)
    return json.dumps(state.to_json(), sort_keys=True).encode()


def _replay(rules, seats, options, seed, history):
    state = rules.new_state(seats=seats, options=options, seed=seed)
    for seat, move in history:
        state, _ = rules.apply(state, seat, move)
    return state


def _check_state(rules, state, seats, rnd):
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
    assert (
        not rules.info.hidden_information
        or type(rules).secrets_scramble is not Rules.secrets_scramble
    ), f"{rules.info.slug} hides information: override Rules.secrets_scramble"
    for viewer in [*range(seats), None]:
        view = rules.view(state, viewer)
        # JSON-serialisable, and already in JSON form (no tuples, no objects).
        assert json.loads(json.dumps(view)) == view
        # [BG random plugin] the Rng never leaves the state.
        assert not _contains_rng(view, rngs)
        # A declared view type (the API's schema) holds for every view
        # (tests/rules/test_view_types.py shows the check can fail).
        if rules.view_type is not None:
            view_check(rules.view_type, view)
        check_privacy(rules, state, viewer, view, rnd)


def check_privacy(rules, state, viewer, view, rnd):
    """Assert that what `viewer` may not know does not change its `view`.

    [OS test_private_information_contents] The engine redraws its secrets
    (`Rules.secrets_scramble`); the view of `viewer` (None = spectator) must
    stay the same but for the rules' `announced_view_keys`.
    """
    scrambled = rules.secrets_scramble(state, viewer, rnd)
    if scrambled is state:
        return  # nothing hidden (the default)
    other = rules.view(scrambled, viewer)
    view = dict(view)
    for key in rules.announced_view_keys:
        view.pop(key, None)
        other.pop(key, None)
    assert other == view, f"view of {viewer} leaks a secret"


def _check_illegal(rules, state, seat, move, seats, junk):
    # A move from a seat that is not to move, or no seat at all, is refused.
    for other in [*range(seats), -1, seats]:
        if other not in rules.to_move(state):
            with pytest.raises(IllegalMove):
                rules.apply(state, other, move)
    for data in junk:
        with pytest.raises(IllegalMove):
            rules.move_from_json(data)


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
    rules = entries()[slug].rules
    state = rules.new_state(seats=rules.info.min_seats, options={}, seed=0)
    legal = rules.legal_moves(state, min(rules.to_move(state)))
    keys = sorted({k for m in legal for k in m.to_json()})
    values = sorted({json.dumps(v) for m in legal for v in m.to_json().values()})
    return st.dictionaries(
        st.sampled_from(keys),
        st.sampled_from(values).map(json.loads) | _json,
        max_size=len(keys) + 1,
    )


@pytest.mark.parametrize("slug", sorted(entries()))
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_json_move_is_parsed_or_refused(slug, data):
    rules = entries()[slug].rules
    payload = data.draw(_json | _move_like(slug))
    try:
        move = rules.move_from_json(payload)
    except IllegalMove:
        return
    state = rules.new_state(seats=rules.info.min_seats, options={}, seed=0)
    for seat in range(rules.info.min_seats):
        with contextlib.suppress(IllegalMove):
            rules.apply(state, seat, move)
