"""Rat um Rad route robot: which unbuilt roads are bottlenecks for another seat.

Only public facts are used: the other seats' built roads (in build order)
and wheels left, and the map. A road is a bottleneck for an opponent when
it starts at an end of the opponent's latest road, leads off its network,
and is the only link left (for the opponent) to at least `BLOCK_PLACES`
places: were it built by the robot, the opponent could no longer reach
them. Building a road closes its second lane with 2-3 seats (Rat um Rad
seed, Radverbindung bauen), so with 4-5 seats a double route never is one.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.rules.base import JSON
from games.rules.rat_um_rad.actions import PAIR_SEATS
from games.rules.rat_um_rad.maps import Road

from .plan import Board, adjacency

# Fewest places a road must cut off from an opponent to be a bottleneck.
BLOCK_PLACES = 2


def bottlenecks(board: Board, view: JSON) -> dict[str, int]:
    """Return {road id: places it cuts off from an opponent} for bottlenecks.

    Only roads open to the seat and to the opponent count; with several
    opponents the most places cut off.
    """
    found: dict[str, int] = {}
    for player in view["players"]:
        other = int(player["seat"])
        if other == board.seat:
            continue
        built = [board.map.road_by_id[r] for r, s in board.owners.items() if s == other]
        if not built:
            continue
        network = {place for road in built for place in (road.a, road.b)}
        wheels = int(player["wheels"])
        reach = _reach(board, other, wheels, network, ())
        # The latest road's ends: where the opponent is heading.
        for place in (built[-1].a, built[-1].b):
            for road, far in adjacency(board.map)[place]:
                if far in network:
                    continue
                if not board.open(road) or not _open_for(board, other, wheels, road):
                    continue
                closed = [road.id]
                if road.pair is not None and board.seats <= PAIR_SEATS:
                    closed.append(road.pair)
                lost = len(reach) - len(_reach(board, other, wheels, network, closed))
                if lost >= BLOCK_PLACES and lost > found.get(road.id, 0):
                    found[road.id] = lost
    return found


def _open_for(board: Board, seat: int, wheels: int, road: Road) -> bool:
    """Return whether `seat`, with `wheels` left, may still build `road`."""
    if road.id in board.owners or road.length > wheels:
        return False
    if road.pair is not None and road.pair in board.owners:
        return board.owners[road.pair] != seat and board.seats > PAIR_SEATS
    return True


def _reach(
    board: Board, seat: int, wheels: int, network: set[str], closed: Iterable[str]
) -> set[str]:
    """Return the places `seat` can join to `network` without the `closed` roads."""
    shut = set(closed)
    links = adjacency(board.map)
    seen = set(network)
    todo = sorted(network)
    while todo:
        place = todo.pop()
        for road, other in links[place]:
            if other in seen or road.id in shut:
                continue
            if board.owners.get(road.id) == seat or _open_for(
                board, seat, wheels, road
            ):
                seen.add(other)
                todo.append(other)
    return seen
