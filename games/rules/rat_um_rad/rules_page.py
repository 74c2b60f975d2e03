"""Rat um Rad's rules-page helpers: the map and the numbers, from data (pure, no Django).

The map (places, roads, destination cards) is written down once, in
games/rules/rat_um_rad/data/maps/<id>.json, and the game's numbers (the
points table, the wheel-card deck, hand and display sizes, the final-round
threshold, ...) once, in the engine's modules. The rules pages
(templates/games/rat-um-rad/rules_*.html) render both from what these tags
return (`BOARD.rules_page`, see board.py) and never retype a card or a
number. Colour names stay keys ("red", "joker"); the templates translate
them with the board's "colour" helper (board.py), so the rules page and the
board name colours alike. Place names are proper names and are not translated.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TypedDict

from . import actions, cards, engine, flow, scoring, state
from .bots import ROBOTS
from .maps import DEFAULT_MAP, MAPS, Map


class PointsRow(TypedDict):
    """One row of the points table: a road of `length` wheels scores `points`."""

    length: int
    points: int


class DeckRow(TypedDict):
    """One kind of wheel card (a colour or "joker") and its number of copies."""

    kind: str
    count: int


class DestinationRow(TypedDict):
    """One destination card: join places `a` and `b` for `points`."""

    id: str
    a: str
    b: str
    points: int


class ExampleRoad(TypedDict):
    """A road of the map to show in examples (the program section)."""

    id: str
    a: str
    b: str
    length: int
    colour: str


class MapFacts(TypedDict):
    """What the rules pages show of one map, its cards and the points table.

    `double_count` counts double routes (pairs of lanes), `grey_count` grey
    roads, `wheel_slots` the wheels all roads together take. `short` and
    `long` keep the map file's order; `ids` lists every destination card id.
    """

    id: str
    name: str
    places: list[str]
    place_count: int
    road_count: int
    double_count: int
    grey_count: int
    wheel_slots: int
    points: list[PointsRow]
    deck: list[DeckRow]
    deck_total: int
    colour_count: int
    short: list[DestinationRow]
    long: list[DestinationRow]
    ids: list[str]
    example_road: ExampleRoad


class Numbers(TypedDict):
    """The engine's fixed numbers the rules quote.

    `player_colours` are keys, the first the start colour; `timeout_robot`
    is the msgid of the robot that plays a seat whose clock ran out (the
    game's default robot: "medium", issue 26).
    """

    min_seats: int
    max_seats: int
    player_colours: list[str]
    start_colour: str
    wheels: int
    hand_size: int
    display_size: int
    setup_short: int
    draw_count: int
    jokers_for_reset: int
    max_resets: int
    final_wheels: int
    pair_seats: int
    roads_trigger_seats: int
    bonus: int
    max_length: int
    timeout_robot: str


def _destinations(game_map: Map, ids: tuple[str, ...]) -> list[DestinationRow]:
    rows: list[DestinationRow] = []
    for card_id in ids:
        card = game_map.destinations[card_id]
        rows.append({"id": card.id, "a": card.a, "b": card.b, "points": card.points})
    return rows


def map_facts(game_map: Map) -> MapFacts:
    """Return the facts of `game_map` and of the wheel-card deck for the rules pages.

    The deck rows follow the engine's card order (the colours, then the
    joker); the points table runs from the shortest road to the longest.
    """
    deck = Counter(cards.DECK)
    road = game_map.roads[0]
    return {
        "id": game_map.id,
        "name": game_map.name,
        "places": [place.name for place in game_map.places],
        "place_count": len(game_map.places),
        "road_count": len(game_map.roads),
        "double_count": sum(1 for r in game_map.roads if r.pair is not None) // 2,
        "grey_count": sum(1 for r in game_map.roads if r.colour == cards.GREY),
        "wheel_slots": game_map.total_length,
        "points": [
            {"length": length, "points": points}
            for length, points in sorted(cards.POINTS.items())
        ],
        "deck": [{"kind": kind, "count": deck[kind]} for kind in cards.CARD_KINDS],
        "deck_total": len(cards.DECK),
        "colour_count": len(cards.COLOURS),
        "short": _destinations(game_map, game_map.short),
        "long": _destinations(game_map, game_map.long),
        "ids": [*game_map.short, *game_map.long],
        "example_road": {
            "id": road.id,
            "a": road.a,
            "b": road.b,
            "length": road.length,
            "colour": road.colour,
        },
    }


@cache
def _default_map_facts() -> MapFacts:
    return map_facts(MAPS[DEFAULT_MAP])


def rat_um_rad_map() -> MapFacts:
    """Return the facts of the default map (see `map_facts`).

    `{% board_call "rat-um-rad.map_facts" as map %}` then `{{ map.place_count }}`,
    `{% for card in map.short %}`. Built once per process; the same dict is
    returned each time, so templates must not change it.
    """
    return _default_map_facts()


def rat_um_rad_numbers() -> Numbers:
    """Return the engine's numbers the rules quote (see `Numbers`).

    `{% board_call "rat-um-rad.numbers" as n %}` then `{{ n.wheels }}`.
    The timeout robot is the game's default robot (the platform plays it
    for a seat whose clock ran out).
    """
    return {
        "min_seats": state.MIN_SEATS,
        "max_seats": state.MAX_SEATS,
        "player_colours": list(cards.PLAYER_COLOURS),
        "start_colour": cards.PLAYER_COLOURS[0],
        "wheels": cards.WHEELS,
        "hand_size": cards.HAND_SIZE,
        "display_size": cards.DISPLAY_SIZE,
        "setup_short": engine.SETUP_SHORT,
        "draw_count": flow.DRAW_COUNT,
        "jokers_for_reset": cards.JOKERS_FOR_RESET,
        "max_resets": cards.MAX_RESETS,
        "final_wheels": flow.FINAL_WHEELS_LEFT,
        "pair_seats": actions.PAIR_SEATS,
        "roads_trigger_seats": flow.ROADS_TRIGGER_SEATS,
        "bonus": scoring.BONUS,
        "max_length": max(cards.POINTS),
        "timeout_robot": ROBOTS["medium"].label,
    }
