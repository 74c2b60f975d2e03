"""The Knatsch board's rows: the helpers that lay a view out for the template.

Pure tests of games/rules/knatsch/board/ (no database): the board template
only prints what `table` gives it, so what it prints is decided here. The
pages themselves: test_board.py, test_board_rolls.py, test_board_end.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from games.rules.knatsch import RULES
from games.rules.knatsch.board.moves import keep_plan, revenge_button, target_choice
from games.rules.knatsch.board.parts import as_text, combo, dice_runs, one_based
from games.rules.knatsch.board.rolls import tournament_row
from games.rules.knatsch.board.table import table
from games.rules.structs import replace
from tests.games.knatsch.board_helpers import attempt, last
from tests.games.knatsch.conftest import make_state


@dataclass(frozen=True)
class Offer:
    """A legal move as the board context gives it (games.selectors.LegalMove)."""

    data: dict[str, Any]
    label: str

    @property
    def json(self) -> str:
        return json.dumps(self.data, sort_keys=True)


@dataclass(frozen=True)
class Seat:
    name: str
    is_viewer: bool


def offers(state, seat):
    return [
        Offer(move.to_json(), str(RULES.describe(move)))
        for move in RULES.legal_moves(state, seat)
    ]


def seats_for(state, viewer):
    return [Seat(f"P{i}", i == viewer) for i in range(len(state.owned))]


def table_for(state, viewer, *, running=True):
    """Return the table of `viewer` (None: a spectator), with their legal moves."""
    moves = [] if viewer is None else offers(state, viewer)
    return table(RULES.view(state, viewer), seats_for(state, viewer), moves, running)


def move(kind, **data):
    return Offer({"kind": kind, **data}, f"{kind} {data}")


# ---------------------------------------------------------------------------
# The small parts


def test_a_result_is_its_dice_its_key_and_its_words():
    three_fours = combo([3, 4, 5])

    assert three_fours is not None
    assert (three_fours["key"], len(three_fours["dice"])) == ("3-4-5", 3)
    assert (three_fours["face"], three_fours["kicker"]) == (4, 5)
    assert str(three_fours["text"]) == "3 × 4 + 5"
    assert str(combo((2, 4, 0))["text"]) == "2 × 4"
    assert str(combo([0, 0, 0])["text"]) == "nothing"
    # Built once: every board of a match shows the same few results.
    assert combo([3, 4, 5]) is three_fours
    assert combo([3, 4]) is None
    assert combo([3, -1, 2]) is None
    assert combo(None) is None


def test_numbers_come_as_the_text_the_template_prints():
    assert (one_based(0), one_based(1), one_based(None)) == ("1", "2", "")
    assert (as_text(0), as_text("castle"), as_text(None)) == ("0", "castle", "")


def test_dice_side_by_side_come_in_runs_of_one_face():
    runs = dice_runs([4, 4, 2, 4])

    # Order kept: a face that comes back starts a new run.
    assert [(r["face"], len(r["dice"]), len(r["pips"])) for r in runs] == [
        ("4", 2, 4),
        ("2", 1, 2),
        ("4", 1, 4),
    ]
    assert dice_runs(()) == ()


# ---------------------------------------------------------------------------
# The table


def test_no_view_gives_no_table():
    assert table(None, [], [], True) is None


def test_every_player_is_named_and_the_viewer_marked():
    state = make_state(
        seats=3, owned={0: ("castle-lion-3", "squire-3-1"), 1: ("castle-bear-1",)}
    )

    rows = table_for(state, 1)

    assert [(p["seat"], p["number"], p["name"]) for p in rows["players"]] == [
        ("0", "1", "P0"),
        ("1", "2", "P1"),
        ("2", "3", "P2"),
    ]
    assert [p["is_viewer"] for p in rows["players"]] == [False, True, False]
    assert rows["me"] is rows["players"][1]
    assert rows["current"] == {"name": "P0", "is_viewer": False}
    first = rows["players"][0]
    assert first["current"]
    assert (first["castle_count"], first["special_count"]) == (
        1,
        1,
    )
    assert (first["squires"], first["squire_count"], first["dice_note"]) == (
        "3",
        1,
        True,
    )
    assert rows["players"][1]["dice_note"] is False
    assert table_for(state, None)["me"] is None


def test_each_way_to_win_fills_its_slots_first():
    state = make_state(
        owned={0: ("castle-lion-3", "castle-bear-1", "tournament-1")},
        king_ready=True,
    )

    player = table_for(state, 0)["players"][0]

    four = player["four_castles"]
    assert (four["castles"], four["need_castles"]) == ("2", "4")
    assert (len(four["castles_filled"]), len(four["castles_empty"])) == (2, 2)
    tours = player["by_tournaments"]
    assert (len(tours["castles_filled"]), len(tours["castles_empty"])) == (2, 0)
    assert (tours["tournaments"], tours["need_tournaments"]) == ("1", "3")
    assert (len(tours["tournaments_filled"]), len(tours["tournaments_empty"])) == (1, 2)
    # Ready for the King while choosing a target; may roll only while it runs.
    assert player["king"]["ready"]
    assert player["king"]["may_roll"]
    assert not table_for(state, 0, running=False)["players"][0]["king"]["may_roll"]
    assert not any(way["won"] for way in (four, tours, player["king"]))


def test_the_winner_fills_the_way_he_won_by():
    state = make_state(
        phase="over", winner=0, end_reason="king", current=None, king_ready=False
    )

    player = table_for(state, None, running=False)["players"][0]

    assert player["winner"]
    assert player["king"]["won"]
    assert player["king"]["king_filled"]
    assert not player["four_castles"]["won"]


def test_cards_carry_the_buttons_that_concern_them():
    state = make_state(
        owned={0: ("castle-lion-3",), 1: ("castle-bear-1", "castle-dragon-2")},
        stacks=(("castle-eagle-2",), ("tournament-1",)),
    )

    rows = table_for(state, 0)

    eagle, tournament = (stack["top"] for stack in rows["stacks"])
    assert [b["json"] for b in eagle["rolls"]] == ['{"kind": "stack", "stack": 0}']
    assert eagle["rolls"][0]["button_class"] == "move primary"
    assert [b["json"] for b in tournament["others"]] == [
        '{"kind": "put_under", "stack": 1}'
    ]
    assert tournament["on_stack"]
    assert tournament["combo"] is None
    bear = rows["players"][1]["castles"][0]
    assert bear["target"]
    assert bear["actions"]
    assert [json.loads(b["json"]) for b in bear["rolls"]] == [
        {"kind": "attack", "card": "castle-bear-1"}
    ]
    # Others see the same cards without buttons.
    spectator = table_for(state, None)
    assert not spectator["stacks"][0]["top"]["actions"]
    assert spectator["stacks"][0]["top"]["rolls"] == ()
    assert spectator["choosing"] is False


def test_a_card_row_names_the_card_and_draws_its_sign():
    state = make_state(
        owned={0: ("castle-lion-3", "squire-3-1")}, stacks=(("tournament-1",), ())
    )

    rows = table_for(state, None)

    lion = rows["players"][0]["castles"][0]
    assert (lion["id"], lion["type"], lion["arms"], lion["kind"]) == (
        "castle-lion-3",
        "castle",
        "lion",
        "",
    )
    assert str(lion["name"]) == "Castle Lion"
    assert lion["effect"] == ""
    assert lion["combo"]["key"] == "3-4-5"
    assert lion["show_combo"]
    squire = rows["players"][0]["specials"][0]
    assert (str(squire["name"]), squire["glyph"]) == ("Squire 3", "♞")
    assert "3" in str(squire["effect"])
    assert rows["stacks"][0]["top"]["glyph"] == "⚑"


def test_the_decision_marks_its_first_button_and_its_shortcuts():
    stacks = [
        {"index": 0, "top": {"id": "castle-eagle-2"}},
        {"index": 1, "top": None},
    ]
    kinds = {
        "stack": [move("stack", stack=0), move("stack", stack=1)],
        "attack": [move("attack", card="castle-bear-1")],
        "king": [move("king")],
        "put_under": [move("put_under", stack=0)],
    }

    choice = target_choice(kinds, stacks)

    assert [(b["key"], b["first"]) for b in choice["stack"]] == [
        ("1", True),
        ("2", False),
    ]
    assert str(choice["stack"][0]["top"]) == "Castle Eagle"
    # An empty stack's move names no card.
    assert choice["stack"][1]["top"] is None
    assert [b["first"] for b in choice["attack"] + choice["king"]] == [False, False]
    assert choice["king"][0]["key"] == "K"
    assert str(choice["put_under"][0]["top"]) == "Castle Eagle"
    assert not choice["put_under"][0]["first"]
    # Without stack moves the first attack comes first; with only put-under,
    # put-under does.
    assert target_choice({"attack": kinds["attack"]}, stacks)["attack"][0]["first"]
    only = target_choice({"put_under": kinds["put_under"]}, stacks)
    assert only["put_under"][0]["first"]


def test_revenge_buttons_name_the_stack_the_castle_goes_under():
    button = revenge_button(move("revenge", card="castle-lion-3", stack=1), first=True)

    assert (button["stack"], button["button_class"], button["first"]) == (
        "2",
        "move danger",
        True,
    )


def test_the_keep_form_ticks_what_was_kept_before():
    throws = [
        move("throw"),
        move("throw", keep=[3]),
        move("throw", keep=[3, 3]),
        move("throw", keep=[1, 3, 3]),
        move("stop"),
    ]

    plan = keep_plan({"kept": [3, 3], "rolled": [1, 3, 5]}, throws)

    assert [t["keep"] for t in plan["throws"]] == ["", "3", "3 3", "1 3 3"]
    assert plan["first"]["keep"] == "3 3"
    assert [
        (r["face"], [(d["checked"], d["first"]) for d in r["dice"]])
        for r in plan["kept"]
    ] == [("3", [(True, True), (True, False)])]
    assert [(r["face"], [d["checked"] for d in r["dice"]]) for r in plan["new"]] == [
        ("1", [False]),
        ("3", [False]),
        ("5", [False]),
    ]
    # Keeping the same is not legal (the last throw showed only sixes):
    # the form keeps nothing at first.
    again = keep_plan({"kept": [3, 3], "rolled": []}, [move("throw"), move("stop")])
    assert again["first"]["keep"] == ""
    assert again["new"] == ()


def test_the_roll_in_progress_names_who_throws_and_draws_its_dice():
    state = replace(
        make_state(
            owned={0: ("castle-lion-3", "squire-4-1")}, stacks=(("castle-eagle-2",), ())
        ),
        phase="roll",
        attempt=attempt(kept=(3, 3), rolled=(1, 3, 5), throws=2, fixed=(4,), sixes=1),
    )

    rows = table_for(state, 1)

    roll = rows["attempt"]
    assert roll["roller"] == {"name": "P0", "is_viewer": False}
    assert str(roll["card"]) == "Castle Eagle"
    assert [(r["face"], len(r["dice"])) for r in roll["kept"]] == [("3", 2)]
    assert [r["face"] for r in roll["aside"]["fixed"]] == ["4"]
    assert roll["plan"] is None  # not the viewer's throw
    assert table_for(state, 0)["attempt"]["plan"]["first"] is not None


def test_a_defender_sees_the_target_without_its_combination():
    state = replace(
        make_state(owned={0: ("castle-lion-3",), 1: ("castle-bear-1",)}),
        phase="roll",
        attempt=attempt(
            role="defence", roller=1, owner=1, stack=None, target="castle-bear-1"
        ),
    )

    target = table_for(state, 1)["attempt"]["target"]

    assert target["combo"] is not None
    assert not target["show_combo"]


def test_the_tournament_lists_who_threw_who_throws_and_who_waits():
    tournament = {
        "card": "tournament-1",
        "stack": 1,
        "host": 0,
        "throwing": 1,
        "order": [2],
        "results": [{"seat": 0, "result": [2, 4, 1]}, {"seat": 3, "result": None}],
        "leader": 0,
        "best": [2, 4, 1],
    }
    seats = [Seat(f"P{i}", False) for i in range(4)]

    rows = tournament_row(tournament, seats, running=True)

    assert (rows["host"], rows["stack"]) == ("P0", "2")
    assert rows["leader"] == {"name": "P0", "is_viewer": False}
    assert [
        (e["seat"], e["done"], e["host"], e["leading"]) for e in rows["results"]
    ] == [
        ("0", True, True, True),
        ("3", False, False, False),
    ]
    assert rows["results"][0]["result"]["key"] == "2-4-1"
    assert rows["throwing"]["name"] == "P1"
    assert not rows["throwing"]["host"]
    assert [e["name"] for e in rows["waiting"]] == ["P2"]
    # Once the match has ended only the results stand.
    ended = tournament_row(tournament, seats, running=False)
    assert ended["throwing"] is None
    assert ended["waiting"] == ()
    assert tournament_row(None, seats, running=True) is None


def test_the_last_attempt_names_who_threw_for_what():
    state = make_state(last=last(fixed=(4,)))

    rows = table_for(state, None)["last"]

    assert rows["name"] == "P1"
    assert str(rows["card"]) == "Castle Lion"
    assert [d["face"] for d in rows["dice"]] == ["2", "3", "3", "3"]
    assert (rows["aside"]["count"], len(rows["aside"]["sixes"])) == ("2", 2)
    assert rows["result"]["key"] == "3-3-2"
    assert rows["beat"]["key"] == "3-3-4"
