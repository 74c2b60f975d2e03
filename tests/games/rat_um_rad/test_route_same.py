"""The route robot's memoized paths give the moves it gave before them.

The medium robot is the hard robot's opponent (issue 26), so making its
path search faster (route/plan.py: step costs and paths memoized per
board, a one-road deficit without bookkeeping) must not change a move:
the digests below were taken from the route robot before that change, on
seeded games it plays on every seat; and the fast `shortest` is compared
with a plain Dijkstra (the former code) on boards of those games.
"""

from __future__ import annotations

import hashlib
import heapq
from collections import Counter

import pytest

from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.cards import COLOURS, GREY, JOKER
from games.rules.rat_um_rad.maps import MAPS, Destination, Road
from games.rules.rat_um_rad.route import choose_route
from games.rules.rat_um_rad.route.choices import _joined
from games.rules.rat_um_rad.route.plan import (
    Board,
    board_from_view,
    deficit,
    road_cost,
    shortest,
)
from games.rules.rng import Rng

from .conftest import route_game

BASEL = MAPS["basel"]

# (seats, seed): (moves, sha256 of the moves' reprs, one a line, first 16 hex digits)
BEFORE = {
    (2, 0): (96, "5da326046f4267cc"),
    (2, 1): (85, "f49aef52ffc08787"),
    (2, 2): (94, "f1431930ad152280"),
    (2, 3): (102, "9f39b2f6cded4cd3"),
    (3, 0): (122, "13ac8f28ad98b167"),
    (3, 1): (128, "9437746c7b953d59"),
    (4, 0): (147, "849b6cb69ecbfb8c"),
    (4, 3): (162, "e0513c5310defc02"),
    (5, 0): (204, "88474a1fa85d77d1"),
    (5, 2): (207, "a512524dcdca62e5"),
}


@pytest.mark.parametrize(("seats", "seed"), sorted(BEFORE))
def test_the_route_robot_plays_the_moves_it_played_before(
    seats: int, seed: int
) -> None:
    state = RULES.new_state(
        seats=seats, options=RULES.validate_options({}, seats), seed=seed
    )
    moves = []
    while to_move := RULES.to_move(state):
        seat = min(to_move)
        view = RULES.view(state, seat)
        move = choose_route(view, RULES.legal_moves(state, seat), Rng(0))
        moves.append(repr(move))
        state, _ = RULES.apply(state, seat, move)
    digest = hashlib.sha256("\n".join(moves).encode()).hexdigest()[:16]
    assert (len(moves), digest) == BEFORE[(seats, seed)]


def _plain(
    board: Board, a: str, b: str, free: frozenset[str]
) -> tuple[float, list[Road]] | None:
    """The former `shortest`: Dijkstra working each step's cost out anew."""
    links: dict[str, list[tuple[Road, str]]] = {p.name: [] for p in board.map.places}
    for road in board.map.roads:
        links[road.a].append((road, road.b))
        links[road.b].append((road, road.a))
    best: dict[str, float] = {a: 0.0}
    via: dict[str, tuple[str, Road]] = {}
    heap: list[tuple[float, str]] = [(0.0, a)]
    while heap:
        cost, place = heapq.heappop(heap)
        if place == b:
            break
        if cost > best[place]:
            continue
        for road, other in links[place]:
            if board.mine(road) or road.id in free:
                step = 0.0
            elif board.open(road):
                step = road_cost(board, road)
            else:
                continue
            if cost + step < best.get(other, float("inf")):
                best[other] = cost + step
                via[other] = (place, road)
                heapq.heappush(heap, (cost + step, other))
    if b not in best:
        return None
    roads: list[Road] = []
    place = b
    while place != a:
        place, road = via[place]
        if not board.mine(road) and road.id not in free:
            roads.append(road)
    return best[b], roads[::-1]


def test_the_fast_shortest_path_is_the_plain_one() -> None:
    states = route_game(3, 5)
    checked = 0
    for state in states[::7]:
        for seat in range(state.seats):
            view = RULES.view(state, seat)
            game_map = MAPS[view["map"]]
            board = board_from_view(view, game_map)
            places = [p.name for p in game_map.places]
            free = frozenset(r.id for r in game_map.roads[::9])
            for a in places[::3]:
                for b in places[1::4]:
                    for planned in (frozenset(), free):
                        assert shortest(board, a, b, planned) == _plain(
                            board, a, b, planned
                        )
                        # a memoized answer is the same, and a fresh list
                        again = shortest(board, a, b, planned)
                        assert again == _plain(board, a, b, planned)
                        checked += 1
    assert checked > 1000  # noqa: PLR2004


def _plain_deficit(roads: list[Road], hand: Counter[str]) -> int:
    """The former `deficit`."""
    need: Counter[str] = Counter()
    grey: list[int] = []
    for road in roads:
        if road.colour == GREY:
            grey.append(road.length)
        else:
            need[road.colour] += road.length
    missing = sum(max(0, need[c] - hand[c]) for c in COLOURS)
    spare = [max(0, hand[c] - need[c]) for c in COLOURS]
    for length in sorted(grey, reverse=True):
        most = max(range(len(spare)), key=lambda i: (spare[i], -i))
        used = min(length, spare[most])
        spare[most] -= used
        missing += length - used
    return max(0, missing - hand[JOKER])


def test_the_deficit_is_the_plain_one() -> None:
    roads = BASEL.roads
    hands = [
        Counter(),
        Counter({JOKER: 2}),
        Counter({c: i % 4 for i, c in enumerate(COLOURS)}),
        Counter({COLOURS[0]: 5, JOKER: 1, COLOURS[3]: 5}),
    ]
    for hand in hands:
        for i, road in enumerate(roads):
            for chosen in ([road], [road, roads[i // 2]], [road, *roads[i::11]]):
                assert deficit(chosen, hand) == _plain_deficit(chosen, hand)
                assert deficit(iter(chosen), hand) == _plain_deficit(chosen, hand)


def _plain_joined(board: Board, card: Destination, road: Road) -> bool:
    """The former `_joined`: a search over own roads plus `road`."""
    links: dict[str, list[str]] = {}
    for r in board.map.roads:
        if board.mine(r) or r.id == road.id:
            links.setdefault(r.a, []).append(r.b)
            links.setdefault(r.b, []).append(r.a)
    seen = {card.a}
    todo = [card.a]
    while todo:
        place = todo.pop()
        for other in links.get(place, []):
            if other not in seen:
                seen.add(other)
                todo.append(other)
    return card.b in seen


def test_joining_through_own_networks_is_the_plain_search() -> None:
    states = route_game(2, 7)
    joined = 0
    for state in states[::5]:
        for seat in range(state.seats):
            board = board_from_view(RULES.view(state, seat), BASEL)
            for card in BASEL.destinations.values():
                for road in BASEL.roads:
                    found = _joined(board, card, road)
                    assert found == _plain_joined(board, card, road)
                    joined += found
    assert joined > 100  # noqa: PLR2004
