"""Dice Stars robots: pure strategies that see only their seat's view and moves.

Three levels (issue 26), named the same in every game. "easy" is the
simplest robot: uniform among the legal moves. "medium" (`choose_greedy`,
the default) picks the move with the best immediate change of its own total, as
the view reports it (`takes[].points`, `star_rows[].points`); moves without
a score change (drawing, the reserve decision) are chosen at random.
"hard" (hard.py) weighs its whole turn ahead over sampled throws: how many
dice to draw, which take, where each star goes.
"""

from __future__ import annotations

from typing import cast

from games.rules.base import JSON, Robot, gettext_noop
from games.rules.rng import Rng
from games.rules.structs import MALFORMED_MOVE, parse

from .hard import choose_hard
from .state import Move, PlaceStar


def choose_random(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return a uniformly random legal move; raise ValueError if `legal` is empty."""
    move, _ = rng.choice(legal)
    return move


def choose_greedy(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return the legal move with the best immediate score change, ties at random.

    Raises ValueError if `legal` is empty.
    """
    points: dict[Move, int] = {
        cast(Move, parse(Move, take["move"], MALFORMED_MOVE)): take["points"]
        for take in view.get("takes") or []
    }
    for row in view.get("star_rows") or []:
        points[PlaceStar(value=row["value"])] = row["points"] or 0
    scored = [(points.get(move, 0), move) for move in legal]
    top = max(score for score, _ in scored)
    move, _ = rng.choice([m for score, m in scored if score == top])
    return move


ROBOTS: dict[str, Robot[Move]] = {
    "easy": Robot("easy", gettext_noop("easy"), choose_random),
    "medium": Robot("medium", gettext_noop("medium"), choose_greedy),
    "hard": Robot("hard", gettext_noop("hard"), choose_hard, searching=True),
}
