"""Rat um Rad hard robot: the route robot's plans, and a determinized search at the end.

The method is perfect-information Monte Carlo (Ginsberg, "GIB: Imperfect
Information in a Trick-Taking Game", JAIR 14, 2001), the flat form of
determinized search (Cowling, Powley and Whitehouse, "Information Set
Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012): it draws worlds
consistent with its seat's view (`RULES.sample_state`: the other hands,
destination cards and deck order), plays each candidate move in each world
and then the game to its end with a rollout policy on every seat, the
engine's own `RULES.apply` as forward model, and keeps the candidate whose
margin (its final total minus the best other seat's, `_margin`) is highest
on average. Every candidate meets the same worlds (common random numbers),
so a difference comes from the move, not from the draw.

When it searches: only near the end. Until a seat is down to `END_WHEELS`
wheels (the game ends when a seat has 2 or fewer, Rat um Rad seed, Ende
des Spiels) and no final round runs, it plays the route robot's move.
Earlier, a rollout cannot be played to the end within the budget, and
scoring it after a horizon of plies (`_value`: the points so far plus a
share of the cards still joinable) misled the search: it left the route
robot's plan for roads that score at once, and lost the destination
cards the route robot later draws and joins (measured below). At the end
the totals are exact given the world, and whom the end finds with wheels
and cards unspent decides most games between route robots. The mid-game
search stays available (`make_hard(budget=...)`) for measuring.

The rollout policy is the route robot itself on every seat (the medium
robot, as issue 26 suggests); the sketch (sketch.py: its action rules
with each seat's plan kept from move to move, about half the cost a
move) is the cheaper option `fast`, and at the same CPU it won less
(measured below). A flat search, not a tree: the policy is
deterministic, so once the hidden cards are fixed a rollout is a single
line. What is searched: the action of a turn: the route robot's move,
its best take and the builds it would pay (planned roads first, then the
longest), up to `END_CANDIDATES` moves; not searched, the route robot's
move: keeping destination cards, drawing them, and the second pick of a
take. Searching the keeps from the start (keep.py), other keep weights,
drawing and the second pick at the end did not win more (keep.py).

The budget is a number of simulated moves (plies) per decision, not wall
time, so the same rng gives the same move on every machine (at least one
world is played whatever the budget).

Measured (seeds 0-39 of bench/robots.py's duel, seats swapped, 2 seats,
a shared and loaded machine; share of first places, Wilson 95%):
against the route robot, the former robot (horizon search mid-game, 420
plies, end search from 8 wheels, 600 plies) 21.5 of 40, 54% (39-68%),
CPU per decision median 146 ms, p99 412 ms; no mid-game search, end from
8 wheels: 26 of 40, 65% (50-78%), median 17 ms, p99 444 ms; from 12
wheels with 900 plies: 27.5 of 40, 69% (53-81%), median
16 ms, p99 680 ms, max 1.05 s; from 16 wheels with 800 plies it lost
most of its first 16 games (4 of 16) and was stopped. On seeds 40-79 that
sketch search from 12 wheels won 20.5 of 40 (51%, 36-66%); route-robot
rollouts (`fast` False) with 700 plies won 24 of 40 there (60%, 45-74%)
and 26.5 of 40 on seeds 0-39 (66%, 51-79%): 50.5 of 80, 63% (52-73%),
p99 605-690 ms, max 849 ms: the defaults. Also tried, not
kept: reading the other seats' destination cards from their roads
(infer.py, `make_hard(infer=True)`: 18 of 29 against 21.5 on the same
seeds), a draw-destinations candidate scored by a joint plan at the
horizon (it hoarded cards: 1 of 6 games), a hand-card value at the
horizon (58.8%, within the noise of 53.7%).

bench/robots.py 40 with the defaults (one process, a loaded machine):
against the route robot 66.2% (50.8-78.9%; the route robot itself in
its place 47.5%), against the random robot 100% (91.2-100%), with 3
route robots (4 seats) 30.0% (18.1-45.4%; the route robot 17.5%, the
former hard robot 30%). CPU per decision of every pairing together:
median 0.5 ms, p99 820 ms, max 1.59 s. That table is of `sure` 0; then
a candidate had also to beat the route robot's move by one standard
error of the paired differences (`SURE`, the default): against the route
robot 30 of 40 on seeds 0-39 and 25 of 40 on seeds 40-79, 55 of 80,
69% (58-78%; `sure` 0 on the same seeds: 50.5, 63%), p99 800-806 ms,
max 1.19 s; with 3 route robots 11 of 40, 27.5% (16-43%; `sure` 0: 12).


Faster rollouts (route/plan.py: step costs, paths and own-road networks
memoized per board; the route robot's moves unchanged, checked against
digests of seeded games from before): on 548 decisions of 12 seeded
games near the end, the route robot takes 119 microseconds a decision
instead of 233 (CPU, best of 5); a simulated move (view, legal moves,
route robot, apply) about 165 instead of 280. The budget counts plies,
so the defaults play the same moves as before, only sooner: against the
route robot 104.5 of 160 (seeds 0-159), 65% (58-72%); on seeds 80-159
alone 49.5 of 80, 62% (51-72%); CPU per decision on this (2-core,
shared) machine median 0.16 ms, p99 215 ms, max 278 ms. With 3 route
robots (4 seats, seeds 0-39) 11 of 40, 27.5% (16-43%: the same games as
before), p99 203 ms, max 238 ms; against the random robot 40 of 40
(91-100%), max 312 ms. Spending the
saved time did not win more: 1,500 plies 49 of 77 (64%, 52-73%; with
3 route robots, 4 seats, 12.5 of 40, 31%, 19-47%, against 11); rollouts
scored by win/loss (`wins`) 79 of 123 (64%, 55-72%; the defaults on the
same seeds 83.5, 68%), in 4 seats 10 of 40 (25%, 14-40%); 8 candidates
with 1,500 plies in 4 seats 12 of 40 (30%, 18-45%); `sure` 2 with
1,400 plies 33.5 of 49 (68%, 54-80%); the search from 14 wheels (700
plies) 52.5 of 80 (66%, 55-75%; the defaults on seeds 0-79: 55); from 18 wheels (1,400
plies) 0 of 4 and from 16 in 4 seats 0 of 7 (stopped). p99 with 1,500
plies: 0.41-0.45 s (4 seats), max 0.47-0.56 s. The longest decision is
bounded by the budget plus one world: `END_BUDGET` + `END_CANDIDATES`
rollouts to the end (the game's end bounds each). The defaults on seeds
160-999 (2026-11-28): 547 of 840; with seeds 0-159, 651.5 of 1,000,
65.2% (62.1-68.0%): the 70% of issue 26 is not reached; the longest
decision 0.65 s of CPU. Against the random robot, seeds 0-999
(2026-11-28): 1,000 of 1,000, 100% (99.6-100%), the longest decision
1.03 s of CPU on the loaded machine; with 3 route robots (4 seats), seeds
0-652: 185.2 of 653, 28.4% (25.0-31.9%), and seeds 653-999 (2026-11-28,
two processes at nice 19 beside CI): 96.3 of 347, 27.8% (23.3-32.7%);
seeds 0-999: 281.5 of 1,000, 28.2% (25.5-31.0%), below issue 26's 40%.
Decisions of seeds 653-999 (14,087, on the loaded machine): median
0.57 ms, p99 708 ms, max 1.10 s of CPU.

Tried after that against the route robot, paired by seed (2026-11-28):
`infer` (the other seat's destination cards dealt by its roads) on seeds
0-999 won 658.5 of 1,000, 65.8% (62.9-68.7%), against these defaults'
651.5: +0.7 +- 2.5 points (+2.4 +- 4.0 on seeds 0-387, where both were
replayed), decisions p99 545 ms, max 769 ms; not kept. `END_BUDGET` 2,000
plies: 61.2% of seeds 0-66 against 68.7%, -7.5 +- 7.6 points, p99 1.5 s
(over issue 26's budget); stopped. Where the defaults lose (seeds 0-299,
62.7%): the other seat's track points, 11 more on average in a lost
game (4 fewer in a won one), and the longest-trail bonus, which the
hard robot holds in most won games (8.8 points ahead on average); the
destination cards' points differ by about 2 on average either way.

With 3 route robots (4 seats), the route robot's constants changed for the
hard seat's own decisions only (2026-11-29, seeds 0-199, paired; these
defaults 29.9%): `COST_WEIGHT` 0.25 14.8% (-15.2 +- 6.1 points), 1.0
27.7% (-2.2 +- 4.7); `LONG_ROAD` 3 21.2% (-8.7 +- 7.2), 5 30.9% (+1.0 +-
3.9); `DRAW_SPARE` 12 29.9% (+0.0 +- 3.9), 5 30.8% (+0.9 +- 4.0). None
kept: the route robot's constants, tuned with 2 seats, are no worse with
4 (Dice Stars' leaf weights were: its hard robot's star credit)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from games.rules.base import JSON
from games.rules.rng import Rng, search_random

from .engine import RULES
from .infer import reweigh
from .keep import keep_candidates, search_keep
from .maps import MAPS, Map
from .route import choose_route
from .route.choices import builds_by_road, choose_payment, choose_pick, wanted
from .route.plan import Board, board_from_view, shortest
from .scoring import results
from .sketch import Sketch
from .state import PHASE_OVER, DrawDestinations, Keep, Move, State

# Chosen for issue 26's decision time (p99 1 s on one core): about 0.8-1 ms
# a simulated move with the route robot near the end (the sketch policy,
# sketch.py: about half). Measured: see "Measured" above.
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
END_BUDGET = 700
END_CANDIDATES = 5
END_KEEP = 1.0
# ... and by this many standard errors of the paired differences (`_best`).
SURE = 1.0
# Keeping destination cards (keep.py): rollouts to the end from the keep,
# this many plies per decision (0: the route robot's keep; the search did
# not win more) over this many keeps; the route robot's stays unless
# another's margin is this much higher, by this many standard errors.
KEEP_BUDGET = 0
KEEP_CANDIDATES = 4
KEEP_MARGIN = 1.0
KEEP_SURE = 1.0
# At the end, what a rollout is worth (`_score`): a win (the margin above 0)
# 1, a tie 0.5, a loss 0, plus this much per point of margin to tell apart
# equal outcomes (`wins` False: the margin alone).
WINS = False
WIN_MARGIN = 0.01
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


def candidates(
    view: JSON, legal: list[Move], limit: int, draw: bool = False, pick: bool = False
) -> list[Move]:
    """Return the moves worth searching, the route robot's first (no duplicates).

    `[]` for a keep or (unless `pick`) the second pick of a take; only the
    route robot's move when it draws destination cards, unless `draw`.
    """
    if any(isinstance(move, Keep) for move in legal) or (view["picks"] and not pick):
        return []
    first = choose_route(view, legal, _NO_RNG)
    if view["picks"]:  # the second pick: the route robot's, then the deck and colours
        return [first, *(m for m in sorted(legal, key=str) if m != first)][:limit]
    if first == DrawDestinations() and not draw:
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
    if draw and DrawDestinations() in legal:
        found.insert(1, DrawDestinations())
    unique: list[Move] = []
    for move in found:
        if move not in unique:
            unique.append(move)
    return unique[:limit]


def _score(margin: float) -> float:
    """Return a finished rollout's worth: 1 won, 0.5 tied, 0 lost, plus
    `WIN_MARGIN` per point of `margin` (the seat's total minus the best
    other's)."""
    outcome = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    return outcome + WIN_MARGIN * margin


def _best(margins: list[list[float]], keep: float, sure: float) -> int:
    """Return the index of the candidate to play: 0 (the route robot's) unless
    another's mean margin beats it by more than `keep` points and by `sure`
    standard errors of the paired differences (the same worlds: a paired
    test, Student 1908; `sure` 0: the mean alone). `margins[i]` lists
    candidate i's margins, world by world (equally long, non-empty).
    """
    worlds = len(margins[0])
    best, best_mean = 0, keep
    for i in range(1, len(margins)):
        diffs = [a - b for a, b in zip(margins[i], margins[0], strict=True)]
        mean = sum(diffs) / worlds
        if mean <= best_mean:
            continue
        if sure > 0:
            if worlds < 2:  # noqa: PLR2004
                continue
            spread = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
            if mean - keep <= sure * (spread / worlds) ** 0.5:
                continue
        best, best_mean = i, mean
    return best


def make_hard(
    budget: int = BUDGET,
    limit: int = CANDIDATES,
    horizon: int = HORIZON,
    keep_route: float = KEEP_ROUTE,
    end_wheels: int = END_WHEELS,
    end_budget: int = END_BUDGET,
    end_limit: int = END_CANDIDATES,
    end_keep: float = END_KEEP,
    fast: bool = False,
    infer: bool = False,
    sure: float = SURE,
    wins: bool = WINS,
    keep_budget: int = KEEP_BUDGET,
    keep_limit: int = KEEP_CANDIDATES,
    keep_margin: float = KEEP_MARGIN,
    keep_sure: float = KEEP_SURE,
    end_draw: bool = False,
    keep_weight: float | None = None,
    end_pick: bool = False,
) -> Chooser:
    """Return a hard chooser: the route robot's move mid-game, a search at the end.

    From the moment a seat has `end_wheels` wheels or fewer, or the final
    round runs, it simulates about `end_budget` plies per decision over at
    most `end_limit` candidates, rollouts played to the end, and leaves the
    route robot's move only for one whose average margin is `end_keep`
    points higher. Before that, with `budget` 0 (the default) it plays the
    route robot's move; with a positive `budget` it searches `limit`
    candidates with rollouts of at most `horizon` plies, scored by
    `_value`, and `keep_route` as the margin to beat. `fast` rollouts play
    the sketch policy (sketch.py), else the route robot; `infer` deals the
    other seats' destination cards by their roads (infer.py); `sure` > 0
    also asks the gain to exceed that many standard errors (`_best`).
    `keep_budget` > 0 searches the keeps (keep.py); `keep_weight` keeps by
    that weight of the planning cost; `end_draw`: drawing is a candidate at
    the end; `end_pick`: the second pick is searched at the end. The chooser
    is a Robot's `choose(view, legal, rng)`: it reads only the view,
    returns one of `legal` (ValueError if empty) and, for the same
    arguments, always the same move.
    """

    def choose_hard(view: JSON, legal: list[Move], rng: Rng) -> Move:
        if not legal:
            raise ValueError("no legal move")
        if len(legal) == 1:
            return legal[0]
        seat = view.get("seat")
        if seat is None or view.get("map") not in MAPS or view.get("hand") is None:
            return choose_route(view, legal, rng)
        if keep_weight is not None and any(isinstance(m, Keep) for m in legal):
            return keep_candidates(view, legal, 1, keep_weight)[0]
        if keep_budget > 0 and any(isinstance(m, Keep) for m in legal):
            play = lambda state, me: rollout(state, me, None, fast)  # noqa: E731
            pick = lambda margins: _best(margins, keep_margin, keep_sure)  # noqa: E731
            return search_keep(view, legal, rng, keep_budget, keep_limit, play, pick)
        fewest = min(int(p["wheels"]) for p in view["players"])
        ending = fewest <= end_wheels or view.get("final_round") is not None
        if not ending and budget <= 0:
            return choose_route(view, legal, rng)
        plies_cap: int | None = horizon
        spend, keep = budget, keep_route
        if ending:
            plies_cap, spend, keep = None, end_budget, end_keep
        moves = candidates(
            view,
            legal,
            end_limit if ending else limit,
            ending and end_draw,
            ending and end_pick,
        )
        if len(moves) < 2:  # noqa: PLR2004
            return moves[0] if moves else choose_route(view, legal, rng)
        game_map = MAPS[view["map"]]
        seed, _ = rng.randint(0, 2**62)
        draws = search_random(seed)
        margins: list[list[float]] = [[] for _ in moves]
        spent = 0
        worlds = 0
        while worlds == 0 or spent < spend:
            world = RULES.sample_state(view, seat, Rng(draws.getrandbits(62)))
            if infer:
                world = reweigh(world, seat, game_map, draws.random)
            for i, move in enumerate(moves):
                state, _ = RULES.apply(world, seat, move)
                value, plies = rollout(state, seat, plies_cap, fast)
                margins[i].append(_score(value) if wins and ending else value)
                spent += plies + 1
            worlds += 1
        return moves[_best(margins, keep, sure)]

    return choose_hard


choose_hard: Chooser = make_hard()
"""The hard robot at the production budget (`make_hard`'s defaults)."""

__all__ = ["choose_hard", "make_hard", "rollout", "candidates"]
