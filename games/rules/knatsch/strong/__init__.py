"""Knatsch: the strong robot, a pure strategy over its seat's view and moves.

Chances: `chance(beat, dice, throws, fixed)` estimates the probability of
beating a result strictly (Knatsch rulings, Rolling) with a roll attempt of
`dice` dice, `throws` throws and squire dice `fixed`. The model: after the
first throw the roller picks one face to collect (the group) and keeps
those dice, plus one kicker die when the kicker decides; the first throw is
enumerated exactly (the table of all first throws of 6 and 7 dice is built
at import), the later throws follow a small exact recursion. It is a lower
bound of the best play, within 0.03 of it for 6 dice and 3 throws (the
King: 0.300 against 0.304). Results are memoized in bounded caches, so the
same input always gives the same chance.

Targets: each target is worth its chance of success times what the card is
worth: the change of a potential that grows as a player nears one of the
three ways to win (`potential`), plus the owner's loss when it is taken from
a player (weighted by that player's share of all opponents' potential, so a
player about to win counts most), minus what is lost on failure (the King's
revenge costs a castle). A castle attack counts the owner's chance to
defend; a tournament the chance that no other player beats the host; a
special card its effect on the robot's chances and, from a stack, the extra
attempt. The King is a target only with a decent chance (KING_MIN_CHANCE)
or when an opponent is one capture from a win. A stack top is put under
when the unseen card that may come up is worth more (also counting what
the top would give the next player). A pass, where allowed, is worth 0.
The weights were tuned in robot-against-robot games (bench/robots.py).

Throws: a stack card, a special card, the King and a defence stop once the
result to beat is beaten, keeping the dice that give the best chance; an
attacker on a castle, a tournament host and a tournament player with
players after them keep improving their result while that lowers the
others' chances (keeping what they must beat secured). The robot never
declines: throwing costs nothing and may win.

It uses neither the Rng it is given nor anything but the view, its legal
moves and the edition's card list.

The package: odds.py (chances), throws.py (keeping and stopping), worth.py
(how close cards bring a player to a win, what a special card is worth),
aims.py (targets, put-under, revenge).
"""

from __future__ import annotations

from games.rules.base import JSON
from games.rules.knatsch.moves import Move
from games.rules.rng import Rng

from .aims import LEADER_POWER, choose_revenge, choose_target
from .odds import chance
from .throws import choose_roll

__all__ = ["chance", "choose_strong"]


def choose_strong(
    view: JSON, legal: list[Move], rng: Rng, *, leader_power: float = LEADER_POWER
) -> Move:
    """Return the strong robot's move; raise ValueError if `legal` is empty.

    `leader_power`: how an opponent's loss is weighed among several
    (aims.LEADER_POWER, the strong robot's; the hard robot passes its own).
    """
    if not legal:
        raise ValueError("no legal move")
    if view["phase"] == "roll":
        return choose_roll(view, legal)
    if view["phase"] == "revenge":
        return choose_revenge(view, legal)
    return choose_target(view, legal, leader_power=leader_power)
