"""What a move leaves behind: its `Event`s, a finished match's `Outcome`, new turns.

`Event` and `Outcome` are declared types (msgspec Structs, like the states
in `games/rules/structs.py`): `from_json` checks stored data against the
declaration and refuses anything else with IllegalMove and a message, so a
malformed row in the move log never reaches a reader as a KeyError or
TypeError. `to_json` gives the same JSON as the hand-written encoders did
before (golden playthroughs and stored rows depend on it).
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

import msgspec

from .messages import JSON, IllegalMove, gettext_noop

MALFORMED_EVENT = gettext_noop("That game event is not understood.")
MALFORMED_OUTCOME = gettext_noop("That match result is not understood.")


def turns_started(before: frozenset[int], after: frozenset[int]) -> frozenset[int]:
    """Return the seats whose turn starts when `to_move` goes from `before` to `after`.

    A turn starts when a seat becomes to move. A seat that stays to move
    continues its turn, whether it moved (a turn of several steps, as in
    Dice Stars) or waited (a simultaneous phase, as Race's favourites).
    At the start of a match `before` is empty.
    """
    return after - before


class _Declared(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of the platform's declared outputs: strict `from_json`."""

    # The IllegalMove message when `from_json` refuses data.
    malformed: ClassVar[str]

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Return the value stored as `data`; raise IllegalMove if malformed.

        Strict: no coercion ("1" is not 1, a bool is not an int), unknown
        and missing required keys are refused, and so is anything that is
        not an object.
        """
        try:
            return msgspec.convert(data, cls, strict=True)
        except msgspec.ValidationError as error:
            raise IllegalMove(cls.malformed) from error


class Event(_Declared, frozen=True):
    """A fact a move caused. `visible_to=None` means every seat and spectators.

    JSON: `{"kind": str, "data": {...}, "visible_to": [int, ...] | null}`,
    the seats sorted; a missing `visible_to` reads as null.
    """

    kind: str
    data: JSON
    visible_to: frozenset[int] | None = None

    malformed: ClassVar[str] = MALFORMED_EVENT

    def to_json(self) -> JSON:
        """Return `{"kind", "data", "visible_to": list[int] | None}`."""
        # Written out (not msgspec's encoder) because a set has no order of
        # its own: the stored list is sorted, as it always was.
        return {
            "kind": self.kind,
            "data": self.data,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }

    def visible_for(self, seat: int | None) -> bool:
        """Return whether `seat` (None = spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


class Outcome(_Declared, frozen=True):
    """How a finished match ranked the seats.

    `ranks[seat]` is 1 for first place; equal ranks are ties. A solo match
    (one seat against the game) ranks its seat 1 if it won, 2 if the game
    won. `scores[seat]` is the final score where the game has one.
    JSON: `{"ranks": [int, ...], "reason": str, "scores": [int, ...] | null}`;
    a missing `scores` reads as null. `from_json` also refuses ranks
    below 1 and scores that are not one per seat.
    """

    ranks: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None

    malformed: ClassVar[str] = MALFORMED_OUTCOME

    def __post_init__(self) -> None:
        """Check what the types cannot say (msgspec turns ValueError into a refusal)."""
        if any(rank < 1 for rank in self.ranks):
            raise ValueError("ranks start at 1")
        if self.scores is not None and len(self.scores) != len(self.ranks):
            raise ValueError("one score per seat")

    def to_json(self) -> JSON:
        """Return `{"ranks": [...], "reason": str, "scores": [...] | None}`."""
        return {
            "ranks": list(self.ranks),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
        }
