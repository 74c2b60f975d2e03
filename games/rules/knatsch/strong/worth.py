"""Knatsch strong robot: how close cards bring a player to a win, and what a special card is worth.

See the package docstring (Targets).
"""

from __future__ import annotations

from functools import lru_cache

from games.rules.base import JSON
from games.rules.knatsch.dice import Result

from .odds import Means, chance
from .throws import player_means

WIN = 100.0
# The potential of being `steps` captures away from a win (index = steps).
STEP_VALUES = (WIN, 36.0, 15.0, 6.0, 2.5, 1.0)
SECOND_ROUTE = 0.3  # share of the second-best way to win that counts too
SPECIAL_SCALE = 70.0  # potential per unit of average chance a special card adds
# An opponent with 3 castles is closer to a win the better their King chance:
# KING_BONUS potential per unit of chance above KING_PAR (6 dice, 3 throws).
KING_PAR = 0.3
KING_BONUS = 0.6
# Combinations whose average chance measures a special card's effect, per role.
REFERENCE: dict[str, tuple[Result, ...]] = {
    "attack": ((3, 2, 3), (3, 4, 2), (3, 5, 1)),
    "defence": ((3, 4, 3),),
    "joust": ((3, 4, 2),),
}
ROLE_WEIGHTS: dict[str, float] = {"attack": 1.0, "defence": 0.3, "joust": 0.3}


def steps(castles: int, tournaments: int) -> tuple[int, int]:
    """Return (captures missing on the closest way to win, on the other way).

    Ways: 4 castles; 2 castles + 3 tournaments; the King needs 3 castles and
    counts as the castles' last step.
    """
    by_castles = max(0, 4 - castles)
    by_tournaments = max(0, 2 - castles) + max(0, 3 - tournaments)
    return min(by_castles, by_tournaments), max(by_castles, by_tournaments)


def potential(castles: int, tournaments: int, king: float = 0.0) -> float:
    """Return how close a player with these cards is to a win (WIN: won).

    `king`: the player's chance to overthrow the King; with 3 castles a
    good chance brings the win closer than one more capture would.
    """
    near, far = steps(castles, tournaments)
    if near == 0:
        return WIN
    top = len(STEP_VALUES) - 1
    value = STEP_VALUES[min(near, top)] + SECOND_ROUTE * STEP_VALUES[min(far, top)]
    if castles == 3:
        value += KING_BONUS * max(0.0, king - KING_PAR) * WIN
    return value


def _average(means: Means, combinations: tuple[Result, ...]) -> float:
    """Return the average chance to beat `combinations` with `means`."""
    return sum(chance(c, *means) for c in combinations) / len(combinations)


def special_worth(card: JSON, player: JSON, owned: bool) -> float:
    """Return what special card `card` is worth to `player`: its effect on their chances.

    `owned`: the player holds it now (its effect is in their means).
    """
    return _special_effect(
        card["kind"],
        card["value"],
        tuple(player_means(player, role) for role in ROLE_WEIGHTS),
        owned,
        len(player["castles"]) > 1,
    )


@lru_cache(maxsize=4096)
def _special_effect(
    kind: str, value: int | None, means: tuple[Means, ...], owned: bool, exposed: bool
) -> float:
    """Return `special_worth` for a player with `means` per role of ROLE_WEIGHTS.

    `exposed`: the player's castles can be attacked (more than one).
    """
    worth = 0.0
    for (role, weight), (dice, throws, fixed) in zip(
        ROLE_WEIGHTS.items(), means, strict=True
    ):
        if kind == "extra_die":
            dice -= owned
            better: Means = (dice + 1, throws, fixed)
        elif kind == "squire" and value is not None:
            faces = list(fixed)
            if owned:
                faces.remove(value)
            fixed = tuple(faces)
            better = (dice, throws, tuple(sorted([*faces, value])))
        elif (kind, role) in (
            ("catapult", "attack"),
            ("guard", "defence"),
            ("jousting_right", "joust"),
        ):
            throws -= owned
            better = (dice, throws + 1, fixed)
        else:
            continue
        if kind == "guard" and not exposed:
            weight /= 2  # nobody can attack a single castle yet
        if kind == "catapult":
            weight *= 1.15  # hosting too
        base = _average((dice, throws, fixed), REFERENCE[role])
        worth += weight * (_average(better, REFERENCE[role]) - base)
    return SPECIAL_SCALE * worth
