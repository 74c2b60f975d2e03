"""Knatsch robots: pure strategies that see only their seat's view and moves.

"random" chooses uniformly among the legal moves. "strong" is in the strong package.
"""

from __future__ import annotations

from games.rules.base import JSON, Robot, gettext_noop
from games.rules.rng import Rng

from .state import Move
from .strong import choose_strong


def choose_random(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return a uniformly random legal move; raise ValueError if `legal` is empty."""
    move, _ = rng.choice(legal)
    return move


ROBOTS: dict[str, Robot[Move]] = {
    "strong": Robot("strong", gettext_noop("Strong robot"), choose_strong),
    "random": Robot("random", gettext_noop("Random robot"), choose_random),
}
