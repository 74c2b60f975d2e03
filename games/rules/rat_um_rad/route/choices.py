"""Rat um Rad route robot: choosing a keep, a pick, a build or a draw.

The `choose_*` functions take the `Board` (and the view or the plan where
they need it) and the legal moves, and return one of those moves or None
when none of them fits; `choose_action` always returns one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games.rules.base import JSON
from games.rules.rat_um_rad.cards import COLOURS, GREY, JOKER, POINTS
from games.rules.rat_um_rad.maps import Destination, Road
from games.rules.rat_um_rad.state import (
    Build,
    DrawDestinations,
    Keep,
    Move,
    TakeDeck,
    TakeDisplay,
)

from .block import bottlenecks
from .plan import Board, Plan, deficit, own_networks, plan_routes, shortest

# A destination card is kept when its points outweigh this much of the
# planning cost its roads add (wheels, build turns, missing cards).
COST_WEIGHT = 0.5
# Fewest wheels left (beyond the plan) to draw new destination cards.
DRAW_SPARE = 8
# Most wheels a typical drawn card may need (a third of the short cards
# need no more): a card not reached costs its points.
DRAW_COST = 2
# An opponent with this many wheels or fewer may end the game within a
# round: then only points scored now count.
ENDING_WHEELS = 5
# A face-up joker ends the take action after one card, so it is taken only
# when it leaves a road missing fewer cards than this (1: pays it now).
JOKER_MISSING = 1
# Off-plan roads this long are built for points when spare cards pay.
LONG_ROAD = 4
# Blocking: roads this long or shorter are built to block another seat,
# when this many wheels are left beyond the plan and the road.
BLOCK_LENGTH = 2
BLOCK_SPARE = 6
# Gathering for points alone: a missing card (about half a turn) is worth
# this many points of the road's score.
MISSING_POINTS = 1.5


def unfinished(view: JSON, board: Board) -> list[Destination]:
    """Return the seat's destination cards not yet completed."""
    cards = board.map.destinations
    return [cards[d["id"]] for d in view["destinations"] if not d["completed"]]


def wanted(board: Board, view: JSON) -> list[Road]:
    """Return the roads the seat gathers cards for: the plan's, else the target road."""
    roads = list(plan_routes(board, unfinished(view, board)).roads)
    if not roads:
        target = target_road(board)
        roads = [] if target is None else [target]
    return roads


def choose_keep(board: Board, view: JSON, legal: list[Keep]) -> Keep:
    """Return the keep whose cards are worth most for their planning cost.

    A card the plan cannot join within the wheels left counts its points
    against (Rat um Rad seed, Ende des Spiels: unreached cards lose their
    points). Precondition: `legal` is non-empty.
    """
    held = unfinished(view, board)
    cards = board.map.destinations

    def worth(move: Keep) -> tuple[float, int]:
        kept = [cards[c] for c in move.cards]
        plan = plan_routes(board, held + kept)
        value = sum(d.points for d in plan.targets) - sum(
            d.points for d in plan.dropped
        )
        return value - COST_WEIGHT * plan.cost, len(move.cards)

    return max(legal, key=worth)


def choose_pick(
    board: Board, roads: Iterable[Road], legal: list[Move], *, first: bool
) -> Move | None:
    """Return the take move that best fills the cards `roads` still need.

    A face-up colour that lowers the deficit, the one that brings a road
    closest to paid first; on the first pick a face-up joker when it
    completes the payment of a road and no needed colour is face up; else
    the deck. None when no take move is legal.
    """
    roads = list(roads)
    hand = board.hand
    now = deficit(roads, hand)
    best: tuple[int, str] | None = None
    for move in legal:
        if isinstance(move, TakeDisplay) and move.colour != JOKER:
            colour = move.colour
            if now and deficit(roads, hand + Counter({colour: 1})) < now:
                left = min((_missing(road, hand, colour) for road in roads), default=99)
                if best is None or (left, colour) < best:
                    best = (left, colour)
    if best is not None:
        return TakeDisplay(colour=best[1])  # type: ignore[arg-type]
    joker = TakeDisplay(colour=JOKER)
    if first and now and joker in legal:
        missing = min((_missing(road, hand, JOKER) for road in roads), default=99)
        if missing < JOKER_MISSING:
            return joker
    if TakeDeck() in legal:
        return TakeDeck()
    takes = [m for m in legal if isinstance(m, TakeDisplay) and m.colour != JOKER]
    if takes:
        # Only face-up cards are left: the colour held most helps grey roads.
        return max(takes, key=lambda m: (hand[m.colour], m.colour))
    return joker if joker in legal else None


def _missing(road: Road, hand: Counter[str], colour: str) -> int:
    """Return the cards `road` still misses after taking one `colour` card.

    `colour` may be "joker"; 99 when the card cannot pay `road`.
    """
    if colour == JOKER:
        grey = max(hand[c] for c in COLOURS)
        have = grey if road.colour == GREY else hand[road.colour]
        return max(0, road.length - have - hand[JOKER] - 1)
    if road.colour not in (colour, GREY):
        return 99
    return max(0, road.length - hand[colour] - 1 - hand[JOKER])


def choose_payment(
    board: Board, builds: list[Build], rest: list[Road]
) -> tuple[int, int, Build]:
    """Return (deficit after, jokers, build): the payment that spares `rest` most.

    Precondition: `builds` is non-empty, all for one road.
    """
    options = []
    for move in builds:
        length = board.map.road_by_id[move.road].length
        paid: Counter[str] = Counter({JOKER: move.jokers})
        if move.colour != JOKER:
            paid[move.colour] += length - move.jokers
        after = board.hand - paid
        options.append((deficit(rest, after), move.jokers, move))
    return min(options, key=lambda o: (o[0], o[1], o[2].colour))


def cash_value(board: Board, road: Road, targets: Iterable[Destination]) -> int:
    """Return the points building `road` scores now: its track points, plus
    twice the points of `targets` it completes (failed cards lose them)."""
    value = POINTS[road.length]
    for card in targets:
        if _joined(board, card, road):
            value += 2 * card.points
    return value


def _joined(board: Board, card: Destination, road: Road) -> bool:
    """Return whether own roads plus `road` join `card`'s places.

    Through the board's own-road networks (`own_networks`): the card's
    places share one, or `road` links the two they lie in.
    """
    nets = own_networks(board)
    a, b = nets.get(card.a, card.a), nets.get(card.b, card.b)
    if a == b:
        return True
    ends = {nets.get(road.a, road.a), nets.get(road.b, road.b)}
    return ends == {a, b}


def builds_by_road(legal: list[Move]) -> dict[str, list[Build]]:
    """Return the legal builds grouped by road id, in legal order."""
    found: dict[str, list[Build]] = {}
    for move in legal:
        if isinstance(move, Build):
            found.setdefault(move.road, []).append(move)
    return found


def choose_cash(
    board: Board, legal: list[Move], targets: list[Destination]
) -> Build | None:
    """Return the build scoring most right now, or None if none is legal."""
    builds = builds_by_road(legal)
    best: tuple[int, int, str] | None = None
    for road_id in builds:
        road = board.map.road_by_id[road_id]
        key = (cash_value(board, road, targets), road.length, road_id)
        if best is None or key[:2] > best[:2]:
            best = key
    if best is None:
        return None
    return choose_payment(board, builds[best[2]], [])[2]


def choose_planned(board: Board, legal: list[Move], plan: Plan) -> Build | None:
    """Return a build of a planned road the hand pays now, or None.

    The road whose payment leaves the rest of the plan the fewest cards
    short, then the one paid with fewest jokers (they fit any road later),
    then the longest (its cards are the hardest to gather).
    """
    builds = builds_by_road(legal)
    best: tuple[int, int, int, Build] | None = None
    for road in plan.roads:
        if road.id not in builds:
            continue
        rest = [r for r in plan.roads if r.id != road.id]
        after, jokers, move = choose_payment(board, builds[road.id], rest)
        key = (after, jokers, -road.length)
        if best is None or key < best[:3]:
            best = (*key, move)
    return None if best is None else best[3]


def choose_extra(board: Board, legal: list[Move], plan: Plan) -> Build | None:
    """Return a long off-plan road paid by cards and wheels the plan can spare."""
    builds = builds_by_road(legal)
    need = deficit(plan.roads, board.hand)
    best: tuple[int, Build] | None = None
    for road_id, moves in builds.items():
        road = board.map.road_by_id[road_id]
        if road.length < LONG_ROAD or road in plan.roads:
            continue
        if board.wheels - plan.wheels < road.length:
            continue
        after, _jokers, move = choose_payment(board, moves, list(plan.roads))
        if after <= need and (best is None or road.length > best[0]):
            best = (road.length, move)
    return None if best is None else best[1]


def choose_block(
    board: Board, view: JSON, legal: list[Move], plan: Plan
) -> Build | None:
    """Return a build of a short bottleneck road of another seat (block.py), or None.

    Only without jokers, with cards the plan does not need and wheels to
    spare beyond it; the worst detour first, then the shortest road.
    """
    if board.wheels - plan.wheels < BLOCK_SPARE + 1:
        return None
    builds = builds_by_road(legal)
    need = deficit(plan.roads, board.hand)
    best: tuple[int, int, str, Build] | None = None
    for road_id, extra in bottlenecks(board, view).items():
        road = board.map.road_by_id[road_id]
        if road_id not in builds or road.length > BLOCK_LENGTH:
            continue
        if board.wheels - plan.wheels - road.length < BLOCK_SPARE:
            continue
        after, jokers, move = choose_payment(board, builds[road_id], list(plan.roads))
        if jokers or after > need:
            continue
        key = (-extra, road.length, road_id)
        if best is None or key < best[:3]:
            best = (*key, move)
    return None if best is None else best[3]


def target_road(board: Board) -> Road | None:
    """Return the open road worth most for its missing cards, for points alone."""
    best: tuple[float, str] | None = None
    for road in board.map.roads:
        if not board.open(road):
            continue
        score = POINTS[road.length] - MISSING_POINTS * deficit([road], board.hand)
        if best is None or (score, road.id) > best:
            best = (score, road.id)
    return None if best is None else board.map.road_by_id[best[1]]


def should_draw(board: Board, view: JSON, plan: Plan) -> bool:
    """Return whether drawing destination cards likely pays off.

    Only with nothing planned, wheels to spare, and a third of the short
    cards (any of them may come) joinable cheaply from the own roads.
    """
    spare = board.wheels - plan.wheels
    if plan.roads or not view["destination_deck"] or spare < DRAW_SPARE:
        return False
    held = {d["id"] for d in view["destinations"]}
    costs = []
    for card_id in board.map.short:
        if card_id in held:
            continue
        card = board.map.destinations[card_id]
        found = shortest(board, card.a, card.b)
        costs.append(99 if found is None else sum(r.length for r in found[1]))
    if not costs:
        return False
    costs.sort()
    return costs[len(costs) // 3] <= min(DRAW_COST, spare - DRAW_SPARE)


def choose_action(board: Board, view: JSON, legal: list[Move]) -> Move:
    """Return the move that begins the seat's action (build, take or draw).

    Precondition: `legal` are the action moves of the current seat.
    """
    targets = unfinished(view, board)
    plan = plan_routes(board, targets)
    others = [p["wheels"] for p in view["players"] if p["seat"] != board.seat] or [99]
    if view["final_round"] is not None or min(others) <= ENDING_WHEELS:
        cash = choose_cash(board, legal, targets)
        if cash is not None:
            return cash
    move: Move | None = (
        choose_planned(board, legal, plan)
        or choose_extra(board, legal, plan)
        or choose_block(board, view, legal, plan)
    )
    if move is not None:
        return move
    roads: list[Road] = list(plan.roads)
    if not roads:
        if DrawDestinations() in legal and should_draw(board, view, plan):
            return DrawDestinations()
        target = target_road(board)
        if target is not None:
            builds = builds_by_road(legal).get(target.id)
            if builds:
                return choose_payment(board, builds, [])[2]
            roads = [target]
    move = choose_pick(board, roads, legal, first=True)
    if move is not None:
        return move
    cash = choose_cash(board, legal, targets)
    if cash is not None:
        return cash
    # Nothing to take or build: a draw risks points, so anything else first.
    return next((m for m in legal if m != DrawDestinations()), legal[0])
