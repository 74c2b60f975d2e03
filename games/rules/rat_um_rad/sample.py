"""Rat um Rad: a full state drawn from one seat's view (a determinization).

The view (seat_view.py) shows the map, the built roads in build order, the
display, every seat's score, wheels, hand size and destination count, the
pile sizes, and the seat's own hand, destination cards and offer. What it
hides (Rat um Rad rulings, Hidden and open information) is drawn here,
uniformly from what is still unknown to the seat:

- wheel cards: the 90 cards minus the own hand and the display are one
  pool, dealt to the other hands (their sizes are public), the deck and
  the discard pile (their sizes are public; the discard pile's cards are
  not in the view, so they are drawn too);
- destination cards: each other seat holds its one long card (dealt in
  setup, never given back) and short ones; a seat still choosing in setup
  holds an offer of 3 short cards; the rest of the short cards not in the
  own hand are the short deck and, in setup, the cards given back;
- the `Rng` that decides every later draw: a fresh seed from `rng`.

The current seat's pending offer after it draws destination cards is not
shown, but the short cards no pile accounts for are exactly that offer.
Not in the view, so not drawn faithfully: `idle`, the actionless passes in
a row (0; they end the game only when nobody can act).
Once over, the results show every destination card, and they are kept.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rules.base import JSON
from games.rules.rng import Rng

from .cards import DECK, sort_hand
from .maps import Map
from .state import (
    END_FINAL_ROUND,
    PHASE_OVER,
    PHASE_SETUP,
    FinalRound,
    State,
)

SETUP_OFFER = 3


def _shuffled(items: list[Any], rng: Rng) -> tuple[list[Any], Rng]:
    out, rng = rng.shuffled(items)
    return list(out), rng


def sample_state(view: JSON, seat: int, game_map: Map, rng: Rng) -> State:
    """Return a State whose `view(., seat)` is `view`, its hidden parts drawn with `rng`.

    `view` is `seat`'s view (shape in engine.py's module docstring) on
    `game_map`; `rng` draws the unknown cards (module docstring) and the
    sample's own Rng. Raises ValueError when `view` is not a seated view
    of `seat`, or KeyError when a key is missing.
    """
    if view.get("seat") != seat or view.get("hand") is None:
        raise ValueError("sample_state needs the seat's own view")
    seats = int(view["seats"])
    players = view["players"]
    others = [s for s in range(seats) if s != seat]
    # Wheel cards: the unknown pool is the deck minus what the seat sees.
    own_hand = sort_hand([k for k, n in view["hand"].items() for _ in range(int(n))])
    display = tuple(str(c) for c in view["display"])
    pool_count = Counter(DECK)
    pool_count.subtract(own_hand)
    pool_count.subtract(display)
    if any(n < 0 for n in pool_count.values()):
        raise ValueError("the view shows more cards than the deck has")
    pool, rng = _shuffled(sorted(pool_count.elements()), rng)
    hands: list[tuple[str, ...]] = [()] * seats
    hands[seat] = own_hand
    for s in others:
        size = int(players[s]["cards"])
        hands[s], pool = sort_hand(pool[:size]), pool[size:]
    deck_size = int(view["deck"])
    deck, discard = tuple(pool[:deck_size]), tuple(pool[deck_size:])
    if len(discard) != int(view["discard"]):
        raise ValueError("the view's card counts do not add up")

    destinations: list[tuple[str, ...]] = [()] * seats
    offers: list[tuple[str, ...]] = [()] * seats
    own = tuple(str(d["id"]) for d in view["destinations"])
    destinations[seat] = own
    offers[seat] = tuple(str(d["id"]) for d in view["offer"])
    phase = view["phase"]
    returned: tuple[str, ...] = ()
    if phase == PHASE_OVER:
        # The results reveal every seat's cards (completed and failed kept
        # apart, each in holding order: any merge gives the same view).
        for row in view["results"]:
            s = int(row["seat"])
            if s != seat:
                destinations[s] = tuple(
                    str(d["id"]) for d in (*row["completed"], *row["failed"])
                )
        known = {c for cards in destinations for c in cards}
        short_deck, rng = _shuffled([c for c in game_map.short if c not in known], rng)
    else:
        seen = set(own) | set(offers[seat])
        longs, rng = _shuffled([c for c in game_map.long if c not in seen], rng)
        shorts, rng = _shuffled([c for c in game_map.short if c not in seen], rng)
        for s in others:
            count = int(players[s]["destinations"])
            held = []
            if count and longs:
                held.append(longs.pop())
                count -= 1
            held += [shorts.pop() for _ in range(count)]
            destinations[s] = tuple(held)
            if phase == PHASE_SETUP and not players[s]["done"]:
                offers[s] = tuple(shorts.pop() for _ in range(SETUP_OFFER))
        deck_count = int(view["destination_deck"])
        if phase == PHASE_SETUP:
            # Cards given back in setup lie apart until setup ends.
            returned = tuple(shorts[deck_count:])
            shorts = shorts[:deck_count]
        elif len(shorts) > deck_count and view["current"] not in (None, seat):
            # The short cards no pile accounts for are the offer the
            # current seat is choosing from after drawing.
            offers[view["current"]] = tuple(shorts[deck_count:])
            shorts = shorts[:deck_count]
        short_deck = shorts
        if len(short_deck) != deck_count:
            raise ValueError("the view's destination counts do not add up")

    final_json = view["final_round"]
    final = (
        None
        if final_json is None
        else FinalRound(
            trigger=int(final_json["trigger"]),
            reason=final_json["reason"],
            left=tuple(int(s) for s in final_json["left"]),
        )
    )
    seed, rng = rng.randint(0, 2**62)
    end_reason = None
    if phase == PHASE_OVER:
        outcome = view["outcome"] or {}
        end_reason = outcome.get("reason", END_FINAL_ROUND)
    return State(
        map=str(view["map"]),
        seats=seats,
        rng=Rng(seed=seed),
        phase=phase,
        colours=tuple(view["colours"]),
        start=int(view["start"]),
        current=view["current"],
        round=int(view["round"]),
        picks=int(view["picks"]),
        deck=deck,
        discard=discard,
        display=display,
        hands=tuple(hands),
        destinations=tuple(destinations),
        offers=tuple(offers),
        returned=returned,
        short_deck=tuple(short_deck),
        built=tuple((str(road), int(owner)) for road, owner in view["roads"].items()),
        wheels=tuple(int(p["wheels"]) for p in players),
        track=tuple(int(p["score"]) for p in players),
        done=tuple(bool(p["done"]) for p in players),
        final=final,
        idle=0,
        end_reason=end_reason,
    )
