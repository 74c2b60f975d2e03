"""Knatsch: applying a move, as a pure function on `State`.

A turn (seed, Spielverlauf; Knatsch rulings, A turn): maybe put a stack's top
card under it (once), name a target and roll for it; a special card from a
stack earns another attempt. `apply_move` checks who may move and dispatches;
the parts live beside it: holdings.py (what a seat's cards give it),
targets.py (who is to move, targets, the legal moves), attempts.py (a roll
attempt from first throw to result: defence, tournament, the King) and
turn_end.py (cards changing hands, the ways to win, the next turn, the turn
limit).

Every move builds its next state with `replace`, so each state the rules
make passes `State.__post_init__`.
"""

from __future__ import annotations

from games.rules.base import Event, IllegalMove
from games.rules.structs import replace

from . import texts as t
from .attempts import decline, finish_attempt, new_attempt, throw
from .cards import (
    CARDS,
    CASTLE,
    KING,
    KING_COMBINATION,
    TOURNAMENT,
)
from .holdings import is_duplicate
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
from .state import (
    PHASE_OVER,
    PHASE_REVENGE,
    PHASE_ROLL,
    PHASE_TARGET,
    ROLE_ATTACK,
    ROLE_HOST,
    State,
    Tournament,
)
from .targets import has_target, king_target, may_pass, put_under_stacks, to_move
from .turn_end import end_turn, set_owned, set_stack

# ---------------------------------------------------------------------------
# Doing it


def apply_move(state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
    """Return the state after `seat` makes `move`, and its events.

    Raises IllegalMove with a reason a player can read.
    """
    if state.phase == PHASE_OVER:
        raise IllegalMove(t.GAME_OVER)
    if seat not in to_move(state):
        raise IllegalMove(t.NOT_YOUR_THROW if state.attempt else t.NOT_YOUR_TURN)
    if state.phase == PHASE_ROLL:
        if isinstance(move, Throw):
            return throw(state, seat, move.keep)
        if isinstance(move, Stop):
            attempt = state.attempt
            assert attempt is not None
            if attempt.throws == 0:
                raise IllegalMove(t.STOP_BEFORE_THROW)
            return finish_attempt(state, [])
        if isinstance(move, Decline):
            return decline(state, seat)
        raise IllegalMove(t.NOW_THROW)
    if state.phase == PHASE_REVENGE:
        if not isinstance(move, Revenge):
            raise IllegalMove(t.NOW_REVENGE)
        return _revenge(state, seat, move)
    if isinstance(move, PutUnder):
        return _put_under(state, seat, move.stack)
    if isinstance(move, RollForStack):
        return _roll_for_stack(state, seat, move.stack)
    if isinstance(move, Attack):
        return _attack(state, seat, move.card)
    if isinstance(move, RollForKing):
        if not king_target(state, seat):
            raise IllegalMove(t.KING_NOT_READY)
        attempt = new_attempt(
            state, seat, ROLE_ATTACK, KING, None, None, KING_COMBINATION
        )
        event = Event(
            "roll_for", {"seat": seat, "card": KING, "beat": list(KING_COMBINATION)}
        )
        return throw(
            replace(state, phase=PHASE_ROLL, attempt=attempt), seat, (), [event]
        )
    if isinstance(move, Pass):
        if not may_pass(state, seat):
            raise IllegalMove(t.CANNOT_PASS)
        forced = not has_target(state, seat)
        return end_turn(state, [Event("passed", {"seat": seat, "forced": forced})])
    raise IllegalMove(t.NAME_TARGET)


def _put_under(state: State, seat: int, stack: int) -> tuple[State, list[Event]]:
    if state.put_under_used:
        raise IllegalMove(t.PUT_UNDER_USED)
    if stack not in put_under_stacks(state):
        raise IllegalMove(t.PUT_UNDER_SMALL, stack=stack + 1)
    cards = state.stacks[stack]
    stacks = set_stack(state.stacks, stack, cards[1:] + cards[:1])
    event = Event("put_under", {"seat": seat, "card": cards[0], "stack": stack})
    return replace(state, stacks=stacks, put_under_used=True), [event]


def _roll_for_stack(state: State, seat: int, stack: int) -> tuple[State, list[Event]]:
    cards = state.stacks[stack]
    if not cards:
        raise IllegalMove(t.EMPTY_STACK, stack=stack + 1)
    card = CARDS[cards[0]]
    if is_duplicate(state, seat, card.id):
        raise IllegalMove(t.DUPLICATE, card=card.name().to_json())
    if card.type == TOURNAMENT:
        order = tuple((seat + k) % state.seats for k in range(1, state.seats))
        tournament = Tournament(
            card=card.id,
            stack=stack,
            host=seat,
            order=order,
            results=(),
            leader=None,
            best=(0, 0, 0),
        )
        attempt = new_attempt(state, seat, ROLE_HOST, card.id, stack, None, (0, 0, 0))
        state = replace(state, phase=PHASE_ROLL, attempt=attempt, tournament=tournament)
        event = Event("host", {"seat": seat, "card": card.id, "stack": stack})
        return throw(state, seat, (), [event])
    attempt = new_attempt(
        state, seat, ROLE_ATTACK, card.id, stack, None, card.combination
    )
    event = Event(
        "roll_for",
        {"seat": seat, "card": card.id, "stack": stack, "beat": list(card.combination)},
    )
    return throw(replace(state, phase=PHASE_ROLL, attempt=attempt), seat, (), [event])


def _attack(state: State, seat: int, card_id: str) -> tuple[State, list[Event]]:
    owner = next((s for s, cards in enumerate(state.owned) if card_id in cards), None)
    if owner is None:
        raise IllegalMove(t.NOT_A_TARGET)
    card = CARDS[card_id]
    if owner == seat:
        raise IllegalMove(t.OWN_CARD)
    if card.type == TOURNAMENT:
        raise IllegalMove(t.NO_TOURNAMENT_THEFT)
    if is_duplicate(state, seat, card_id):
        raise IllegalMove(t.DUPLICATE, card=card.name().to_json())
    if card.type == CASTLE and len(state.castles(owner)) <= 1:
        raise IllegalMove(t.LAST_CASTLE)
    attempt = new_attempt(
        state, seat, ROLE_ATTACK, card_id, None, owner, card.combination
    )
    event = Event(
        "roll_for",
        {"seat": seat, "card": card_id, "owner": owner, "beat": list(card.combination)},
    )
    return throw(replace(state, phase=PHASE_ROLL, attempt=attempt), seat, (), [event])


def _revenge(state: State, seat: int, move: Revenge) -> tuple[State, list[Event]]:
    if move.card not in state.castles(seat):
        raise IllegalMove(t.NOT_YOUR_CASTLE)
    owned = set_owned(
        state.owned, seat, tuple(c for c in state.owned[seat] if c != move.card)
    )
    stacks = set_stack(state.stacks, move.stack, (*state.stacks[move.stack], move.card))
    event = Event("revenge", {"seat": seat, "card": move.card, "stack": move.stack})
    state = replace(state, owned=owned, stacks=stacks, phase=PHASE_TARGET)
    return end_turn(state, [event])
