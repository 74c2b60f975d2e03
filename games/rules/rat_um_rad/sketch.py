"""Rat um Rad: a cheap rollout policy for the hard robot, the route robot with plans kept.

The route robot (route/) plans every seat's paths again on every move, and
that path search is most of a rollout's time. `Sketch` plays the route
robot's action rules (route/choices.py: cash in at the end, build a planned
road, a long extra road, else take for the plan or gather for the best
road) but keeps each seat's plan from one move to the next: the plan is
made again only when the seat's unfinished cards change, a planned road is
taken by another seat, or its wheels no longer fit. It never blocks and
never draws destination cards (a keep, rare in a rollout, goes to the route
robot). A rollout policy need not be strong, only fast and not misleading
(Browne et al., "A Survey of Monte Carlo Tree Search Methods", IEEE TCIAIG
4(1), 2012, section 8.1: simulation enhancements).
"""

from __future__ import annotations

from games.rules.base import JSON
from games.rules.rng import Rng

from .maps import MAPS, Road
from .route import choose_route
from .route.choices import (
    ENDING_WHEELS,
    builds_by_road,
    choose_cash,
    choose_extra,
    choose_payment,
    choose_pick,
    choose_planned,
    target_road,
    unfinished,
)
from .route.plan import Board, Plan, board_from_view, plan_routes
from .state import DrawDestinations, Keep, Move

_NO_RNG = Rng(0)  # the route robot draws nothing


class Sketch:
    """One rollout's policy: per seat, the cards planned for and their plan.

    Use a new Sketch for every rollout (plans are of one game line).
    """

    def __init__(self) -> None:
        self.plans: dict[int, tuple[tuple[str, ...], Plan]] = {}
        self.targets: dict[int, Road | None] = {}

    def target(self, board: Board) -> Road | None:
        """Return the seat's road to gather for with nothing planned: the kept one while open."""
        kept = self.targets.get(board.seat)
        if kept is None or not board.open(kept):
            kept = target_road(board)
            self.targets[board.seat] = kept
        return kept

    def plan(self, board: Board, view: JSON) -> Plan:
        """Return the seat's plan: the kept one while it still fits, else a new one."""
        cards = unfinished(view, board)
        key = tuple(card.id for card in cards)
        kept = self.plans.get(board.seat)
        if kept is not None and kept[0] == key:
            old = kept[1]
            roads = tuple(road for road in old.roads if not board.mine(road))
            wheels = sum(road.length for road in roads)
            if wheels <= board.wheels and all(board.open(road) for road in roads):
                plan = Plan(roads, old.targets, old.dropped, old.cost, wheels)
                self.plans[board.seat] = (key, plan)
                return plan
        plan = plan_routes(board, cards)
        self.plans[board.seat] = (key, plan)
        return plan

    def choose(self, view: JSON, legal: list[Move]) -> Move:
        """Return the seat's move among `legal` (non-empty), as route.choose_route would roughly."""
        if len(legal) == 1:
            return legal[0]
        if any(isinstance(move, Keep) for move in legal):
            return choose_route(view, legal, _NO_RNG)
        board = board_from_view(view, MAPS[view["map"]])
        plan = self.plan(board, view)
        roads = list(plan.roads)
        if not roads:
            target = self.target(board)
            roads = [] if target is None else [target]
        if view["picks"]:
            pick = choose_pick(board, roads, legal, first=False)
            return legal[0] if pick is None else pick
        others = [p["wheels"] for p in view["players"] if p["seat"] != board.seat]
        if view["final_round"] is not None or min(others, default=99) <= ENDING_WHEELS:
            cash = choose_cash(board, legal, unfinished(view, board))
            if cash is not None:
                return cash
        build = choose_planned(board, legal, plan) or choose_extra(board, legal, plan)
        if build is not None:
            return build
        if not plan.roads and roads:
            builds = builds_by_road(legal).get(roads[0].id)
            if builds:
                return choose_payment(board, builds, [])[2]
        move = choose_pick(board, roads, legal, first=True)
        if move is not None:
            return move
        cash = choose_cash(board, legal, unfinished(view, board))
        if cash is not None:
            return cash
        return next((m for m in legal if m != DrawDestinations()), legal[0])


__all__ = ["Sketch"]
