"""Rat um Rad robots: pure strategies that see only their seat's view and moves.

Three levels (issue 26), named the same in every game: "easy" chooses
uniformly among the legal moves; "medium" (the default) plans paths for its
destination cards and gathers the cards they need (the route package);
"hard" (hard.py) plays like it until a seat nears its last wheels, then
plays its candidate actions to the end in samples of the hidden hands and
destination cards and keeps the best.
"""

from __future__ import annotations

from games.rules.base import JSON, Robot, gettext_noop
from games.rules.rng import Rng

from .hard import choose_hard
from .route import choose_route
from .state import Move


def choose_random(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return a uniformly random legal move; raise ValueError if `legal` is empty."""
    move, _ = rng.choice(legal)
    return move


ROBOTS: dict[str, Robot[Move]] = {
    "easy": Robot("easy", gettext_noop("easy"), choose_random),
    "medium": Robot("medium", gettext_noop("medium"), choose_route),
    "hard": Robot("hard", gettext_noop("hard"), choose_hard, searching=True),
}
