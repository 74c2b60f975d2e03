"""The Knatsch board tests' helpers: reading a board page and storing a phase in a match.

A phase is reached by storing an engine `State` (RULES.new_state changed
with `games.rules.structs.replace`) in the match: the cards each seat
owns, the stacks' top cards, the attempt in progress, the tournament, the
last attempt (`put`, and the phases built on it: `roll`, `defence`,
`tournament`).
"""

from __future__ import annotations

import json
from typing import Any

from games.rules.knatsch.cards import CARD_IDS
from games.rules.knatsch.state import Attempt, Last, Tournament
from games.rules.structs import replace
from tests.games.helpers import state_of, state_store
from tests.games.html_tree import Node, html_tree


def canonical(move: dict) -> str:
    return json.dumps(move, sort_keys=True)


def board_of(client, match) -> Node:
    """Return the Knatsch board of the match page as `client` sees it."""
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    return html_tree(response.content.decode()).one("div", cls="knatsch")


def offered(board: Node) -> list[str]:
    """Return the moves the board's one-move forms post (the keep form has none).

    Beside the cards only: the summary's decision group (#board-summary,
    `summary_offered`) repeats the choice of a target as one keyboard group.
    """
    return sorted(
        canonical(json.loads(i.attrs["value"] or "null"))
        for i in board.all("input", name="move")
        if i.attrs["value"]
        and not any(a.attrs.get("id") == "board-summary" for a in i.ancestors())
    )


def summary_offered(board: Node) -> list[str]:
    """Return the moves the summary's decision group posts."""
    group = board.one(id="board-summary").all(data_role="decision")
    return sorted(canonical(m) for g in group for m in g.moves() if m is not None)


# ---------------------------------------------------------------------------
# Matches and states


def put(match, owned, tops=((), ()), **changes):
    """Store a state of `match`: seat i owns `owned[i]`, stack j starts with `tops[j]`.

    Every other card lies in the stacks, below the tops. `changes` are more
    State fields (phase, current, attempt, ...), all applied at once; by
    default seat 0 chooses a target.
    """
    state = state_of(match)
    used = [c for cards in owned for c in cards] + [c for top in tops for c in top]
    rest = [c for c in CARD_IDS if c not in used]
    half = (len(rest) + 1) // 2
    stacks = (tuple(tops[0]) + tuple(rest[:half]), tuple(tops[1]) + tuple(rest[half:]))
    changes.setdefault("current", 0)
    changes.setdefault("phase", "target")
    changes.setdefault("attempt", None)
    changes.setdefault("tournament", None)
    state = replace(
        state,
        owned=tuple(tuple(cards) for cards in owned),
        stacks=stacks,
        **changes,
    )
    state_store(match, state)
    return state


def attempt(**fields) -> Attempt:
    """An attempt of seat 0 attacking a stack card, changed by `fields`."""
    values: dict[str, Any] = {
        "roller": 0,
        "role": "attack",
        "target": "castle-eagle-2",
        "stack": 0,
        "owner": None,
        "beat": (3, 3, 2),
        "dice": 6,
        "fixed": (),
        "throws": 1,
        "max_throws": 3,
        "kept": (),
        "rolled": (1, 2, 3, 3, 4, 5),
        "sixes": 0,
    }
    values.update(fields)
    return Attempt(**values)


# Alice holds the lion and the bear, Bob the dragon and the stag.
TWO_EACH = (("castle-lion-3", "castle-bear-1"), ("castle-dragon-2", "castle-stag-1"))


# Every card that is no seat's and on no top: the rest of the stacks.
STAG_TOP = (("castle-eagle-2",), ("tournament-1",))


def last(**fields) -> Last:
    """A finished attempt of seat 1 on a stack castle, changed by `fields`."""
    values: dict[str, Any] = {
        "roller": 1,
        "role": "attack",
        "target": "castle-lion-2",
        "dice": (2, 3, 3, 3),
        "fixed": (),
        "sixes": 2,
        "result": (3, 3, 2),
        "beat": (3, 3, 4),
        "success": False,
    }
    values.update(fields)
    return Last(**values)


def roll(match, **fields):
    """Put `match` in seat 0's attack on the top of stack 0, its attempt changed by `fields`."""
    owned = (TWO_EACH[0] + ("squire-4-1",), TWO_EACH[1])
    return put(match, owned, tops=STAG_TOP, phase="roll", attempt=attempt(**fields))


ROLLING = {
    "fixed": (4,),
    "throws": 2,
    "max_throws": 4,
    "kept": (3, 3),
    "rolled": (1, 3, 5),
    "sixes": 1,
}


def defence(match):
    """Bob (1) defends his stag against alice's 3 × 3 + 5; he has not thrown yet."""
    return put(
        match,
        (TWO_EACH[0] + ("squire-4-1",), TWO_EACH[1] + ("guard-1",)),
        tops=STAG_TOP,
        current=0,
        phase="roll",
        attempt=attempt(
            roller=1,
            role="defence",
            target="castle-stag-1",
            stack=None,
            owner=1,
            beat=(3, 3, 5),
            throws=0,
            max_throws=4,
            rolled=(),
        ),
        last=last(
            roller=0,
            target="castle-stag-1",
            dice=(1, 3, 3, 3, 5),
            fixed=(4,),
            sixes=1,
            result=(3, 3, 5),
            beat=(3, 3, 5),
            success=True,
        ),
    )


def tournament(match):
    """Alice (0) hosted from stack 0 and leads with 3 × 4 + 2; bob (1) throws next."""
    return put(
        match,
        TWO_EACH + ((),),
        tops=(("tournament-1",), ()),
        current=0,
        phase="roll",
        attempt=attempt(
            roller=1,
            role="joust",
            target="tournament-1",
            stack=0,
            beat=(3, 4, 2),
            throws=0,
            rolled=(),
        ),
        tournament=Tournament(
            card="tournament-1",
            stack=0,
            host=0,
            order=(2,),
            results=((0, (3, 4, 2)),),
            leader=0,
            best=(3, 4, 2),
        ),
    )
