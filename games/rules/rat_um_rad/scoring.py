"""Rat um Rad: destination cards completed, the longest trail, the final score.

Rat um Rad seed, "Ende des Spiels und gewinnende Spielperson" and the
scoring bullets; Rat um Rad rulings, End.
"""

from __future__ import annotations

from games.rules.base import JSON, Outcome

from .graph import edges_of, joining, longest
from .maps import Destination, Map
from .state import State

BONUS = 10


def completion(
    state: State, seat: int, game_map: Map, card: str
) -> tuple[str, ...] | None:
    """Return the road ids of one path of `seat`'s roads joining `card`'s places, or None."""
    destination = game_map.destinations[card]
    return joining(edges_of(state, seat, game_map), destination.a, destination.b)


def longest_trails(state: State, game_map: Map) -> list[int]:
    """Return each seat's longest trail of own roads, in wheels."""
    return [longest(edges_of(state, s, game_map)) for s in range(state.seats)]


def bonuses(trails: list[int]) -> list[int]:
    """Return each seat's longest-trail bonus: 10 for every seat tied for the longest.

    Nobody gets it when nobody built a road (Rat um Rad rulings, End;
    edition ruling for the zero case).
    """
    best = max(trails)
    return [BONUS if best > 0 and trail == best else 0 for trail in trails]


def ranks(totals: list[int]) -> tuple[int, ...]:
    """Return competition ranks: 1 + the number of seats with a higher total (ties share)."""
    return tuple(1 + sum(other > total for other in totals) for total in totals)


def results(state: State, game_map: Map) -> list[JSON]:
    """Return per seat {seat, track, completed, failed, longest, bonus, destination_points, total, rank}.

    `completed` and `failed` are destination card dicts (Destination.to_json);
    `destination_points` is completed minus failed points.
    """
    trails = longest_trails(state, game_map)
    bonus = bonuses(trails)
    rows: list[JSON] = []
    for seat in range(state.seats):
        completed: list[Destination] = []
        failed: list[Destination] = []
        for card in state.destinations[seat]:
            found = completion(state, seat, game_map, card) is not None
            (completed if found else failed).append(game_map.destinations[card])
        points = sum(d.points for d in completed) - sum(d.points for d in failed)
        rows.append(
            {
                "seat": seat,
                "track": state.track[seat],
                "completed": [d.to_json() for d in completed],
                "failed": [d.to_json() for d in failed],
                "longest": trails[seat],
                "bonus": bonus[seat],
                "destination_points": points,
                "total": state.track[seat] + points + bonus[seat],
            }
        )
    for row, rank in zip(rows, ranks([r["total"] for r in rows]), strict=True):
        row["rank"] = rank
    return rows


def outcome(state: State, game_map: Map) -> Outcome | None:
    """Return the ranks and totals once over (ties share a rank), else None."""
    if state.end_reason is None:
        return None
    rows = results(state, game_map)
    return Outcome(
        ranks=tuple(r["rank"] for r in rows),
        reason=state.end_reason,
        scores=tuple(r["total"] for r in rows),
    )
