"""Reads for provably fair randomness: a match's record to verify (issue 23).

The verify page and `manage.py verify_match` read a match through
`verify_record`; games/fairness.py (pure) checks it.
"""

from __future__ import annotations

from typing import Any

from games import fairness
from games.models import Match


def verify_record(match: Match) -> dict[str, Any]:
    """Return `match`'s record as games/fairness.py `verify` reads it (JSON).

    {"game", "rules_version", "options", "seats": [{"position",
    "client_seed"}], "moves": [{"seq", "seat", "move", "events",
    "rules_version"}], "state", "seed_commitment", "server_seed",
    "client_seeds"}. While the match runs `server_seed` is "" and `state`,
    `moves` and the client seeds are left out: nothing secret leaves the
    server before the end (the seed decides every future draw). Two queries
    once over (seats, moves), one before.
    """
    seats = list(match.seats.order_by("position"))
    seeds = fairness.seed_record(match, seats)
    record: dict[str, Any] = {
        "id": match.id,
        "game": match.game_slug,
        "rules_version": match.rules_version,
        "options": match.options,
        "seed_commitment": seeds["seed_commitment"],
        "server_seed": seeds["server_seed"],
    }
    if not match.is_over:
        return record
    record["seats"] = [
        {"position": s.position, "client_seed": s.client_seed} for s in seats
    ]
    record["client_seeds"] = seeds["client_seeds"]
    record["moves"] = [
        {
            "seq": m.seq,
            "seat": m.seat,
            "move": m.payload,
            "events": m.events,
            "rules_version": m.rules_version,
        }
        for m in match.moves.order_by("seq")
    ]
    record["state"] = match.state
    return record
