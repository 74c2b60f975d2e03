"""The position the Rat um Rad browser test (test_browser.py) stores near the end: pure engine.

Once a person is to move after the setup, the test stores `_near_end` of
the match's state: the roads each seat has built, its destination cards,
hand and wheels, and the roads alice and carol then build on the board.
"""

from __future__ import annotations

from games.rules.rat_um_rad import State
from games.rules.rat_um_rad.cards import DECK, POINTS, sort_hand
from games.rules.rat_um_rad.maps import MAPS
from games.rules.structs import replace

MAP = "basel"
ALICE, CAROL = 0, 1

# The position stored once the setup is over (see `_near_end`): the roads
# each seat has built, its destination cards, hand and wheels.
BUILT = {
    ALICE: ("Bahnhof-to-Wirtschaft-1", "Wirtschaft-to-Jus"),
    CAROL: (
        "Kollegienhaus-to-Sportwissenschaften",
        "Sportwissenschaften-to-Politikwissenschaften",
        "Sportwissenschaften-to-Kunstgeschichte",
    ),
}
DESTINATIONS = {
    # Bahnhof-Jus is joined already; Bahnhof-Medizin by alice's build.
    ALICE: ("FromBahnhofToJus", "FromBahnhofToMedizin", "FromPhilosophieToMedizin"),
    # Kollegienhaus-Politikwissenschaften is joined; Biologie-Kunstgeschichte
    # by carol's build; Theologie-Wettstein fails.
    CAROL: (
        "FromKollegienhausToPolitikwissenschaften",
        "FromBiologieToKunstgeschichte",
        "FromTheologieToWettstein",
    ),
    2: ("FromPhilosophieToPharmazentrum",),
    3: ("FromBibliothekToTheologie",),
}
HANDS = {
    ALICE: ("green", "green", "joker", "joker", "red"),
    CAROL: ("blue", "orange", "joker", "joker"),
    2: (),
    3: (),
}
WHEELS = {ALICE: 5, CAROL: 20, 2: 30, 3: 30}
DISPLAY = ("red", "blue", "yellow", "pink", "white")
ALICE_ROAD = "Wirtschaft-to-Medizin-1"  # 3 green: 2 green + 1 joker, or 1 + 2
CAROL_ROAD = "Sportwissenschaften-to-Biologie"  # 2 blue: 1 blue + 1 joker, or 2 jokers


def _near_end(state: State) -> State:
    """Return `state` (the match just after its setup) changed to the test's position.

    carol (seat 1) is to move; nobody has a final round yet. The roads,
    destination cards, hands and wheels are BUILT, DESTINATIONS, HANDS and
    WHEELS; the display is DISPLAY; the deck holds the other wheel cards,
    every colour spread through it; the short destination deck holds the
    short cards nobody has. The colours and the start seat stay.
    """
    game_map = MAPS[MAP]
    seats = range(state.seats)
    built = tuple((road, seat) for seat, roads in BUILT.items() for road in roads)
    left = list(DECK)
    for card in (*DISPLAY, *(c for hand in HANDS.values() for c in hand)):
        left.remove(card)
    # Deal the rest colour by colour, so no three jokers come up together.
    by_kind: dict[str, list[str]] = {}
    for card in left:
        by_kind.setdefault(card, []).append(card)
    deck = []
    while any(by_kind.values()):
        for kind in sorted(by_kind):
            if by_kind[kind]:
                deck.append(by_kind[kind].pop())
    held = {card for cards in DESTINATIONS.values() for card in cards}
    track = tuple(
        sum(POINTS[game_map.road_by_id[road].length] for road in BUILT.get(s, ()))
        for s in seats
    )
    return replace(
        state,
        phase="turn",
        current=CAROL,
        picks=0,
        deck=tuple(deck),
        discard=(),
        display=DISPLAY,
        hands=tuple(sort_hand(HANDS[s]) for s in seats),
        destinations=tuple(DESTINATIONS[s] for s in seats),
        offers=((),) * state.seats,
        returned=(),
        short_deck=tuple(c for c in game_map.short if c not in held),
        built=built,
        wheels=tuple(WHEELS[s] for s in seats),
        track=track,
        done=(True,) * state.seats,
        final=None,
        idle=0,
        end_reason=None,
    )
