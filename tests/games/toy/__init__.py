"""The Toy: a test-only game the platform's tests play (Push Your Luck).

The platform tests (lobby, seats, moves, clocks, timeouts, notifications,
API, sockets) run on this game, never on a real one, so that a change to a
real game's rules cannot break them and they show that nothing in the
platform depends on a particular game. The engine is `engine.py`; its board
and rules pages are in `templates/games/toy/`. `register` puts the game in
the registry for one test (the `toy` fixture in tests/conftest.py); in the
browser tests' stack, its app (`apps.py`, installed by
tests/settings_browser.py) does.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from games.rules import registry
from games.rules.base import GameEntry, Playthrough
from games.rules.structs import replace

from .engine import TOY, TOY_ROBOTS

if TYPE_CHECKING:
    import pytest

    from games.models import Match

SLUG = "toy"
TEMPLATES_DIR = Path(__file__).resolve().parent / "templates"
# Its registry entry, as a real game's in games/rules/registry.py.
ENTRY = GameEntry(rules=TOY, robots=TOY_ROBOTS, playthrough=Playthrough(seats=2))

__all__ = [
    "ENTRY",
    "SLUG",
    "TEMPLATES_DIR",
    "TOY",
    "TOY_ROBOTS",
    "register",
    "toy_decided",
    "toy_position",
]


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the Toy under `SLUG` until the test ends (monkeypatch undoes it).

    The one place that knows how a game enters the registry, so that every
    door (lobby, board, rules page, API, protocol) sees the Toy.
    """
    monkeypatch.setitem(registry.GAMES, SLUG, ENTRY)


def toy_position(match: Match, **changes: object) -> None:
    """Store the Toy state of active `match` with `changes` (State fields).

    E.g. `toy_position(match, pending=5)`: the seat to move has rolled 5 so
    far this turn, so it may bank (a Toy turn of several steps without
    depending on the dice). The seats' to-move columns follow (see
    `tests.games.helpers.state_store`).
    """
    from tests.games.helpers import state_of, state_store

    state_store(match, replace(state_of(match), **changes))


def toy_decided(monkeypatch: pytest.MonkeyPatch, winners: frozenset[int]) -> None:
    """Make the Toy call every running match decided, `winners` ranked first.

    The Toy's own rules never decide a match early; the platform's
    "finish automatically" offer (asked of the winners first, then of the
    others) is tested against this answer of the rules, as Race's decided
    race would give it. Until the test ends (monkeypatch undoes it).
    """
    from .engine import State, ToyRules

    def running(state: State) -> bool:
        return state.current is not None

    def offered(self: ToyRules, state: State, seat: int) -> bool:
        return running(state) and 0 <= seat < len(state.scores)

    def order(self: ToyRules, state: State, seats: int) -> tuple[frozenset[int], ...]:
        if not running(state):
            return ()
        others = frozenset(range(seats)) - winners
        return (winners, others) if others else (winners,)

    def decided(self: ToyRules, state: State) -> frozenset[int]:
        return winners if running(state) else frozenset()

    monkeypatch.setattr(ToyRules, "autoplay_offered", offered)
    monkeypatch.setattr(ToyRules, "autoplay_offer_order", order)
    monkeypatch.setattr(ToyRules, "decided_winners", decided)
