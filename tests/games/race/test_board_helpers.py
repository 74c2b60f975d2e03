"""Race's board helpers (games/rules/race/board.py): pure, no database.

The board puts each card's buttons under the card and names Knonsters by id
(the podium, the favourites); these helpers do the joins once per render.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.rules.race.board import hand_rows, knonsters_by_id


@dataclass(frozen=True)
class Move:
    """A legal move as the board has it (only `data` is read)."""

    data: dict[str, Any]


HAND = [{"card": "a"}, {"card": "b"}, {"card": "c"}]


def test_each_card_gets_its_play_and_power_moves_in_their_order() -> None:
    moves = [
        Move({"kind": "play", "card": "b", "target": 1}),
        Move({"kind": "power", "card": "a"}),
        Move({"kind": "play", "card": "a"}),
        Move({"kind": "play", "card": "b", "target": 2}),
    ]
    rows = hand_rows(HAND, moves)
    assert [row.card["card"] for row in rows] == ["a", "b", "c"]
    assert [(row.plays, row.powers) for row in rows] == [
        ([moves[2]], [moves[1]]),
        ([moves[0], moves[3]], []),
        ([], []),
    ]


def test_moves_of_no_card_in_the_hand_and_other_kinds_are_left_out() -> None:
    moves = [
        Move({"kind": "favourites", "knonsters": ["x", "y"]}),
        Move({"kind": "play", "card": "z"}),
    ]
    assert all(not row.plays and not row.powers for row in hand_rows(HAND, moves))


def test_knonsters_are_found_by_their_id() -> None:
    knonsters = [{"id": "rithle", "name": "Rithle"}, {"id": "celya", "name": "Celya"}]
    found = knonsters_by_id(knonsters)
    assert found["celya"] is knonsters[1]
    assert set(found) == {"rithle", "celya"}
