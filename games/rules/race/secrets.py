"""Race: what a seat may not know, redrawn for the privacy check.

Hidden from a seat (Race rules, Components and "Superpowers"; Spielpost's
rulings on the rules page, Deck): the other seats' hands and the order of the
draw pile (one pool of unknown cards: only the sizes are known), and the
other seats' favourites and winner bets until the match is over (Race rules,
Final Scoring), except that each Knonster revealed by a superpower stays one
of that seat's favourites. The `Rng` decides every later deal. Announced on
purpose: `decided` (Spielpost's rulings, A decided race), derived from all
favourites.
"""

from __future__ import annotations

from itertools import combinations

from games.rules.base import Scrambler
from games.rules.rng import Rng
from games.rules.structs import replace

from .cards import KNONSTERS, sort_hand
from .state import PHASE_OVER, State


def secrets_scramble(state: State, seat: int | None, rng: Scrambler) -> State:
    """Return `state` with what `seat` may not know redrawn with `rng`.

    See the module docstring; `seat` None = a spectator.
    """
    others = [s for s in range(state.seats) if s != seat]
    pool = [card for s in others for card in state.hands[s]] + list(state.draw_pile)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        hands[s], pool = sort_hand(pool[: len(hands[s])]), pool[len(hands[s]) :]
    favourites = list(state.favourites)
    winners = list(state.winners)
    if state.phase != PHASE_OVER:
        for s in others:
            if not favourites[s]:
                continue
            shown = {use.knonster for use in state.powers_used if use.seat == s}
            pairs = [p for p in combinations(KNONSTERS, 2) if shown <= set(p)]
            favourites[s] = rng.choice(pairs)
            winners[s] = rng.choice(favourites[s]) if state.win_bet else None
    return replace(
        state,
        rng=Rng(seed=rng.randrange(10**9), draws=rng.randrange(100)),
        hands=tuple(hands),
        draw_pile=tuple(pool),
        favourites=tuple(favourites),
        winners=tuple(winners),
    )
