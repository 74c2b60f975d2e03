"""Rat um Rad: cycle roads across Basel for 2 to 5 seats (a University of Basel student game).

Hidden information: each seat's wheel cards, destination cards, offer and
completed destinations. Chance: the player colours, the wheel-card deck and
the destination decks, drawn from `State.rng`. Sources: the seed (the
published rules, "Rat um Rad seed, <section>"), Spielpost's rulings ("Rat um
Rad rulings, <section>", on the rules page) and the map files in
data/maps/ (maps.py).

The view (`RatUmRadRules.view(state, seat)`, seat None = spectator; built
in seat_view.py, declared as `RatUmRadView` in view_types.py) is JSON:

- `map`: map id; `phase`: "setup" | "turn" | "over"; `seat`: the viewer or
  None; `seats`; `current`: whose turn (None in setup and once over);
  `to_move`: sorted seats; `start`: the start seat; `colours`: per seat its
  player colour ("red" | "blue" | "green" | "yellow" | "black"); `round`:
  rounds begun (0 in setup); `final_round`: None or {`trigger`: seat,
  `reason`: "wheels" | "roads", `left`: [seats still to act, in order]}.
- `display`: face-up card kinds in slot order (up to 5); `deck`,
  `discard`, `destination_deck`: counts; `picks`: 1 after the first pick
  of a take action, else 0.
- `roads`: {road id: owning seat} for built roads.
- `players`: per seat {`seat`, `colour`, `score` (score track), `wheels`
  (left), `cards` (hand size), `destinations` (count), `longest` (longest
  trail of own roads, in wheels), `done` (setup choice made)}.
- Own seat only (a spectator gets None / []): `hand`: {kind: count} for the
  8 colours and "joker"; `destinations`: [{`id`, `a`, `b`, `points`,
  `type` ("short" | "long"), `completed`, `path`: road ids of one path of
  own roads joining a and b, or []}]; `offer`: [{`id`, `a`, `b`, `points`,
  `type`}] waiting for a `keep` (else []); `buildable`: sorted road ids
  the seat may build with a legal move now.
- `results`: None until over, then per seat {`seat`, `track`,
  `completed`, `failed` (destination card dicts), `longest`, `bonus` (10 or
  0), `destination_points` (signed), `total`, `rank`}; `outcome`: None or
  Outcome JSON.

`static_view(options, seats)`: {"map": {"id", "name", "canvas": {"width",
"height"}, "places": [{"name", "x", "y"}], "roads": [{"id", "a", "b",
"length", "colour", "pair"}]}, "points": {"1": 1, ..., "6": 15}}.

Moves: see state.py. Messages are {"text": msgid, "params": {...}}.
"""

from __future__ import annotations

from typing import Any, cast

from games.rules.base import (
    JSON,
    PLAYER,
    Event,
    GameInfo,
    IllegalMove,
    InvalidOptions,
    Message,
    OptionInfo,
    Outcome,
    Rules,
    Scrambler,
)
from games.rules.rng import Rng
from games.rules.structs import MALFORMED_MOVE, MALFORMED_STATE, parse

from . import actions, flow, sample, scoring, seat_view, secrets
from . import texts as t
from .cards import DECK, HAND_SIZE, PLAYER_COLOURS, POINTS, WHEELS, Cards, sort_hand
from .maps import DEFAULT_MAP, MAPS, Map
from .state import (
    MAX_SEATS,
    MIN_SEATS,
    PHASE_SETUP,
    Build,
    DrawDestinations,
    Keep,
    Move,
    State,
    TakeDeck,
    TakeDisplay,
)
from .view_types import RatUmRadView

SETUP_SHORT = 3


def max_moves(game_map: Map) -> int:
    """Return a bound on the moves of any match on `game_map` (GameInfo.max_moves).

    Each pick moves a card from the deck, discard pile or display into a
    hand; only builds give cards back (at most the road's length), so picks
    <= 90 + total road length. A destination draw takes at least one card
    for good (2 moves each); each road is built once. Passes: fewer than
    `seats` in a row between two actions, `seats` in a row end the game.
    Plus one setup keep per seat.
    """
    picks = len(DECK) + game_map.total_length
    actions_ = picks + len(game_map.short) + len(game_map.roads)
    passes = (MAX_SEATS - 1) * (actions_ + 1) + 1
    return MAX_SEATS + picks + 2 * len(game_map.short) + len(game_map.roads) + passes


class RatUmRadRules(Rules[State, Move]):
    """Rat um Rad over `maps` (default: the maps in data/maps/)."""

    # Version "1" dealt from an int seed (issue 23 keyed the draws).
    same_shape_versions = frozenset({"1"})

    # The declared types of `view` (view_types.py) and of a move.
    view_type = RatUmRadView
    move_type = Move

    def __init__(self, maps: dict[str, Map] | None = None) -> None:
        self.maps = dict(MAPS if maps is None else maps)
        if not self.maps:
            raise ValueError("Rat um Rad needs a map")
        default = DEFAULT_MAP if DEFAULT_MAP in self.maps else next(iter(self.maps))
        self.info = GameInfo(
            slug="rat-um-rad",
            name="Rat um Rad",
            min_seats=MIN_SEATS,
            max_seats=MAX_SEATS,
            hidden_information=True,
            chance=True,
            max_moves=max(max_moves(m) for m in self.maps.values()),
            # 2: keyed randomness (issue 23); "1" states carry over unchanged.
            version="2",
            options=(
                OptionInfo(
                    key="map",
                    label=t.MAP_OPTION,
                    kind="choice",
                    default=default,
                    help=t.MAP_HELP,
                    choices=tuple((m.id, m.name) for m in self.maps.values()),
                ),
            ),
            tagline=t.TAGLINE,
        )

    def _map(self, map_id: str) -> Map:
        try:
            return self.maps[map_id]
        except KeyError:
            raise IllegalMove(MALFORMED_STATE) from None

    def new_state(self, *, seats: int, options: JSON, seed: int | str) -> State:
        """Return a new match (Rat um Rad seed, Spielvorbereitung; rulings, Setup).

        Player colours (the first `seats` of PLAYER_COLOURS, so the start
        colour is always dealt) go to seats at random; 4 wheel cards each,
        5 face up; 3 short and 1 long destination card each (the short ones
        to choose from). Raises InvalidOptions for a bad seat count or map.
        """
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise InvalidOptions(t.SEATS)
        map_id = options.get("map", self.info.options[0].default)
        if map_id not in self.maps:
            raise InvalidOptions(t.NO_SUCH_MAP)
        game_map = self.maps[map_id]
        rng = Rng.seeded(seed)
        colours, rng = rng.shuffled(PLAYER_COLOURS[:seats])
        deck, rng = rng.shuffled(DECK)
        hands = tuple(
            sort_hand(deck[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(seats)
        )
        short, rng = rng.shuffled(game_map.short)
        long, rng = rng.shuffled(game_map.long)
        cards = Cards(list(deck[HAND_SIZE * seats :]), [], [], rng)
        cards.settle()
        offers = tuple(
            short[SETUP_SHORT * s : SETUP_SHORT * (s + 1)] for s in range(seats)
        )
        return State(
            map=map_id,
            seats=seats,
            rng=cards.rng,
            phase=PHASE_SETUP,
            colours=colours,  # type: ignore[arg-type]
            start=colours.index(PLAYER_COLOURS[0]),
            current=None,
            round=0,
            picks=0,
            deck=tuple(cards.deck),
            discard=tuple(cards.discard),
            display=tuple(cards.display),
            hands=hands,
            destinations=tuple(long[s : s + 1] for s in range(seats)),
            offers=offers,
            returned=(),
            short_deck=short[SETUP_SHORT * seats :],
            built=(),
            wheels=(WHEELS,) * seats,
            track=(0,) * seats,
            done=tuple(not offer for offer in offers),
            final=None,
            idle=0,
            end_reason=None,
        )

    def to_move(self, state: State) -> frozenset[int]:
        """Return the seats to move: in setup every seat not done, else the current seat."""
        return actions.to_move(state)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Return `seat`'s legal moves in a stable order (see actions.legal_moves)."""
        return actions.legal_moves(state, seat, self._map(state.map))

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Return the state after `seat` makes `move`, and its events.

        Raises IllegalMove (a player-readable msgid) for a move not legal now.
        """
        return flow.apply_move(state, seat, move, self._map(state.map))

    def secrets_scramble(self, state: State, seat: int | None, rng: Scrambler) -> State:
        """Return `state` with what `seat` may not know redrawn (secrets.py)."""
        return secrets.secrets_scramble(state, seat, rng)

    def sample_state(self, view: JSON, seat: int, rng: Rng) -> State:
        """Return a state consistent with `seat`'s `view`, the hidden drawn with `rng` (sample.py)."""
        return sample.sample_state(view, seat, self._map(view.get("map", "")), rng)

    def view(self, state: State, seat: int | None) -> JSON:
        """Return what `seat` may know as JSON (shape in the module docstring)."""
        return seat_view.view(
            state,
            seat,
            self._map(state.map),
            to_move=self.to_move(state),
            outcome=self.outcome(state),
        )

    def static_view(self, options: JSON, seats: int) -> JSON | None:
        """Return the map and the points table (shape in the module docstring)."""
        game_map = self.maps.get(options.get("map", self.info.options[0].default))
        if game_map is None:
            return None
        return {
            "map": {
                "id": game_map.id,
                "name": game_map.name,
                "canvas": {"width": game_map.width, "height": game_map.height},
                "places": [
                    {"name": p.name, "x": p.x, "y": p.y} for p in game_map.places
                ],
                "roads": [
                    {
                        "id": r.id,
                        "a": r.a,
                        "b": r.b,
                        "length": r.length,
                        "colour": r.colour,
                        "pair": r.pair,
                    }
                    for r in game_map.roads
                ],
            },
            "points": {str(length): points for length, points in POINTS.items()},
        }

    def outcome(self, state: State) -> Outcome | None:
        """Return ranks by total once over (ties share), scores = totals (seed, Ende des Spiels)."""
        return scoring.outcome(state, self._map(state.map))

    def _road_name(self, road_id: str) -> Any:
        for game_map in self.maps.values():
            road = game_map.road_by_id.get(road_id)
            if road is not None:
                if road.lane:
                    return Message(
                        t.ROAD_LANE, {"a": road.a, "b": road.b, "lane": road.lane}
                    ).to_json()
                return Message(t.ROAD, {"a": road.a, "b": road.b}).to_json()
        return road_id

    def _card_name(self, card_id: str) -> Any:
        for game_map in self.maps.values():
            card = game_map.destinations.get(card_id)
            if card is not None:
                return Message(
                    t.DESTINATION, {"a": card.a, "b": card.b, "points": card.points}
                ).to_json()
        return card_id

    def describe(self, move: Move) -> Message:
        """Return the button label of `move`, unique among the legal moves."""
        if isinstance(move, Keep):
            return Message(t.KEEP, {"cards": [self._card_name(c) for c in move.cards]})
        if isinstance(move, TakeDisplay):
            return Message(t.TAKE_DISPLAY, {"colour": _colour(move.colour)})
        if isinstance(move, TakeDeck):
            return Message(t.TAKE_DECK)
        if isinstance(move, Build):
            road = self._road_name(move.road)
            if move.colour == "joker":
                return Message(
                    t.BUILD_ALL_JOKERS, {"road": road, "jokers": move.jokers}
                )
            length = next(
                (
                    m.road_by_id[move.road].length
                    for m in self.maps.values()
                    if move.road in m.road_by_id
                ),
                move.jokers,
            )
            params = {
                "road": road,
                "count": max(0, length - move.jokers),
                "colour": _colour(move.colour),
                "jokers": move.jokers,
            }
            return Message(t.BUILD_JOKERS if move.jokers else t.BUILD, params)
        if isinstance(move, DrawDestinations):
            return Message(t.DRAW_DESTINATIONS)
        return Message(t.PASS)

    def describe_event(self, event: Event) -> Message:
        """Return the log line for `event` (kinds listed in texts.EVENT_TEXTS)."""
        data = event.data
        params: JSON = {key: value for key, value in data.items() if key != "seat"}
        if "seat" in data:
            params[PLAYER] = data["seat"]
        if isinstance(data.get("colour"), str):
            params["colour"] = _colour(data["colour"])
        if isinstance(data.get("road"), str):
            params["road"] = self._road_name(data["road"])
        if isinstance(data.get("cards"), list):
            params["cards"] = [self._card_name(c) for c in data["cards"]]
        for key in ("old", "display"):
            params.pop(key, None)
        return Message(t.EVENT_TEXTS.get(event.kind, t.SOMETHING), params)

    def state_from_json(self, data: JSON) -> State:
        """Return the State stored as `data`; raise IllegalMove if malformed.

        Besides the record's own checks: the map exists, and every road and
        destination card id is the map's.
        """
        state = cast(State, parse(State, data, MALFORMED_STATE))
        game_map = self._map(state.map)
        ids = [c for cards in (*state.destinations, *state.offers) for c in cards]
        ids += [*state.returned, *state.short_deck]
        if any(c not in game_map.destinations for c in ids) or any(
            road not in game_map.road_by_id for road, _seat in state.built
        ):
            raise IllegalMove(MALFORMED_STATE)
        return state

    def move_from_json(self, data: JSON) -> Move:
        """Return the Move sent as `data`; raise IllegalMove if malformed.

        A keep's `cards` may come in any order: they are sorted.
        """
        move = cast(Move, parse(Move, data, MALFORMED_MOVE))
        if isinstance(move, Keep) and list(move.cards) != sorted(move.cards):
            move = Keep(cards=tuple(sorted(move.cards)))
        return move


def _colour(colour: str) -> Any:
    return Message(t.COLOUR_NAMES.get(colour, colour)).to_json()


RULES = RatUmRadRules()
