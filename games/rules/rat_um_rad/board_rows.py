"""Rat um Rad's board rows: what the board template's loops print, worked out once.

Every move renders the board again for every watching socket, and a
template pays for each lookup, filter and tag inside a loop once per item:
the map alone has 50 roads and some 120 wheel slots. So these rows carry
their strings and attributes ready to print (a road's class list, its
builder's name and mark, a slot's transform, the face-up card that starts
the viewer's decisions), and templates/games/rat-um-rad/board.html only
prints them. The rows are dicts (TypedDicts): the template engine looks
a key up before an attribute, so a dataclass would cost a raised and
caught TypeError per lookup. Pure like board.py: colour names are Messages,
which the template's `msg` filter translates; every sentence stays in the
template.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypedDict

from games.rules.base.messages import Message

from .cards import ROAD_COLOURS
from .texts import COLOUR_NAMES

if TYPE_CHECKING:
    # board.py registers these helpers, so it can only be imported for types.
    from .board import MapDrawing, RoadDrawing


def colour_name(kind: Any) -> Message | str:
    """Return the name of a card, road or player colour as a Message; "" if unknown."""
    if not isinstance(kind, str) or kind not in COLOUR_NAMES:
        return ""
    return Message(COLOUR_NAMES[kind])


class SlotRow(TypedDict):
    """A wheel slot as the map prints it.

    `transform`: the SVG transform that puts the slot's rect in place;
    `x`, `y`: its centre; `line`: it shows a free road's mark line;
    `wheel`: it shows a wheel of a built road (the middle slot shows the
    builder's mark instead).
    """

    transform: str
    x: str
    y: str
    line: bool
    wheel: bool


class RoadRow(TypedDict):
    """A road as the map and the table of roads print it (board.RoadDrawing).

    The drawing's fields, with numbers as text: a template localizes every
    number it prints, which costs more than printing text. `length`;
    `wheels`: the length as a number, for plurals; `lane`: "" for a
    single road; `owner`: the seat that built it, "" while free. Besides:
    `places`: "a – b"; `built`: it has an owner; `classes`: its class
    list on the map; `colour_name`, `owner_colour_name`: Messages (""
    without a colour); `owner_name`, `owner_mark`: its builder's seat name
    and mark ("" and None while free); `line_path`: the mark line across
    a slot; `mark_x`, `mark_y`: where the builder's mark stands (the middle
    slot); `geometry`: the road's wide hit line and its slots (each with
    its mark line while free, its wheel once built) as SVG ready to print
    (`road_geometry`).
    """

    id: str
    a: str
    b: str
    places: str
    length: str
    wheels: int
    colour: str
    colour_name: Message | str
    lane: str
    owner: str
    owner_colour: str | None
    owner_colour_name: Message | str
    owner_name: str
    owner_mark: str | None
    built: bool
    buildable: bool
    closed: bool
    classes: str
    x1: str
    y1: str
    x2: str
    y2: str
    slot_x: str
    slot_length: str
    line_path: str
    slots: tuple[SlotRow, ...]
    mark_x: str
    mark_y: str
    geometry: str


def _at(items: Sequence[Any], index: int | None) -> Any:
    """Return `items[index]`, None if there is no such item."""
    if index is None or not 0 <= index < len(items):
        return None
    return items[index]


def _road_row(
    road: RoadDrawing, drawing: MapDrawing, names: Sequence[str], marks: Sequence[Any]
) -> RoadRow:
    """Return the row of one drawn road of `drawing`; `names` and `marks` by seat."""
    built = road.owner is not None
    classes = f"rr-road rr-c-{road.colour}"
    if built:
        # A seat beyond the view's colours prints "None", as the template did.
        classes += f" rr-built rr-p-{road.owner_colour}"
    if road.buildable:
        classes += " rr-buildable"
    if road.closed:
        classes += " rr-closed"
    middle = road.middle
    slots = tuple(
        SlotRow(
            transform=f"translate({slot.x} {slot.y}) rotate({slot.angle})",
            x=slot.x,
            y=slot.y,
            line=not built,
            # Compared by value, as the template compared them: slots that
            # coincide with the middle one carry no wheel either.
            wheel=built and slot != middle,
        )
        for slot in road.slots
    )
    line_path = f"M{road.slot_x} 0h{road.slot_length}"
    return RoadRow(
        id=road.id,
        a=road.a,
        b=road.b,
        places=f"{road.a} – {road.b}",
        length=str(road.length),
        wheels=road.length,
        colour=road.colour,
        colour_name=colour_name(road.colour),
        lane=str(road.lane) if road.lane else "",
        owner="" if road.owner is None else str(road.owner),
        owner_colour=road.owner_colour,
        owner_colour_name=colour_name(road.owner_colour),
        owner_name=_at(names, road.owner) or "",
        owner_mark=_at(marks, road.owner),
        built=built,
        buildable=road.buildable,
        closed=road.closed,
        classes=classes,
        x1=road.x1,
        y1=road.y1,
        x2=road.x2,
        y2=road.y2,
        slot_x=road.slot_x,
        slot_length=road.slot_length,
        line_path=line_path,
        slots=slots,
        mark_x=middle.x if middle else "",
        mark_y=middle.y if middle else "",
        geometry=road_geometry(road, slots, line_path, drawing),
    )


# Between the hit line and the first slot, as the template's source had it.
_BREAK = "\n" + " " * 16


def road_geometry(
    road: RoadDrawing, slots: Sequence[SlotRow], line_path: str, drawing: MapDrawing
) -> str:
    """Return the road's hit line and its slots as SVG: `slots` are its SlotRows.

    `line_path`: the mark line across a slot (RoadRow's). The slots are as
    wide as `drawing` says (`slot_width`, `slot_y`).
    Numbers only (board.py `_num`: digits, "-" and "."), so it needs no
    escaping: the map's template prints it as it is. Built here, not by
    the template's loop over the slots: some 120 slots a map, each a
    handful of lookups, were most of what a push of the map cost.
    """
    rect = (
        f'<rect class="rr-slot" x="{road.slot_x}" y="{drawing.slot_y}" '
        f'width="{road.slot_length}" height="{drawing.slot_width}" rx="2" transform="'
    )
    line = f'"/><path class="rr-mark-line" d="{line_path}" transform="'
    parts = [
        f'<line class="rr-hit" x1="{road.x1}" y1="{road.y1}" x2="{road.x2}" y2="{road.y2}"/>',
        _BREAK,
    ]
    for slot in slots:
        parts += (rect, slot["transform"])
        if slot["line"]:
            parts += (line, slot["transform"], '"/>')
        elif slot["wheel"]:
            parts.append(
                f'"/><circle class="rr-wheel" cx="{slot["x"]}" cy="{slot["y"]}" r="2.3"/>'
            )
        else:
            parts.append('"/>')
    return "".join(parts)


def road_rows(drawing: MapDrawing | None, seats: Any, marks: Any) -> list[RoadRow]:
    """Return the rows of every road of `drawing`, in map order ([] without a map).

    `seats`: the board's seats in seat order, each with a `name`; `marks`:
    their marks by seat (`player_marks`).
    """
    if drawing is None:
        return []
    names = [str(getattr(seat, "name", "") or "") for seat in seats or ()]
    marks = list(marks or ())
    return [_road_row(road, drawing, names, marks) for road in drawing.roads]


class Payment(TypedDict):
    """One way to pay for a road: the legal `move`, `count` cards of `colour`.

    `jokers`: jokers besides; `colour_name`: the colour's name (a Message).
    """

    move: Any
    colour: str
    colour_name: Message | str
    count: int
    jokers: int


class BuildChoice(TypedDict):
    """A road the viewer may build now and every way to pay for it."""

    road: RoadRow
    payments: tuple[Payment, ...]


def builds(roads: Sequence[RoadRow], moves: Any) -> list[BuildChoice]:
    """Return the legal build moves grouped by road, in map order.

    `roads`: `road_rows`; `moves` are the board's legal build moves
    (LegalMove, `.data` the move JSON). Payments come fewest jokers first.
    """
    by_road: dict[str, list[Payment]] = {}
    lengths = {road["id"]: road["wheels"] for road in roads}
    for move in moves or ():
        data = move.data
        road = str(data.get("road"))
        if road not in lengths:
            continue
        jokers = int(data.get("jokers") or 0)
        colour = str(data.get("colour"))
        count = 0 if colour == "joker" else lengths[road] - jokers
        by_road.setdefault(road, []).append(
            Payment(
                move=move,
                colour=colour,
                colour_name=colour_name(colour),
                count=count,
                jokers=jokers,
            )
        )
    return [
        BuildChoice(
            road=road,
            payments=tuple(
                sorted(by_road[road["id"]], key=lambda p: (p["jokers"], p["colour"]))
            ),
        )
        for road in roads
        if road["id"] in by_road
    ]


class FaceUpCard(TypedDict):
    """A face-up wheel card: its `colour` and `colour_name` (a Message).

    `move`: the legal move that takes it (None: it cannot be taken now);
    `first`: its button starts the viewer's decisions (no deck draw is
    legal, and it has the colour of the first take).
    """

    colour: str
    colour_name: Message | str
    move: Any
    first: bool


def face_up_cards(display: Any, takes: Any, deck_takes: Any) -> list[FaceUpCard]:
    """Return the face-up cards of `display` (colours, in slot order) with their moves.

    `takes`, `deck_takes`: the legal take_display and take_deck moves
    (LegalMove, `.data` the move JSON). Cards of one colour share its
    move.
    """
    moves: dict[Any, Any] = {}
    for move in takes or ():
        moves.setdefault(move.data.get("colour"), move)
    first_colour = takes[0].data.get("colour") if takes else None
    return [
        FaceUpCard(
            colour=colour,
            colour_name=colour_name(colour),
            move=moves.get(colour),
            first=not deck_takes and colour == first_colour,
        )
        for colour in display or ()
    ]


class ColourRow(TypedDict):
    """A road colour of the map's legend: `colour` and its name (a Message)."""

    colour: str
    name: Message | str


def road_colours() -> list[ColourRow]:
    """Return the road colours in the legend's order, grey last."""
    return [{"colour": colour, "name": colour_name(colour)} for colour in ROAD_COLOURS]


class PlayerRow(TypedDict):
    """A player of the view (RatUmRadPlayer) as the summary and the table print it.

    The view's numbers as text: `seat`, `score`, `wheels`, `cards`,
    `destinations`; `longest` stays a number, for its plural. `colour`
    and `colour_name` (a Message); `name`, `is_viewer`: the board's seat;
    `mark`: its mark (`player_marks`); `done`: its setup choice is made;
    `to_move`, `start`, `current`: it is to move, began the game, is the
    current player.
    """

    seat: str
    colour: str
    colour_name: Message | str
    name: str
    is_viewer: bool
    mark: str | None
    score: str
    wheels: str
    cards: str
    destinations: str
    longest: int
    done: bool
    to_move: bool
    start: bool
    current: bool


def player_rows(view: Any, seats: Any, marks: Any) -> list[PlayerRow]:
    """Return the rows of the view's `players`, in its order ([] without a view).

    `seats`: the board's seats in seat order (`name`, `is_viewer`);
    `marks`: their marks by seat (`player_marks`).
    """
    if not isinstance(view, dict):
        return []
    seats = list(seats or ())
    marks = list(marks or ())
    to_move = view.get("to_move") or ()
    rows: list[PlayerRow] = []
    for player in view.get("players") or ():
        number = player["seat"]
        seat = _at(seats, number)
        rows.append(
            {
                "seat": str(number),
                "colour": player["colour"],
                "colour_name": colour_name(player["colour"]),
                "name": str(getattr(seat, "name", "")),
                "is_viewer": bool(getattr(seat, "is_viewer", False)),
                "mark": _at(marks, number),
                "score": str(player["score"]),
                "wheels": str(player["wheels"]),
                "cards": str(player["cards"]),
                "destinations": str(player["destinations"]),
                "longest": player["longest"],
                "done": bool(player["done"]),
                "to_move": number in to_move,
                "start": number == view.get("start"),
                "current": number == view.get("current"),
            }
        )
    return rows


class HandCard(TypedDict):
    """A kind of wheel card in the viewer's hand: `kind`, `name`, `count`.

    `name`: a Message; `count`: how many, as text.
    """

    kind: str
    name: Message | str
    count: str


def hand_cards(hand: Any) -> list[HandCard]:
    """Return the kinds of a hand ({kind: count}) held, in the view's order."""
    if not isinstance(hand, dict):
        return []
    return [
        {"kind": str(kind), "name": colour_name(kind), "count": str(int(n))}
        for kind, n in hand.items()
        if n
    ]
