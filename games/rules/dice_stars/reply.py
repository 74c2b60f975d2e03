"""Dice Stars: the next seat's turn as the medium robot plays it, fast.

The hard robot (hard.py) values what its turn leaves behind by letting the
next seat play one turn on many sampled futures: the reserve it hands on is
worth what the next player makes of it. `RULES.apply` would do, but each
of its states is checked whole (`State.__post_init__`) and its `Rng` seeds
a generator per draw; the search asks for thousands of replies per
decision, so this module plays the same turn on the parts that change
(the next seat's sheet, the reserve, the turn counts) with the search's
own generator (`rng.search_random`).

The turn played (Dice Stars rules, B, C; the same choices as
`hard.greedy_reply`): the discard goes back into the bag and the reserve
stays when there is a choice; 2 dice are drawn when 2 may be (the medium
robot's mean), else all that may be; the take is the one of the best
immediate change of the total (stars at their best placement, one cell at
a time; a comet turn takes the smallest sum), the first in take order on a
tie.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.rules.rng import SearchRandom

from .dice import COLOURS, DIE_COLOURS, FACES
from .sheet import VALUES, Position, Sheet
from .state import STEP_OVER, STEP_REBAG, Die, State

_REPLY_DRAW = 2  # dice the reply draws when it may choose (the medium robot's mean)


@dataclass(frozen=True, slots=True)
class Reply:
    """What one reply turn leaves: every sheet, the reserve, and whether the game is over.

    `sheets[seat]` as in `State.sheets`; `reserve` the dice left in the
    reserve after the take; `over`: the end was triggered and every seat
    has had as many turns (Dice Stars rules, D); `current`: the seat to
    move next (None when over).
    """

    sheets: tuple[Sheet, ...]
    reserve: tuple[Die, ...]
    over: bool
    current: int | None


def play_reply(state: State, rnd: SearchRandom) -> Reply:
    """Return what the current seat's turn leaves, its dice drawn with `rnd`.

    `state` is at the start of a turn (step "rebag" or "draw") with
    several seats; raises ValueError otherwise (a finished game, solo, or
    mid-turn).
    """
    if state.current is None:
        raise ValueError("no turn to reply with")
    return play_round(state, rnd, (state.current + 1) % state.seats)


def play_round(state: State, rnd: SearchRandom, until: int) -> Reply:
    """Return what the turns from the current seat's up to `until`'s leave.

    Every seat from `state.current` on plays one turn as above, its dice
    drawn with `rnd`, until `until` is to move or the game is over. `state`
    is at the start of a turn with several seats; raises ValueError
    otherwise.
    """
    seat = state.current
    if seat is None or state.step == STEP_OVER or state.solo:
        raise ValueError("no turn to reply with")
    if state.step not in (STEP_REBAG, "draw"):
        raise ValueError("the reply starts at the beginning of a turn")
    bag = list(state.bag)
    discard = list(state.discard)
    rebag = state.step == STEP_REBAG
    reserve = state.reserve
    sheets = list(state.sheets)
    turns = list(state.turns)
    triggered = state.end_trigger is not None
    while True:
        if rebag:
            # The discard goes back into the bag; the reserve stays.
            bag += discard
            discard = []
        bag.sort()
        most = min(3, len(bag))
        forced = all(d.is_star for d in reserve)
        count = most if forced or most < _REPLY_DRAW else _REPLY_DRAW
        drawn = rnd.sample(bag, count)
        rolled = tuple(Die(die, rnd.choice(FACES[DIE_COLOURS[die]])) for die in drawn)
        bag = [die for die in bag if die not in drawn]
        reserve = reserve + rolled
        after, taken = best_greedy_take(sheets[seat], reserve)
        took_star = any(d.is_star for d in reserve if d.die in taken)
        reserve = tuple(d for d in reserve if d.die not in taken)
        discard += taken
        sheets[seat] = after
        turns[seat] += 1
        triggered = triggered or after.comet is not None or after.white_free() == 0
        if triggered and len(set(turns)) == 1:
            return Reply(tuple(sheets), reserve, True, None)
        # Dice Stars rules, B: after the last die or a star, the discard returns.
        rebag = not bag or took_star
        seat = (seat + 1) % state.seats
        if seat == until:
            return Reply(tuple(sheets), reserve, False, seat)


def best_greedy_take(sheet: Sheet, reserve: tuple[Die, ...]) -> tuple[Sheet, set[int]]:
    """Return `sheet` after the take of the best immediate points, and the dice ids taken.

    Takes in take order (colours in column order, values 2..6, stars) as
    in takes.take_options; a take fits only if all its dice do (Dice Stars
    rules, B); if none fits, the colour or value of the smallest sum goes
    into the comet (rules, C).
    """
    before = sheet.total()
    groups: list[tuple[str, object, tuple[Die, ...]]] = []
    for colour in COLOURS:
        dice = tuple(d for d in reserve if d.colour == colour)
        if dice:
            groups.append(("colour", colour, dice))
    for value in VALUES:
        dice = tuple(d for d in reserve if d.face == value)
        if dice:
            groups.append(("value", value, dice))
    stars = tuple(d for d in reserve if d.is_star)
    best: tuple[int, Sheet | None, tuple[Die, ...], tuple[Position, ...]] | None = None
    for kind, key, dice in groups:
        if kind == "colour":
            cells = sheet.column_cells(str(key), len(dice))
        else:
            cells = sheet.row_cells(int(str(key)), len(dice))
        if cells is None:
            continue
        # The sum counts for the row of the take's last cell (rules, B), at
        # that row's multiplier: no need to write the sheet to score it.
        points = sum(d.face for d in dice) * sheet.multiplier(cells[-1][0])
        if best is None or points > best[0]:
            best = (points, None, dice, cells)
    if stars and sheet.star_free() >= len(stars):
        total = sheet.best_star_total(len(stars))
        points = 0 if total is None else total - before
        if best is None or points > best[0]:
            best = (points, _place_stars(sheet, len(stars)), stars, ())
    if best is None:
        # A comet turn: every colour and value take is allowed; the least sum costs least.
        _, _, dice = min(groups, key=lambda group: sum(d.face for d in group[2]))
        penalty = sum(d.face for d in dice)
        return sheet.with_comet(penalty), {d.die for d in dice}
    _, after, dice, cells = best
    if after is None:
        after = sheet.write(cells, sum(d.face for d in dice))
    return after, {d.die for d in dice}


def _place_stars(sheet: Sheet, count: int) -> Sheet:
    """Return `sheet` with `count` star cells marked one by one, each where the best total stays reachable."""
    for left in range(count - 1, -1, -1):
        rows = [v for v in VALUES if sheet.star_free(v) > 0]

        def reach(value: int, sheet: Sheet = sheet, left: int = left) -> float:
            total = sheet.mark_star(value).best_star_total(left)
            return float("-inf") if total is None else total

        sheet = sheet.mark_star(max(rows, key=reach))
    return sheet
