"""Knatsch: the move records and their JSON form (the state: state.py).

Every move is a declared record (games.rules.structs) tagged by its
`kind`; `Move` is their union, and MALFORMED_MOVES the move JSON close to
them that `move_from_json` must refuse.
"""

from __future__ import annotations

from typing import TypeAlias

from games.rules.structs import MoveRecord

from .state import CardId, Face, StackIndex


class PutUnder(MoveRecord, frozen=True, tag="put_under"):
    """Put the top card of stack `stack` under that stack (once per turn, before rolling).

    JSON: `{"kind": "put_under", "stack": 0 | 1}`. Seed, "Karte unter Stapel stecken".
    """

    stack: StackIndex


class RollForStack(MoveRecord, frozen=True, tag="stack"):
    """Roll for the top card of stack `stack` (a tournament there: host it).

    The first throw is made at once. JSON: `{"kind": "stack", "stack": 0 | 1}`.
    """

    stack: StackIndex


class Attack(MoveRecord, frozen=True, tag="attack"):
    """Roll for an opponent's castle or special card `card`; the first throw is made at once.

    JSON: `{"kind": "attack", "card": "<card id>"}`. Seed, "Vom Stapel oder Spieler?".
    """

    card: CardId


class RollForKing(MoveRecord, frozen=True, tag="king"):
    """Roll to overthrow the King (3 castles at the start of the turn); the first throw is made at once.

    JSON: `{"kind": "king"}`. Seed, Spielende 2.
    """


class Throw(MoveRecord, frozen=True, tag="throw"):
    """Keep the dice showing `keep` and throw the others.

    `keep` is a sorted sub-multiset of the non-six dice on the table that
    leaves at least one die to throw; [] throws them all (the first throw
    of a defence or a tournament player). JSON: `{"kind": "throw", "keep": [faces]}`.
    """

    keep: tuple[Face, ...] = ()


class Stop(MoveRecord, frozen=True, tag="stop"):
    """End the roll attempt with the dice on the table. JSON: `{"kind": "stop"}`."""


class Decline(MoveRecord, frozen=True, tag="decline"):
    """Do not defend the attacked castle, or pass in a tournament (before the first throw).

    JSON: `{"kind": "decline"}`. Knatsch rulings, Asynchronous play.
    """


class Revenge(MoveRecord, frozen=True, tag="revenge"):
    """The King's revenge: give up castle `card`, which goes under stack `stack`.

    JSON: `{"kind": "revenge", "card": "<castle id>", "stack": 0 | 1}`. Seed, Spielende 2.
    """

    card: CardId
    stack: StackIndex


class Pass(MoveRecord, frozen=True, tag="pass"):
    """End the turn without rolling. JSON: `{"kind": "pass"}`.

    Allowed when no target is possible (Knatsch rulings, End), in an extra
    attempt (seed, "Nochmal dran?": the player "darf") and when the King is
    the only target (Knatsch rulings, King).
    """


Move: TypeAlias = (
    PutUnder
    | RollForStack
    | Attack
    | RollForKing
    | Throw
    | Stop
    | Decline
    | Revenge
    | Pass
)

# Move JSON close to Knatsch's moves that `move_from_json` must refuse; the
# conformance suite checks every game against it (GameEntry.conformance).
MALFORMED_MOVES: tuple[object, ...] = ({"kind": "pass", "seat": 0},)
