"""Race: a full state drawn from one seat's view (a determinization).

What the view hides (secrets.py: the other seats' hands, the draw pile and
the discard pile below its top card, whose cards the view only counts; the
other seats' favourites and winner bets until the match is over, except
Knonsters revealed by a superpower; the `Rng` that decides every later
deal) is drawn at random from what is still unknown to the seat. The sample
keeps everything the view shows, including the announced `decided`, which
depends on every seat's favourites: favourites that would change it are
redrawn. Determinized search plays its forward model on such samples
(Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 4(2), 2012).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, MutableSequence, Sequence
from itertools import combinations, product
from typing import TypeVar

from games.rules.base import JSON
from games.rules.rng import Rng
from games.rules.structs import replace

from . import cards as c
from . import flow
from .state import MAX_REDEALS, PHASE_OVER, PHASE_PLAY, LastPlay, PowerUse, State

T = TypeVar("T")

PAIRS: tuple[tuple[str, ...], ...] = tuple(combinations(c.KNONSTERS, 2))
# Tries before the favourites that keep `decided` are enumerated instead.
_TRIES = 40
_MASK = (1 << 64) - 1

# A weight for one pair of favourites of one seat, given the hand drawn for
# it: (seat, pair, hand) -> weight >= 0.
PairWeight = Callable[[int, tuple[str, ...], tuple[str, ...]], float]


class FastRandom:
    """SplitMix64 (Steele, Lea and Flood, OOPSLA 2014): a small seeded PRNG.

    Seeded from a game `Rng` draw, so a sample (and a robot's search) is
    the same on every machine; fast enough for thousands of draws per
    decision, which `Rng`'s per-draw seeding is not. Engines may not use
    the `random` module (tests/rules/test_purity.py).
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next64(self) -> int:
        """Return the next unsigned 64-bit word."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """Return an int in [0, bound), bound >= 1 (bias below 2**-40)."""
        return self.next64() % bound

    def random(self) -> float:
        """Return a float in [0, 1)."""
        return (self.next64() >> 11) / 9007199254740992.0

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle `items` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """Return one of `items` (non-empty)."""
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        """Return one of `items`, each with probability proportional to its weight."""
        point = self.random() * sum(weights)
        for item, weight in zip(items, weights, strict=True):
            point -= weight
            if point < 0:
                return item
        return items[-1]


def fast_random(rng: Rng) -> FastRandom:
    """Return a FastRandom seeded by one draw of `rng`."""
    seed, _ = rng.randint(0, 2**62)
    return FastRandom(seed)


def sample_state(view: JSON, seat: int, rng: Rng) -> State:
    """Return a Race state consistent with `seat`'s `view`, hidden parts drawn.

    `view` is `RaceRules.view(state, seat)` (shape in engine.py). Every
    consistent hidden assignment can be drawn: the unknown cards (the deck
    less the seat's hand and the top of the discard pile) are shuffled into
    the other hands, the draw pile and the rest of the discard pile; each
    other seat that has chosen gets a uniform pair of favourites holding
    its revealed Knonsters (and a winner among them with the Win Bet).
    Raises ValueError if `view` is not a seat's view of a Race state.
    """
    return sample_with(view, seat, fast_random(rng))


def sample_with(
    view: JSON, seat: int, rand: FastRandom, weight: PairWeight | None = None
) -> State:
    """Return `sample_state`'s state, drawn with `rand`.

    `weight(seat, pair, hand)` (default: uniform; `hand` is the one drawn
    for `seat`) biases the other seats' hidden favourites, so a robot can
    draw likelier ones first (belief-weighted determinization); pairs of
    weight 0 still never contradict the view.
    """
    if view.get("seat") != seat or view.get("hand") is None:
        raise ValueError("not the view of this seat")
    seats = view["seats"]
    players = view["players"]
    over = view["phase"] == PHASE_OVER
    own = [entry["card"] for entry in view["hand"] for _ in range(entry["count"])]
    last = view["last_play"]
    unknown = Counter(c.DECK)
    unknown.subtract(own)
    if last is not None:
        unknown[last["card"]] -= 1
    if min(unknown.values()) < 0:
        raise ValueError("the view holds more copies of a card than the deck")
    pool = list(unknown.elements())
    rand.shuffle(pool)
    hands: list[tuple[str, ...]] = []
    for s in range(seats):
        if s == seat:
            hands.append(c.sort_hand(own))
        else:
            count = players[s]["hand_count"]
            hands.append(c.sort_hand(pool[:count]))
            pool = pool[count:]
    draw_count = view["draw_pile"]
    draw_pile = tuple(pool[:draw_count])
    discard = tuple(pool[draw_count:])
    if last is not None:
        discard = (*discard, last["card"])
    if len(discard) != view["discard_count"]:
        raise ValueError("the card counts of the view do not add up to the deck")
    positions = tuple(k["position"] for k in view["knonsters"])
    podium = tuple(view["podium"])
    powers_used = tuple(
        PowerUse(k, s) for s in range(seats) for k in players[s]["revealed"]
    )
    outcome = view["outcome"]
    state = State(
        seats=seats,
        win_bet=view["options"]["win_bet"],
        superpowers=view["options"]["superpowers"],
        rng=Rng(seed=rand.below(2**62)),
        phase=view["phase"],
        redeals=view["redeals"],
        hands=tuple(hands),
        draw_pile=draw_pile,
        discard=discard,
        last_play=None
        if last is None
        else LastPlay(last["seat"], last["card"], last["effect"], last["power"]),
        # Placeholders for the hidden favourites, drawn below.
        favourites=tuple(_known_or_placeholder(p) for p in players),
        winners=tuple(
            p["winner"]
            if p["winner"] is not None
            or not p["chosen"]
            or not view["options"]["win_bet"]
            else _known_or_placeholder(p)[0]
            for p in players
        ),
        positions=positions,
        podium=podium,
        current=view["current"],
        steps=tuple(tuple(p["steps"][k] for k in c.KNONSTERS) for p in players),
        powers_used=powers_used,
        end_reason=None if outcome is None else outcome["reason"],
        # Every card played lies on the discard pile, and a redeal (before
        # any card is played) empties it.
        turns=view["discard_count"],
    )
    if over:
        return state
    return _with_favourites(state, view, seat, rand, weight)


def _fits(sample: State, decided: bool) -> bool:
    """Return whether hidden favourites drawn into `sample` agree with the view.

    The race is decided exactly when the view says so, and a race under way
    never has every seat on the same favourites (and winner bet) unless the
    redeals ran out: those are dealt again (Race rules, Choice of Favorites).
    """
    if flow.is_decided(sample) != decided:
        return False
    return (
        sample.phase != PHASE_PLAY
        and sample.phase != PHASE_OVER
        or sample.redeals >= MAX_REDEALS
        or len(set(zip(sample.favourites, sample.winners, strict=True))) > 1
    )


def _known_or_placeholder(player: JSON) -> tuple[str, ...]:
    """Return a seat's favourites as far as known, any fitting pair if hidden."""
    # Revealed Knonsters come in the order their powers were used.
    known = tuple(sorted(player["favourites"], key=c.KNONSTERS.index))
    if len(known) == 2 or not player["chosen"]:
        return known
    return next(pair for pair in PAIRS if set(known) <= set(pair))


def _with_favourites(
    state: State, view: JSON, seat: int, rand: FastRandom, weight: PairWeight | None
) -> State:
    """Return `state` with the other seats' hidden favourites drawn.

    Each choice is a (pair, winner) per seat; the draw is redone until the
    race is decided exactly when the view says so, and after `_TRIES` the
    choices that keep it are enumerated (at most 12**3).
    """
    choices: dict[int, list[tuple[tuple[str, ...], str | None]]] = {}
    weights: dict[int, list[float]] = {}
    for s, player in enumerate(view["players"]):
        if s == seat or not player["chosen"]:
            continue
        shown = set(player["revealed"])
        options = [
            (pair, winner)
            for pair in PAIRS
            if shown <= set(pair)
            for winner in (pair if state.win_bet else (None,))
        ]
        choices[s] = options
        weights[s] = [
            1.0 if weight is None else weight(s, p, state.hands[s]) for p, _ in options
        ]
    if not choices:
        return state
    decided = view["decided"]

    def build(picked: dict[int, tuple[tuple[str, ...], str | None]]) -> State:
        favourites = list(state.favourites)
        winners = list(state.winners)
        for s, (pair, winner) in picked.items():
            favourites[s], winners[s] = pair, winner
        return replace(state, favourites=tuple(favourites), winners=tuple(winners))

    for _ in range(_TRIES):
        picked = {s: rand.weighted(choices[s], weights[s]) for s in choices}
        sample = build(picked)
        if _fits(sample, decided):
            return sample
    seats = list(choices)
    fitting = []
    fitting_weights = []
    for combo in product(*(range(len(choices[s])) for s in seats)):
        picked = {s: choices[s][i] for s, i in zip(seats, combo, strict=True)}
        sample = build(picked)
        if _fits(sample, decided):
            fitting.append(sample)
            fitting_weights.append(
                math.prod(weights[s][i] for s, i in zip(seats, combo, strict=True))
            )
    if not fitting:
        raise ValueError("no favourites agree with the view's decided race")
    if sum(fitting_weights) <= 0:
        return rand.choice(fitting)
    return rand.weighted(fitting, fitting_weights)
