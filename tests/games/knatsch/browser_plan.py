"""The plan of the Knatsch browser test (test_browser.py): pure engine, no browser.

The dice come from the state's Rng, so the test first searches, in this
process and without a browser, for the Rng seed with which the people's
fixed policy (the strong robot's choice on their view) and the real robot
(seeded as games/services/core.py `robot_move_choose` seeds it) play a match with
a defence by a person, a tournament in which a person throws, and a win
within MAX_MOVES moves (`_plan`), from the hand-built position START. The
search runs at test time, so it follows any change to the engine or the robot.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from games.rules.knatsch import RULES
from games.rules.knatsch.cards import CARD_IDS, CARDS
from games.rules.knatsch.strong import choose_strong
from games.rules.registry import robots_for
from games.rules.rng import Rng
from games.rules.structs import replace

SLUG = "knatsch"
ALICE, BOB, ROBOT = 0, 1, 2
PEOPLE = (ALICE, BOB)
MAX_MOVES = 40  # a planned match must be won within this many moves
SEARCH_SEEDS = 5000  # Rng seeds tried before the search gives up

# The position stored once the match runs (Spielpost edition card ids):
# alice to move. bob holds two castles and two tournaments, so one more
# tournament wins him the match, and his castles may be attacked; a
# tournament lies under the top card of each stack, to come up when that
# card is put under, lost or taken. The policies usually make alice attack
# bob's castle (he defends) and bob host the tournament (alice throws in it).
START = {
    "owned": (
        ("castle-dragon-1", "castle-bear-2"),
        ("castle-lion-1", "castle-eagle-1", "tournament-1", "tournament-2"),
        ("castle-stag-1",),
    ),
    "tops": (("extra_die-1", "tournament-4"), ("castle-stag-2", "tournament-5")),
}


# -- The plan: pure engine, no browser ----------------------------------------


@dataclass(frozen=True)
class Step:
    """One planned move: `seat` makes `move` (JSON) in `before`; `events` follow."""

    seat: int
    move: dict[str, Any]
    before: Any
    events: tuple[Any, ...]


def _start_state(match_seed: int, rng_seed: int) -> Any:
    """Return START as a state of the knatsch engine, drawing dice from `rng_seed`.

    The cards not in START lie below the stack tops: special cards first,
    then tournaments, then castles, dealt to the two stacks in turn.
    """
    owned = START["owned"]
    tops = START["tops"]
    placed = {card for cards in (*owned, *tops) for card in cards}
    order = {"special": 0, "tournament": 1, "castle": 2}
    rest = sorted(
        (c for c in CARD_IDS if c not in placed),
        key=lambda c: (order[CARDS[c].type], c),
    )
    state = RULES.new_state(seats=3, options={}, seed=match_seed)
    return replace(
        state,
        rng=Rng(seed=rng_seed),
        start=ALICE,
        current=ALICE,
        owned=owned,
        stacks=(tops[0] + tuple(rest[0::2]), tops[1] + tuple(rest[1::2])),
        put_under_used=False,
        king_ready=False,
        extra=False,
        turn=1,
    )


def _play_out(
    state: Any, *, match_seed: int, version: int, robot: str
) -> tuple[list[Step], Any]:
    """Play `state` for at most MAX_MOVES moves as the browser test will.

    People: the strong robot's choice on their own view, Rng(0, step). The
    robot: the registered robot `robot`, seeded as `robot_move_choose` seeds it
    (match version `version` + step before the move).
    """
    chooser = robots_for(SLUG)[robot]
    steps: list[Step] = []
    for step in range(MAX_MOVES):
        if state.phase == "over":
            break
        (seat,) = RULES.to_move(state)
        view = RULES.view(state, seat)
        legal = RULES.legal_moves(state, seat)
        if seat == ROBOT:
            rng = Rng(seed=-match_seed - 1, draws=version + step)
            move = chooser.choose(view, legal, rng)
        else:
            move = choose_strong(view, legal, Rng(seed=0, draws=step))
        after, events = RULES.apply(state, seat, move)
        steps.append(Step(seat, move.to_json(), state, tuple(events)))
        state = after
    return steps, state


def _initial_ticks(attempt: Any) -> Counter[int]:
    """Return the dice the board's keep form ticks at first (games/rules/knatsch/board/moves.py, keep_plan).

    What was kept before the last throw, when keeping it is still legal.
    """
    kept = Counter(attempt.kept)
    table = Counter(attempt.table)
    legal = kept <= table and len(attempt.kept) < len(attempt.table)
    return kept if legal else Counter()


def _toggles(step: Step) -> int:
    """Return how many dice a person toggles for this move on the board."""
    attempt = step.before.attempt
    if step.move["kind"] != "throw" or attempt is None or not attempt.throws:
        return 0
    first, want = _initial_ticks(attempt), Counter(step.move.get("keep", []))
    return sum(((first - want) + (want - first)).values())


def _throwers(steps: list[Step], roles: tuple[str, ...]) -> set[int]:
    """Return the seats that throw in an attempt of one of `roles`."""
    return {
        s.seat
        for s in steps
        if s.before.attempt is not None
        and s.before.attempt.role in roles
        and s.move["kind"] == "throw"
    }


def _good_plan(steps: list[Step], end: Any) -> bool:
    """Return whether the match shows what the test needs.

    A person defends (throws); a person throws in a tournament; the robot
    moves; at least two dice are ticked by a person (one by keyboard, one
    by mouse); somebody wins (not the turn limit) within MAX_MOVES moves.
    """
    return (
        end.phase == "over"
        and end.end_reason != "turn_limit"
        and bool(_throwers(steps, ("defence",)) & set(PEOPLE))
        and bool(_throwers(steps, ("host", "joust")) & set(PEOPLE))
        and any(s.seat == ROBOT for s in steps)
        and sum(_toggles(s) for s in steps if s.seat in PEOPLE) >= 2
    )


def _plan(*, match_seed: int, version: int, robot: str) -> tuple[int, list[Step], Any]:
    """Return the first Rng seed whose match is a good plan, its steps and end."""
    for rng_seed in range(SEARCH_SEEDS):
        state = _start_state(match_seed, rng_seed)
        steps, end = _play_out(
            state, match_seed=match_seed, version=version, robot=robot
        )
        if _good_plan(steps, end):
            return rng_seed, steps, end
    pytest.fail(
        f"no Rng seed below {SEARCH_SEEDS} plays START to a match with a defence, "
        "a tournament and a win: change START"
    )
    raise AssertionError  # unreachable: fail raises
