"""Rat um Rad: what one seat sees, as the JSON of `view`.

Builds `RatUmRadRules.view(state, seat)` (seat None = spectator); the shape
is documented in engine.py's module docstring. Another seat's hand,
destination cards, offer and completed destinations never appear, nor the
order of the decks, the cards given back in setup, or the Rng (Rat um Rad
rulings, Hidden and open information); all destinations are revealed in
`results` once the game is over.
"""

from __future__ import annotations

from collections import Counter

from games.rules.base import JSON, Outcome

from .actions import build_moves
from .cards import CARD_KINDS
from .maps import Map
from .scoring import completion, longest_trails, results
from .state import PHASE_OVER, PHASE_TURN, State


def destination_json(state: State, seat: int, game_map: Map, card: str) -> JSON:
    """Return a destination card of `seat` with `completed` and `path` (road ids or [])."""
    found = completion(state, seat, game_map, card)
    return {
        **game_map.destinations[card].to_json(),
        "completed": found is not None,
        "path": list(found or ()),
    }


def buildable(state: State, seat: int, game_map: Map) -> list[str]:
    """Return the sorted road ids `seat` may build with a legal move now."""
    if (
        state.phase != PHASE_TURN
        or state.current != seat
        or state.picks
        or state.offers[seat]
    ):
        return []
    return sorted({move.road for move in build_moves(state, seat, game_map)})


def view(
    state: State,
    seat: int | None,
    game_map: Map,
    *,
    to_move: frozenset[int],
    outcome: Outcome | None,
) -> JSON:
    """Return what `seat` may know (shape in engine.py's module docstring)."""
    trails = longest_trails(state, game_map)
    final = state.final
    own = seat is not None and 0 <= seat < state.seats
    data: JSON = {
        "map": state.map,
        "phase": state.phase,
        "seat": seat,
        "seats": state.seats,
        "current": state.current,
        "to_move": sorted(to_move),
        "start": state.start,
        "colours": list(state.colours),
        "round": state.round,
        "final_round": None
        if final is None
        else {
            "trigger": final.trigger,
            "reason": final.reason,
            "left": list(final.left),
        },
        "display": list(state.display),
        "deck": len(state.deck),
        "discard": len(state.discard),
        "destination_deck": len(state.short_deck),
        "picks": state.picks,
        "roads": dict(state.built),
        "players": [
            {
                "seat": s,
                "colour": state.colours[s],
                "score": state.track[s],
                "wheels": state.wheels[s],
                "cards": len(state.hands[s]),
                "destinations": len(state.destinations[s]),
                "longest": trails[s],
                "done": state.done[s],
            }
            for s in range(state.seats)
        ],
        "hand": None,
        "destinations": [],
        "offer": [],
        "buildable": [],
        "results": None,
        "outcome": None if outcome is None else outcome.to_json(),
    }
    if own and seat is not None:
        counts = Counter(state.hands[seat])
        data["hand"] = {kind: counts[kind] for kind in CARD_KINDS}
        data["destinations"] = [
            destination_json(state, seat, game_map, card)
            for card in state.destinations[seat]
        ]
        data["offer"] = [
            game_map.destinations[card].to_json() for card in state.offers[seat]
        ]
        data["buildable"] = buildable(state, seat, game_map)
    if state.phase == PHASE_OVER:
        data["results"] = results(state, game_map)
    return data
