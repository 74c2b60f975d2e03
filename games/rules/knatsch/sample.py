"""Knatsch: a full state consistent with one seat's view (a determinization).

Knatsch is open (secrets.py): every owned card and both stack tops are shown
to everybody. Hidden from every seat: which of the unseen cards lies in which
stack below its top and in what order, and the `Rng` that decides every later
throw. `sample_state` rebuilds everything else from the view and draws those
two with the robot's `rng`, so a search can play the game on with the
engine's own `apply` (Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 4(2), 2012: determinization).

One public fact is not in the view: the order in which a seat captured
cards of different types (the view lists castles, specials and tournaments
apart). The sample lists them castles first; only the order of the attack
moves among the legal moves can differ, never the moves themselves.
"""

from __future__ import annotations

from typing import Any, cast

from games.rules.base import JSON
from games.rules.rng import Rng

from .cards import CARD_IDS
from .state import Attempt, Last, State, Tournament

_GROUPS = ("castles", "specials", "tournaments")


def _triple(values: list[int]) -> tuple[int, int, int]:
    count, face, kicker = values
    return (count, face, kicker)


def _attempt(data: JSON) -> Attempt:
    return Attempt(
        roller=data["roller"],
        role=data["role"],
        target=data["target"]["id"],
        stack=data["stack"],
        owner=data["owner"],
        beat=_triple(data["beat"]),
        dice=data["dice"],
        fixed=tuple(data["fixed"]),
        throws=data["throws"],
        max_throws=data["max_throws"],
        kept=tuple(data["kept"]),
        rolled=tuple(data["rolled"]),
        sixes=data["sixes"],
    )


def _tournament(data: JSON) -> Tournament:
    return Tournament(
        card=data["card"],
        stack=data["stack"],
        host=data["host"],
        order=tuple(data["order"]),
        results=tuple(
            (r["seat"], None if r["result"] is None else _triple(r["result"]))
            for r in data["results"]
        ),
        leader=data["leader"],
        best=_triple(data["best"]),
    )


def _last(data: JSON) -> Last:
    return Last(
        roller=data["roller"],
        role=data["role"],
        target=data["target"]["id"],
        dice=tuple(data["dice"]),
        fixed=tuple(data["fixed"]),
        sixes=data["sixes"],
        result=_triple(data["result"]),
        beat=_triple(data["beat"]),
        success=data["success"],
    )


def sample_state(view: JSON, seat: int, rng: Rng) -> State:
    """Return a State whose `view(·, seat)` is `view`, the hidden part drawn with `rng`.

    `view` is `KnatschRules.view(state, seat)` (engine.py's module
    docstring). The cards neither owned nor on a stack's top are shuffled
    and dealt below the tops, as many to each stack as its `count` says;
    the sample's own `Rng` (the future throws) is seeded from `rng`. The
    same `rng` gives the same sample, and the same for every `seat`:
    nothing is private. Raises ValueError (from State's
    checks) for a view no state can have, e.g. a card shown twice.
    """
    owned = tuple(
        tuple(card["id"] for group in _GROUPS for card in player[group])
        for player in view["players"]
    )
    stacks_view = view["stacks"]
    tops = [s["top"]["id"] if s["top"] is not None else None for s in stacks_view]
    seen = {c for cards in owned for c in cards} | {t for t in tops if t is not None}
    unseen = [c for c in CARD_IDS if c not in seen]
    shuffled, rng = rng.shuffled(unseen)
    seed, _ = rng.randint(0, 2**62)
    stacks: list[tuple[str, ...]] = []
    at = 0
    for top, stack in zip(tops, stacks_view, strict=True):
        if top is None:
            stacks.append(())
            continue
        below = stack["count"] - 1
        stacks.append((top, *shuffled[at : at + below]))
        at += below
    if at != len(shuffled):
        raise ValueError("the stacks' counts disagree with the cards seen")
    current = view["current"]
    king_ready = (
        current is not None and view["players"][current]["progress"]["king"]["ready"]
    )
    attempt = view["attempt"]
    tournament = view["tournament"]
    last = view["last"]
    return State(
        seats=view["seats"],
        rng=Rng(seed=seed),
        start=view["start"],
        current=current,
        phase=view["phase"],
        stacks=cast(Any, (stacks[0], stacks[1])),
        owned=owned,
        put_under_used=view["put_under_used"],
        king_ready=king_ready,
        extra=view["extra"],
        attempt=None if attempt is None else _attempt(attempt),
        tournament=None if tournament is None else _tournament(tournament),
        last=None if last is None else _last(last),
        turn=view["turn"],
        winner=view["winner"],
        end_reason=view["end_reason"],
    )
