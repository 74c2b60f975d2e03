"""Push Your Luck: a tiny game that exercises what Race and Dice Stars do not.

Test-only (registered by the `toy` fixture of tests/conftest.py, never on
the site): the platform's tests play it. Each
turn a seat rolls a die as often as it likes and banks the sum, or loses
the turn's sum on a 1. Nothing is hidden; the rolls come from `State.rng`.

- No fixed bound on moves (a lucky seat may roll and roll), so
  `GameInfo.max_moves` is None and the game bounds its turns instead:
  after MAX_TURNS turns the highest score wins.
- A choice option: `target`, "short" (20 points) or "long" (40).
- Declared records: the state and the two moves are a few lines each.
- A static part (the die's faces) and two robots, so the platform's doors
  for those are tested too. Its board and rules pages are in
  tests/games/toy/templates/games/toy/.
"""

from __future__ import annotations

from typing import TypeAlias

from games.rules.base import (
    JSON,
    Event,
    GameInfo,
    IllegalMove,
    Message,
    OptionInfo,
    Outcome,
    Robot,
    Rules,
    gettext_noop,
)
from games.rules.rng import Rng
from games.rules.structs import (
    MALFORMED_MOVE,
    MALFORMED_STATE,
    MoveRecord,
    Record,
    parse,
    replace,
)

TARGETS = {"short": 20, "long": 40}
MAX_TURNS = 30


class Roll(MoveRecord, frozen=True, tag="roll"):
    """Roll the die once more."""


class Bank(MoveRecord, frozen=True, tag="bank"):
    """Stop and add the turn's sum to the score."""


Move: TypeAlias = Roll | Bank


class State(Record, frozen=True):
    """Scores per seat, the seat to move, this turn's sum, turns played."""

    target: int
    rng: Rng
    scores: tuple[int, ...]
    current: int | None
    pending: int
    turns: int

    def __post_init__(self) -> None:
        if not 1 <= len(self.scores) <= 4 or self.target not in TARGETS.values():
            raise ValueError("bad table")
        if self.current is not None and not 0 <= self.current < len(self.scores):
            raise ValueError("bad seat")
        if self.pending < 0 or self.turns < 0 or min(self.scores) < 0:
            raise ValueError("negative")


class ToyRules(Rules[State, Move]):
    """Push Your Luck (see the module docstring)."""

    info = GameInfo(
        slug="toy",
        name="Push Your Luck",
        min_seats=1,
        max_seats=4,
        hidden_information=False,
        chance=True,
        max_moves=None,
        max_turns=MAX_TURNS,
        options=(
            OptionInfo(
                "target",
                gettext_noop("Target"),
                kind="choice",
                default="short",
                choices=(
                    ("short", gettext_noop("Short")),
                    ("long", gettext_noop("Long")),
                ),
            ),
        ),
    )

    def new_state(self, *, seats: int, options: JSON, seed: int | str) -> State:
        return State(
            target=TARGETS[options.get("target", "short")],
            rng=Rng.seeded(seed),
            scores=(0,) * seats,
            current=0,
            pending=0,
            turns=0,
        )

    def to_move(self, state: State) -> frozenset[int]:
        return frozenset() if state.current is None else frozenset({state.current})

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        if seat != state.current:
            return []
        return [Roll(), Bank()] if state.pending else [Roll()]

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        if seat != state.current:
            raise IllegalMove(gettext_noop("It is not your turn."))
        if isinstance(move, Bank):
            if not state.pending:
                raise IllegalMove(gettext_noop("Roll at least once."))
            scores = tuple(
                s + state.pending if i == seat else s
                for i, s in enumerate(state.scores)
            )
            return self._next(replace(state, scores=scores), seat), [
                Event("banked", {"seat": seat, "points": state.pending})
            ]
        face, rng = state.rng.randint(1, 6)
        state = replace(state, rng=rng)
        if face == 1:
            return self._next(state, seat), [Event("bust", {"seat": seat})]
        state = replace(state, pending=state.pending + face)
        if state.scores[seat] + state.pending >= state.target:
            scores = tuple(
                s + state.pending if i == seat else s
                for i, s in enumerate(state.scores)
            )
            state = replace(state, scores=scores, current=None, pending=0)
        return state, [Event("rolled", {"seat": seat, "face": face})]

    def _next(self, state: State, seat: int) -> State:
        turns = state.turns + 1
        following = None if turns >= MAX_TURNS else (seat + 1) % len(state.scores)
        return replace(state, current=following, pending=0, turns=turns)

    def view(self, state: State, seat: int | None) -> JSON:
        return {
            "scores": list(state.scores),
            "to_move": sorted(self.to_move(state)),
            "current": state.current,
            "pending": state.pending,
            "turns": state.turns,
            "target": state.target,
        }

    def static_view(self, options: JSON, seats: int) -> JSON:
        """The die's faces: the board's part that no move changes."""
        return {"faces": list(range(1, 7))}

    def outcome(self, state: State) -> Outcome | None:
        if state.current is not None:
            return None
        best = max(state.scores)
        ranks = tuple(
            1 + sum(other > s for other in state.scores) for s in state.scores
        )
        if len(state.scores) == 1:
            ranks = (1 if best >= state.target else 2,)
        return Outcome(ranks=ranks, reason="target", scores=state.scores)

    def describe(self, move: Move) -> Message:
        return Message(gettext_noop("Roll") if isinstance(move, Roll) else "Bank")

    def describe_event(self, event: Event) -> Message:
        return Message(f"%(player)s {event.kind}", {"player": event.data["seat"]})

    def state_from_json(self, data: JSON) -> State:
        return parse(State, data, MALFORMED_STATE)

    def move_from_json(self, data: JSON) -> Move:
        return parse(Move, data, MALFORMED_MOVE)


def _choose_greedy(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Bank from 12 points on, else roll."""
    return Bank() if view["pending"] >= 12 and Bank() in legal else Roll()


def _choose_timid(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Bank as soon as it may."""
    return Bank() if Bank() in legal else Roll()


TOY = ToyRules()
# The first is the default; a second one lets tests name a robot.
TOY_ROBOTS: dict[str, Robot[Move]] = {
    "greedy": Robot("greedy", gettext_noop("Greedy robot"), _choose_greedy),
    "timid": Robot("timid", gettext_noop("Timid robot"), _choose_timid),
}
