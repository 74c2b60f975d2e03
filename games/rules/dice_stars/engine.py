"""Dice Stars: roll and write for 1 to 4 seats, solo against a virtual opponent.

No hidden information: every sheet, the reserve, the discard and the bag's
contents are open. Chance: the dice drawn from the bag, their faces and the
starting seat, drawn from `State.rng`. Sources: the published Dice Stars
rules ("Dice Stars rules, B" names their section), reproduced on the rules
page (templates/games/dice-stars/rules_en.html), and Spielpost's rulings on
the rules page for what they leave open.

The view (`DiceStarsRules.view(state, seat)`, seat None = spectator; built
in seat_view.py, declared as `DiceStarsView` in view_types.py) is JSON:

- `step`: "rebag" | "draw" | "take" | "stars" | "over"; `seat`: the viewer
  or None; `seats`; `current`: the seat whose turn it is (None once over);
  `start`: the first seat; `to_move`: [current] or []; `turns`: finished
  turns per seat.
- `solo`: None, or {`size`, `marked`, `points_per_cell`, `opponent_score`}.
- `bag`: {`count`, `colours`: {colour: n}}; `discard`: {`count`, `colours`};
  `reserve`: dice, each {`die`, `colour`, `face` (0 = star), `star`, `new`
  (rolled this turn)}.
- `draw`: None, or {`counts`: allowed numbers, `forced`: bool} in the draw step.
- `rebag`: None, or {`discard`, `reserve`}: dice counts, in the rebag step;
  `rebag_next`: this turn drew the last die or took a star, so the next
  player starts by returning the discard to the bag.
- `takes`: [] outside the take step, else one dict per take the reserve
  offers: `key` ("colour-pink", "value-3", "stars"), `kind`, `colour`,
  `value`, `move` (move JSON), `dice`, `count`, `sum`, `fits`, `legal`,
  `comet` (the dice would go into the comet), `cells` ([[row value, cell
  index], ...], the last gets the sum), `free` (room there), `reason`
  (Message JSON when it does not fit, else None) and `points` (the change of
  the player's total: the best possible placement for stars).
- `comet_turn`: no take fits, so the chosen dice go into the comet.
- `stars_left`: star cells still to mark; `star_rows`: in the stars step,
  one dict per row with a free star cell: {`value`, `free`, `cells` (the
  row's star cells), `points`, `now`, `full`}. Each is a change of the
  player's total: `points` if this cell and the other stars left are placed
  as well as they can be (robots choose by it); `now` if this one cell is
  all that changes (a row with only some star cells marked scores 0);
  `full` once all the row's star cells are marked, at its present sum (a
  full row scores double; Dice Stars rules, "Effekt der gelben
  Multiplikatorfelder"). `now` == `full` when this cell completes the row.
- `sheets`: one per seat: {`seat`, `total`, `comet`, `white_free`, `rows`:
  [{`value`, `cells`: [{`mark`: None | "x" | int, `green`, `colour`}],
  `stars`: {`cells`, `marked`}, `sum`, `multiplier`, `score`}]}.
- `end_trigger`: None or {`seat`, `reason`}; `outcome`: None or
  {`ranks`, `scores`, `reason`} once over.

Messages are {"text": msgid, "params": {...}} for the platform to translate.
"""

from __future__ import annotations

from typing import cast

from games.rules.base import (
    JSON,
    PLAYER,
    Event,
    GameInfo,
    InvalidOptions,
    Message,
    OptionInfo,
    Outcome,
    Rules,
    gettext_noop,
)
from games.rules.rng import Rng
from games.rules.structs import MALFORMED_MOVE, MALFORMED_STATE, parse

from . import flow, sample, seat_view
from . import texts as t
from .dice import ALL_DICE, colour_message, die_message
from .sheet import STAR_CELLS, Sheet
from .state import (
    MAX_SEATS,
    SOLO_GRID_DEFAULT,
    SOLO_GRID_MAX,
    SOLO_GRID_MIN,
    STEP_DRAW,
    STEP_OVER,
    Draw,
    Move,
    PlaceStar,
    Rebag,
    State,
    TakeColour,
    TakeStars,
    TakeValue,
)
from .turn_end import solo_won
from .view_types import DiceStarsView

# Per seat: at most 50 cells to fill, one per turn at least, plus the comet
# turn; each turn is up to 3 moves (rebag, draw, take) plus one per star cell.
MAX_MOVES = 4 * (51 * 3 + sum(STAR_CELLS))


class DiceStarsRules(Rules[State, Move]):
    """Dice Stars, with the solo variant for one seat."""

    # Version "1" dealt from an int seed (issue 23 keyed the draws).
    same_shape_versions = frozenset({"1"})

    # The declared types of `view` (view_types.py) and of a move.
    view_type = DiceStarsView
    move_type = Move

    # Nothing is hidden (state.py): every seat and a spectator see the same
    # game, so `secrets_scramble` keeps the default. The future draws come
    # from `State.rng`, which no view contains (the conformance suite checks).
    info = GameInfo(
        slug="dice-stars",
        name="Dice Stars",
        min_seats=1,
        max_seats=MAX_SEATS,
        hidden_information=False,
        chance=True,
        max_moves=MAX_MOVES,
        # 2: keyed randomness (issue 23); "1" states carry over unchanged.
        version="2",
        options=(
            OptionInfo(
                "solo_grid",
                gettext_noop("Solo grid size"),
                kind="int",
                default=SOLO_GRID_DEFAULT,
                help=gettext_noop(
                    "Solo only: the cells of the virtual opponent's grid. If it "
                    "fills up, you lose."
                ),
                min_value=SOLO_GRID_MIN,
                max_value=SOLO_GRID_MAX,
            ),
        ),
        tagline=gettext_noop(
            "Draw and roll dice, take a colour, a value or the stars, and fill "
            "your score sheet wisely."
        ),
    )

    def new_state(self, *, seats: int, options: JSON, seed: int | str) -> State:
        """Return a new match: every die in the bag, blank sheets, a random first seat.

        Raises InvalidOptions for a seat count outside 1-4. Dice Stars rules, A.
        """
        if not 1 <= seats <= MAX_SEATS:
            raise InvalidOptions(gettext_noop("Dice Stars takes 1 to 4 seats."))
        rng = Rng.seeded(seed)
        start, rng = rng.randint(0, seats - 1)
        return State(
            seats=seats,
            solo_grid=int(options.get("solo_grid", SOLO_GRID_DEFAULT)),
            rng=rng,
            step=STEP_DRAW,
            current=start,
            start=start,
            bag=ALL_DICE,
            reserve=(),
            discard=(),
            rolled=(),
            rebag_next=False,
            stars_left=0,
            sheets=(Sheet.empty(),) * seats,
            turns=(0,) * seats,
            end_trigger=None,
            end_reason=None,
            solo_marked=0,
        )

    def to_move(self, state: State) -> frozenset[int]:
        """Return {the current seat}, or nothing once over."""
        return frozenset() if state.current is None else frozenset({state.current})

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Return `seat`'s moves for the step of its turn (see flow.legal_moves)."""
        return flow.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Return the state after `seat` makes `move`, and its events.

        Raises IllegalMove (a player-readable msgid) for any move not legal now.
        """
        return flow.apply_move(state, seat, move)

    def view(self, state: State, seat: int | None) -> JSON:
        """Return the whole open game as JSON (shape in the module docstring).

        Built by `seat_view.view`.
        """
        return seat_view.view(
            state, seat, to_move=self.to_move(state), outcome=self.outcome(state)
        )

    def outcome(self, state: State) -> Outcome | None:
        """Return ranks and totals once over, else None.

        Most points wins; equal totals share a rank (Dice Stars rules, E;
        Spielpost's rulings on the rules page, The end and scoring). Solo:
        rank 1 if won, 2 if the virtual opponent won (Dice Stars rules, F).
        """
        if state.step != STEP_OVER or state.end_reason is None:
            return None
        totals = tuple(sheet.total() for sheet in state.sheets)
        if state.solo:
            return Outcome(
                ranks=(1 if solo_won(state) else 2,),
                reason=state.end_reason,
                scores=totals,
            )
        ranks = tuple(1 + sum(other > mine for other in totals) for mine in totals)
        return Outcome(ranks=ranks, reason=state.end_reason, scores=totals)

    def sample_state(self, view: JSON, seat: int, rng: Rng) -> State:
        """Return a state consistent with `seat`'s `view`, its future drawn with `rng`.

        Nothing but the future (the state's `Rng`) and which same-coloured
        dice are in the bag rather than the discard is hidden; see
        sample.sample_state (Cowling, Powley and Whitehouse 2012's
        determinization).
        """
        return sample.sample_state(view, seat, rng)

    def describe(self, move: Move) -> Message:
        """Return the button label of `move`."""
        if isinstance(move, Rebag):
            return Message(t.RETURN_RESERVE if move.with_reserve else t.KEEP_RESERVE)
        # Moves built by hand are not validated: an unknown label is no crash.
        if isinstance(move, Draw) and move.count in t.DRAW_LABELS:
            return Message(t.DRAW_LABELS[move.count])
        if isinstance(move, TakeColour) and move.colour in t.TAKE_COLOUR:
            return Message(t.TAKE_COLOUR[move.colour])
        if isinstance(move, TakeValue):
            return Message(t.TAKE_VALUE, {"value": move.value})
        if isinstance(move, TakeStars):
            return Message(t.TAKE_STARS)
        if isinstance(move, PlaceStar):
            return Message(t.PLACE_STAR, {"value": move.value})
        return Message(t.UNKNOWN_MOVE)

    def describe_event(self, event: Event) -> Message:
        """Return the log line for `event` (kinds listed in texts.EVENT_TEXTS)."""
        data = event.data
        kind = event.kind
        params: JSON = {}
        if "seat" in data:
            params[PLAYER] = data["seat"]
        for key in ("count", "value", "sum", "score", "marked", "size"):
            if key in data:
                params[key] = data[key]
        if "dice" in data:
            params["dice"] = [die_message(d, f).to_json() for d, f in data["dice"]]
        if "colour" in data:
            params["colour"] = colour_message(data["colour"]).to_json()
        if kind == "rebag" and data.get("reserve"):
            kind = "rebag_reserve"
        elif kind == "drew" and data.get("forced"):
            kind = "drew_forced"
        elif kind == "took":
            kind = ("comet_" if data["comet"] else "took_") + data["kind"]
        elif kind == "end_triggered":
            prefix = "end_triggered_" if data.get("final_round") else "end_now_"
            kind = prefix + data["reason"]
        elif kind == "game_over":
            kind = "game_over_" + data["reason"]
        elif kind == "solo_opponent":
            kind = "solo_won" if data["won"] else "solo_lost"
            params[PLAYER] = 0
        return Message(t.EVENT_TEXTS.get(kind, t.SOMETHING), params)

    def state_from_json(self, data: JSON) -> State:
        """Return the State stored as `data`; raise IllegalMove if malformed.

        Malformed: not the declared JSON of `State`, or refused by its
        consistency checks (state.State.__post_init__).
        """
        return cast(State, parse(State, data, MALFORMED_STATE))

    def move_from_json(self, data: JSON) -> Move:
        """Return the Move sent as `data`; raise IllegalMove if malformed.

        Shapes: the move records of state.py; no coercion, no unknown keys.
        """
        return cast(Move, parse(Move, data, MALFORMED_MOVE))


RULES = DiceStarsRules()
