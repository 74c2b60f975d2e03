"""Rat um Rad: maps (places, roads, destination cards) loaded from JSON files.

Every `data/maps/<id>.json` of this package is a map, its id the file stem
(Spielpost spec, Names); a second map is a second file. A map file is
`{"name", "canvas": {"width", "height"}, "places": [{"name", "x", "y"}],
"roads": [{"id", "a", "b", "length", "colour"}], "destination_cards":
{"short": [{"id", "a", "b", "points"}], "long": [...]}}` (other keys, such as
"source", are ignored). Two roads joining the same two places are the two
lanes of a double route (Rat um Rad seed, Radverbindung bauen).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from .cards import ROAD_COLOURS

MAX_LENGTH = 6


@dataclass(frozen=True, slots=True)
class Place:
    """A place on the map at canvas point (`x`, `y`)."""

    name: str
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class Road:
    """A road of `length` wheels (1-6) between places `a` and `b`.

    `colour` is a wheel-card colour or "grey"; `pair` is the id of the other
    lane of a double route, or None; `lane` is 1 or 2 on a double route (by
    id order), else 0.
    """

    id: str
    a: str
    b: str
    length: int
    colour: str
    pair: str | None = None
    lane: int = 0


@dataclass(frozen=True, slots=True)
class Destination:
    """A destination card: join places `a` and `b`; worth `points`; `type` "short" | "long"."""

    id: str
    a: str
    b: str
    points: int
    type: str

    def to_json(self) -> dict[str, Any]:
        """Return `{"id", "a", "b", "points", "type"}`."""
        return {
            "id": self.id,
            "a": self.a,
            "b": self.b,
            "points": self.points,
            "type": self.type,
        }


@dataclass(frozen=True, slots=True, eq=False)
class Map:
    """One map: `id` (file stem), `name`, canvas size, places, roads, destination cards.

    Compared and hashed by identity (caches key on the map object).

    `short` and `long` are the destination card ids in file order;
    `roads` keeps the file order (the order of legal build moves).
    """

    id: str
    name: str
    width: int
    height: int
    places: tuple[Place, ...]
    roads: tuple[Road, ...]
    destinations: dict[str, Destination]
    short: tuple[str, ...]
    long: tuple[str, ...]
    road_by_id: dict[str, Road] = field(default_factory=dict)
    total_length: int = 0


def parse_map(map_id: str, data: Any) -> Map:
    """Return the map `map_id` given as parsed JSON `data`.

    Raises ValueError for a map that is not well formed: unknown places,
    duplicate ids, a length outside 1-6, an unknown colour, more than two
    roads between two places, or no short destination card.
    """
    try:
        places = tuple(
            Place(str(p["name"]), int(p["x"]), int(p["y"])) for p in data["places"]
        )
        names = {p.name for p in places}
        raw = [
            (str(r["id"]), str(r["a"]), str(r["b"]), int(r["length"]), str(r["colour"]))
            for r in data["roads"]
        ]
        cards = data["destination_cards"]
        destinations = {
            str(c["id"]): Destination(
                str(c["id"]), str(c["a"]), str(c["b"]), int(c["points"]), kind
            )
            for kind in ("short", "long")
            for c in cards.get(kind, [])
        }
        short = tuple(str(c["id"]) for c in cards.get("short", []))
        long = tuple(str(c["id"]) for c in cards.get("long", []))
        name = str(data["name"])
        width, height = int(data["canvas"]["width"]), int(data["canvas"]["height"])
    except (KeyError, TypeError) as error:
        raise ValueError(f"map {map_id}: malformed ({error})") from error
    lanes: dict[frozenset[str], list[str]] = defaultdict(list)
    for road_id, a, b, length, colour in raw:
        if a not in names or b not in names or a == b:
            raise ValueError(f"map {map_id}: road {road_id} joins unknown places")
        if not 1 <= length <= MAX_LENGTH or colour not in ROAD_COLOURS:
            raise ValueError(f"map {map_id}: road {road_id} has a bad length or colour")
        lanes[frozenset((a, b))].append(road_id)
    if len({r[0] for r in raw}) != len(raw) or len(destinations) != len(short) + len(
        long
    ):
        raise ValueError(f"map {map_id}: duplicate ids")
    if any(len(ids) > 2 for ids in lanes.values()):
        raise ValueError(f"map {map_id}: more than two roads between two places")
    if not short or any(
        d.a not in names or d.b not in names for d in destinations.values()
    ):
        raise ValueError(f"map {map_id}: bad destination cards")
    roads = []
    for road_id, a, b, length, colour in raw:
        ids = sorted(lanes[frozenset((a, b))])
        pair = next((i for i in ids if i != road_id), None)
        lane = ids.index(road_id) + 1 if pair else 0
        roads.append(Road(road_id, a, b, length, colour, pair, lane))
    return Map(
        id=map_id,
        name=name,
        width=width,
        height=height,
        places=places,
        roads=tuple(roads),
        destinations=destinations,
        short=short,
        long=long,
        road_by_id={r.id: r for r in roads},
        total_length=sum(r.length for r in roads),
    )


def load_maps(directory: Path | Traversable) -> dict[str, Map]:
    """Return every `*.json` map in `directory`, by id (the file stem), sorted by id.

    Raises ValueError for a malformed map file.
    """
    found = {}
    for entry in directory.iterdir():
        if entry.is_file() and entry.name.endswith(".json"):
            map_id = entry.name[: -len(".json")]
            found[map_id] = parse_map(
                map_id, json.loads(entry.read_text(encoding="utf-8"))
            )
    return dict(sorted(found.items()))


# The maps shipped with the game.
MAPS: dict[str, Map] = load_maps(
    resources.files("games.rules.rat_um_rad").joinpath("data", "maps")
)
DEFAULT_MAP = "basel"
