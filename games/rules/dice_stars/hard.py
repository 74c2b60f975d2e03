"""Dice Stars' "hard" robot: expectimax over the turn's dice on determinizations.

Method: a depth-one expectimax (Michie 1966; Russell and Norvig, "Artificial
Intelligence: A Modern Approach", 4th ed., 5.5 "Stochastic games") over the
robot's own turn, with the chance node estimated by sampling (sparse
sampling: Kearns, Mansour and Ng, Machine Learning 49, 2002) on
determinizations (Cowling, Powley and Whitehouse, IEEE TCIAIG 4(2), 2012):

- the robot rebuilds a full state from its view (`sample_state`: only the
  future dice are hidden in Dice Stars), then each sample gets its own
  future `Rng`, and `RULES.apply` is the forward model;
- decision nodes are the turn's choices: whether the reserve goes back into
  the bag, how many dice to draw, which take, and where each star goes;
- chance nodes are the draws: each `Draw(count)` is valued as the mean, over
  `samples` sampled rolls (the same rolls for every count: common random
  numbers), of the best take after that roll;
- a leaf is the state when the turn is over, valued by `evaluate`: the
  robot's total with half-marked star rows credited by their chance to be
  completed, plus the worth of its free cells (the turns it still has), minus
  what the turn hands on: in solo the virtual opponent's points (its grid
  is marked for the dice left in the reserve); with other seats the margin
  over the best other seat, either after the next seat's reply (`reply`:
  it plays its turn on the same sampled future as the medium robot would,
  so the reserve left to it is priced by what it makes of it) or less a
  share of the reserve's pips (`gift`). A finished game is valued by its
  result.

The budget is fixed (`samples` rolls per draw count), not wall time, so the
same view and `rng` give the same move on every machine.

Measured (seeded games, seats swapped, shared first = 1/k, Wilson 95%
intervals; CPU time of one core on a loaded 2-core machine). 12 rolls per
draw count against the former 6, on the same seeds: vs medium (2 seats,
seeds 0-399) 66.1% (61.4-70.6) against 63.9% (59.1-68.4) (games won by
one only: 92 against 82, not yet significant); hard + 3 medium (4 seats,
seeds 0-79) 35.0% (25.5-45.9) against 26.3% (17.9-36.8); solo (seeds
0-149) 36.0% (28.8-43.9) wins. Decisions at 12 rolls: median 3 ms, p99
158 ms (2 seats), 162 ms (4 seats), 43 ms (solo).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.rules.base import JSON
from games.rules.rng import Rng, search_random
from games.rules.structs import replace

from . import flow
from .engine import RULES
from .sheet import STAR_CELLS, VALUES, WHITE, Sheet
from .state import (
    STEP_DRAW,
    STEP_OVER,
    STEP_REBAG,
    STEP_STARS,
    Die,
    Draw,
    Move,
    PlaceStar,
    Rebag,
    State,
    TakeStars,
)
from .turn_end import opponent_score, solo_won

SAMPLES = 12  # sampled rolls per draw count: the production budget
_SEED_BOUND = 2**62
_RESULT = 1000.0  # a finished game: far more than any difference in points


@dataclass(frozen=True, slots=True)
class Weights:
    """The leaf evaluation's weights, in points.

    `white` and `green`: the worth of a free white or green cell (what a
    future take may still write there); `star`: the chance that each star
    cell a row still lacks is marked before the end (a half-marked row
    scores 0, a full one double); `gift`: the share of the reserve's pips
    (with `best_gift`: of the best colour or value group in it) the next
    player gets out of it; `reply`: play the next seat's turn (the medium
    robot's take) before evaluating; `horizon` > 0: the free-cell and
    half-marked-row credits shrink linearly once the fewest free white cells
    of any sheet drop below it (the game is about to end). The last four
    matter with several seats only.
    """

    white: float = 3.0
    green: float = 1.5
    star: float = 0.7
    gift: float = 0.3
    best_gift: bool = False
    reply: bool = False
    horizon: float = 0.0


# Tuned on seeded 2-seat games against the medium robot, 150 games per
# setting (seats swapped): the reply with the best-group gift won 71% at 4
# rolls per draw count, against 60% with the pips gift alone and 51% with
# free cells worth twice as much; more rolls (12) did not help without the
# reply. SOLO keeps the first guess: 38.7% solo wins (n=150, 6 rolls).
MULTI = Weights(white=1.5, green=0.75, gift=0.5, best_gift=True, reply=True)
SOLO = Weights()


def evaluate(
    state: State,
    seat: int,
    weights: Weights,
    worth: Callable[[Sheet, int], float] | None = None,
) -> float:
    """Return the worth of `state` for `seat` once its turn is over, in points.

    Solo: the margin over the virtual opponent (5 per marked solo cell);
    several seats: the margin over the best other seat. A finished game
    adds +-`_RESULT` for a win or loss (0 for a shared first place).
    `worth(sheet, left)`, if given, is `sheet_worth(sheet, weights, left)`.
    """
    if state.step == STEP_OVER:
        totals = [sheet.total() for sheet in state.sheets]
        if state.solo:
            margin = totals[0] - opponent_score(state)
            return margin + (_RESULT if solo_won(state) else -_RESULT)
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        margin = totals[seat] - best_other
        if margin > 0:
            return margin + _RESULT
        return margin + (0.0 if margin == 0 else -_RESULT)
    value_of = worth or (lambda sheet, left: sheet_worth(sheet, weights, left))
    left = min(sheet.white_free() for sheet in state.sheets)
    mine = value_of(state.sheets[seat], left)
    if state.solo:
        return mine - opponent_score(state)
    others = max(
        value_of(sheet, left) for s, sheet in enumerate(state.sheets) if s != seat
    )
    pips = (
        _best_group(state.reserve)
        if weights.best_gift
        else sum(d.face for d in state.reserve)
    )
    # The reserve goes to the next player: a gift to an opponent, or back
    # to this seat after the other seat's reply with two seats.
    share = weights.gift if state.current == seat else -weights.gift
    return mine - others + share * pips


def _best_group(reserve: tuple[Die, ...]) -> int:
    """Return the most pips one take could get from `reserve` (a colour or a value)."""
    best = 0
    by_colour: dict[str, int] = {}
    by_value: dict[int, int] = {}
    for d in reserve:
        by_colour[d.colour] = by_colour.get(d.colour, 0) + d.face
        by_value[d.face] = by_value.get(d.face, 0) + d.face
    for total in (*by_colour.values(), *by_value.values()):
        best = max(best, total)
    return best


def sheet_worth(sheet: Sheet, weights: Weights, left: int = 20) -> float:
    """Return `sheet`'s total, half-marked star rows credited, plus its free cells.

    `left`: the fewest free white cells of any sheet (the game ends at 0);
    with `weights.horizon` > 0, the credits shrink as `left` drops below it.
    """
    near = min(1.0, left / weights.horizon) if weights.horizon > 0 else 1.0
    worth = -float(sheet.comet or 0)
    free_white = 0
    free_green = 0
    for r in range(len(VALUES)):
        row = sheet.rows[r]
        total = sum(cell for cell in row if isinstance(cell, int))
        marked = sheet.stars[r]
        if marked == 0:
            worth += total
        elif marked == STAR_CELLS[r]:
            worth += 2 * total
        else:
            worth += 2 * total * near * weights.star ** (STAR_CELLS[r] - marked)
        free_white += sum(1 for cell in row[:WHITE] if cell is None)
        free_green += sum(1 for cell in row[WHITE:] if cell is None)
    return worth + near * (weights.white * free_white + weights.green * free_green)


def _or_worst(total: int | None) -> float:
    return -_RESULT if total is None else total


def greedy_reply(state: State) -> State:
    """Return `state` after the current seat plays one turn as the medium robot would.

    The medium robot's take: the best immediate change of its total (stars
    at their best placement); it draws 2 dice when it may choose (the
    medium robot's mean) and keeps the reserve when asked. Its dice come
    from `state.rng`, i.e. the sampled future.
    """
    seat = state.current
    assert seat is not None
    if state.step == STEP_REBAG:
        state, _ = RULES.apply(state, seat, Rebag(with_reserve=False))
    counts = flow.draw_counts(state)
    count = 2 if 2 in counts else counts[-1]
    state, _ = RULES.apply(state, seat, Draw(count=count))
    sheet = state.sheets[seat]
    before = sheet.total()
    options = flow.take_options(state, seat)
    comet = flow.is_comet_turn(options)
    best: tuple[int, Move] | None = None
    for option in flow.legal_takes(options):
        if comet:
            points = -option.total
        elif isinstance(option.move, TakeStars):
            after = sheet.best_star_total(len(option.dice))
            points = 0 if after is None else after - before
        else:
            points = sheet.write(option.cells, option.total).total() - before
        if best is None or points > best[0]:
            best = (points, option.move)
    assert best is not None
    state, _ = RULES.apply(state, seat, best[1])
    while state.step == STEP_STARS and state.current == seat:
        sheet = state.sheets[seat]
        left = state.stars_left - 1
        value = max(
            flow.star_rows(state, seat),
            key=lambda v: _or_worst(sheet.mark_star(v).best_star_total(left)),
        )
        state, _ = RULES.apply(state, seat, PlaceStar(value=value))
    return state


class _Search:
    """One decision's search: the base determinization and its evaluation."""

    def __init__(
        self, base: State, seat: int, samples: int, weights: Weights, seed: int
    ):
        self.base = base
        self.seat = seat
        self.samples = samples
        self.weights = weights
        self.cache: dict[tuple[Sheet, int], float] = {}
        fast = search_random(seed)
        # Common random numbers: the k-th sampled future is the same for
        # every draw count and every rebag choice.
        self.futures = [Rng(seed=fast.randrange(_SEED_BOUND)) for _ in range(samples)]

    def worth(self, sheet: Sheet, left: int) -> float:
        known = self.cache.get((sheet, left))
        if known is None:
            known = self.cache[sheet, left] = sheet_worth(sheet, self.weights, left)
        return known

    def leaf(self, state: State) -> float:
        return evaluate(state, self.seat, self.weights, self.worth)

    def after_take(self, state: State, move: Move) -> float:
        """Return the worth of `move` in the take step: its stars placed, the turn over."""
        state, _ = RULES.apply(state, self.seat, move)
        while state.step == STEP_STARS and state.current == self.seat:
            state = max(
                (
                    RULES.apply(state, self.seat, star)[0]
                    for star in RULES.legal_moves(state, self.seat)
                ),
                key=self.leaf,
            )
        if self.weights.reply and state.current not in (None, self.seat):
            state = greedy_reply(state)
        return self.leaf(state)

    def best_take(self, state: State) -> float:
        """Return the worth of the best take in the take step of `state`."""
        return max(
            self.after_take(state, move) for move in RULES.legal_moves(state, self.seat)
        )

    def draw_value(self, state: State, move: Move) -> float:
        """Return the mean worth of drawing `move`'s dice over the sampled futures."""
        total = 0.0
        for future in self.futures:
            rolled, _ = RULES.apply(replace(state, rng=future), self.seat, move)
            total += self.best_take(rolled)
        return total / len(self.futures)

    def best_draw(self, state: State) -> float:
        """Return the worth of the best draw count in the draw step of `state`."""
        return max(
            self.draw_value(state, move) for move in RULES.legal_moves(state, self.seat)
        )

    def value(self, state: State, move: Move) -> float:
        """Return the worth of `move` in `state` (the robot's step)."""
        step = state.step
        if step == STEP_REBAG:
            after, _ = RULES.apply(state, self.seat, move)
            return self.best_draw(after)
        if step == STEP_DRAW:
            return self.draw_value(state, move)
        # The take and stars steps: no chance left in this turn.
        return self.after_take(state, move)


def make_hard(
    samples: int = SAMPLES,
    weights: Weights | None = None,
    solo_weights: Weights | None = None,
) -> Callable[[JSON, list[Move], Rng], Move]:
    """Return a hard robot's `choose(view, legal, rng) -> Move` with this budget.

    `samples` (>= 1): sampled rolls per draw count; `weights` the leaf
    evaluation's with several seats (default `MULTI`), `solo_weights` in
    solo (default `SOLO`). The first best move in `legal`'s order wins
    ties, so the same view and `rng` give the same move. Raises ValueError
    for `samples` < 1.
    """
    if samples < 1:
        raise ValueError("the search needs at least one sample")
    multi = weights or MULTI
    solo = solo_weights or SOLO

    def choose(view: JSON, legal: list[Move], rng: Rng) -> Move:
        """Return the legal move of the best expected worth; raise ValueError if none."""
        if not legal:
            raise ValueError("no legal move")
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        seed, rest = rng.randint(0, _SEED_BOUND)
        base = RULES.sample_state(view, seat, rest)
        used = solo if base.solo else multi
        search = _Search(base, seat, samples, used, seed)
        scored = [(search.value(base, move), -n) for n, move in enumerate(legal)]
        return legal[-max(scored)[1]]

    return choose


choose_hard = make_hard()
"""The production hard robot: `SAMPLES` sampled rolls per draw count."""

__all__ = [
    "MULTI",
    "SAMPLES",
    "SOLO",
    "Weights",
    "choose_hard",
    "evaluate",
    "make_hard",
    "sheet_worth",
]
