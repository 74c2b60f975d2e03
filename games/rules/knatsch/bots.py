"""Knatsch robots: pure strategies that see only their seat's view and moves.

Three levels (issue 26), named the same in every game: "easy" chooses
uniformly among the legal moves; "medium" (the default) is the strong
package's odds-reading robot; "hard" (hard.py) plays the medium robot's
candidates out on samples of the hidden stacks and dice and keeps the best.
"""

from __future__ import annotations

from games.rules.base import JSON, Robot, gettext_noop
from games.rules.rng import Rng

from .hard import choose_hard
from .moves import Move
from .strong import choose_strong


def choose_random(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return a uniformly random legal move; raise ValueError if `legal` is empty."""
    move, _ = rng.choice(legal)
    return move


ROBOTS: dict[str, Robot[Move]] = {
    "easy": Robot("easy", gettext_noop("easy"), choose_random),
    "medium": Robot("medium", gettext_noop("medium"), choose_strong),
    "hard": Robot("hard", gettext_noop("hard"), choose_hard, searching=True),
}
