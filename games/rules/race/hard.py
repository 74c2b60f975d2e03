"""Race's hard robot: flat Monte Carlo search over determinizations.

Method: determinized flat Monte Carlo, i.e. information-set MCTS cut at
depth one (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2), 2012, section IV). Each round draws a state
consistent with the robot's view (`sample.sample_with`), plays every legal
move on it with the game's own `RULES.apply`, and plays each result out
with the medium ("eager") robot's rule on every seat as rollout policy
(Long, Sturtevant, Buro and Furtak, "Understanding the Success of Perfect
Information Monte Carlo Sampling in Game Tree Search", AAAI 2010). All
moves of a round share the sample and the rollout's random stream (common
random numbers: Glasserman and Yao, "Some Guidelines and Guarantees for
Common Random Numbers", Management Science 38(6), 1992), so a move is
judged by its paired difference from the medium robot's move, and replaces
it only when its mean difference exceeds `MARGIN` standard errors: the
medium move is the default, the search a correction.

The value of a playout is the robot's share of first place (1, 1/k shared
by k seats, 0), as in the benchmark, plus `RANK_WEIGHT` times the share of
other seats it beats (ties half): with four seats first place alone is a
rare, noisy signal.

The other seats' hidden favourites are drawn by belief, not uniformly:
before any card is played, a seat that has chosen most likely took the pair
with the most Knonster cards in the hand drawn for it (the medium rule;
other pairs weigh `UNFIT`); later, a seat that has moved a Knonster forward
likely backs it, so a pair's weight grows with the fields that seat moved
its two Knonsters (`steps` in the view; Whitehouse, Powley and Cowling,
"Determinization and Information Set Monte Carlo Tree Search for the Card
Game Dou Di Zhu", CIG 2011, on biasing determinizations by inference).

The rollout plays on plain lists (`_Playout`), the same rules as
`flow.play_card` without building events or checking states (a test plays
both side by side). The budget is a number of playouts, so the same `rng`
gives the same move on every machine.

Measured with bench/robots.py's `duel` on its seeds (share of first place,
Wilson 95% intervals, one process on a busy machine):
- 4 seats, hard + 3 medium (seeds 0-79): 32.2% (n=80, 23.0-43.0%), below
  issue 26's 40%; the medium robot in that seat 27.1% (18.6-37.7%); with
  `RANK_WEIGHT` 0: 32.5%; with 250/600 playouts: 30.6% (21.6-41.4%); with
  `BELIEF_FIELDS` 3: 28.1% (19.5-38.8%); with `MARGIN` 2: 32.6%
  (23.3-43.5%). CPU per decision median 90 ms,
  p99 634 ms, max 950 ms (the choice of favourites).
- 2 seats vs medium (seeds 0-59): 83.3% (n=60, 72.0-90.7%); CPU per
  decision median 70 ms, p99 701 ms, max 1366 ms.
- 2 seats vs easy (seeds 0-59): 93.3% (n=60, 84.1-97.4%); CPU per
  decision median 102 ms, p99 695 ms, max 910 ms.
The UCB1 search before this one (250/600 playouts, uniform pairs before
any card) took 22.1% in 4 seats (n=40, 12.0-37.0%), 74.5% vs medium
(n=100, 65-82%) and 88% vs easy (n=60, 78-94%). Where it lost in 4 seats: the choice of favourites. With
uniform hidden pairs (250/600 playouts), searching only the favourites gave
23.9% (n=80, 15.9-34.3%), only the cards 29.9% (21.0-40.7%): the pairs of
seats that chose before the robot were drawn unrelated to their hands.
Drawn by the hand, searching only the favourites gives 28.0% (19.4-38.7%).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from games.rules.base import JSON
from games.rules.rng import Rng

from . import cards as c
from .engine import RULES
from .sample import FastRandom, PairWeight, fast_random, sample_with
from .state import MAX_REDEALS, PHASE_FAVOURITES, PHASE_OVER, Move, State

# Playouts per decision, spread evenly over the legal moves (at least two
# rounds; issue 26's budget: median <= 200 ms, p99 <= 1 s of CPU).
ITERATIONS = 600
# Playouts for the choice of favourites, which decides most of a match and
# comes once per deal, so that it weighs little on the median.
FAVOURITES_ITERATIONS = 1200
# Standard errors by which a move's paired mean must beat the medium move's.
MARGIN = 1.0
# Weight of the rank points ((seats - rank) / (seats - 1)) beside first place.
RANK_WEIGHT = 0.5
# Fields of a seat's own moves that make a pair e times likelier.
BELIEF_FIELDS = 6.0
# Weight, before any card is played, of a pair that is not the one with the
# most Knonster cards in the hand drawn for its seat (that pair: 1).
UNFIT = 0.1
_PLACE_BONUS = (40, 20, 10, 0)

Chooser = Callable[[JSON, list[Move], Rng], Move]


def make_hard(
    iterations: int = ITERATIONS,
    favourites_iterations: int | None = None,
    *,
    margin: float = MARGIN,
    rank_weight: float = RANK_WEIGHT,
) -> Chooser:
    """Return a hard chooser that spends `iterations` playouts per decision.

    `favourites_iterations` (default: 4 x `iterations`) for the choice of
    favourites; both >= 1, else ValueError. `margin` (standard errors) and
    `rank_weight` as `MARGIN` and `RANK_WEIGHT`. The chooser is
    `choose(view, legal, rng) -> move` (a `Robot`'s strategy); see
    `choose_hard`.
    """
    choosing = (
        4 * iterations if favourites_iterations is None else favourites_iterations
    )
    if min(iterations, choosing) < 1:
        raise ValueError("at least one iteration")

    def choose(view: JSON, legal: list[Move], rng: Rng) -> Move:
        budget = choosing if view["phase"] == PHASE_FAVOURITES else iterations
        return _search(view, legal, rng, budget, margin, rank_weight)

    return choose


def choose_hard(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return the move with the best mean playout value (module docstring).

    Decides from `view` (the seat's view) and `legal` only; a single legal
    move is returned at once. Raises ValueError if `legal` is empty.
    """
    return _CHOOSE(view, legal, rng)


def _search(
    view: JSON,
    legal: list[Move],
    rng: Rng,
    iterations: int,
    margin: float,
    rank_weight: float,
) -> Move:
    if not legal:
        raise ValueError("no legal move")
    if len(legal) == 1:
        return legal[0]
    from .bots import choose_eager  # bots imports this module

    seat: int = view["seat"]
    default = legal.index(choose_eager(view, legal, rng))
    rand = fast_random(rng)
    weight = _belief(view)
    moves = len(legal)
    rounds = max(2, iterations // moves)
    # Common random numbers: every move is played out on the same sample
    # with the same rollout stream, and judged by its paired difference
    # from the medium robot's move.
    totals = [0.0] * moves
    squares = [0.0] * moves
    for _ in range(rounds):
        sample = sample_with(view, seat, rand, weight)
        stream = rand.next64()
        values = []
        for move in legal:
            after, _ = RULES.apply(sample, seat, move)
            values.append(_Playout(after, FastRandom(stream)).run(seat, rank_weight))
        base = values[default]
        for i, value in enumerate(values):
            diff = value - base
            totals[i] += diff
            squares[i] += diff * diff
    best, top = default, 0.0
    for i in range(moves):
        mean = totals[i] / rounds
        spread = math.sqrt(max(0.0, squares[i] / rounds - mean * mean) / (rounds - 1))
        if mean > top and mean > margin * spread:
            best, top = i, mean
    return legal[best]


def _belief(view: JSON) -> PairWeight | None:
    """Return the weight of each other seat's possible pairs (module docstring)."""
    players = view["players"]
    if view["phase"] == PHASE_FAVOURITES:
        # A seat that has chosen still holds the hand it chose from.
        def fit(seat: int, pair: tuple[str, ...], hand: tuple[str, ...]) -> float:
            counts = _knonster_counts(hand)
            top = max(counts[a] + counts[b] for a, b in _PAIRS)
            return 1.0 if counts[pair[0]] + counts[pair[1]] == top else UNFIT

        return fit
    if not any(any(p["steps"].values()) for p in players):
        return None

    def weight(seat: int, pair: tuple[str, ...], hand: tuple[str, ...]) -> float:
        steps = players[seat]["steps"]
        return math.exp(min(60.0, sum(steps[k] for k in pair) / BELIEF_FIELDS))

    return weight


def _knonster_counts(hand: tuple[str, ...] | list[str]) -> dict[str, int]:
    counts = dict.fromkeys(c.KNONSTERS, 0)
    for card in hand:
        knonster = c.CARDS[card].knonster
        if knonster is not None:
            counts[knonster] += 1
    return counts


class _Playout:
    """A state on plain lists, played to the end by the eager rule.

    The rules are `flow.choose_favourites` and `flow.play_card`'s (Race
    rules, Gameplay, End of Game; "Superpowers"): a card (or superpower)
    resolves with `cards.resolve`; a hand below five cards draws one; the
    race ends with the third finisher or a hand that cannot refill.
    """

    def __init__(self, state: State, rand: FastRandom) -> None:
        self.rand = rand
        # (seat, card, power) of every card played, for the tests.
        self.log: list[tuple[int, str, str | None]] | None = None
        self.seats = state.seats
        self.win_bet = state.win_bet
        self.superpowers = state.superpowers
        self.phase = state.phase
        self.redeals = state.redeals
        self.hands = [list(hand) for hand in state.hands]
        self.draw = list(state.draw_pile)
        self.favourites = list(state.favourites)
        self.winners = list(state.winners)
        self.positions = state.positions
        self.podium = state.podium
        self.current = state.current
        self.spent = {use.knonster for use in state.powers_used}
        self.revealed = [0] * state.seats
        for use in state.powers_used:
            self.revealed[use.seat] += 1

    def run(self, seat: int, rank_weight: float = 0.0) -> float:
        """Play to the end; return `seat`'s value (`_value`)."""
        if self.phase == PHASE_FAVOURITES:
            for s in range(self.seats):
                if not self.favourites[s]:
                    self._choose_favourites(s)
            chosen = set(zip(self.favourites, self.winners, strict=True))
            if len(chosen) == 1 and self.redeals < MAX_REDEALS:
                # All alike: the cards are dealt again; an even match.
                return 1 / self.seats + rank_weight / 2
            self.current = self.rand.below(self.seats)
        elif self.phase == PHASE_OVER:
            return self._value(seat, rank_weight)
        while self._play():
            pass
        return self._value(seat, rank_weight)

    def _choose_favourites(self, s: int) -> None:
        # The eager rule: the pair with the most Knonster cards in hand.
        counts = dict.fromkeys(c.KNONSTERS, 0)
        for card in self.hands[s]:
            knonster = c.CARDS[card].knonster
            if knonster is not None:
                counts[knonster] += 1
        best: list[tuple[tuple[str, ...], str | None]] = []
        top = -1
        for a, b in _PAIRS:
            for winner in (a, b) if self.win_bet else (None,):
                fit = 100 * (counts[a] + counts[b]) + (counts[winner] if winner else 0)
                if fit > top:
                    top, best = fit, []
                if fit == top:
                    best.append(((a, b), winner))
        self.favourites[s], self.winners[s] = self.rand.choice(best)

    def _play(self) -> bool:
        """Play one card for the seat to move; return whether the race goes on."""
        s = self.current
        assert s is not None
        hand = self.hands[s]
        mine = self.favourites[s]
        positions, podium = self.positions, self.podium
        targets = _targets(positions, podium)
        best: list[tuple[str, str | None]] = []
        top = -(10**9)
        for card in dict.fromkeys(hand):
            target = targets[card]
            score = 0
            if target is not None:
                index, steps = target
                start = positions[index]
                end = start + steps
                gain = steps
                if end > c.LAST_FIELD:
                    gain = c.FINISHED - start + _PLACE_BONUS[len(podium)]
                score = 2 * gain if c.KNONSTERS[index] in mine else -gain
            if score > top:
                top, best = score, []
            if score == top:
                best.append((card, None))
        if self.superpowers:
            base = self._worth(positions, podium, mine)
            for backed in mine:
                if backed in self.spent:
                    continue
                for card in dict.fromkeys(hand):
                    result = c.resolve(card, backed, (positions, podium))
                    if result is None:
                        continue
                    score = self._worth(*result[0], mine) - base
                    if score > top:
                        top, best = score, []
                    if score == top:
                        best.append((card, backed))
        card, power = best[0] if len(best) == 1 else self.rand.choice(best)
        if power is None:
            target = targets[card]
            if target is not None:
                (self.positions, self.podium), _ = c.move_knonster(
                    (positions, podium), *target
                )
        else:
            result = c.resolve(card, power, (positions, podium))
            assert result is not None
            self.positions, self.podium = result[0]
        if power is not None:
            self.spent.add(power)
            self.revealed[s] += 1
        hand.remove(card)
        if self.log is not None:
            self.log.append((s, card, power))
        if len(self.podium) >= len(c.POINTS):
            return False
        if len(hand) < c.REFILL_BELOW:
            if not self.draw:
                return False
            hand.append(self.draw.pop(0))
        self.current = (s + 1) % self.seats
        return True

    @staticmethod
    def _worth(
        positions: tuple[int, ...], podium: tuple[str, ...], mine: tuple[str, ...]
    ) -> int:
        # The eager robot's board value: own favourites twice, others against.
        total = 0
        for i, k in enumerate(c.KNONSTERS):
            worth = positions[i] + (_PLACE_BONUS[podium.index(k)] if k in podium else 0)
            total += 2 * worth if k in mine else -worth
        return total

    def _value(self, seat: int, rank_weight: float = 0.0) -> float:
        # Share of first place (1/k shared by k), plus `rank_weight` times
        # the share of seats beaten (ties half).
        points = c.scores(tuple(self.favourites), tuple(self.winners), self.podium)
        keys: list[tuple[int, ...]]
        if self.superpowers:
            keys = [
                (p, len(self.favourites[s]) - self.revealed[s])
                for s, p in enumerate(points)
            ]
        else:
            keys = [(p,) for p in points]
        mine = keys[seat]
        rank = 0.0
        if rank_weight:
            beaten = sum(1.0 if k < mine else 0.5 if k == mine else 0.0 for k in keys)
            rank = rank_weight * (beaten - 0.5) / (len(keys) - 1)
        if any(key > mine for key in keys):
            return rank
        return 1 / keys.count(mine) + rank


@lru_cache(maxsize=1 << 16)
def _targets(
    positions: tuple[int, ...], podium: tuple[str, ...]
) -> dict[str, tuple[int, int] | None]:
    """Return `cards.card_target` of every card type on one board.

    The ranks are worked out once per board instead of once per card (the
    playouts' hot spot); a test checks it against `card_target`.
    """
    ranks = c.ranks(positions, podium)
    leader = max(positions)
    alone = {r: i for i, r in enumerate(ranks) if ranks.count(r) == 1}
    out: dict[str, tuple[int, int] | None] = {}
    for card in c.CARDS.values():
        target: tuple[int, int] | None = None
        if card.knonster is not None:
            index = _INDEX[card.knonster]
            at = positions[index]
            if at >= c.FINISHED:
                pass
            elif card.is_plus:
                target = index, card.steps
            elif card.kind == "catchup":
                steps = min(card.steps, leader - 2 - at)
                target = (index, steps) if steps > 0 else None
            elif not podium and alone.get(1) == index:
                others = max(p for j, p in enumerate(positions) if j != index)
                target = index, 2 * (at - others)
        else:
            found = alone.get(card.rank or 0)
            if found is not None and positions[found] < c.FINISHED:
                if card.kind == "rank3":
                    steps = min(card.steps, leader + 1 - positions[found])
                    target = (found, steps) if steps > 0 else None
                else:
                    target = found, card.steps
        out[card.id] = target
    return out


_CHOOSE = make_hard(ITERATIONS, FAVOURITES_ITERATIONS)
_INDEX = {k: i for i, k in enumerate(c.KNONSTERS)}
_PAIRS: tuple[tuple[str, str], ...] = tuple(
    (a, b) for i, a in enumerate(c.KNONSTERS) for b in c.KNONSTERS[i + 1 :]
)
