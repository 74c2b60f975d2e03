"""Rat um Rad's seed commands as moves (games/rules/rat_um_rad/protocol.py).

Rat um Rad seed, "Protokoll"; Rat um Rad rulings, Protocol.
"""

from __future__ import annotations

import pytest

from games.rules.rat_um_rad import RULES
from games.rules.rat_um_rad.protocol import COMMANDS, ProtocolError, state_name


def _hand(**counts: int) -> dict[str, int]:
    kinds = ("red", "blue", "orange", "green", "yellow", "pink", "black", "white")
    return {kind: counts.get(kind, 0) for kind in (*kinds, "joker")}


def _build(road: str, colour: str, jokers: int) -> dict[str, object]:
    return {"kind": "build", "road": road, "colour": colour, "jokers": jokers}


TURN = {"phase": "turn", "hand": _hand(red=2, blue=3, joker=2), "offer": []}


def test_build_road_takes_the_payment_with_fewest_jokers() -> None:
    legal = [
        _build("A-to-B", "red", 1),
        _build("A-to-B", "red", 0),
        _build("C", "blue", 0),
    ]
    assert COMMANDS["BUILD_ROAD"](TURN, legal, "A-to-B") == _build("A-to-B", "red", 0)


def test_build_road_on_grey_pays_with_the_colour_held_most() -> None:
    legal = [
        _build("Grey", "red", 0),
        _build("Grey", "blue", 0),
        _build("Grey", "joker", 2),
    ]
    assert COMMANDS["BUILD_ROAD"](TURN, legal, "Grey") == _build("Grey", "blue", 0)


def test_build_road_may_name_the_payment() -> None:
    legal = [
        _build("Grey", "red", 0),
        _build("Grey", "blue", 0),
        _build("Grey", "red", 1),
    ]
    chosen = COMMANDS["BUILD_ROAD"](TURN, legal, {"road": "Grey", "colour": "red"})
    assert chosen == _build("Grey", "red", 0)
    with pytest.raises(ProtocolError):
        COMMANDS["BUILD_ROAD"](TURN, legal, {"road": "Grey", "colour": "pink"})


def test_build_road_in_the_seed_form_names_the_colour_and_jokers() -> None:
    # The seed: on a grey road the player chooses the colour.
    legal = [
        _build("Grey", "red", 0),
        _build("Grey", "blue", 0),
        _build("Grey", "red", 1),
    ]
    build = COMMANDS["BUILD_ROAD"]
    assert build(TURN, legal, ["Grey", "red"]) == _build("Grey", "red", 0)
    assert build(TURN, legal, ["Grey", "red", "1"]) == _build("Grey", "red", 1)
    assert build(TURN, legal, ["Grey"]) == _build("Grey", "blue", 0)
    for data in (["Grey", "pink"], ["Grey", "red", "x"], ["Grey", "red", "0", "1"]):
        with pytest.raises(ProtocolError):
            build(TURN, legal, data)


def test_state_name_says_the_seeds_states() -> None:
    assert state_name("active", {"phase": "setup"}) == "PREPARATION"
    assert state_name("active", {"phase": "turn"}) == "STARTED"
    assert state_name("active", None) == "STARTED"
    assert state_name("open", None) == "WAITING"
    assert state_name("finished", {"phase": "over"}) == "FINISHED"
    assert state_name("aborted", {"phase": "setup"}) == "ABORTED"


@pytest.mark.parametrize("data", [None, 3, "", ["A-to-B", 1], [], "Nowhere"])
def test_build_road_refuses_what_is_not_a_legal_road(data: object) -> None:
    with pytest.raises(ProtocolError):
        COMMANDS["BUILD_ROAD"](TURN, [_build("A-to-B", "red", 0)], data)


def test_take_wheel_null_is_a_blind_pick_and_a_colour_a_face_up_one() -> None:
    legal = [{"kind": "take_deck"}, {"kind": "take_display", "colour": "joker"}]
    for name in ("TAKE_WHEEL", "REQUEST_WHEEL_CARDS"):
        assert COMMANDS[name](TURN, legal, None) == {"kind": "take_deck"}
        assert COMMANDS[name](TURN, legal, "joker") == {
            "kind": "take_display",
            "colour": "joker",
        }
    with pytest.raises(ProtocolError):
        COMMANDS["TAKE_WHEEL"](TURN, legal, "red")
    with pytest.raises(ProtocolError):
        COMMANDS["TAKE_WHEEL"](TURN, legal, "purple")
    with pytest.raises(ProtocolError):
        COMMANDS["TAKE_WHEEL"](TURN, [], None)


def test_short_destinations_selected_keeps_the_ids_sent_in_the_setup_only() -> None:
    legal = [
        {"kind": "keep", "cards": ["a", "b", "c"]},
        {"kind": "keep", "cards": ["a", "c"]},
    ]
    name = "SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION"
    setup = {**TURN, "phase": "setup"}
    assert COMMANDS[name](setup, legal, ["c", "a"]) == {
        "kind": "keep",
        "cards": ["a", "c"],
    }
    with pytest.raises(ProtocolError):
        COMMANDS[name](TURN, legal, ["a", "c"])
    with pytest.raises(ProtocolError):
        COMMANDS[name](setup, legal, ["a"])
    with pytest.raises(ProtocolError):
        COMMANDS[name](setup, legal, "a,c")
    assert COMMANDS["KEEP_DESTINATION_CARDS"](TURN, legal, ["a", "c"])["cards"] == [
        "a",
        "c",
    ]


def test_draw_destinations_and_pass_only_when_legal() -> None:
    assert COMMANDS["DRAW_DESTINATION_CARDS"](
        TURN, [{"kind": "draw_destinations"}], None
    ) == {"kind": "draw_destinations"}
    assert COMMANDS["PASS"](TURN, [{"kind": "pass"}], None) == {"kind": "pass"}
    with pytest.raises(ProtocolError):
        COMMANDS["DRAW_DESTINATION_CARDS"](TURN, [{"kind": "pass"}], None)
    with pytest.raises(ProtocolError):
        COMMANDS["PASS"](TURN, [{"kind": "draw_destinations"}], None)


def test_the_commands_moves_are_legal_on_a_real_board() -> None:
    state = RULES.new_state(seats=2, options={}, seed=7)
    view = RULES.view(state, 0)
    legal = [m.to_json() for m in RULES.legal_moves(state, 0)]
    kept = [card["id"] for card in view["offer"]]
    name = "SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION"
    move = COMMANDS[name](view, legal, kept)
    assert RULES.move_from_json(move) in RULES.legal_moves(state, 0)


def test_errors_are_translatable_messages() -> None:
    with pytest.raises(ProtocolError) as refused:
        COMMANDS["BUILD_ROAD"](TURN, [], "X-to-Y")
    message = refused.value.as_message()
    assert message.text == "You cannot build road %(road)s now."
    assert message.params == {"road": "X-to-Y"}
