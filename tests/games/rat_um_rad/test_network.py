"""The network queries on hand-built road networks (Rat um Rad seed, Ende des Spiels:
the longest path scores 10; a destination card counts when a path of own roads joins
its places)."""

from __future__ import annotations

import itertools
import random

import pytest

from games.rules.rat_um_rad.network import Edge, connected, longest_trail, path


def edge(a: str, b: str, length: int, road: str | None = None) -> Edge:
    return (a, b, length, road or f"{a}-{b}")


def brute_force_longest(edges: list[Edge]) -> int:
    """Every ordering of every subset of roads, kept when it forms a trail."""
    best = 0
    for size in range(1, len(edges) + 1):
        for order in itertools.permutations(range(len(edges)), size):
            for start in edges[order[0]][:2]:
                place, total = start, 0
                for index in order:
                    a, b, length, _ = edges[index]
                    if place == a:
                        place = b
                    elif place == b:
                        place = a
                    else:
                        break
                    total += length
                else:
                    best = max(best, total)
    return best


def test_no_roads_have_no_trail() -> None:
    assert longest_trail([]) == 0


def test_a_single_road_is_its_length() -> None:
    assert longest_trail([edge("A", "B", 4)]) == 4


def test_a_chain_adds_up() -> None:
    assert longest_trail([edge("A", "B", 2), edge("B", "C", 3), edge("C", "D", 1)]) == 6


def test_a_branch_takes_the_two_longest_arms() -> None:
    """A star: a trail passes the centre once, so it joins its two longest arms."""
    star = [edge("X", "A", 1), edge("X", "B", 4), edge("X", "C", 3)]
    assert longest_trail(star) == 7


def test_a_cycle_counts_every_road() -> None:
    cycle = [edge("A", "B", 2), edge("B", "C", 2), edge("C", "A", 3)]
    assert longest_trail(cycle) == 7


def test_a_cycle_with_a_tail_walks_around_and_out() -> None:
    """The trail may pass a place twice: round the loop, then out along the tail."""
    roads = [edge("A", "B", 1), edge("B", "C", 1), edge("C", "A", 1), edge("A", "D", 5)]
    assert longest_trail(roads) == 8


def test_a_figure_eight_is_walked_in_full() -> None:
    """Two loops sharing a place: an Euler circuit uses all six roads."""
    eight = [
        edge("M", "A", 2),
        edge("A", "B", 2),
        edge("B", "M", 2),
        edge("M", "C", 3),
        edge("C", "D", 3),
        edge("D", "M", 3),
    ]
    assert longest_trail(eight) == 15


def test_two_separate_networks_count_the_longer_one() -> None:
    roads = [edge("A", "B", 3), edge("C", "D", 2), edge("D", "E", 2)]
    assert longest_trail(roads) == 4


def test_double_lanes_between_the_same_places_are_two_roads() -> None:
    """Two roads joining the same places are told apart (a double road's lanes)."""
    roads = [edge("A", "B", 2, "r1"), edge("A", "B", 2, "r2"), edge("B", "C", 1)]
    assert longest_trail(roads) == 5


@pytest.mark.parametrize("seed", range(40))
def test_longest_trail_matches_brute_force(seed: int) -> None:
    """Random small networks with branches, cycles and double roads."""
    chooser = random.Random(seed)
    places = "ABCDE"
    roads = []
    for i in range(chooser.randint(1, 6)):
        a, b = chooser.sample(places, 2)
        roads.append(edge(a, b, chooser.randint(1, 6), f"r{i}"))
    assert longest_trail(roads) == brute_force_longest(roads)


def test_path_joins_places_with_the_fewest_roads() -> None:
    roads = [
        edge("A", "B", 1, "ab"),
        edge("B", "C", 1, "bc"),
        edge("C", "D", 1, "cd"),
        edge("A", "D", 6, "ad"),
    ]
    assert path(roads, "A", "D") == ["ad"]
    assert path(roads, "B", "D") in (["bc", "cd"], ["ab", "ad"])
    assert path(roads, "D", "B") in (["cd", "bc"], ["ad", "ab"])


def test_path_follows_roads_in_either_direction() -> None:
    roads = [edge("B", "A", 1, "ba"), edge("C", "B", 1, "cb")]
    assert path(roads, "A", "C") == ["ba", "cb"]


def test_unjoined_places_have_no_path() -> None:
    roads = [edge("A", "B", 1), edge("C", "D", 1)]
    assert path(roads, "A", "D") is None
    assert path(roads, "A", "Z") is None
    assert not connected(roads, "A", "C")
    assert connected(roads, "C", "D")


def test_a_place_is_joined_to_itself() -> None:
    assert path([], "A", "A") == []
    assert connected([], "A", "A")
