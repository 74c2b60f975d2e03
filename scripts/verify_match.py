#!/usr/bin/env python3
"""Check a finished Spielpost match's provably fair randomness (issue 23).

Stand-alone: Python 3.8+ standard library only, no Spielpost code. It reads
a match record (the JSON the site's record download gives) and

1. checks the revealed server seed against the commitment published at the
   match's creation: sha256(bytes.fromhex(server_seed)) == seed_commitment;
2. checks the client seeds are the seats' (in seat order);
3. derives the key every draw of the match came from:
   HMAC-SHA256(key=bytes.fromhex(server_seed),
               msg="\\n".join(client_seeds).encode("ascii")), in hex;
4. prints the first draws that key implies, by the keyed scheme of
   games/rules/rng.py (repeated below): dice throws (`--dice`) and deck
   shuffles (`--deck`), draw number by draw number.

It cannot replay the moves: that needs the game's rules, which live in the
Spielpost project (`manage.py verify_match <id>`, or the match's verify
page /matches/<id>/verify/, do that). What it shows is enough to check a
deal or a roll by hand: e.g. a Race match's draw 0 is the shuffle of its
deck (`--deck 52` gives the permutation: position i of the dealt deck holds
card number perm[i] of the deck in its listed order), and in a dice game
draw n is the n-th throw.

Record shape (other keys are ignored): {"game", "seats": [{"position",
"client_seed", ...}], "seed_commitment", "server_seed", "client_seeds"}.

Usage: verify_match.py RECORD.json [--draws N] [--dice COUNT] [--sides S]
       [--deck SIZE] [--json]     (RECORD "-" reads standard input)
Exit status: 0 when the checks pass, 1 when one fails, 2 for a bad record.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import sys
from collections.abc import Iterator
from typing import Any

WORDS = 2**64


def commitment(server_seed: str) -> str:
    """Return the hex SHA-256 of the server seed's bytes."""
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


def key_derive(server_seed: str, client_seeds: list[str]) -> str:
    """Return the match's key: HMAC-SHA256(server seed bytes, joined client seeds)."""
    message = "\n".join(client_seeds).encode("ascii")
    return hmac.new(bytes.fromhex(server_seed), message, hashlib.sha256).hexdigest()


class Draw:
    """The words of one draw number of the keyed scheme (games/rules/rng.py).

    Block c of draw n: HMAC-SHA256(key, n as 8 bytes big-endian + c as 8
    bytes big-endian), c = 0, 1, ...; each block is four big-endian unsigned
    64-bit words, used in order.
    """

    def __init__(self, key: str, number: int) -> None:
        self.words = self._words(bytes.fromhex(key), number)

    @staticmethod
    def _words(key: bytes, number: int) -> Iterator[int]:
        counter = 0
        while True:
            block = hmac.new(
                key,
                number.to_bytes(8, "big") + counter.to_bytes(8, "big"),
                hashlib.sha256,
            ).digest()
            for at in range(0, 32, 8):
                yield int.from_bytes(block[at : at + 8], "big")
            counter += 1

    def below(self, bound: int) -> int:
        """An unbiased int in [0, bound): reject words >= 2**64 - 2**64 % bound."""
        limit = WORDS - WORDS % bound
        while True:
            word = next(self.words)
            if word < limit:
                return word % bound

    def randint(self, low: int, high: int) -> int:
        return low + self.below(high - low + 1)

    def shuffle(self, items: list[Any]) -> list[Any]:
        """Fisher-Yates from the last index down: j = below(i + 1), swap."""
        items = list(items)
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def check(record: Any, draws: int, dice: int, sides: int, deck: int) -> Any:
    """Return the report of `record` (a dict, see --json) and whether it passed."""
    server_seed = record.get("server_seed") or ""
    stated = record.get("seed_commitment") or ""
    client_seeds = [str(s) for s in record.get("client_seeds") or []]
    if not server_seed:
        raise ValueError("the record has no server seed: is the match over?")
    report: Any = {
        "commitment": commitment(server_seed),
        "commitment_ok": commitment(server_seed) == stated,
    }
    seats = sorted(record.get("seats") or [], key=lambda s: int(s["position"]))
    if seats and all("client_seed" in s for s in seats):
        report["client_seeds_ok"] = [s["client_seed"] for s in seats] == client_seeds
    key = key_derive(server_seed, client_seeds)
    report["key"] = key
    report["draws"] = [
        {
            "draw": n,
            **(_dice(key, n, dice, sides) if dice else {}),
            **({"deck": Draw(key, n).shuffle(list(range(deck)))} if deck else {}),
        }
        for n in range(draws)
    ]
    passed = report["commitment_ok"] and report.get("client_seeds_ok", True)
    return report, passed


def _dice(key: str, number: int, count: int, sides: int) -> Any:
    draw = Draw(key, number)
    return {"dice": [draw.randint(1, sides) for _ in range(count)]}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", help="the match record (JSON); - for stdin")
    parser.add_argument("--draws", type=int, default=5, help="draws to show (5)")
    parser.add_argument("--dice", type=int, default=1, help="dice per throw (1)")
    parser.add_argument("--sides", type=int, default=6, help="sides per die (6)")
    parser.add_argument("--deck", type=int, default=0, help="deck size to shuffle")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    if args.sides < 1 or min(args.draws, args.dice, args.deck) < 0:
        parser.error("--sides must be at least 1; --draws, --dice, --deck at least 0")
    try:
        if args.record == "-":
            record = json.load(sys.stdin)
        else:
            with open(args.record, encoding="utf-8") as file:
                record = json.load(file)
        report, passed = check(record, args.draws, args.dice, args.sides, args.deck)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        print(f"Cannot read the record: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        _print(report)
    return 0 if passed else 1


def _print(report: Any) -> None:
    mark = "ok" if report["commitment_ok"] else "FAILED"
    print(f"commitment: {mark} (sha256 of the server seed: {report['commitment']})")
    if "client_seeds_ok" in report:
        mark = "ok" if report["client_seeds_ok"] else "FAILED"
        print(f"client seeds: {mark} (the seats', in seat order)")
    print(f"key: {report['key']}")
    for draw in report["draws"]:
        parts = []
        if "dice" in draw:
            parts.append(f"dice {draw['dice']}")
        if "deck" in draw:
            parts.append(f"deck order {draw['deck']}")
        print(f"draw {draw['draw']}: {'; '.join(parts)}")
    print(
        "The moves are not replayed here: that needs the game's rules (the "
        "Spielpost project: manage.py verify_match, or the verify page)."
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
