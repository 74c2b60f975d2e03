"""Rat um Rad's board helpers (templates/games/rat-um-rad/board.html): pure, no Django.

The map comes from the rules' `static_view` (places with canvas points,
roads with length, colour and the other lane of a double route); the view
(games/rules/rat_um_rad/engine.py, module docstring) says who built which
road and which roads the viewer may build now. `map_drawing` turns both
into a drawing: one wheel slot per wheel along each road, the two lanes of
a double route side by side. board_rows.py turns the drawing into the rows
the template's loops print (roads, the build moves grouped by road for the
payment chooser, the face-up cards, the players, the hand). Colour names
are the engine's msgids (texts.COLOUR_NAMES); place names are proper names
and stay as they are.
Templates call these through the platform's `boards` library (see
games/rules/base/board.py), by the names in `BOARD`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from games.rules.base.board import BoardHelpers

from .board_rows import (
    builds,
    colour_name,
    face_up_cards,
    hand_cards,
    player_rows,
    road_colours,
    road_rows,
)
from .rules_page import rat_um_rad_map, rat_um_rad_numbers

# Canvas units (the map file's coordinate system).
PLACE_RADIUS = 7.0  # a place's dot
SLOT_WIDTH = 8.0  # a wheel slot, across the road
SLOT_GAP = 3.0  # between two slots, and between a dot and the first slot
LANE_OFFSET = 5.5  # each lane of a double route, from the middle line
MARGIN = 14.0  # around the places, so the dots and names are not cut off
LABEL_RISE = 11.0  # a place's name above its dot
LETTER = 7.0  # the width of a letter of a place's name (10-unit bold font)


@dataclass(frozen=True, slots=True)
class Slot:
    """One wheel slot: centre (`x`, `y`) and `angle` (degrees), as SVG numbers."""

    x: str
    y: str
    angle: str


@dataclass(frozen=True, slots=True)
class RoadDrawing:
    """A road as drawn: the map's road, who built it, and its wheel slots.

    `owner`: the seat that built it (None: free); `owner_colour`: that
    seat's player colour; `buildable`: the viewer may build it now;
    `closed`: free, but no one may build it any more (the other lane of a
    double route is built and 2-3 seats play: Rat um Rad seed,
    Radverbindung bauen). `slots` are the slot centres; each slot is a
    rect `slot_length` long (`slot_x` = minus half of it) and SLOT_WIDTH
    wide, turned by the slot's angle. x1 y1 x2 y2 is the lane's middle
    line (the wider, invisible line that takes clicks).
    """

    id: str
    a: str
    b: str
    length: int
    colour: str
    pair: str | None
    lane: int
    owner: int | None
    owner_colour: str | None
    buildable: bool
    closed: bool
    slots: tuple[Slot, ...]
    slot_length: str
    slot_x: str
    x1: str
    y1: str
    x2: str
    y2: str

    @property
    def middle(self) -> Slot | None:
        """Return the middle slot (of an even number, the one before the middle).

        A built road carries its builder's mark (`player_marks`) there.
        """
        return self.slots[(len(self.slots) - 1) // 2] if self.slots else None


@dataclass(frozen=True, slots=True)
class PlaceDrawing:
    """A place: its name, dot (`x`, `y`) and where its name is written."""

    name: str
    x: str
    y: str
    label_y: str


@dataclass(frozen=True, slots=True)
class MapDrawing:
    """The whole map: `view_box` for the SVG, places and roads (file order)."""

    id: str
    name: str
    view_box: str
    width: int
    height: int
    places: tuple[PlaceDrawing, ...]
    roads: tuple[RoadDrawing, ...]
    slot_width: str = "8"  # SLOT_WIDTH
    slot_y: str = "-4"  # -SLOT_WIDTH / 2

    @property
    def road_count(self) -> int:
        """Return how many roads the map has."""
        return len(self.roads)


def _num(value: float) -> str:
    """Return `value` as a short SVG number ("12.5", "-3", "0")."""
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _slots(
    start: tuple[float, float], end: tuple[float, float], length: int
) -> tuple[tuple[Slot, ...], float]:
    """Return `length` slots spread along start-end, and the slot's own length.

    The slots keep SLOT_GAP from each other and PLACE_RADIUS + SLOT_GAP from
    the places' dots.
    """
    (x1, y1), (x2, y2) = start, end
    dx, dy = x2 - x1, y2 - y1
    distance = math.hypot(dx, dy) or 1.0
    ux, uy = dx / distance, dy / distance
    margin = PLACE_RADIUS + SLOT_GAP
    usable = max(distance - 2 * margin, float(length))
    size = max((usable - SLOT_GAP * (length - 1)) / length, 1.0)
    angle = math.degrees(math.atan2(dy, dx))
    slots = []
    for index in range(length):
        along = margin + index * (size + SLOT_GAP) + size / 2
        slots.append(
            Slot(x=_num(x1 + ux * along), y=_num(y1 + uy * along), angle=_num(angle))
        )
    return tuple(slots), size


def _lane_shift(lane: int) -> float:
    """Return the sideways shift of a road in `lane`: -/+ LANE_OFFSET for 1/2, else 0."""
    if lane == 1:
        return -LANE_OFFSET
    if lane == 2:
        return LANE_OFFSET
    return 0.0


def _lanes(roads: Iterable[tuple[str, Any]]) -> dict[str, int]:
    """Return the lane (1 or 2, by id order) of every road of a double route.

    `roads`: (road id, the id of its pair or None).
    """
    lanes: dict[str, int] = {}
    for road_id, pair in roads:
        if pair:
            lanes[road_id] = 1 if road_id < str(pair) else 2
    return lanes


def map_drawing(static: Any, view: Any) -> MapDrawing | None:
    """Return the drawing of the map in `static` (static_view) with `view`'s roads.

    None if `static` has no map. The geometry is the map's alone, drawn
    once per map and process (`_map_geometry`); each call adds who built
    which road and what the viewer may build.
    """
    if not isinstance(static, dict) or not isinstance(static.get("map"), dict):
        return None
    drawn = _map_geometry(_map_key(static["map"]))
    view = view if isinstance(view, dict) else {}
    owners: dict[str, int] = view.get("roads") or {}
    colours: list[str] = view.get("colours") or []
    buildable = set(view.get("buildable") or [])
    small_table = int(view.get("seats") or 0) <= 3  # noqa: PLR2004 (seed: 2-3 seats)
    roads = []
    for road in drawn.roads:
        owner = owners.get(road.id)
        if owner is None and road.id not in buildable and not small_table:
            roads.append(road)  # drawn free, as the geometry has it
            continue
        roads.append(
            replace(
                road,
                owner=owner,
                owner_colour=colours[owner]
                if owner is not None and owner < len(colours)
                else None,
                buildable=road.id in buildable,
                closed=owner is None
                and small_table
                and road.pair is not None
                and road.pair in owners,
            )
        )
    return replace(drawn, roads=tuple(roads))


# A map as a hashable key: (id, name, width, height, places, roads).
MapKey = tuple[
    str,
    str,
    float,
    float,
    tuple[tuple[str, float, float], ...],
    tuple[tuple[str, str, str, int, str, Any], ...],
]


def _map_key(data: dict[str, Any]) -> MapKey:
    """Return the map `data` (static_view's "map") as a key of `_map_geometry`."""
    return (
        str(data.get("id", "")),
        str(data.get("name", "")),
        float(data["canvas"]["width"]),
        float(data["canvas"]["height"]),
        tuple((p["name"], float(p["x"]), float(p["y"])) for p in data["places"]),
        tuple(
            (str(r["id"]), str(r["a"]), str(r["b"]), int(r["length"]),
             str(r["colour"]), r.get("pair"))
            for r in data["roads"]
        ),
    )  # fmt: skip


@functools.lru_cache(maxsize=16)
def _map_geometry(key: MapKey) -> MapDrawing:
    """Return the map of `key` drawn with every road free.

    Lanes are shifted to the same side for both directions: the shift is
    measured against the road taken from the place first in name order, so
    two lanes never land on one line.
    """
    map_id, name, width, height, place_rows, road_rows = key
    points = {place: (x, y) for place, x, y in place_rows}
    # A name is written centred above its dot: half its width on each side.
    half = {place: max(MARGIN, len(place) * LETTER / 2) for place in points}
    ys = [y for _x, y in points.values()] or [0.0]
    left = min([0.0, *(x - half[place] for place, (x, _y) in points.items())])
    top = min(0.0, min(ys) - MARGIN - LABEL_RISE)
    right = max([width] + [x + half[place] for place, (x, _y) in points.items()])
    bottom = max(height, max(ys) + MARGIN)
    lanes = _lanes((road_id, pair) for road_id, _a, _b, _n, _c, pair in road_rows)
    roads = []
    for road_id, a, b, length, colour, pair in road_rows:
        first, second = (a, b) if a <= b else (b, a)
        (x1, y1), (x2, y2) = points[first], points[second]
        distance = math.hypot(x2 - x1, y2 - y1) or 1.0
        lane = lanes.get(road_id, 0)
        shift = _lane_shift(lane)
        nx, ny = -(y2 - y1) / distance * shift, (x2 - x1) / distance * shift
        start, end = (x1 + nx, y1 + ny), (x2 + nx, y2 + ny)
        slots, size = _slots(start, end, length)
        roads.append(
            RoadDrawing(
                id=road_id,
                a=a,
                b=b,
                length=length,
                colour=colour,
                pair=pair,
                lane=lane,
                owner=None,
                owner_colour=None,
                buildable=False,
                closed=False,
                slots=slots,
                slot_length=_num(size),
                slot_x=_num(-size / 2),
                x1=_num(start[0]),
                y1=_num(start[1]),
                x2=_num(end[0]),
                y2=_num(end[1]),
            )
        )
    places = tuple(
        PlaceDrawing(name=place, x=_num(x), y=_num(y), label_y=_num(y - LABEL_RISE))
        for place, (x, y) in points.items()
    )
    return MapDrawing(
        id=map_id,
        name=name,
        view_box=f"{_num(left)} {_num(top)} {_num(right - left)} {_num(bottom - top)}",
        width=round(right - left),
        height=round(bottom - top),
        places=places,
        roads=tuple(roads),
    )


def player_marks(seats: Any) -> list[str]:
    """Return each seat's mark, by seat number: its name's first letter or digit.

    `seats`: the board's seats in seat order, each with a `name`. A mark
    tells a built road's builder without colour (issue 25: colour is never
    the only cue): it stands on the road on the map and beside the name in
    the players' table and the table of roads. An initial shared by two
    seats gets the seat's number after it ("A1", "A3"), so marks are
    unique; a name without a letter or digit gets its seat number alone.
    """
    names = [str(getattr(seat, "name", "") or "") for seat in seats or ()]
    initials = [next((c.upper() for c in name if c.isalnum()), "") for name in names]
    marks = []
    for number, initial in enumerate(initials, start=1):
        if not initial:
            marks.append(str(number))
        elif initials.count(initial) > 1:
            marks.append(f"{initial}{number}")
        else:
            marks.append(initial)
    return marks


def path(destination: Any) -> str:
    """Return a destination card's path as space-separated road ids ("" if none)."""
    if not isinstance(destination, dict):
        return ""
    return " ".join(str(road) for road in destination.get("path") or ())


def total(hand: Any) -> int:
    """Return the number of cards in a hand ({kind: count})."""
    if not isinstance(hand, dict):
        return 0
    return sum(int(n) for n in hand.values())


def top_score(players: Any) -> int:
    """Return the highest score on the track, at least 1 (the score bars' full width)."""
    scores = [int(p.get("score") or 0) for p in players or () if isinstance(p, dict)]
    return max([1, *scores])


def points(value: Any, signed: str = "") -> str:
    """Return whole points with a real minus sign ("−5"); with "signed", "+5" too.

    The end screen lists gains and losses side by side, so the signs must
    read as one typeface (U+2212, as on the failed destination cards).
    """
    points = int(value)
    if points < 0:
        return f"−{-points}"
    return f"+{points}" if signed and points > 0 else str(points)


def signed_points(value: Any) -> str:
    """Return whole points with their sign ("+5", "−5", "0"): see `points`."""
    return points(value, "signed")


BOARD = BoardHelpers(
    board={
        "colour": colour_name,
        "map": map_drawing,
        "roads": road_rows,
        "builds": builds,
        "face_up": face_up_cards,
        "players": player_rows,
        "road_colours": road_colours,
        "path": path,
        "player_marks": player_marks,
        "hand": hand_cards,
        "total": total,
        "top_score": top_score,
        "points": points,
        "signed_points": signed_points,
    },
    rules_page={"map_facts": rat_um_rad_map, "numbers": rat_um_rad_numbers},
    stylesheets=("games/rat-um-rad/board.css",),
    scripts=("games/rat-um-rad/board.js",),
)
