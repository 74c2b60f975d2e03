"""Rat um Rad: graph queries on one seat's network of built roads.

An edge is `(place a, place b, length in wheels, road id)`; a network is a
sequence of edges. Two edges may join the same places (a double road), so
edges are told apart by position, never by their places. Pure functions,
no state: graph.py caches the results per network.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

Edge = tuple[str, str, int, str]

# place -> [(other place, length, edge index)]
_Adjacency = dict[str, list[tuple[str, int, int]]]


def _adjacency(edges: Sequence[Edge]) -> _Adjacency:
    adjacency: _Adjacency = {}
    for index, (a, b, length, _road) in enumerate(edges):
        adjacency.setdefault(a, []).append((b, length, index))
        adjacency.setdefault(b, []).append((a, length, index))
    return adjacency


def longest_trail(edges: Sequence[Edge]) -> int:
    """Return the length in wheels of the longest trail in `edges` (0 if none).

    A trail is a walk that uses each road at most once; it may pass a place
    more than once, so loops and figure-eights count in full (Rat um Rad
    seed, Ende des Spiels: "den längsten Pfad"; rulings,
    End). Exhaustive depth-first search: a seat owns a few dozen roads at
    most, and a trail can only end where the place has an unused road left,
    so starts are limited to places of odd degree when there are any.
    """
    adjacency = _adjacency(edges)
    used = [False] * len(edges)
    best = 0

    def walk(place: str, total: int) -> None:
        nonlocal best
        best = max(best, total)
        for other, length, index in adjacency[place]:
            if not used[index]:
                used[index] = True
                walk(other, total + length)
                used[index] = False

    # A longest trail can always be extended to start at an odd-degree place
    # if the component has one; components without one are walked from every
    # place (cheap: such components are small cycles).
    odd = {place for place, out in adjacency.items() if len(out) % 2}
    for component in _components(adjacency):
        starts = [place for place in component if place in odd] or component
        for place in starts:
            walk(place, 0)
    return best


def _components(adjacency: _Adjacency) -> list[list[str]]:
    """Return the connected components of `adjacency`, each a list of places."""
    seen: set[str] = set()
    components: list[list[str]] = []
    for start in adjacency:
        if start in seen:
            continue
        seen.add(start)
        component = [start]
        queue = deque([start])
        while queue:
            for other, _length, _index in adjacency[queue.popleft()]:
                if other not in seen:
                    seen.add(other)
                    component.append(other)
                    queue.append(other)
        components.append(component)
    return components


def path(edges: Sequence[Edge], a: str, b: str) -> list[str] | None:
    """Return the road ids of a path joining places `a` and `b`, or None.

    The path has the fewest roads (breadth-first; ties go to the earlier
    edge in `edges`); [] when `a == b`. Used to mark a completed destination
    card and to highlight its path (Rat um Rad seed, Ende des Spiels).
    """
    if a == b:
        return []
    adjacency = _adjacency(edges)
    came_by: dict[str, tuple[str, str] | None] = {a: None}
    queue = deque([a])
    while queue:
        place = queue.popleft()
        for other, _length, index in adjacency.get(place, []):
            if other in came_by:
                continue
            came_by[other] = (place, edges[index][3])
            if other == b:
                roads: list[str] = []
                step = came_by[other]
                while step is not None:
                    previous, road = step
                    roads.append(road)
                    step = came_by[previous]
                return roads[::-1]
            queue.append(other)
    return None


def connected(edges: Sequence[Edge], a: str, b: str) -> bool:
    """Return whether `edges` join places `a` and `b` (a destination card is completed)."""
    return path(edges, a, b) is not None
