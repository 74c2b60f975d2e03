"""Race robots: pure strategies that see only their seat's view and moves.

"random" is the seed's robot (Race rules, robot paragraph; rules/race.md,
Robot) and the default, also used for "finish automatically". "eager" is a
small greedy robot of our own.
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.base import JSON, Robot, gettext_noop
from games.rules.rng import Rng

from . import cards as c
from .state import AUTOPLAY, FAVOURITES, PLAY, POWER, Move

# Podium bonus the eager robot adds for a finished Knonster, per place.
_PLACE_BONUS = (40, 20, 10, 0)


def choose_random(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return a random move, preferring cards that move a Knonster.

    Favourites are random. A card without effect is played only when no card
    with an effect (or superpower move, which always has one) is possible;
    "finish automatically" is never chosen. Raises ValueError if `legal` is
    empty.
    """
    effect = {entry["card"]: entry["effect"] for entry in view.get("hand") or []}
    useful = [
        m
        for m in legal
        if m.kind == POWER or (m.kind == PLAY and effect.get(m.card or "", False))
    ]
    pool = useful or [m for m in legal if m.kind != AUTOPLAY] or legal
    move, _ = rng.choice(pool)
    return move


def choose_eager(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return the move that best helps this seat's favourites right now.

    Favourites: the pair with the most Knonster cards in hand. Cards: the
    move whose resulting board scores highest (own favourites forward,
    others back), ties broken at random. Raises ValueError if `legal` is
    empty.
    """
    candidates = [m for m in legal if m.kind != AUTOPLAY] or legal
    if candidates[0].kind == FAVOURITES:
        counts = dict.fromkeys(c.KNONSTERS, 0)
        for entry in view.get("hand") or []:
            knonster = c.CARDS[entry["card"]].knonster
            if knonster is not None:
                counts[knonster] += entry["count"]

        def fit(move: Move) -> int:
            bet = counts[move.winner] if move.winner else 0
            return 100 * sum(counts[k] for k in move.knonsters) + bet

        return _best(candidates, fit, rng)
    mine = set((view.get("favourites") or {}).get("knonsters") or ())
    board = (
        tuple(k["position"] for k in view["knonsters"]),
        tuple(view["podium"]),
    )

    def value(move: Move) -> int:
        assert move.card is not None
        result = c.resolve(move.card, move.knonster, board)
        positions, podium = result[0] if result else board
        total = 0
        for i, k in enumerate(c.KNONSTERS):
            worth = positions[i] + (_PLACE_BONUS[podium.index(k)] if k in podium else 0)
            total += 2 * worth if k in mine else -worth
        return total

    return _best(candidates, value, rng)


def _best(moves: list[Move], key: Callable[[Move], int], rng: Rng) -> Move:
    scored = [(key(m), m) for m in moves]
    top = max(score for score, _ in scored)
    move, _ = rng.choice([m for score, m in scored if score == top])
    return move


ROBOTS: dict[str, Robot[Move]] = {
    "random": Robot("random", gettext_noop("Random robot"), choose_random),
    "eager": Robot("eager", gettext_noop("Eager robot"), choose_eager),
}
