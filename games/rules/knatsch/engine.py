"""Knatsch: knights' dice duels for 2 to 6 seats, by Michael Schacht.

Open information: every owned card and both stack tops are open; the order
of the stacks below their tops is known to nobody. Chance: the setup and
every throw, drawn from `State.rng`. Sources: the seed (the original rules,
"seed, <section>" names its section), Spielpost's rulings ("Knatsch rulings,
<section>", on the rules page, templates/games/knatsch/rules_en.html) and the
Spielpost edition of the cards (data/knatsch-cards.json).

The view (`KnatschRules.view(state, seat)`, seat None = spectator; built in
seat_view.py, declared as `KnatschView` in view_types.py) is JSON:

- `phase`: "target" | "roll" | "revenge" | "over"; `seat`: the viewer or
  None; `seats`; `current`: whose turn it is (None once over); `start`;
  `to_move`: [the seat throwing now] in a roll, else [current] or [];
  `turn`: turns begun; `turn_limit`: the turn at whose end an unwon match
  ends (Knatsch rulings, Turn limit); `put_under_used`; `extra`: the
  current seat earned another attempt (seed, "Nochmal dran?"), so it may
  pass.
- `stacks`: two of {`index`, `count`, `top`: card or None, `target`: the
  current seat may roll for it now, `put_under`: it may be put under now}.
- `king`: {`combination`: [3, 5, 4], `target`: the current seat may roll for it}.
- `players`: per seat {`seat`, `castles`, `specials`, `tournaments` (cards,
  each with `target`: the current seat may attack it now), `attackable`
  (more than one castle), `dice` (6 or 7), `squires` (fixed faces),
  `throws` ({attack, host, defence, joust}: throws allowed), `progress`:
  {`four_castles`: {castles, need}, `king`: {castles, need, ready},
  `tournaments`: {castles, need_castles, tournaments, need}}}.
- A card: {`id`, `type` ("castle" | "special" | "tournament"), `arms`,
  `kind`, `value`, `combination` ([3, triple, kicker] or None)}; the board
  names it. The King as a target: {`id`: "king", `type`: "king", `arms`,
  `kind` and `value` None, `combination`}.
- `attempt`: None or {`roller`, `role` ("attack" | "host" | "defence" |
  "joust"), `target` (card or King), `stack`, `owner`, `beat` (result to
  beat strictly), `throws`, `max_throws`, `dice`, `kept`
  (faces kept before the last throw), `rolled` (its non-six faces),
  `table` (both, sorted), `sixes` (set aside), `fixed` (squire faces),
  `result` [count, face, kicker], `beats`, `attacker`
  (the current seat)}.
- `tournament`: None or {`card`, `stack`, `host`, `throwing`, `order`
  (still to throw after `throwing`), `results` [{seat, result}]
  (result None: passed), `leader`, `best`}.
- `last`: None or the last finished attempt {`roller`, `role`, `target`,
  `dice`, `fixed`, `sixes`, `result`, `beat`, `success`}.
- `winner`, `end_reason` ("four_castles" | "king" | "tournaments" |
  "turn_limit"), `outcome`.

Messages are {"text": msgid, "params": {...}} for the platform to translate.
"""

from __future__ import annotations

from typing import cast

from games.rules.base import (
    JSON,
    PLAYER,
    Event,
    GameInfo,
    IllegalMove,
    InvalidOptions,
    Message,
    Outcome,
    Rules,
    Scrambler,
    gettext_noop,
)
from games.rules.rng import Rng
from games.rules.structs import MALFORMED_MOVE, MALFORMED_STATE, parse

from . import flow, sample, seat_view, secrets, targets, turn_end
from . import texts as t
from .cards import ARMS, CARD_IDS, CARDS, CASTLES_BY_ARMS, KING, king_name
from .moves import (
    Attack,
    Decline,
    Move,
    Pass,
    PutUnder,
    Revenge,
    RollForKing,
    RollForStack,
    Stop,
    Throw,
)
from .state import MAX_SEATS, MIN_SEATS, PHASE_OVER, PHASE_TARGET, State, check_stored
from .view_types import KnatschView


class KnatschRules(Rules[State, Move]):
    """Knatsch, with the Spielpost edition of the cards."""

    # Version "1" dealt from an int seed (issue 23 keyed the draws).
    same_shape_versions = frozenset({"1"})

    # The declared types of `view` (view_types.py) and of a move.
    view_type = KnatschView
    move_type = Move
    info = GameInfo(
        slug="knatsch",
        name="Knatsch",
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        hidden_information=False,
        chance=True,
        max_moves=None,
        # 2: keyed randomness (issue 23); "1" states carry over unchanged.
        version="2",
        # A turn limit (Knatsch rulings, Turn limit); each turn starts at
        # most one turn per seat (an attacker and a defender, or a whole
        # tournament).
        max_turns=turn_end.ROUND_LIMIT * MAX_SEATS * MAX_SEATS + 1,
        tagline=gettext_noop(
            "Roll for castles, tournaments and special cards, defend what is yours, "
            "and overthrow the King."
        ),
    )

    def new_state(self, *, seats: int, options: JSON, seed: int | str) -> State:
        """Return a new match (seed, Spielvorbereitung; Knatsch rulings, Setup).

        One castle of each coat of arms is drawn and each seat gets one of
        them; the other cards are shuffled into two stacks, the first one
        card larger when the count is odd; the start seat is drawn. Raises
        InvalidOptions for a seat count outside 2-6.
        """
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise InvalidOptions(gettext_noop("Knatsch takes 2 to 6 seats."))
        rng = Rng.seeded(seed)
        drawn = []
        for arms in ARMS:
            castle, rng = rng.choice(CASTLES_BY_ARMS[arms])
            drawn.append(castle)
        dealt, rng = rng.shuffled(drawn)
        owned = tuple((castle,) for castle in dealt[:seats])
        rest = [c for c in CARD_IDS if c not in dealt[:seats]]
        shuffled, rng = rng.shuffled(rest)
        half = (len(shuffled) + 1) // 2
        start, rng = rng.randint(0, seats - 1)
        return State(
            seats=seats,
            rng=rng,
            start=start,
            current=start,
            phase=PHASE_TARGET,
            stacks=(shuffled[:half], shuffled[half:]),
            owned=owned,
            put_under_used=False,
            king_ready=False,
            extra=False,
            attempt=None,
            tournament=None,
            last=None,
            turn=1,
            winner=None,
            end_reason=None,
        )

    def to_move(self, state: State) -> frozenset[int]:
        """Return {the seat throwing now} (a defender, a tournament player) or {current}."""
        return targets.to_move(state)

    def turns_begun(self, before: State | None, after: State) -> frozenset[int]:
        """Return the seats whose turn begins from `before` to `after`.

        A defence and each tournament player's throws are turns of their own
        (Knatsch rulings, Asynchronous play), so a defender whose own turn
        follows the defence begins a new turn though it stays to move.
        """
        return targets.turns_begun(before, after)

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Return `seat`'s legal moves in a stable order (see targets.legal_moves)."""
        return targets.legal_moves(state, seat)

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Return the state after `seat` makes `move`, and its events.

        Raises IllegalMove (a player-readable msgid) for a move not legal now.
        """
        return flow.apply_move(state, seat, move)

    def secrets_scramble(self, state: State, seat: int | None, rng: Scrambler) -> State:
        """Return `state` with what `seat` may not know redrawn (secrets.py)."""
        return secrets.secrets_scramble(state, seat, rng)

    def sample_state(self, view: JSON, seat: int, rng: Rng) -> State:
        """Return a state consistent with `seat`'s `view`, the stacks and Rng drawn (sample.py)."""
        return sample.sample_state(view, seat, rng)

    def view(self, state: State, seat: int | None) -> JSON:
        """Return the whole open game as JSON (shape in the module docstring)."""
        return seat_view.view(
            state, seat, to_move=self.to_move(state), outcome=self.outcome(state)
        )

    def outcome(self, state: State) -> Outcome | None:
        """Return the ranks once over: the winner 1, everybody else 2 (seed, Spielende)."""
        if (
            state.phase != PHASE_OVER
            or state.end_reason is None
            or state.winner is None
        ):
            return None
        ranks = tuple(1 if s == state.winner else 2 for s in range(state.seats))
        return Outcome(ranks=ranks, reason=state.end_reason)

    def describe(self, move: Move) -> Message:
        """Return the button label of `move`, unique among the legal moves."""
        if isinstance(move, PutUnder):
            return Message(t.PUT_UNDER, {"stack": move.stack + 1})
        if isinstance(move, RollForStack):
            return Message(t.ROLL_FOR_STACK, {"stack": move.stack + 1})
        if isinstance(move, Attack) and move.card in CARDS:
            card = CARDS[move.card]
            return Message(
                t.ATTACK,
                {
                    "card": card.name().to_json(),
                    "combination": seat_view.combination_message(
                        card.combination
                    ).to_json(),
                },
            )
        if isinstance(move, RollForKing):
            return Message(t.ROLL_FOR_KING)
        if isinstance(move, Throw):
            if not move.keep:
                return Message(t.THROW_ALL)
            return Message(t.THROW_KEEPING, {"dice": " ".join(map(str, move.keep))})
        if isinstance(move, Stop):
            return Message(t.STOP)
        if isinstance(move, Decline):
            return Message(t.DECLINE)
        if isinstance(move, Revenge) and move.card in CARDS:
            return Message(
                t.REVENGE,
                {"card": CARDS[move.card].name().to_json(), "stack": move.stack + 1},
            )
        if isinstance(move, Pass):
            return Message(t.PASS)
        return Message(t.UNKNOWN_MOVE)

    def describe_event(self, event: Event) -> Message:
        """Return the log line for `event` (kinds listed in texts.EVENT_TEXTS)."""
        data = event.data
        kind = event.kind
        params: JSON = {}
        if "seat" in data:
            params[PLAYER] = data["seat"]
        card = data.get("card")
        if isinstance(card, str):
            params["card"] = (
                king_name()
                if card == KING
                else CARDS[card].name()
                if card in CARDS
                else card
            )
        for key in ("beat", "result"):
            if key in data:
                params[key] = seat_view.combination_message(data[key]).to_json()
        if "stack" in data:
            params["stack"] = data["stack"] + 1
        if kind == "roll_for" and card == KING:
            kind = "roll_for_king"
        elif kind == "thrown":
            kept = data.get("kept") or []
            params["dice"] = " ".join(map(str, data["dice"]))
            params["kept"] = " ".join(map(str, kept))
            params["sixes"] = data.get("sixes", 0)
            kind = (
                "thrown"
                + ("_keeping" if kept else "")
                + ("_sixes" if params["sixes"] else "")
            )
        elif kind == "passed" and data.get("forced"):
            kind = "passed_forced"
        elif kind == "won":
            kind = "won_" + data["reason"]
        return Message(t.EVENT_TEXTS.get(kind, t.SOMETHING), params)

    def state_from_json(self, data: JSON) -> State:
        """Return the State stored as `data`; raise IllegalMove if malformed.

        Besides the record's own checks, what holds between moves
        (state.check_stored).
        """
        state = cast(State, parse(State, data, MALFORMED_STATE))
        try:
            check_stored(state)
        except ValueError as error:
            raise IllegalMove(MALFORMED_STATE) from error
        return state

    def move_from_json(self, data: JSON) -> Move:
        """Return the Move sent as `data`; raise IllegalMove if malformed.

        A throw's `keep` may come in any order (ticked dice): it is sorted.
        """
        move = cast(Move, parse(Move, data, MALFORMED_MOVE))
        if isinstance(move, Throw) and list(move.keep) != sorted(move.keep):
            move = Throw(keep=tuple(sorted(move.keep)))
        return move


RULES = KnatschRules()
