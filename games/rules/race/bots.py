"""Race robots: pure strategies that see only their seat's view and moves.

Three levels (issue 26), named the same in every game: "easy" is the robot
of the Race rules (robot paragraph; Spielpost's rulings, Robot: random
favourites, a random card that moves a Knonster); "medium" is a small greedy
robot of our own (`choose_eager`), the default, which the platform also uses
for stand-ins and to finish a decided race for a seat; "hard" (hard.py)
plays each move out to the end many times on samples of the hidden hands
and favourites, the medium robot's rule on every seat, and keeps the best.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from games.rules.base import JSON, Robot, gettext_noop
from games.rules.rng import Rng

from . import cards as c
from .hard import choose_hard
from .state import ChooseFavourites, Move, PlayCard, UsePower

M = TypeVar("M", bound=Move)

# Podium bonus the eager robot adds for a finished Knonster, per place.
_PLACE_BONUS = (40, 20, 10, 0)


def choose_random(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return a random move, preferring cards that move a Knonster.

    Favourites are random. A card without effect is played only when no card
    with an effect (or superpower move, which always has one) is possible.
    Raises ValueError if `legal` is empty.
    """
    effect = {entry["card"]: entry["effect"] for entry in view.get("hand") or []}
    useful = [
        m
        for m in legal
        if isinstance(m, UsePower)
        or (isinstance(m, PlayCard) and effect.get(m.card, False))
    ]
    move, _ = rng.choice(useful or legal)
    return move


def choose_eager(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return the move that best helps this seat's favourites right now.

    Favourites: the pair with the most Knonster cards in hand. Cards: the
    move whose resulting board scores highest (own favourites forward,
    others back), ties broken at random. Raises ValueError if `legal` is
    empty.
    """
    choices = [m for m in legal if isinstance(m, ChooseFavourites)]
    if choices:
        counts = dict.fromkeys(c.KNONSTERS, 0)
        for entry in view.get("hand") or []:
            knonster = c.CARDS[entry["card"]].knonster
            if knonster is not None:
                counts[knonster] += entry["count"]

        def fit(move: ChooseFavourites) -> int:
            bet = counts[move.winner] if move.winner else 0
            return 100 * sum(counts[k] for k in move.knonsters) + bet

        return _best(choices, fit, rng)
    mine = set((view.get("favourites") or {}).get("knonsters") or ())
    board = (
        tuple(k["position"] for k in view["knonsters"]),
        tuple(view["podium"]),
    )

    def value(move: PlayCard | UsePower) -> int:
        power = move.knonster if isinstance(move, UsePower) else None
        result = c.resolve(move.card, power, board)
        positions, podium = result[0] if result else board
        total = 0
        for i, k in enumerate(c.KNONSTERS):
            worth = positions[i] + (_PLACE_BONUS[podium.index(k)] if k in podium else 0)
            total += 2 * worth if k in mine else -worth
        return total

    cards = [m for m in legal if isinstance(m, PlayCard | UsePower)]
    return _best(cards, value, rng)


def _best(moves: list[M], key: Callable[[M], int], rng: Rng) -> M:
    scored = [(key(m), m) for m in moves]
    top = max(score for score, _ in scored)
    move, _ = rng.choice([m for score, m in scored if score == top])
    return move


ROBOTS: dict[str, Robot[Move]] = {
    "easy": Robot("easy", gettext_noop("easy"), choose_random),
    "medium": Robot("medium", gettext_noop("medium"), choose_eager),
    "hard": Robot("hard", gettext_noop("hard"), choose_hard, searching=True),
}
