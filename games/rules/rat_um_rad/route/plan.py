"""Rat um Rad route robot: what it knows, shortest paths, and the card deficit.

A `Board` is read from one seat's view and the public map; nothing else.
Paths run over the roads the seat could still build: its own roads cost 0,
roads of other seats are blocked, and so is the second lane of a double
route when the seat owns the first or, with 2-3 seats, when anybody does
(Rat um Rad seed, Radverbindung bauen).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from games.rules.base import JSON
from games.rules.rat_um_rad.actions import PAIR_SEATS
from games.rules.rat_um_rad.cards import COLOURS, GREY, JOKER
from games.rules.rat_um_rad.maps import Destination, Map, Road

# A road's planning cost: its wheels, one turn to build it, and half a turn
# per card still missing (a take action brings two cards).
BUILD_TURN = 2.5
MISSING_CARD = 0.5


# A memoized path: its cost and its unbuilt roads.
Path = tuple[float, tuple[Road, ...]]


@dataclass(frozen=True, slots=True)
class Board:
    """What the seat knows: the map, road owners, its hand and wheels left.

    `owners` maps built road ids to seats; `hand` counts the 8 colours and
    "joker"; `wheels` are the seat's wheels left.
    """

    map: Map
    seat: int
    seats: int
    owners: dict[str, int]
    hand: Counter[str]
    wheels: int
    # Per-board memos (`_steps`, `shortest`): a Board is read once from a
    # view and never changed, so a step cost or path found once stays right.
    steps: dict[str, float | None] = field(
        default_factory=dict, compare=False, repr=False
    )
    paths: dict[tuple[str, str, frozenset[str]], Path | None] = field(
        default_factory=dict, compare=False, repr=False
    )
    networks: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    def mine(self, road: Road) -> bool:
        """Return whether the seat built `road`."""
        return self.owners.get(road.id) == self.seat

    def open(self, road: Road) -> bool:
        """Return whether the seat may still build `road`, cards aside."""
        if road.id in self.owners or road.length > self.wheels:
            return False
        if road.pair is not None and road.pair in self.owners:
            return self.owners[road.pair] != self.seat and self.seats > PAIR_SEATS
        return True


def board_from_view(view: JSON, game_map: Map) -> Board:
    """Return the Board of the viewing seat; precondition: a seated view."""
    seat = int(view["seat"])
    hand = Counter({kind: int(n) for kind, n in view["hand"].items() if n})
    return Board(
        map=game_map,
        seat=seat,
        seats=int(view["seats"]),
        owners={road: int(owner) for road, owner in view["roads"].items()},
        hand=hand,
        wheels=int(view["players"][seat]["wheels"]),
    )


_ADJACENCY: dict[Map, dict[str, list[tuple[Road, str]]]] = {}


def adjacency(game_map: Map) -> dict[str, list[tuple[Road, str]]]:
    """Return place -> [(road, other place)] in map road order (cached per map)."""
    found = _ADJACENCY.get(game_map)
    if found is None:
        found = {place.name: [] for place in game_map.places}
        for road in game_map.roads:
            found[road.a].append((road, road.b))
            found[road.b].append((road, road.a))
        _ADJACENCY[game_map] = found
    return found


def own_networks(board: Board) -> dict[str, str]:
    """Return place -> a name for its network of own roads (memoized per board).

    Places on no own road are left out (each is a network of its own).
    """
    found = board.networks
    if found or not any(s == board.seat for s in board.owners.values()):
        return found
    links = adjacency(board.map)
    for road in board.map.roads:
        if road.a in found or not board.mine(road):
            continue
        found[road.a] = road.a
        todo = [road.a]
        while todo:
            place = todo.pop()
            for step, other in links[place]:
                if other not in found and board.mine(step):
                    found[other] = road.a
                    todo.append(other)
    return found


def road_cost(board: Board, road: Road) -> float:
    """Return the planning cost of building `road` with the seat's hand."""
    if road.colour == GREY:
        have = max(board.hand[c] for c in COLOURS)
    else:
        have = board.hand[road.colour]
    missing = max(0, road.length - have - board.hand[JOKER])
    return road.length + BUILD_TURN + MISSING_CARD * missing


def _steps(board: Board) -> dict[str, float | None]:
    """Return road id -> the cost of a step along it for `board` (memoized).

    0.0 for an own road, `road_cost` for an open one, None for a blocked
    one: `shortest` reads them here instead of working them out again for
    every edge of every path it searches.
    """
    found = board.steps
    if not found:
        owners = board.owners
        seat = board.seat
        for road in board.map.roads:
            owner = owners.get(road.id)
            if owner == seat:
                found[road.id] = 0.0
            elif owner is None and board.open(road):
                found[road.id] = road_cost(board, road)
            else:
                found[road.id] = None
    return found


def shortest(
    board: Board, a: str, b: str, free: Iterable[str] = ()
) -> tuple[float, list[Road]] | None:
    """Return (cost, unbuilt roads) of the cheapest path from `a` to `b`, or None.

    Own roads and the roads in `free` (already planned) cost nothing and
    are not listed; blocked roads are skipped. Ties go by place name, so
    the answer is deterministic. Dijkstra's algorithm (Dijkstra, "A note on
    two problems in connexion with graphs", Numerische Mathematik 1, 1959)
    over the board's step costs (`_steps`); answers are memoized per board
    and (a, b, free) (a fresh list each call).
    """
    planned = frozenset(free)
    key = (a, b, planned)
    memo = board.paths
    if key in memo:
        hit = memo[key]
        return None if hit is None else (hit[0], list(hit[1]))
    found = _search(board, a, b, planned)
    memo[key] = None if found is None else (found[0], tuple(found[1]))
    return found


def _search(
    board: Board, a: str, b: str, planned: frozenset[str]
) -> tuple[float, list[Road]] | None:
    """Return `shortest`'s answer, searched (not memoized)."""
    links = adjacency(board.map)
    steps = _steps(board)
    best: dict[str, float] = {a: 0.0}
    via: dict[str, tuple[str, Road]] = {}
    heap: list[tuple[float, str]] = [(0.0, a)]
    inf = float("inf")
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, place = pop(heap)
        if place == b:
            break
        if cost > best[place]:
            continue
        for road, other in links[place]:
            step = steps[road.id]
            if road.id in planned:
                step = 0.0
            elif step is None:
                continue
            if cost + step < best.get(other, inf):
                best[other] = cost + step
                via[other] = (place, road)
                push(heap, (cost + step, other))
    if b not in best:
        return None
    roads: list[Road] = []
    place = b
    while place != a:
        place, road = via[place]
        if steps[road.id] != 0.0 and road.id not in planned:
            roads.append(road)
    roads.reverse()
    return best[b], roads


@dataclass(frozen=True, slots=True)
class Plan:
    """Unbuilt `roads` that join the `targets`; `dropped` cannot be joined.

    `cost` is the planning cost of the roads, `wheels` their total length.
    """

    roads: tuple[Road, ...]
    targets: tuple[Destination, ...]
    dropped: tuple[Destination, ...]
    cost: float
    wheels: int


def plan_routes(
    board: Board, cards: Iterable[Destination], base: Iterable[Road] = ()
) -> Plan:
    """Return a plan joining as many of `cards` as the seat's wheels allow.

    Greedy: join the card that is cheapest given the roads planned so far
    (`base` first), until none is left; a card without a path, or whose
    roads would exceed the wheels left, is dropped.
    """
    roads: dict[str, Road] = {road.id: road for road in base}
    wheels = sum(road.length for road in roads.values())
    cost = sum(road_cost(board, road) for road in roads.values())
    pending = sorted(cards, key=lambda d: d.id)
    targets: list[Destination] = []
    dropped: list[Destination] = []
    while pending:
        best: tuple[float, int, list[Road]] | None = None
        for index, card in enumerate(pending):
            found = shortest(board, card.a, card.b, roads)
            if found is None:
                continue
            extra = sum(road.length for road in found[1])
            if wheels + extra > board.wheels:
                continue
            if best is None or found[0] < best[0]:
                best = (found[0], index, found[1])
        if best is None:
            dropped.extend(pending)
            break
        found_cost, index, path = best
        targets.append(pending.pop(index))
        for road in path:
            roads[road.id] = road
        wheels += sum(road.length for road in path)
        cost += found_cost
    return Plan(tuple(roads.values()), tuple(targets), tuple(dropped), cost, wheels)


def deficit(roads: Iterable[Road], hand: Counter[str]) -> int:
    """Return how many more cards `hand` needs to pay for all of `roads`.

    Coloured roads take their colour first; grey roads take the colour
    with the most cards left over; jokers fill whatever is missing.
    """
    roads = roads if isinstance(roads, (list, tuple)) else list(roads)
    counts = [hand.get(c, 0) for c in COLOURS]
    jokers = hand.get(JOKER, 0)
    if len(roads) == 1:
        # One road (the same answer, without the bookkeeping): its colour,
        # or for grey the colour held most.
        road = roads[0]
        have = max(counts) if road.colour == GREY else hand.get(road.colour, 0)
        return max(0, road.length - have - jokers)
    need = dict.fromkeys(COLOURS, 0)
    grey: list[int] = []
    for road in roads:
        if road.colour == GREY:
            grey.append(road.length)
        else:
            need[road.colour] += road.length
    wants = [need[c] for c in COLOURS]
    missing = sum(max(0, w - h) for w, h in zip(wants, counts, strict=True))
    spare = [max(0, h - w) for w, h in zip(wants, counts, strict=True)]
    for length in sorted(grey, reverse=True):
        most = max(range(len(spare)), key=lambda i: (spare[i], -i))
        used = min(length, spare[most])
        spare[most] -= used
        missing += length - used
    return max(0, missing - jokers)
