"""Knatsch: who is to move, when a turn begins, and what may be done now.

Targets (seed, "Vom Stapel oder Spieler?", "Keine doppelten Karten"), the
once-per-turn put-under, ending a turn without rolling, and the legal moves.
"""

from __future__ import annotations

from .cards import (
    CARDS,
    CASTLE,
    TOURNAMENT,
)
from .dice import keep_options
from .holdings import KING_CASTLES, is_duplicate
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
from .state import PHASE_REVENGE, PHASE_ROLL, ROLE_DEFENCE, ROLE_JOUST, STACKS, State

# ---------------------------------------------------------------------------
# What may be done now


def to_move(state: State) -> frozenset[int]:
    """Return {the seat throwing now} in a roll, {current} otherwise, {} once over."""
    if state.attempt is not None:
        return frozenset({state.attempt.roller})
    return frozenset() if state.current is None else frozenset({state.current})


def turn_key(state: State) -> tuple[int, str]:
    """Return what names the turn in progress: (turn number, "turn" | "defence" | "joust").

    A defence and a tournament player's throws are turns of their own,
    inside the turn of the seat whose turn it is.
    """
    attempt = state.attempt
    if attempt is not None and attempt.role in (ROLE_DEFENCE, ROLE_JOUST):
        return (state.turn, attempt.role)
    return (state.turn, "turn")


def turns_begun(before: State | None, after: State) -> frozenset[int]:
    """Return the seats whose turn begins from `before` (None: the start) to `after`.

    A seat begins a turn when it becomes to move, or stays to move while
    the turn in progress changes (`turn_key`): a defender whose own turn
    follows the defence.
    """
    now = to_move(after)
    if before is None:
        return now
    if turn_key(before) != turn_key(after):
        return now
    return now - to_move(before)


def stack_targets(state: State, seat: int) -> list[int]:
    """Return the stacks whose top card `seat` may roll for (a tournament: host it)."""
    return [
        i
        for i, stack in enumerate(state.stacks)
        if stack and not is_duplicate(state, seat, stack[0])
    ]


def attack_targets(state: State, seat: int) -> list[str]:
    """Return the opponents' cards `seat` may roll for, by seat and order captured.

    Castles of players with more than one castle, and special cards; never
    tournaments, never a duplicate (seed, "Vom Stapel oder Spieler?",
    "Wichtig", "Keine doppelten Karten").
    """
    found = []
    for owner in range(state.seats):
        if owner == seat:
            continue
        attackable = len(state.castles(owner)) > 1
        for card_id in state.owned[owner]:
            card = CARDS[card_id]
            if card.type == TOURNAMENT or is_duplicate(state, seat, card_id):
                continue
            if card.type == CASTLE and not attackable:
                continue
            found.append(card_id)
    return found


def king_target(state: State, seat: int) -> bool:
    """Return whether `seat` may roll for the King now (seed, Spielende 2)."""
    return state.king_ready and len(state.castles(seat)) == KING_CASTLES


def has_target(state: State, seat: int) -> bool:
    """Return whether `seat` has anything to roll for."""
    return bool(
        stack_targets(state, seat)
        or attack_targets(state, seat)
        or king_target(state, seat)
    )


def may_pass(state: State, seat: int) -> bool:
    """Return whether `seat` may end its turn without rolling now.

    When no target is possible (Knatsch rulings, End); in an extra attempt,
    which the seed offers ("darf", "Nochmal dran?"); and when the King is
    the only target, since failing him costs a castle (Knatsch rulings, King).
    """
    if state.extra:
        return True
    return not (stack_targets(state, seat) or attack_targets(state, seat))


def put_under_stacks(state: State) -> list[int]:
    """Return the stacks whose top card may be put under now (once per turn)."""
    if state.put_under_used:
        return []
    return [i for i, stack in enumerate(state.stacks) if len(stack) > 1]


def legal_moves(state: State, seat: int) -> list[Move]:
    """Return `seat`'s legal moves in a stable order ([] if not to move)."""
    if seat not in to_move(state):
        return []
    if state.phase == PHASE_ROLL:
        attempt = state.attempt
        assert attempt is not None
        if attempt.throws == 0:
            moves: list[Move] = [Throw(keep=())]
            return [*moves, Decline()]
        return [*(Throw(keep=keep) for keep in keep_options(attempt.table)), Stop()]
    if state.phase == PHASE_REVENGE:
        return [
            Revenge(card=card, stack=stack)
            for card in state.castles(seat)
            for stack in range(STACKS)
        ]
    moves = [PutUnder(stack=i) for i in put_under_stacks(state)]
    targets: list[Move] = [RollForStack(stack=i) for i in stack_targets(state, seat)]
    targets += [Attack(card=c) for c in attack_targets(state, seat)]
    if king_target(state, seat):
        targets.append(RollForKing())
    if may_pass(state, seat):
        return [*moves, *targets, Pass()]
    return [*moves, *targets]
