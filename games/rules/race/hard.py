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

The rollout plays on plain lists (`playout.Playout`), the same rules as
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
  p99 634 ms, max 950 ms (the choice of favourites). Run again at this
  module's settings: 31.6% (22.4-42.4%); CPU median 134 ms, p99 1629 ms,
  max 2108 ms with three processes on the machine's two cores.
  Tried against that run on the same seeds (mean paired difference per
  seed, 95%): successive halving of the moves (`HALVING`; Karnin, Koren
  and Somekh, "Almost Optimal Exploration in Multi-Armed Bandits", ICML
  2013), log2(moves) phases that each drop the worse half: 33.2%
  (23.9-44.1%), +1.7 +- 9.4 points; on seeds 80-159 34.1% (24.6-45.0%)
  against 25.4% (17.2-35.9%); on seeds 160-239 30.2% (21.2-41.0%)
  against 28.3% (19.6-39.0%); over seeds 0-239 (n=240) 32.5%
  (26.9-38.6%) against 28.4% (23.1-34.4%), +4.1 +- 5.2 points; on new
  seeds 240-1125 (n=886, one process, the machine shared) 31.7%
  (28.7-34.9%) against 31.3% (28.4-34.5%), +0.4 +- 2.6 points (CPU per
  decision median 125 against 119 ms, p99 1108 against 1643 ms, max 1768
  against 2381 ms); pooled over seeds 0-1125 (n=1126, means weighted by
  n) 31.9% (29.2-34.7%) against 30.7% (28.1-33.5%), +1.2 +- 2.4 points:
  no measured gain, so off. This module's settings on seeds 240-1125:
  31.3%, still below issue 26's 40%.
  Measured on seeds 0-79 and dropped (switches `EXPLORE`, `LEAD`): rollout
  seats playing a random useful card with chance 0.1, 25.7% (17.4-36.3%),
  -5.8 +- 10.4 (the other seats are medium robots, whom the eager rollout
  models exactly); 0.5 x the points ahead of the best other seat added to
  the value, 31.4% (22.2-42.2%), -0.2 +- 2.4.
- 2 seats vs medium (seeds 0-59): 83.3% (n=60, 72.0-90.7%); CPU per
  decision median 70 ms, p99 701 ms, max 1366 ms.
- 2 seats vs easy (seeds 0-199, these settings): 94.5% (n=200,
  90.4-96.9%), below issue 26's 95% (11 losses). All 11 shared a
  favourite with the easy seat. Replayed with other random streams for the
  robot, 10 of those deals were won as often as won deals are (55 of 60,
  against 61 of 66 for 22 won deals): luck, not a choice; seed 42 is lost
  on every replay (the random seat's hand holds 7 Celya cards). Modelling
  a seat that moves its own least-moved Knonsters as the easy robot
  (uniform favourites, random rollout) swapped which games were lost:
  93.8%, -0.7 +- 3.8 points paired; dropped. CPU per decision median
  161 ms, p99 1697 ms, max 2460 ms with three processes on two cores
  (seeds 0-59 alone: median 102 ms, p99 695 ms, max 910 ms).
  Seeds 0-999 (2026-11-28, two processes on two cores): 930.5 of 1,000,
  93.1% (91.3-94.5%): below issue 26's 95%; the first 200 seeds' 94.5%
  was the lucky end (69 losses and one shared first place in all, 11 of
  the losses in those 200). CPU per decision over 19,359 decisions
  median 117 ms, p99 1,035 ms, max 2,106 ms.
- CPU per decision alone on the idle machine, this module's settings:
  2 seats vs medium (seeds 0-39, 834 decisions) median 112 ms, p99 827
  ms, max 1044 ms; vs easy (764) median 161 ms, p99 811 ms, max 1028 ms;
  4 seats (seeds 0-19, 173) median 127 ms, p99 776 ms, max 901 ms: within
  issue 26's budget. Three processes on two cores double the p99.
What the hidden cards are worth (2026-11-29, measured by giving this
search what its view hides: every sample the true state, or a sample with
the other seats' true favourites; paired by seed with these settings):
- 4 seats, seeds 0-199: these settings 28.3% (22.5-34.9%); the true
  favourites in every sample 39.1% (32.6-46.0%), +10.8 +- 6.3 points; the
  true favourites only while favourites are chosen 32.8% (26.6-39.5%),
  +4.5 +- 5.1; the true state (hands and draw pile too) 71.6% of seeds
  0-53, +36.6 +- 12.0. Even knowing every favourite, the search stays
  under issue 26's 40%.
- 2 seats vs easy, seeds 0-169: the true favourites 97.6% (4 losses). The
  easy robot chooses its favourites at random and plays a random useful
  card, so nothing in its play tells them: its 2-3 points are out of a
  view's reach.
- The belief about favourites from the fields moved is too flat: over
  28,371 decisions of 300 games of four medium robots, the true pair's
  mean log-likelihood is -0.59 with `BELIEF_FIELDS` 6 and -0.36 with 1.5
  (uniform: -1.79). With 1.5 in 4 seats (seeds 0-199): 29.0%, +0.7 +- 5.7
  points: no gain, so it stays 6. The gain of knowing the favourites lies
  before the fields moved tell them.
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
from dataclasses import dataclass

from games.rules.base import JSON
from games.rules.rng import Rng

from . import cards as c
from .engine import RULES
from .playout import PAIRS, Playout
from .sample import FastRandom, PairWeight, fast_random, sample_with
from .state import PHASE_FAVOURITES, Move

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
# Successive halving of the moves (Karnin, Koren and Somekh 2013), not flat:
# off, no measured gain in 4 seats (module docstring, seeds 0-1125).
HALVING = False

Chooser = Callable[[JSON, list[Move], Rng], Move]


def make_hard(
    iterations: int = ITERATIONS,
    favourites_iterations: int | None = None,
    *,
    margin: float = MARGIN,
    rank_weight: float = RANK_WEIGHT,
    halving: bool = HALVING,
) -> Chooser:
    """Return a hard chooser that spends `iterations` playouts per decision.

    `favourites_iterations` (default: 4 x `iterations`) for the choice of
    favourites; both >= 1, else ValueError. `margin` (standard errors),
    `rank_weight` and `halving` as `MARGIN`, `RANK_WEIGHT` and `HALVING`.
    The chooser is `choose(view, legal, rng) -> move` (a `Robot`'s
    strategy); see `choose_hard`.
    """
    choosing = (
        4 * iterations if favourites_iterations is None else favourites_iterations
    )
    if min(iterations, choosing) < 1:
        raise ValueError("at least one iteration")
    settings = _Settings(margin, rank_weight, halving)

    def choose(view: JSON, legal: list[Move], rng: Rng) -> Move:
        budget = choosing if view["phase"] == PHASE_FAVOURITES else iterations
        return _search(view, legal, rng, budget, settings)

    return choose


def choose_hard(view: JSON, legal: list[Move], rng: Rng) -> Move:
    """Return the move with the best mean playout value (module docstring).

    Decides from `view` (the seat's view) and `legal` only; a single legal
    move is returned at once. Raises ValueError if `legal` is empty.
    """
    return _CHOOSE(view, legal, rng)


@dataclass(frozen=True)
class _Settings:
    margin: float
    rank_weight: float
    halving: bool


def _search(
    view: JSON, legal: list[Move], rng: Rng, iterations: int, settings: _Settings
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
    # Successive halving: the budget is split over phases; after each, the
    # worse half of the moves (by paired mean) is dropped, so the last
    # phases spend the playouts on the moves that could be chosen.
    phases = max(1, math.ceil(math.log2(moves))) if settings.halving else 1
    alive = list(range(moves))
    # Common random numbers: every move is played out on the same sample
    # with the same rollout stream, and judged by its paired difference
    # from the medium robot's move.
    totals = [0.0] * moves
    squares = [0.0] * moves
    counts = [0] * moves
    for phase in range(phases):
        for _ in range(max(2, iterations // phases // len(alive))):
            sample = sample_with(view, seat, rand, weight)
            stream = rand.next64()
            values = {}
            for i in alive:
                after, _ = RULES.apply(sample, seat, legal[i])
                playout = Playout(after, FastRandom(stream))
                values[i] = playout.run(seat, settings.rank_weight)
            base = values[default]
            for i in alive:
                diff = values[i] - base
                totals[i] += diff
                squares[i] += diff * diff
                counts[i] += 1
        if phase < phases - 1:
            others = sorted(
                (i for i in alive if i != default),
                key=lambda i: totals[i] / counts[i],
                reverse=True,
            )
            alive = sorted([default, *others[: (len(others) + 1) // 2]])
    best, top = default, 0.0
    for i in alive:
        n = counts[i]
        mean = totals[i] / n
        spread = math.sqrt(max(0.0, squares[i] / n - mean * mean) / (n - 1))
        if mean > top and mean > settings.margin * spread:
            best, top = i, mean
    return legal[best]


def _belief(view: JSON) -> PairWeight | None:
    """Return the weight of each other seat's possible pairs (module docstring)."""
    players = view["players"]
    if view["phase"] == PHASE_FAVOURITES:
        # A seat that has chosen still holds the hand it chose from.
        def fit(seat: int, pair: tuple[str, ...], hand: tuple[str, ...]) -> float:
            counts = _knonster_counts(hand)
            top = max(counts[a] + counts[b] for a, b in PAIRS)
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


_CHOOSE = make_hard(ITERATIONS, FAVOURITES_ITERATIONS)
