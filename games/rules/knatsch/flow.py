"""Knatsch: what may be done now, and doing it, as pure functions on `State`.

A turn (seed, Spielverlauf; Knatsch rulings, A turn): maybe put a stack's top
card under it (once), name a target and roll for it; a special card from a
stack earns another attempt. An attack on a castle hands the throw to its
owner (defence); a tournament to every other seat in turn. The King's
revenge and the end of the game are here too (seed, Spielende).

Every move builds its next state with `replace`, so each state the rules
make passes `State.__post_init__`.
"""

from __future__ import annotations

from typing import Any

from games.rules.base import Event, IllegalMove
from games.rules.rng import Rng
from games.rules.structs import replace

from . import texts as t
from .cards import (
    CARDS,
    CASTLE,
    CATAPULT,
    EXTRA_DIE,
    GUARD,
    JOUSTING_RIGHT,
    KING,
    KING_COMBINATION,
    SPECIAL,
    SQUIRE,
    TOURNAMENT,
)
from .dice import SIX, Result, beats, is_sub_multiset, keep_options, result_of
from .state import (
    PHASE_OVER,
    PHASE_REVENGE,
    PHASE_ROLL,
    PHASE_TARGET,
    ROLE_ATTACK,
    ROLE_DEFENCE,
    ROLE_HOST,
    ROLE_JOUST,
    STACKS,
    TURN_LIMIT_REACHED,
    WIN_CASTLES,
    WIN_KING,
    WIN_TOURNAMENTS,
    Attack,
    Attempt,
    Decline,
    Last,
    Move,
    Pass,
    PutUnder,
    Revenge,
    RollForKing,
    RollForStack,
    State,
    Stop,
    Throw,
    Tournament,
)

BASE_THROWS = 3
HOST_THROWS = 4  # seed, "Turnierkarte vom Stapel": the host may throw up to four times
DICE = 6
CASTLES_TO_WIN = 4
KING_CASTLES = 3
TOURNAMENT_CASTLES = 2
TOURNAMENTS_TO_WIN = 3

# Knatsch rulings, Turn limit: a match that nobody has won when every seat
# has had this many turns ends; see `_turn_limit`. Measured with robots
# (bench/knatsch_lengths.py, on the rules page): strong robots' matches take
# a median of 9-11 rounds and 99 % end within 34 rounds at 2 and 4 seats;
# without a limit some 6-seat matches ran to 470 rounds and a 2-seat one
# never ended.
ROUND_LIMIT = 40


def turn_limit(seats: int) -> int:
    """Return the turn at whose end a match of `seats` seats ends unwon (ROUND_LIMIT rounds)."""
    return ROUND_LIMIT * seats


# ---------------------------------------------------------------------------
# Who holds what


def kinds(state: State, seat: int) -> set[str]:
    """Return the special-card kinds `seat` owns."""
    return {CARDS[c].kind or "" for c in state.owned[seat] if CARDS[c].type == SPECIAL}


def squires(state: State, seat: int) -> tuple[int, ...]:
    """Return the faces of `seat`'s squire dice, sorted (Knatsch rulings, Special cards)."""
    return tuple(
        sorted(
            CARDS[c].value or 0 for c in state.owned[seat] if CARDS[c].kind == SQUIRE
        )
    )


def is_duplicate(state: State, seat: int, card_id: str) -> bool:
    """Return whether `seat` owns a card equal to `card_id` (seed, "Keine doppelten Karten").

    Tournaments are never duplicates.
    """
    same = CARDS[card_id].same
    return same is not None and any(CARDS[c].same == same for c in state.owned[seat])


def max_throws(state: State, seat: int, role: str) -> int:
    """Return how many throws `seat` has as `role` (Knatsch rulings, Rolling and Special cards)."""
    owned = kinds(state, seat)
    if role == ROLE_HOST:
        return HOST_THROWS + (CATAPULT in owned)
    if role == ROLE_ATTACK:
        return BASE_THROWS + (CATAPULT in owned)
    if role == ROLE_DEFENCE:
        return BASE_THROWS + (GUARD in owned)
    return BASE_THROWS + (JOUSTING_RIGHT in owned)


def result(attempt: Attempt) -> Result:
    """Return the attempt's result: the table's dice plus its squire dice."""
    return result_of(attempt.kept + attempt.rolled + attempt.fixed)


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
            return _throw(state, seat, move.keep)
        if isinstance(move, Stop):
            attempt = state.attempt
            assert attempt is not None
            if attempt.throws == 0:
                raise IllegalMove(t.STOP_BEFORE_THROW)
            return _finish_attempt(state, [])
        if isinstance(move, Decline):
            return _decline(state, seat)
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
        attempt = _new_attempt(
            state, seat, ROLE_ATTACK, KING, None, None, KING_COMBINATION
        )
        event = Event(
            "roll_for", {"seat": seat, "card": KING, "beat": list(KING_COMBINATION)}
        )
        return _throw(
            replace(state, phase=PHASE_ROLL, attempt=attempt), seat, (), [event]
        )
    if isinstance(move, Pass):
        if not may_pass(state, seat):
            raise IllegalMove(t.CANNOT_PASS)
        forced = not has_target(state, seat)
        return _end_turn(state, [Event("passed", {"seat": seat, "forced": forced})])
    raise IllegalMove(t.NAME_TARGET)


def _put_under(state: State, seat: int, stack: int) -> tuple[State, list[Event]]:
    if state.put_under_used:
        raise IllegalMove(t.PUT_UNDER_USED)
    if stack not in put_under_stacks(state):
        raise IllegalMove(t.PUT_UNDER_SMALL, stack=stack + 1)
    cards = state.stacks[stack]
    stacks = _set_stack(state.stacks, stack, cards[1:] + cards[:1])
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
        attempt = _new_attempt(state, seat, ROLE_HOST, card.id, stack, None, (0, 0, 0))
        state = replace(state, phase=PHASE_ROLL, attempt=attempt, tournament=tournament)
        event = Event("host", {"seat": seat, "card": card.id, "stack": stack})
        return _throw(state, seat, (), [event])
    attempt = _new_attempt(
        state, seat, ROLE_ATTACK, card.id, stack, None, card.combination
    )
    event = Event(
        "roll_for",
        {"seat": seat, "card": card.id, "stack": stack, "beat": list(card.combination)},
    )
    return _throw(replace(state, phase=PHASE_ROLL, attempt=attempt), seat, (), [event])


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
    attempt = _new_attempt(
        state, seat, ROLE_ATTACK, card_id, None, owner, card.combination
    )
    event = Event(
        "roll_for",
        {"seat": seat, "card": card_id, "owner": owner, "beat": list(card.combination)},
    )
    return _throw(replace(state, phase=PHASE_ROLL, attempt=attempt), seat, (), [event])


def _new_attempt(
    state: State,
    seat: int,
    role: Any,
    target: str,
    stack: int | None,
    owner: int | None,
    beat: Result,
) -> Attempt:
    return Attempt(
        roller=seat,
        role=role,
        target=target,
        stack=stack,
        owner=owner,
        beat=beat,
        dice=DICE + (EXTRA_DIE in kinds(state, seat)),
        fixed=squires(state, seat),
        throws=0,
        max_throws=max_throws(state, seat, role),
        kept=(),
        rolled=(),
        sixes=0,
    )


def _throw(
    state: State, seat: int, keep: tuple[int, ...], events: list[Event] | None = None
) -> tuple[State, list[Event]]:
    """Keep `keep`, throw the other dice (sixes aside), and finish after the last throw."""
    events = list(events or [])
    attempt = state.attempt
    assert attempt is not None
    keep = tuple(sorted(keep))
    if attempt.throws == 0 and keep:
        raise IllegalMove(t.FIRST_THROW)
    table = attempt.table
    if attempt.throws and (not is_sub_multiset(keep, table) or len(keep) >= len(table)):
        raise IllegalMove(t.BAD_KEEP)
    count = attempt.dice - attempt.sixes - len(keep)
    faces, rng = _roll(state.rng, count)
    sixes = faces.count(SIX)
    rolled = tuple(sorted(f for f in faces if f != SIX))
    attempt = replace(
        attempt,
        throws=attempt.throws + 1,
        kept=keep,
        rolled=rolled,
        sixes=attempt.sixes + sixes,
    )
    events.append(
        Event(
            "thrown",
            {
                "seat": seat,
                "role": attempt.role,
                "kept": list(keep),
                "dice": sorted(faces),
                "sixes": sixes,
                "fixed": list(attempt.fixed),
                "result": list(result(attempt)),
                "throw": attempt.throws,
                "max_throws": attempt.max_throws,
            },
        )
    )
    state = replace(state, rng=rng, attempt=attempt)
    if attempt.throws >= attempt.max_throws or not attempt.table:
        return _finish_attempt(state, events)
    return state, events


def _roll(rng: Rng, count: int) -> tuple[list[int], Rng]:
    return rng.randints(count, 1, 6)


def _decline(state: State, seat: int) -> tuple[State, list[Event]]:
    attempt = state.attempt
    assert attempt is not None
    if attempt.role not in (ROLE_DEFENCE, ROLE_JOUST):
        raise IllegalMove(t.DECLINE_ATTACKER)
    if attempt.throws:
        raise IllegalMove(t.DECLINE_TOO_LATE)
    if attempt.role == ROLE_DEFENCE:
        events = [Event("declined_defence", {"seat": seat, "card": attempt.target})]
        return _castle_changes_hands(state, attempt, events)
    tournament = state.tournament
    assert tournament is not None
    tournament = replace(tournament, results=(*tournament.results, (seat, None)))
    state = replace(state, tournament=tournament)
    return _next_jouster(state, [Event("declined_tournament", {"seat": seat})])


def _finish_attempt(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Resolve the attempt in progress by its result (seed, "Karte erbeutet?")."""
    attempt = state.attempt
    assert attempt is not None
    achieved = result(attempt)
    success = beats(achieved, attempt.beat)
    tournament = state.tournament
    if tournament is not None and tournament.leader is None:
        success = True  # the host leads whatever they rolled
    last = Last(
        roller=attempt.roller,
        role=attempt.role,
        target=attempt.target,
        dice=attempt.table,
        fixed=attempt.fixed,
        sixes=attempt.sixes,
        result=achieved,
        beat=attempt.beat,
        success=success,
    )
    state = replace(state, last=last)
    seat = attempt.roller
    data: dict[str, Any] = {
        "seat": seat,
        "card": attempt.target,
        "result": list(achieved),
        "beat": list(attempt.beat),
    }
    if attempt.role in (ROLE_HOST, ROLE_JOUST):
        return _tournament_result(state, attempt, achieved, events)
    if attempt.role == ROLE_DEFENCE:
        if success:
            events.append(Event("defended", data))
            return _end_turn(replace(state, phase=PHASE_TARGET, attempt=None), events)
        events.append(Event("defence_failed", data))
        return _castle_changes_hands(state, attempt, events)
    if attempt.target == KING:
        if success:
            events.append(Event("king_overthrown", data))
            return _win(state, seat, WIN_KING, events)
        events.append(Event("king_revenge", data))
        return replace(state, phase=PHASE_REVENGE, attempt=None), events
    if not success:
        if attempt.stack is not None:
            cards = state.stacks[attempt.stack]
            stacks = _set_stack(state.stacks, attempt.stack, cards[1:] + cards[:1])
            state = replace(state, stacks=stacks, phase=PHASE_TARGET, attempt=None)
            events.append(Event("failed_under", {**data, "stack": attempt.stack}))
        else:
            state = replace(state, phase=PHASE_TARGET, attempt=None)
            events.append(Event("failed", data))
        return _end_turn(state, events)
    card = CARDS[attempt.target]
    if attempt.owner is not None and card.type == CASTLE:
        defence = _new_attempt(
            state, attempt.owner, ROLE_DEFENCE, card.id, None, attempt.owner, achieved
        )
        events.append(
            Event("defend", {**data, "seat": attempt.owner, "beat": list(achieved)})
        )
        return replace(state, attempt=defence), events
    events.append(Event("captured", data))
    state = _take(state, seat, card.id, attempt.stack, attempt.owner)
    won = _won(state, seat)
    if won:
        return _win(state, seat, won, events)
    # Seed, "Nochmal dran?": a special card from a stack earns another attempt.
    chained = attempt.stack is not None and card.type == SPECIAL
    if chained and (has_target(state, seat) or put_under_stacks(state)):
        events.append(Event("extra_attempt", {"seat": seat}))
        return replace(state, extra=True), events
    return _end_turn(state, events)


def _castle_changes_hands(
    state: State, attempt: Attempt, events: list[Event]
) -> tuple[State, list[Event]]:
    """The attacker (the current seat) takes the defended castle."""
    attacker = state.current
    assert attacker is not None
    assert attempt.owner is not None
    events.append(
        Event(
            "castle_taken",
            {"seat": attacker, "card": attempt.target, "owner": attempt.owner},
        )
    )
    state = _take(state, attacker, attempt.target, None, attempt.owner)
    won = _won(state, attacker)
    if won:
        return _win(state, attacker, won, events)
    return _end_turn(state, events)


def _tournament_result(
    state: State, attempt: Attempt, achieved: Result, events: list[Event]
) -> tuple[State, list[Event]]:
    tournament = state.tournament
    assert tournament is not None
    seat = attempt.roller
    leads = tournament.leader is None or beats(achieved, tournament.best)
    tournament = replace(
        tournament,
        results=(*tournament.results, (seat, achieved)),
        leader=seat if leads else tournament.leader,
        best=achieved if leads else tournament.best,
    )
    kind = "tournament_lead" if leads else "tournament_result"
    events.append(Event(kind, {"seat": seat, "result": list(achieved)}))
    return _next_jouster(replace(state, tournament=tournament), events)


def _next_jouster(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Hand the tournament to the next seat in order, or award it."""
    tournament = state.tournament
    assert tournament is not None
    if tournament.order:
        seat, order = tournament.order[0], tournament.order[1:]
        attempt = _new_attempt(
            state,
            seat,
            ROLE_JOUST,
            tournament.card,
            tournament.stack,
            None,
            tournament.best,
        )
        events.append(Event("joust", {"seat": seat, "beat": list(tournament.best)}))
        return replace(
            state, attempt=attempt, tournament=replace(tournament, order=order)
        ), events
    winner = tournament.host if tournament.leader is None else tournament.leader
    events.append(Event("tournament_won", {"seat": winner, "card": tournament.card}))
    state = _take(state, winner, tournament.card, tournament.stack, None)
    won = _won(state, winner)
    if won:
        return _win(state, winner, won, events)
    return _end_turn(state, events)


def _revenge(state: State, seat: int, move: Revenge) -> tuple[State, list[Event]]:
    if move.card not in state.castles(seat):
        raise IllegalMove(t.NOT_YOUR_CASTLE)
    owned = _set_owned(
        state.owned, seat, tuple(c for c in state.owned[seat] if c != move.card)
    )
    stacks = _set_stack(
        state.stacks, move.stack, (*state.stacks[move.stack], move.card)
    )
    event = Event("revenge", {"seat": seat, "card": move.card, "stack": move.stack})
    state = replace(state, owned=owned, stacks=stacks, phase=PHASE_TARGET)
    return _end_turn(state, [event])


def _take(
    state: State, seat: int, card_id: str, stack: int | None, owner: int | None
) -> State:
    """Move `card_id` from its stack or from `owner` to `seat`, ending the roll phase."""
    stacks = state.stacks
    owned = state.owned
    if stack is not None:
        stacks = _set_stack(stacks, stack, stacks[stack][1:])
    if owner is not None:
        owned = _set_owned(owned, owner, tuple(c for c in owned[owner] if c != card_id))
    owned = _set_owned(owned, seat, (*owned[seat], card_id))
    return replace(
        state,
        stacks=stacks,
        owned=owned,
        phase=PHASE_TARGET,
        attempt=None,
        tournament=None,
    )


def _won(state: State, seat: int) -> str | None:
    """Return how `seat` has won with the cards it holds, or None (seed, Spielende 1, 3)."""
    castles = len(state.castles(seat))
    if castles >= CASTLES_TO_WIN:
        return WIN_CASTLES
    if castles >= TOURNAMENT_CASTLES and state.tournaments(seat) >= TOURNAMENTS_TO_WIN:
        return WIN_TOURNAMENTS
    return None


def _win(
    state: State, seat: int, reason: str, events: list[Event]
) -> tuple[State, list[Event]]:
    events.append(Event("won", {"seat": seat, "reason": reason}))
    state = replace(
        state,
        phase=PHASE_OVER,
        current=None,
        attempt=None,
        tournament=None,
        winner=seat,
        end_reason=reason,
    )
    return state, events


def _end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Pass the turn to the next seat clockwise, or end the game at the turn limit."""
    current = state.current
    assert current is not None
    if state.turn >= turn_limit(state.seats):
        return _turn_limit(state, events)
    seat = (current + 1) % state.seats
    state = replace(
        state,
        current=seat,
        phase=PHASE_TARGET,
        attempt=None,
        tournament=None,
        put_under_used=False,
        king_ready=len(state.castles(seat)) == KING_CASTLES,
        extra=False,
        turn=state.turn + 1,
    )
    return state, events


def progress(state: State, seat: int) -> tuple[int, int, int]:
    """Return how close `seat` is to a win, comparable between seats.

    (steps missing on the closest way to win, negated; castles; tournaments):
    larger is closer. Knatsch rulings, Turn limit.
    """
    castles = len(state.castles(seat))
    tournaments = state.tournaments(seat)
    missing = min(
        CASTLES_TO_WIN - castles,
        KING_CASTLES - min(castles, KING_CASTLES) + 1,
        max(0, TOURNAMENT_CASTLES - castles) + max(0, TOURNAMENTS_TO_WIN - tournaments),
    )
    return (-missing, castles, tournaments)


def _turn_limit(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """End the match at the turn limit: the seat closest to a win takes it.

    Knatsch rulings, Turn limit: ties go to the seat that moves earliest
    from the start seat.
    """
    order = [(state.start + k) % state.seats for k in range(state.seats)]
    best = max(order, key=lambda s: (progress(state, s), -order.index(s)))
    events.append(Event("turn_limit", {"seat": best}))
    state = replace(
        state,
        phase=PHASE_OVER,
        current=None,
        attempt=None,
        tournament=None,
        winner=best,
        end_reason=TURN_LIMIT_REACHED,
    )
    return state, events


def _set_stack(
    stacks: tuple[tuple[str, ...], tuple[str, ...]], index: int, cards: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return (cards, stacks[1]) if index == 0 else (stacks[0], cards)


def _set_owned(
    owned: tuple[tuple[str, ...], ...], seat: int, cards: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return tuple(cards if s == seat else old for s, old in enumerate(owned))
