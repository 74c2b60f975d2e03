"""Seeded random mutations of real stored states, for every engine.

A stored state read back from the database must either be refused by
`state_from_json` (IllegalMove) or work: every entry point the platform
calls on it returns without raising anything but IllegalMove. The states
mutated are taken from seeded random games, so they are real states of
every phase; each mutant has 1-3 changes, most of them small (a number off
by one, a list item dropped, doubled or swapped, an id the game uses put in
another place), so that many parse and reach the consistency checks.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

from games.rules.base import IllegalMove, Rules

# Values any mutation may put anywhere: wrong types and edge numbers.
_ANY: list[Any] = [None, True, False, 0, 1, 2, 3, -1, -2, 2**70, 1.5, "", "x", [], {}]


def played_states(
    rules: Rules[Any, Any],
    *,
    seeds: Sequence[int],
    seats: Sequence[int],
    options: Sequence[dict[str, Any]] = ({},),
    max_moves: int = 400,
) -> list[str]:
    """Return (as JSON text) every state of seeded random games.

    Game `i` has seed `seeds[i]`, `seats[i % len(seats)]` seats and the
    options `options[i % len(options)]`; each stops after `max_moves`.
    """
    states = []
    for i, seed in enumerate(seeds):
        rnd = random.Random(seed)
        state = rules.new_state(
            seats=seats[i % len(seats)], options=options[i % len(options)], seed=seed
        )
        states.append(json.dumps(state.to_json()))
        for _ in range(max_moves):
            to_move = rules.to_move(state)
            if not to_move:
                break
            seat = rnd.choice(sorted(to_move))
            state, _ = rules.apply(
                state, seat, rnd.choice(rules.legal_moves(state, seat))
            )
            states.append(json.dumps(state.to_json()))
    return states


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _words(value: Any) -> list[Any]:
    """Return the strings and small ints found in `value` (ids, phases, seats)."""
    found: set[Any] = set()
    for path in _paths(value):
        node = value
        for key in path:
            node = node[key]
        if isinstance(node, str) or (type(node) is int and -1 <= node <= 60):
            found.add(node)
    return sorted(found, key=repr)


def mutate(data: Any, rnd: random.Random) -> None:
    """Change the state JSON `data` in place at one random place."""
    path = rnd.choice(list(_paths(data))[1:])
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    value = parent[key]
    ops = ["replace", "word"]
    if type(value) is int:
        ops += ["nudge", "nudge"]
    if isinstance(value, bool):
        ops.append("flip")
    if isinstance(value, list) and value:
        ops += ["drop", "duplicate", "swap"]
    if isinstance(parent, dict):
        ops.append("remove")
    if isinstance(parent, list):
        ops.append("drop_here")
    op = rnd.choice(ops)
    if op == "replace":
        parent[key] = copy.deepcopy(rnd.choice(_ANY))
    elif op == "word":
        # A value the state uses elsewhere: another card, seat or phase.
        parent[key] = rnd.choice(_words(data) or _ANY)
    elif op == "nudge":
        parent[key] = value + rnd.choice([-2, -1, 1, 2])
    elif op == "flip":
        parent[key] = not value
    elif op == "drop":
        value.pop(rnd.randrange(len(value)))
    elif op == "duplicate":
        value.append(copy.deepcopy(value[rnd.randrange(len(value))]))
    elif op == "swap":
        i, j = rnd.randrange(len(value)), rnd.randrange(len(value))
        value[i], value[j] = value[j], value[i]
    elif op == "remove":
        del parent[key]
    elif op == "drop_here":
        parent.pop(key)


def exercise(rules: Rules[Any, Any], state: Any) -> None:
    """Call every rules entry point on `state`; only IllegalMove may come out.

    Legal moves are applied too (the robots and the timeout move as well),
    and the states they lead to are written and read back.
    """
    to_move = rules.to_move(state)
    rules.outcome(state)
    seats = state.seats
    for viewer in [*range(seats), None]:
        json.dumps(rules.view(state, viewer))
    rules.autoplay_offer_order(state, seats)
    rules.decided_winners(state)
    for seat in range(seats):
        rules.autoplay_offered(state, seat)
        rules.timeout_move(state, seat)
        for move in rules.legal_moves(state, seat):
            rules.describe(move)
            with contextlib.suppress(IllegalMove):
                after, events = rules.apply(state, seat, move)
                for event in events:
                    rules.describe_event(event)
                rules.state_from_json(json.loads(json.dumps(after.to_json())))
    del to_move


def mutant(states: Sequence[str], rnd: random.Random) -> Any:
    """Return the JSON of one of `states` with 1-3 random changes."""
    data = json.loads(rnd.choice(states))
    for _ in range(rnd.randint(1, 3)):
        mutate(data, rnd)
    return data


def crashes(
    rules: Rules[Any, Any], states: Sequence[str], *, count: int, seed: int = 0
) -> list[tuple[Any, str]]:
    """Return (mutant JSON, error) for each of `count` mutants that crashed.

    A mutant crashes when `state_from_json` raises anything but IllegalMove,
    or it is read and an entry point then raises anything but IllegalMove.
    """
    rnd = random.Random(seed)
    found = []
    for _ in range(count):
        data = mutant(states, rnd)
        try:
            state = rules.state_from_json(copy.deepcopy(data))
        except IllegalMove:
            continue
        except Exception as error:  # noqa: BLE001 - any other error is the finding
            found.append((data, f"state_from_json: {error!r}"))
            continue
        try:
            exercise(rules, state)
        except Exception as error:  # noqa: BLE001
            found.append((data, f"{type(error).__name__}: {error}"))
    return found


def assert_refused_or_working(
    rules: Rules[Any, Any], states: Sequence[str], *, count: int, seed: int = 0
) -> None:
    """Assert that each of `count` mutants of `states` is refused or works."""
    found = crashes(rules, states, count=count, seed=seed)
    shown = "\n".join(f"{error}\n  {json.dumps(data)}" for data, error in found[:3])
    assert not found, f"{len(found)} of {count} mutants crashed:\n{shown}"
