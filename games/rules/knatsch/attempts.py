"""Knatsch: a roll attempt from its first throw to its result.

Throwing (keep, sixes aside), stopping, declining, and what a result does:
a card captured or put under, a defence, a tournament's next player or its
winner, the King overthrown or his revenge (seed, "Würfeln", "Karte
erbeutet?", "Vom Stapel oder Spieler?", "Nochmal dran?", SPIELENDE 2).
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
    EXTRA_DIE,
    KING,
    SPECIAL,
)
from .dice import SIX, Result, beats, is_sub_multiset
from .holdings import DICE, kinds, max_throws, result, squires
from .state import (
    PHASE_REVENGE,
    PHASE_TARGET,
    ROLE_DEFENCE,
    ROLE_HOST,
    ROLE_JOUST,
    WIN_KING,
    Attempt,
    Last,
    State,
)
from .targets import has_target, put_under_stacks
from .turn_end import end_turn, set_stack, take, win, won_by


def new_attempt(
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


def throw(
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
        return finish_attempt(state, events)
    return state, events


def _roll(rng: Rng, count: int) -> tuple[list[int], Rng]:
    return rng.randints(count, 1, 6)


def decline(state: State, seat: int) -> tuple[State, list[Event]]:
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


def finish_attempt(state: State, events: list[Event]) -> tuple[State, list[Event]]:
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
            return end_turn(replace(state, phase=PHASE_TARGET, attempt=None), events)
        events.append(Event("defence_failed", data))
        return _castle_changes_hands(state, attempt, events)
    if attempt.target == KING:
        if success:
            events.append(Event("king_overthrown", data))
            return win(state, seat, WIN_KING, events)
        events.append(Event("king_revenge", data))
        return replace(state, phase=PHASE_REVENGE, attempt=None), events
    if not success:
        if attempt.stack is not None:
            cards = state.stacks[attempt.stack]
            stacks = set_stack(state.stacks, attempt.stack, cards[1:] + cards[:1])
            state = replace(state, stacks=stacks, phase=PHASE_TARGET, attempt=None)
            events.append(Event("failed_under", {**data, "stack": attempt.stack}))
        else:
            state = replace(state, phase=PHASE_TARGET, attempt=None)
            events.append(Event("failed", data))
        return end_turn(state, events)
    card = CARDS[attempt.target]
    if attempt.owner is not None and card.type == CASTLE:
        defence = new_attempt(
            state, attempt.owner, ROLE_DEFENCE, card.id, None, attempt.owner, achieved
        )
        events.append(
            Event("defend", {**data, "seat": attempt.owner, "beat": list(achieved)})
        )
        return replace(state, attempt=defence), events
    events.append(Event("captured", data))
    state = take(state, seat, card.id, attempt.stack, attempt.owner)
    won = won_by(state, seat)
    if won:
        return win(state, seat, won, events)
    # Seed, "Nochmal dran?": a special card from a stack earns another attempt.
    chained = attempt.stack is not None and card.type == SPECIAL
    if chained and (has_target(state, seat) or put_under_stacks(state)):
        events.append(Event("extra_attempt", {"seat": seat}))
        return replace(state, extra=True), events
    return end_turn(state, events)


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
    state = take(state, attacker, attempt.target, None, attempt.owner)
    won = won_by(state, attacker)
    if won:
        return win(state, attacker, won, events)
    return end_turn(state, events)


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
        attempt = new_attempt(
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
    state = take(state, winner, tournament.card, tournament.stack, None)
    won = won_by(state, winner)
    if won:
        return win(state, winner, won, events)
    return end_turn(state, events)
