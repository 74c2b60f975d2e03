"""What a move leaves behind: its `Event`s, a finished match's `Outcome`, new turns."""

from __future__ import annotations

from dataclasses import dataclass

from .messages import JSON


def turns_started(before: frozenset[int], after: frozenset[int]) -> frozenset[int]:
    """Return the seats whose turn starts when `to_move` goes from `before` to `after`.

    A turn starts when a seat becomes to move. A seat that stays to move
    continues its turn, whether it moved (a turn of several steps, as in
    Dice Stars) or waited (a simultaneous phase, as Race's favourites).
    At the start of a match `before` is empty.
    """
    return after - before


@dataclass(frozen=True, slots=True)
class Event:
    """A fact a move caused. `visible_to=None` means every seat and spectators."""

    kind: str
    data: JSON
    visible_to: frozenset[int] | None = None

    def to_json(self) -> JSON:
        """Return `{"kind", "data", "visible_to": list[int] | None}`."""
        return {
            "kind": self.kind,
            "data": self.data,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Event:
        """Inverse of `to_json`."""
        seats = data.get("visible_to")
        return cls(
            kind=data["kind"],
            data=data["data"],
            visible_to=None if seats is None else frozenset(seats),
        )

    def visible_for(self, seat: int | None) -> bool:
        """Return whether `seat` (None = spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ranked the seats.

    `ranks[seat]` is 1 for first place; equal ranks are ties. A solo match
    (one seat against the game) ranks its seat 1 if it won, 2 if the game
    won. `scores[seat]` is the final score where the game has one.
    """

    ranks: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] | None = None

    def to_json(self) -> JSON:
        """Return `{"ranks": [...], "reason": str, "scores": [...] | None}`."""
        return {
            "ranks": list(self.ranks),
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Outcome:
        """Inverse of `to_json`."""
        scores = data.get("scores")
        return cls(
            ranks=tuple(data["ranks"]),
            reason=data["reason"],
            scores=None if scores is None else tuple(scores),
        )
