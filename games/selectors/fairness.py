"""Reads for provably fair randomness: a match's record to verify (issue 23).

The verify page and `manage.py verify_match` read a match through
`verify_record`; games/fairness.py (pure) checks it.
"""

from __future__ import annotations

from typing import Any

from games import fairness
from games.models import Match

from .records import match_record


def verify_record(match: Match) -> dict[str, Any]:
    """Return `match`'s record as games/fairness.py `verify` reads it (JSON).

    For an ended match, its record (games/selectors/records.py
    `match_record`: the download and `GET /api/matches/{id}/record/` give
    the same, so anyone can check a downloaded one). While the match runs,
    only {"id", "game", "rules_version", "options", "seed_commitment",
    "server_seed": ""}: nothing secret leaves the server before the end
    (the seed decides every future draw). Two queries once over (seats,
    moves), one before.
    """
    if match.is_over:
        return match_record(match)
    seeds = fairness.seed_record(match, ())
    return {
        "id": match.id,
        "game": match.game_slug,
        "rules_version": match.rules_version,
        "options": match.options,
        "seed_commitment": seeds["seed_commitment"],
        "server_seed": seeds["server_seed"],
    }
