"""Race scenario builder: play-phase states set by hand (BG "Scenario Tests").

`race_state` (the `scenario` fixture) builds a Race `State` with chosen
positions, hands, favourites and draw pile; `race_match` is a started Race
match (the platform's own tests play the Toy's: `started_match`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.rules.race import RULES as RACE
from games.rules.race.cards import DECK
from games.rules.race.state import PHASE_PLAY, State
from games.rules.structs import replace


def race_state(
    *,
    seats: int = 2,
    positions: tuple[int, ...] = (0, 0, 0, 0),
    podium: tuple[str, ...] = (),
    hands: tuple[tuple[str, ...], ...] | None = None,
    favourites: tuple[tuple[str, ...], ...] | None = None,
    winners: tuple[str | None, ...] | None = None,
    draw_pile: tuple[str, ...] | None = None,
    current: int = 0,
    win_bet: bool = False,
    superpowers: bool = False,
    **fields: Any,
) -> State:
    """Return a play-phase Race state built by hand (BG "Scenario Tests").

    Defaults: seat 0 to move, favourites Rithle+Aristas vs Celya+Elaari (and
    so on), hands from a seeded deal. The draw pile defaults to the seeded
    one less the cards `hands` took; the rest of the deck is discarded, as
    in any reachable state (ValueError if the hands and draw pile need more
    copies of a card than the deck has).
    """
    state = RACE.new_state(
        seats=seats,
        options={"win_bet": win_bet, "superpowers": superpowers},
        seed=1,
    )
    default_favourites = (
        ("rithle", "aristas"),
        ("celya", "elaari"),
        ("rithle", "celya"),
        ("aristas", "elaari"),
    )[:seats]
    if favourites is None:
        favourites = default_favourites
    if winners is None:
        winners = tuple(f[0] for f in favourites) if win_bet else (None,) * seats
    fields.setdefault("phase", PHASE_PLAY)
    hands = state.hands if hands is None else hands
    unused = Counter(DECK)
    _take([card for hand in hands for card in hand], unused, strict=True)
    if draw_pile is None:
        draw_pile = _take(state.draw_pile, unused, strict=False)
    else:
        _take(draw_pile, unused, strict=True)
    fields.setdefault("discard", tuple(unused.elements()))
    return replace(
        state,
        current=current,
        positions=positions,
        podium=podium,
        hands=hands,
        favourites=favourites,
        winners=winners,
        draw_pile=draw_pile,
        **fields,
    )


def _take(cards, unused: Counter, *, strict: bool) -> tuple[str, ...]:
    # The cards of `cards` the deck still has, taken out of `unused`;
    # strict: all of them, else the scenario is impossible.
    taken = []
    for card in cards:
        if unused[card] > 0:
            unused[card] -= 1
            taken.append(card)
        elif strict:
            raise ValueError(f"the deck has too few copies of {card}")
    return tuple(taken)


@pytest.fixture
def race():
    """The Race rules object."""
    return RACE


@pytest.fixture
def scenario():
    """The `race_state` builder: `scenario(positions=..., hands=...)`."""
    return race_state


@pytest.fixture
def race_match(alice, bob):
    """A running 3-seat Race match: alice (0), bob (1) and a robot (2)."""
    from games import services

    match = services.match_create(user=alice, game_slug="race", seats=3, options={})
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    return match


@pytest.fixture
def chosen_match(alice, bob):
    """A running 3-seat Race with Win Bet after alice and bob chose in secret."""
    from games import services
    from tests.games.helpers import legal_json

    # Different choices (index position * 5), so the engine does not deal again.
    match = services.match_create(
        user=alice, game_slug="race", seats=3, options={"win_bet": True}
    )
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    for position, user in ((0, alice), (1, bob)):
        match.refresh_from_db()
        services.move_submit(
            match_id=match.id,
            user=user,
            move_data=legal_json(match, position)[position * 5],
            expected_version=match.version,
        )
    match.refresh_from_db()
    return match
