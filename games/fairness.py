"""Provably fair randomness: seeds, commitment, key and verification (issue 23).

Pure Python (no Django): the verify page, `manage.py verify_match` and the
tests share it; scripts/verify_match.py repeats the two formulas with the
standard library only, for anyone without the project.

The scheme:

1. At creation the server draws `server_seed`: 32 random bytes, kept as 64
   lowercase hex digits and secret until the match is over. Its commitment,
   public from creation on, is `sha256(bytes.fromhex(server_seed)).hexdigest()`.
2. Each seat taken contributes a `client_seed`: up to 64 printable ASCII
   characters (U+0020 to U+007E), chosen by the person (browser, API) or
   generated (`secrets.token_hex(16)`), robots' always generated.
3. When the match starts the key is
   `HMAC-SHA256(key=bytes.fromhex(server_seed), msg="\\n".join(client seeds
   in seat order).encode("ascii")).hexdigest()`; the engine's `new_state`
   gets it as its seed and every draw follows from it (games/rules/rng.py,
   keyed scheme). A client seed holds no newline, so the message is
   unambiguous.

A match created before (server_seed "") draws from its legacy int seed and
cannot be verified this way.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.rules import IllegalMove
from games.rules.base import gettext_noop
from games.rules.registry import rules_for

CLIENT_SEED_MAX = 64
# The statuses of a match that is over (games.models.Match.ENDED; a test
# keeps the two equal): only then is the server seed revealed.
ENDED_STATUSES = frozenset({"finished", "cancelled", "aborted"})

CLIENT_SEED_INVALID = gettext_noop(
    "A client seed is at most 64 printable ASCII characters "
    "(letters, digits, punctuation and spaces)."
)


def server_seed_new() -> str:
    """Return a new server seed: 32 random bytes as 64 lowercase hex digits."""
    return secrets.token_hex(32)


def commitment(server_seed: str) -> str:
    """Return the commitment of `server_seed` (hex): SHA-256 of its bytes, in hex.

    Raises ValueError when `server_seed` is not hex.
    """
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


def client_seed_clean(value: str) -> str:
    """Return the client seed to store for `value`: a generated one when blank.

    Blank (""): `secrets.token_hex(16)`. Otherwise `value` unchanged, which
    must be at most 64 characters, each printable ASCII (U+0020-U+007E);
    else ValueError with the msgid CLIENT_SEED_INVALID.
    """
    if value == "":
        return secrets.token_hex(16)
    if len(value) > CLIENT_SEED_MAX or any(not " " <= c <= "~" for c in value):
        raise ValueError(CLIENT_SEED_INVALID)
    return value


def key_derive(server_seed: str, client_seeds: Sequence[str]) -> str:
    """Return the match's key (64 hex digits) from its seeds (module docstring, 3).

    `client_seeds` in seat order. Raises ValueError for a server seed that
    is not hex.
    """
    message = "\n".join(client_seeds).encode("ascii")
    return hmac.new(bytes.fromhex(server_seed), message, hashlib.sha256).hexdigest()


def start_seed(
    server_seed: str, client_seeds: Sequence[str], legacy_seed: int
) -> int | str:
    """Return the seed a match's `new_state` gets when it starts.

    The key (`key_derive`) for a match with a server seed; `legacy_seed`
    (the match's int seed, legacy scheme) for one created before provably
    fair randomness (server seed ""). `client_seeds` in seat order.
    """
    if not server_seed:
        return legacy_seed
    return key_derive(server_seed, client_seeds)


class SeededMatch(Protocol):
    """What `seed_record` and `match_seed` read of a match (games.models.Match fits)."""

    status: str
    seed: int
    server_seed: str
    seed_commitment: str


class SeededSeat(Protocol):
    """What `seed_record` reads of a seat (games.models.Seat fits)."""

    position: int
    client_seed: str


def seed_record(match: SeededMatch, seats: Iterable[SeededSeat]) -> dict[str, Any]:
    """Return the seed part of a match's record (JSON).

    `{"seed_commitment": hex, "server_seed": hex, "client_seeds": [str, ...]}`:
    client seeds in seat order; the server seed only once the match is over
    ("" before, and "" for a match made before provably fair randomness).
    """
    over = match.status in ENDED_STATUSES
    return {
        "seed_commitment": match.seed_commitment,
        "server_seed": match.server_seed if over else "",
        "client_seeds": [s.client_seed for s in sorted(seats, key=_position)],
    }


def match_seed(match: SeededMatch, seats: Iterable[SeededSeat]) -> int | str:
    """Return the seed `rules.new_state` deals `match` from (`start_seed`).

    The one derivation the start of a match and its replay share: the
    seats' client seeds in seat order, whatever order `seats` come in.
    """
    ordered = sorted(seats, key=_position)
    return start_seed(match.server_seed, [s.client_seed for s in ordered], match.seed)


def _position(seat: SeededSeat) -> int:
    return seat.position


@dataclass(frozen=True)
class Check:
    """One verification step's result.

    `code`: "commitment", "client_seeds", "key", "replay" or "final_state";
    `ok`: True passed, False failed, None could not be checked; `message`
    a msgid with `%(name)s` placeholders filled from `params`.
    """

    code: str
    ok: bool | None
    message: str
    params: dict[str, Any] = field(default_factory=dict)


def verify(record: Mapping[str, Any]) -> list[Check]:
    """Return the checks of a finished match's `record` (JSON), in order.

    `record`: {"game", "options", "seats": [{"position", "client_seed"}],
    "moves": [{"seq", "seat", "move", "events"?, "rules_version"?}],
    "state"?, "seed_commitment", "server_seed", "client_seeds"} (the
    record download's shape, issue 23). Checks: the server seed matches
    the commitment; the client seeds are the seats'; the key derived; the
    moves replayed from `new_state(seed=key)` give each stored move's events;
    the last state equals the stored `state`. Never raises for a bad
    record: a check fails instead.
    """
    server_seed = str(record.get("server_seed") or "")
    stated = str(record.get("seed_commitment") or "")
    if not server_seed or not stated:
        return [
            Check(
                "commitment",
                None,
                gettext_noop(
                    "This match has no revealed server seed: it is still running "
                    "or was created before provably fair randomness."
                ),
            )
        ]
    try:
        computed = commitment(server_seed)
    except ValueError:
        computed = ""
    checks = [
        Check(
            "commitment",
            computed == stated,
            gettext_noop("SHA-256 of the server seed: %(computed)s"),
            {"computed": computed or "?"},
        )
    ]
    client_seeds = [str(s) for s in record.get("client_seeds") or []]
    seats = sorted(record.get("seats") or [], key=lambda s: int(s["position"]))
    if seats and all("client_seed" in s for s in seats):
        checks.append(
            Check(
                "client_seeds",
                [s["client_seed"] for s in seats] == client_seeds,
                gettext_noop("The client seeds are the seats' (%(count)d)."),
                {"count": len(seats)},
            )
        )
    if not checks[0].ok:
        return checks
    key = key_derive(server_seed, client_seeds)
    checks.append(Check("key", True, gettext_noop("Key: %(key)s"), {"key": key}))
    checks += _replay(record, key, len(seats) or len(client_seeds))
    return checks


def _replay(record: Mapping[str, Any], key: str, seat_count: int) -> list[Check]:
    """Return the replay and final-state checks of `record` with `key`."""
    try:
        rules = rules_for(str(record.get("game")))
    except KeyError:
        return [Check("replay", False, gettext_noop("There is no such game."))]
    moves = sorted(record.get("moves") or [], key=lambda m: int(m["seq"]))
    versions = {str(m.get("rules_version", rules.info.version)) for m in moves}
    if versions - {rules.info.version}:
        return [
            Check(
                "replay",
                None,
                gettext_noop(
                    "Moves were made under rules version %(versions)s; this "
                    "server has version %(version)s and cannot replay them."
                ),
                {
                    "versions": ", ".join(sorted(versions)),
                    "version": rules.info.version,
                },
            )
        ]
    try:
        state = rules.new_state(
            seats=seat_count, options=dict(record.get("options") or {}), seed=key
        )
        for move in moves:
            state, events = rules.apply(
                state, int(move["seat"]), rules.move_from_json(move["move"])
            )
            if "events" in move and [e.to_json() for e in events] != move["events"]:
                return [_replay_failed(move)]
    except (IllegalMove, ValueError, KeyError, TypeError):
        return [
            Check(
                "replay",
                False,
                gettext_noop("The moves cannot be replayed from this key."),
            )
        ]
    checks = [
        Check(
            "replay",
            True,
            gettext_noop(
                "All %(count)d moves replayed from the key gave the stored events."
            ),
            {"count": len(moves)},
        )
    ]
    if record.get("state") is not None:
        checks.append(
            Check(
                "final_state",
                state.to_json() == record["state"],
                gettext_noop("The replayed final state is the stored one."),
            )
        )
    return checks


def _replay_failed(move: Mapping[str, Any]) -> Check:
    return Check(
        "replay",
        False,
        gettext_noop("Move %(seq)d gave other events than the stored ones."),
        {"seq": int(move["seq"])},
    )
