"""Dice Stars: a full state consistent with one seat's view (a determinization).

Dice Stars has open information (state.py): every sheet, the reserve with
its faces, and the bag's and the discard's contents per colour are in the
view. Two things are not:

- the future: which dice leave the bag and the faces they show are drawn
  from `State.rng`, which no view contains. The sample gets a fresh `Rng`
  seeded from the caller's `rng`, so each sample rolls its own future;
- which die ids of a colour lie in the bag and which in the discard (the
  view counts them per colour). Dice of one colour are alike in the rules,
  so the split only matters for privacy tests; it is drawn at random too.

The dice rolled this turn (`State.rolled`) are the reserve's dice marked
`new`; in the stars step a rolled star die already taken lies in the
discard, where the view no longer marks it, and nothing after depends on it.
"""

from __future__ import annotations

from games.rules.base import JSON
from games.rules.rng import Rng

from .dice import COLOURS, DIE_COLOURS
from .sheet import Cell, Sheet
from .state import (
    SOLO_GRID_DEFAULT,
    STEP_OVER,
    STEP_STARS,
    STEP_TAKE,
    Die,
    EndReason,
    EndTrigger,
    State,
)

# The future's seed: any int below this (the legacy Rng scheme takes any int).
_SEED_BOUND = 2**62


def sample_state(view: JSON, seat: int, rng: Rng) -> State:
    """Return a State whose `view(state, seat)` equals `view`, its hidden parts drawn.

    `view` is `DiceStarsRules.view(state, seat)` of some state (engine.py's
    module docstring has its shape); `seat` the viewer. Drawn with `rng`:
    which same-coloured die ids are in the bag rather than the discard, and
    the state's `Rng`, i.e. every future draw and roll (a fresh legacy
    `Rng` with a random seed). Raises ValueError if `view` is another
    seat's, or describes no valid state; KeyError if it lacks a key.
    """
    if view.get("seat") != seat:
        raise ValueError("the view is not this seat's")
    reserve = tuple(Die(d["die"], d["face"]) for d in view["reserve"])
    in_reserve = {d.die for d in reserve}
    bag: list[int] = []
    discard: list[int] = []
    for colour in COLOURS:
        free = [
            die
            for die, c in enumerate(DIE_COLOURS)
            if c == colour and die not in in_reserve
        ]
        order, rng = rng.shuffled(free)
        count = view["bag"]["colours"][colour]
        bag += order[:count]
        discard += order[count:]
    step = view["step"]
    rolled = (
        tuple(d["die"] for d in view["reserve"] if d["new"])
        if step in (STEP_TAKE, STEP_STARS)
        else ()
    )
    sheets = tuple(_sheet(sheet) for sheet in view["sheets"])
    solo = view["solo"]
    trigger = view["end_trigger"]
    end_trigger: tuple[int, EndTrigger] | None = (
        None if trigger is None else (trigger["seat"], trigger["reason"])
    )
    end_reason: EndReason | None = None
    if step == STEP_OVER:
        end_reason = view["outcome"]["reason"]
    seed, rng = rng.randint(0, _SEED_BOUND)
    return State(
        seats=view["seats"],
        solo_grid=SOLO_GRID_DEFAULT if solo is None else solo["size"],
        rng=Rng(seed=seed, draws=0),
        step=step,
        current=view["current"],
        start=view["start"],
        bag=tuple(sorted(bag)),
        reserve=reserve,
        discard=tuple(sorted(discard)),
        rolled=rolled,
        rebag_next=view["rebag_next"],
        stars_left=view["stars_left"],
        sheets=sheets,
        turns=tuple(view["turns"]),
        end_trigger=end_trigger,
        end_reason=end_reason,
        solo_marked=0 if solo is None else solo["marked"],
    )


def _sheet(data: JSON) -> Sheet:
    """Return the Sheet of one of the view's `sheets` entries."""
    rows: tuple[tuple[Cell, ...], ...] = tuple(
        tuple(cell["mark"] for cell in row["cells"]) for row in data["rows"]
    )
    stars = tuple(row["stars"]["marked"] for row in data["rows"])
    return Sheet(rows=rows, stars=stars, comet=data["comet"])
