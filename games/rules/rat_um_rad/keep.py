"""Rat um Rad hard robot: which destination cards to keep, searched.

The same determinized search as hard.py's end search (perfect-information
Monte Carlo, Ginsberg 2001): worlds drawn from the seat's view
(`RULES.sample_state`), each candidate keep played in each world and the
game then played to its end by the route robot on every seat, the
candidates compared by their paired margins (common worlds). The route
robot's keep stays unless another beats it clearly (hard.py's `_best`).

Candidates: the route robot's keep first, then the other legal keeps in
the order of the route robot's own worth (route/choices.py's
`choose_keep`: points joined minus points dropped minus half the
planning cost), at most `limit`. From the start a rollout is a whole game
(about 100 plies with 2 seats, 160 with 4, measured on seeds 0-3), so the
budget allows only a few worlds.

Off by default (hard.py's `KEEP_BUDGET` 0: the route robot's keep), as
measured against the route robot (bench/robots.py's duel, 2 seats, seats
swapped; share of first places, Wilson 95%); the defaults on seeds 0-79
win 55 of 80, 69% (58-78%), and 104.5 of 160 on seeds 0-159, 65%
(58-72%). With this search at 1,600 plies and 4 candidates: 55 of 80
(`SURE` 1: it rarely leaves the route robot's keep), 56 (70%, 59-79%)
with `keep_sure` 0; 2 candidates, `keep_sure` 0: 56 of 80 on seeds 0-79
and 52 of 80 on seeds 80-159 (the defaults 49.5), 108 of 160, 67.5%
(60-74%), with 3 route robots (4 seats, seeds 0-39) 10.5 of 40, 26%
(15-42%; the defaults 11): within the noise, and it doubles the p99
decision time (610-710 ms, max 835 ms, against 283 ms). Also no gain:
the route robot's keep with another weight of the planning cost
(`make_hard(keep_weight=...)`): 0.3 (keeps more) 47.5 of 80 (59%,
48-69%), 0.8 52 of 80 (65%, 54-75%), on seeds 0-79; and drawing
destination cards as a candidate of the end search (`end_draw`): 54.5 of
80 (68%, 57-77%); the second pick of a take searched at the end (hard.py's
`end_pick`: the route robot's, the deck, the face-up cards): 55 of 80.
With the defaults, 3 route robots (4 seats, seeds 0-39): 11 of 40, 27.5%
(16-43%), CPU per decision median 0.27 ms, p99 309 ms, max 386 ms.
"""

from __future__ import annotations

from collections.abc import Callable

from games.rules.base import JSON
from games.rules.rng import Rng, search_random

from .engine import RULES
from .maps import MAPS
from .route import choose_route
from .route.choices import COST_WEIGHT, unfinished
from .route.plan import board_from_view, plan_routes
from .state import Keep, Move, State

# A finished rollout: (the state after the candidate, the seat) -> (margin, plies).
Play = Callable[[State, int], tuple[float, int]]
# The candidate to play from the margins, world by world (hard.py's `_best`).
Pick = Callable[[list[list[float]]], int]

_NO_RNG = Rng(0)


def keep_candidates(
    view: JSON, legal: list[Move], limit: int, weight: float = COST_WEIGHT
) -> list[Move]:
    """Return the keeps worth searching, the route robot's first, at most `limit`.

    With a `weight` of the planning cost other than the route robot's, the
    keeps are in the order of that worth alone.
    """
    keeps = [move for move in legal if isinstance(move, Keep)]
    first = choose_route(view, legal, _NO_RNG) if weight == COST_WEIGHT else None
    game_map = MAPS[view["map"]]
    board = board_from_view(view, game_map)
    held = unfinished(view, board)
    cards = game_map.destinations

    def worth(move: Keep) -> float:
        plan = plan_routes(board, held + [cards[c] for c in move.cards])
        joined = sum(d.points for d in plan.targets)
        return joined - sum(d.points for d in plan.dropped) - weight * plan.cost

    rest = sorted(
        (m for m in keeps if m != first), key=lambda m: (-worth(m), -len(m.cards))
    )
    return (([] if first is None else [first]) + rest)[:limit]


def search_keep(
    view: JSON,
    legal: list[Move],
    rng: Rng,
    budget: int,
    limit: int,
    play: Play,
    pick: Pick,
) -> Move:
    """Return the keep to play: the route robot's unless `pick` prefers another.

    About `budget` plies are simulated (at least one world), over at most
    `limit` candidates (`keep_candidates`).
    """
    seat = int(view["seat"])
    moves = keep_candidates(view, legal, limit)
    if len(moves) < 2:  # noqa: PLR2004
        return moves[0]
    seed, _ = rng.randint(0, 2**62)
    draws = search_random(seed)
    margins: list[list[float]] = [[] for _ in moves]
    spent = 0
    while not margins[0] or spent < budget:
        world = RULES.sample_state(view, seat, Rng(draws.getrandbits(62)))
        for i, move in enumerate(moves):
            state, _ = RULES.apply(world, seat, move)
            value, plies = play(state, seat)
            margins[i].append(value)
            spent += plies + 1
    return moves[pick(margins)]


__all__ = ["keep_candidates", "search_keep"]
