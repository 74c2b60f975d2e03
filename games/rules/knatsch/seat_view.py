"""Knatsch: what one seat sees, as the JSON of `view`.

Builds `KnatschRules.view(state, seat)` (seat None = spectator); the shape
is documented in engine.py's module docstring. Nothing is secret between
seats, so every viewer gets the same game; the order of the stacks below
their top cards is known to nobody and never shown, nor is the `Rng`.
"""

from __future__ import annotations

from games.rules.base import JSON, Message, Outcome

from . import holdings, targets, turn_end
from . import texts as t
from .cards import CARDS, CASTLE, KING, KING_COMBINATION, SPECIAL, TOURNAMENT
from .dice import Result, beats
from .state import PHASE_TARGET, Attempt, State


def combination_message(result: Result | list[int]) -> Message:
    """Return a combination or result as text, e.g. "3 × 4 + 5" (nothing below a pair... any count)."""
    count, face, kicker = result
    if count == 0:
        return Message(t.NOTHING)
    if kicker == 0:
        return Message(t.COMBINATION_NO_KICKER, {"count": count, "face": face})
    return Message(t.COMBINATION, {"count": count, "face": face, "kicker": kicker})


def target_json(target: str) -> JSON:
    """Return a target (card id or "king") as the view shows it."""
    if target == KING:
        return {
            "id": KING,
            "type": KING,
            "arms": None,
            "kind": None,
            "value": None,
            "combination": list(KING_COMBINATION),
        }
    return CARDS[target].to_json()


def view(
    state: State, seat: int | None, *, to_move: frozenset[int], outcome: Outcome | None
) -> JSON:
    """Return the whole open game as JSON (shape in engine.py's module docstring)."""
    current = state.current
    choosing = state.phase == PHASE_TARGET and current is not None
    stack_targets = (
        targets.stack_targets(state, current)
        if choosing and current is not None
        else []
    )
    attack_targets = (
        set(targets.attack_targets(state, current))
        if choosing and current is not None
        else set()
    )
    put_under = targets.put_under_stacks(state) if choosing else []
    return {
        "phase": state.phase,
        "seat": seat,
        "seats": state.seats,
        "current": current,
        "start": state.start,
        "to_move": sorted(to_move),
        "turn": state.turn,
        "turn_limit": turn_end.turn_limit(state.seats),
        "put_under_used": state.put_under_used,
        "extra": state.extra,
        "stacks": [
            {
                "index": i,
                "count": len(cards),
                "top": CARDS[cards[0]].to_json() if cards else None,
                "target": i in stack_targets,
                "put_under": i in put_under,
            }
            for i, cards in enumerate(state.stacks)
        ],
        "king": {
            "combination": list(KING_COMBINATION),
            "target": choosing
            and current is not None
            and targets.king_target(state, current),
        },
        "players": [_player_json(state, s, attack_targets) for s in range(state.seats)],
        "attempt": None
        if state.attempt is None
        else _attempt_json(state, state.attempt),
        "tournament": _tournament_json(state),
        "last": None if state.last is None else _last_json(state),
        "winner": state.winner,
        "end_reason": state.end_reason,
        "outcome": None if outcome is None else outcome.to_json(),
    }


def _player_json(state: State, seat: int, attack_targets: set[str]) -> JSON:
    owned = state.owned[seat]
    castles = len(state.castles(seat))
    tournaments = state.tournaments(seat)
    kinds = holdings.kinds(state, seat)

    def cards(kind: str) -> list[JSON]:
        return [
            {**CARDS[c].to_json(), "target": c in attack_targets}
            for c in owned
            if CARDS[c].type == kind
        ]

    return {
        "seat": seat,
        "castles": cards(CASTLE),
        "specials": cards(SPECIAL),
        "tournaments": cards(TOURNAMENT),
        "attackable": castles > 1,
        "dice": holdings.DICE + ("extra_die" in kinds),
        "squires": list(holdings.squires(state, seat)),
        "throws": {
            "attack": holdings.max_throws(state, seat, "attack"),
            "host": holdings.max_throws(state, seat, "host"),
            "defence": holdings.max_throws(state, seat, "defence"),
            "joust": holdings.max_throws(state, seat, "joust"),
        },
        "progress": {
            "four_castles": {"castles": castles, "need": holdings.CASTLES_TO_WIN},
            "king": {
                "castles": castles,
                "need": holdings.KING_CASTLES,
                "ready": state.current == seat and state.king_ready,
            },
            "tournaments": {
                "castles": castles,
                "need_castles": holdings.TOURNAMENT_CASTLES,
                "tournaments": tournaments,
                "need": holdings.TOURNAMENTS_TO_WIN,
            },
        },
    }


def _attempt_json(state: State, attempt: Attempt) -> JSON:
    achieved = holdings.result(attempt)
    return {
        "roller": attempt.roller,
        "role": attempt.role,
        "target": target_json(attempt.target),
        "stack": attempt.stack,
        "owner": attempt.owner,
        "beat": list(attempt.beat),
        "throws": attempt.throws,
        "max_throws": attempt.max_throws,
        "dice": attempt.dice,
        "kept": list(attempt.kept),
        "rolled": list(attempt.rolled),
        "table": list(attempt.table),
        "sixes": attempt.sixes,
        "fixed": list(attempt.fixed),
        "result": list(achieved),
        "beats": attempt.throws > 0 and beats(achieved, attempt.beat),
        "attacker": state.current,
    }


def _tournament_json(state: State) -> JSON | None:
    tournament = state.tournament
    if tournament is None:
        return None
    throwing = state.attempt.roller if state.attempt is not None else None
    return {
        "card": tournament.card,
        "stack": tournament.stack,
        "host": tournament.host,
        "throwing": throwing,
        "order": list(tournament.order),
        "results": [
            {
                "seat": s,
                "result": None if r is None else list(r),
            }
            for s, r in tournament.results
        ],
        "leader": tournament.leader,
        "best": list(tournament.best),
    }


def _last_json(state: State) -> JSON:
    last = state.last
    assert last is not None
    return {
        "roller": last.roller,
        "role": last.role,
        "target": target_json(last.target),
        "dice": list(last.dice),
        "fixed": list(last.fixed),
        "sixes": last.sixes,
        "result": list(last.result),
        "beat": list(last.beat),
        "success": last.success,
    }
