"""Rat um Rad: a seat's roads as graph edges, and cached trail and path queries.

The graph algorithms are network.py's (`longest_trail`, `path`); this module
turns built roads into its edges and caches the results, since every view
asks for every seat's longest trail.
"""

from __future__ import annotations

from functools import lru_cache

from .maps import Map
from .network import Edge, longest_trail, path
from .state import State


def edges_of(state: State, seat: int, game_map: Map) -> tuple[Edge, ...]:
    """Return `seat`'s built roads as network edges (a, b, length, road id), sorted by id."""
    return all_edges(state, game_map)[seat]


_EDGES: dict[
    tuple[Map, tuple[tuple[str, int], ...], int], tuple[tuple[Edge, ...], ...]
] = {}
_EDGES_LIMIT = 4096


def all_edges(state: State, game_map: Map) -> tuple[tuple[Edge, ...], ...]:
    """Return every seat's built roads as sorted network edges (cached by the roads built)."""
    key = (game_map, state.built, state.seats)
    found = _EDGES.get(key)
    if found is None:
        per_seat: list[list[Edge]] = [[] for _ in range(state.seats)]
        for road_id, seat in sorted(state.built):
            road = game_map.road_by_id[road_id]
            per_seat[seat].append((road.a, road.b, road.length, road.id))
        found = tuple(tuple(edges) for edges in per_seat)
        if len(_EDGES) >= _EDGES_LIMIT:
            _EDGES.clear()
        _EDGES[key] = found
    return found


@lru_cache(maxsize=4096)
def longest(edges: tuple[Edge, ...]) -> int:
    """Return the longest trail of `edges` in wheels (Rat um Rad rulings, End)."""
    return longest_trail(edges) if edges else 0


@lru_cache(maxsize=4096)
def joining(edges: tuple[Edge, ...], a: str, b: str) -> tuple[str, ...] | None:
    """Return the road ids of one path of `edges` joining `a` and `b`, or None."""
    found = path(edges, a, b)
    return None if found is None else tuple(found)
