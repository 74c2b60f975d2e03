"""Rat um Rad hard robot: determinized flat Monte Carlo over the route robot.

The method is perfect-information Monte Carlo (Ginsberg, "GIB: Imperfect
Information in a Trick-Taking Game", JAIR 14, 2001), the flat form of
determinized search (Cowling, Powley and Whitehouse, "Information Set
Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012): it draws worlds
consistent with its seat's view (`RULES.sample_state`: the other hands,
destination cards and deck order), plays each candidate move in each world
and then the game on with a rollout policy on every seat, the engine's own
`RULES.apply` as forward model, and keeps the candidate whose margin (its
value minus the best other seat's value, `_value`) is highest on average.
Every candidate meets the same worlds (common random numbers), so a
difference comes from the move, not from the draw.

The rollout policy is the sketch (sketch.py): the route robot's action
rules with each seat's plan kept from move to move, about half the route
robot's cost a move, so about twice the worlds fit in the budget. Mid-game
a rollout stops after `horizon` plies and is scored by the evaluation;
once a seat is near its last wheels (the game ends when a seat has 2 or
fewer, Rat um Rad seed, Ende des Spiels) or the final round runs, rollouts
play to the end, where the totals are exact, over more candidates and with
a smaller margin for leaving the route robot's move: whom the end finds
with wheels and cards unspent decides most games between route robots.

A flat search, not a tree: the policy is deterministic, so once the
hidden cards are fixed a rollout is a single line. What is searched:

- the action of a turn: the route robot's move, its best take and the
  builds it would pay (planned roads first, then the longest), up to
  `limit` moves (`end_limit` at the end);
- not searched, the route robot's move: keeping destination cards,
  drawing them, and the second pick of a take. A rollout of a few turns
  cannot tell whether a new card will be joined by the end, and scoring
  each card by its own path favoured hoarding cards (it lost to the
  random robot); a card more or less rarely changes a plan.

The budget is a number of simulated moves (plies) per decision, not wall
time, so the same rng gives the same move on every machine (at least one
world is played whatever the budget).

Measured (bench/robots.py's duel, seeds 0-39, seats swapped, 2 seats
unless said, a loaded machine): against the route robot 21.5 of 40 first
places, 54% (Wilson 95% 39-68%); on the same seeds the former hard robot
(route-robot rollouts, 300 plies, no end search) won 16 (40%, 26-55%) and
the route robot itself 19; of the 10 seeds where the two hard robots
differ the new one wins 8. With 3 route robots (4 seats) 12 of 40, 30%
(18-45%; former: 7 of 40). Against the random robot 20 of 20 on seeds
0-19 (84-100%). CPU per decision: 2 seats median 170 ms, p99 482 ms, max
599 ms (the former robot in the same run: 178/439/563 ms); against the
random robot median 173 ms, p99 820 ms, max 1.28 s (its long games make the
end's full rollouts long); 4 seats median 193 ms, p99 408 ms, max 507 ms;
5 seats (6 games) median 2 ms, p99 446 ms.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from games.rules.base import JSON
from games.rules.rng import Rng, search_random

from .engine import RULES
from .infer import reweigh
from .maps import MAPS, Map
from .route import choose_route
from .route.choices import builds_by_road, choose_payment, choose_pick, wanted
from .route.plan import Board, board_from_view, shortest
from .scoring import results
from .sketch import Sketch
from .state import PHASE_OVER, DrawDestinations, Keep, Move, State

# Chosen for issue 26's decision time (median 200 ms on one core): about
# 0.3 ms a simulated move with the sketch policy (sketch.py), against
# 0.6-0.8 ms with the route robot itself. Measured: see "Measured" above.
# Mid-game: no search (budget 0), the route robot's move; with a budget,
# rollouts of `HORIZON` plies scored by `_value` (measured: it lost).
BUDGET = 0
CANDIDATES = 3
HORIZON = 16
# A candidate must beat the route robot's own move by this many points of
# margin on average: the search's noise should not overrule a sound plan.
KEEP_ROUTE = 3.0
# The end: once a seat has this many wheels or fewer (or the final round
# runs), rollouts play to the end of the game, with this budget, this many
# candidates and this margin (the end's totals are exact, not estimates).
END_WHEELS = 12
END_BUDGET = 900
END_CANDIDATES = 5
END_KEEP = 1.0
# At the horizon, the share of its points an uncompleted but joinable card
# is worth (an unjoinable one counts against, as at the end).
REACHABLE = 0.5

Chooser = Callable[[JSON, list[Move], Rng], Move]


def _value(state: State, seat: int, game_map: Map) -> float:
    """Return what `seat` is worth: its total if the game ended now, plus a
    share of the uncompleted cards the route planner can still join.

    Once over it is the final total. Mid-game an uncompleted card counts
    against (as at the end) unless the planner joins it within the wheels
    left (the cheapest path alone fits); then it counts `REACHABLE` times
    its points instead.
    """
    row = results(state, game_map)[seat]
    total = float(row["total"])
    if state.phase == PHASE_OVER or not row["failed"]:
        return total
    board = Board(
        map=game_map,
        seat=seat,
        seats=state.seats,
        owners=dict(state.built),
        hand=Counter(state.hands[seat]),
        wheels=state.wheels[seat],
    )
    reachable = 0
    for card in row["failed"]:
        # One path per card, not a joint plan: the search spends its time
        # on rollouts, and a card that fits alone is likely joined.
        found = shortest(board, card["a"], card["b"])
        if found is not None and sum(r.length for r in found[1]) <= board.wheels:
            reachable += card["points"]
    return total + (1 + REACHABLE) * reachable


def _margin(state: State, seat: int) -> float:
    """Return `seat`'s value minus the best other seat's value (`_value`)."""
    game_map = MAPS[state.map]
    values = [_value(state, s, game_map) for s in range(state.seats)]
    mine = values.pop(seat)
    return mine - max(values)


def rollout(
    state: State,
    seat: int,
    horizon: int | None,
    fast: bool = False,
) -> tuple[float, int]:
    """Play the route robot (`fast`: the sketch policy) on every seat for at most `horizon` plies.

    `horizon` None plays to the end of the game. Return (the margin of
    `seat` at the end or the horizon, plies played).
    """
    plies = 0
    sketch = Sketch() if fast else None
    while horizon is None or plies < horizon:
        to_move = RULES.to_move(state)
        if not to_move:
            break
        mover = min(to_move)
        legal = RULES.legal_moves(state, mover)
        view = RULES.view(state, mover)
        if sketch is None:
            move = choose_route(view, legal, _NO_RNG)
        else:
            move = sketch.choose(view, legal)
        state, _ = RULES.apply(state, mover, move)
        plies += 1
    return _margin(state, seat), plies


_NO_RNG = Rng(0)  # the route robot draws nothing


def candidates(view: JSON, legal: list[Move], limit: int) -> list[Move]:
    """Return the moves worth searching, the route robot's first (no duplicates).

    `[]` when the decision is not searched: a keep or the second pick of
    a take; only the route robot's move when it draws destination cards.
    """
    if view["picks"] or any(isinstance(move, Keep) for move in legal):
        return []
    first = choose_route(view, legal, _NO_RNG)
    if first == DrawDestinations():
        return [first]
    game_map = MAPS[view["map"]]
    board = board_from_view(view, game_map)
    roads = wanted(board, view)
    found: list[Move] = [first]
    take = choose_pick(board, roads, legal, first=True)
    if take is not None:
        found.append(take)
    planned = {road.id for road in roads}
    by_road = builds_by_road(legal)
    order = sorted(
        by_road,
        key=lambda r: (r not in planned, -game_map.road_by_id[r].length, r),
    )
    for road in order:
        rest = [r for r in roads if r.id != road]
        found.append(choose_payment(board, by_road[road], rest)[2])
    unique: list[Move] = []
    for move in found:
        if move not in unique:
            unique.append(move)
    return unique[:limit]


def make_hard(
    budget: int = BUDGET,
    limit: int = CANDIDATES,
    horizon: int = HORIZON,
    keep_route: float = KEEP_ROUTE,
    end_wheels: int = END_WHEELS,
    end_budget: int = END_BUDGET,
    end_limit: int = END_CANDIDATES,
    end_keep: float = END_KEEP,
    fast: bool = True,
    infer: bool = False,
) -> Chooser:
    """Return a hard chooser simulating about `budget` plies per searched decision.

    `limit` caps the candidate moves of a turn's action; `horizon` caps a
    rollout's plies; `keep_route` is the average margin another candidate
    must gain over the route robot's move. Once a seat has `end_wheels`
    wheels or fewer, or the final round runs, `end_budget`, `end_limit`
    and `end_keep` replace them and rollouts play to the end. `fast`
    rollouts play the sketch policy (sketch.py), else the route robot. The chooser is a Robot's `choose(view, legal, rng)`:
    it reads only the view, returns one of `legal` (ValueError if empty)
    and, for the same arguments, always the same move.
    """

    def choose_hard(view: JSON, legal: list[Move], rng: Rng) -> Move:
        if not legal:
            raise ValueError("no legal move")
        if len(legal) == 1:
            return legal[0]
        seat = view.get("seat")
        if seat is None or view.get("map") not in MAPS or view.get("hand") is None:
            return choose_route(view, legal, rng)
        fewest = min(int(p["wheels"]) for p in view["players"])
        ending = fewest <= end_wheels or view.get("final_round") is not None
        if not ending and budget <= 0:
            return choose_route(view, legal, rng)
        plies_cap: int | None = horizon
        spend, keep = budget, keep_route
        if ending:
            plies_cap, spend, keep = None, end_budget, end_keep
        moves = candidates(view, legal, end_limit if ending else limit)
        if len(moves) < 2:  # noqa: PLR2004
            return moves[0] if moves else choose_route(view, legal, rng)
        game_map = MAPS[view["map"]]
        seed, _ = rng.randint(0, 2**62)
        draws = search_random(seed)
        totals = [0.0] * len(moves)
        spent = 0
        worlds = 0
        while worlds == 0 or spent < spend:
            world = RULES.sample_state(view, seat, Rng(draws.getrandbits(62)))
            if infer:
                world = reweigh(world, seat, game_map, draws.random)
            for i, move in enumerate(moves):
                state, _ = RULES.apply(world, seat, move)
                value, plies = rollout(state, seat, plies_cap, fast)
                totals[i] += value
                spent += plies + 1
            worlds += 1
        totals[0] += keep * worlds
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return moves[best]

    return choose_hard


choose_hard: Chooser = make_hard()
"""The hard robot at the production budget (`make_hard`'s defaults)."""

__all__ = ["choose_hard", "make_hard", "rollout", "candidates"]
