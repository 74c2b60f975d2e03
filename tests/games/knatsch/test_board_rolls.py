"""The Knatsch board during a roll: the dice, a defence, a tournament (issue 12).

Pages are rendered through the match page (`/matches/<id>/`), as players
and spectators get them; each phase is stored in the match
(board_helpers.py).
"""

from __future__ import annotations

import pytest

from games.rules.structs import replace
from tests.games.helpers import legal_json, state_of
from tests.games.html_tree import form_data
from tests.games.knatsch.board_helpers import (
    ROLLING,
    STAG_TOP,
    TWO_EACH,
    attempt,
    board_of,
    canonical,
    defence,
    offered,
    put,
    roll,
    tournament,
)

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# A roll in progress


def test_the_roller_ticks_the_dice_to_keep(client_for, alice, duo):
    roll(duo, **ROLLING)

    board = board_of(client_for(alice), duo)

    panel = board.one("section", data_role="attempt")
    assert panel.attrs["data-attempt-role"] == "attack"
    assert panel.one("h3").text() == "Your throw throw 2 of 4"
    assert panel.one("p", data_role="why").text() == (
        "You roll for Castle Eagle, the top card of stack 1."
    )
    target = panel.one("div", data_role="target").one("div", cls="kn-card")
    assert target.attrs["data-card"] == "castle-eagle-2"
    assert (
        panel.one("div", data_role="beat").one(cls="kn-combo").attrs["data-combo"]
        == "3-3-2"
    )
    result = panel.one("div", data_role="result")
    # 3 3 + 1 3 5 + the squire's 4: three 3s, kicker 5.
    assert result.one(cls="kn-combo").attrs["data-combo"] == "3-3-5"
    assert result.attrs["data-beats"] == "true"
    assert "beats it" in result.text()

    form = panel.one("form", data_role="keep-form")
    dice = form.all("label", cls="kn-pick")
    assert [
        (
            d.attrs["data-face"],
            "data-kept" in d.attrs,
            "checked" in d.one("input").attrs,
        )
        for d in dice
    ] == [
        ("3", True, True),
        ("3", True, True),
        ("1", False, False),
        ("3", False, False),
        ("5", False, False),
    ]
    assert [d.one("input").attrs["name"] for d in dice] == ["move.keep[]"] * 5
    assert dice[0].one("span", cls="visually-hidden").text() == "3, kept"
    assert dice[2].one("span", cls="visually-hidden").text() == "1, just thrown"
    sixes = form.one("div", data_role="sixes")
    assert sixes.attrs["data-count"] == "1"
    assert [d.attrs["data-face"] for d in sixes.all("span", cls="kn-die")] == ["6"]
    squires = form.one("div", data_role="squires").all("span", cls="kn-die")
    assert [(d.attrs["data-face"], "data-squire" in d.attrs) for d in squires] == [
        ("4", True)
    ]
    assert form.one("p", data_role="keep-label").text() == "Keep 3 3, throw the rest"
    assert form.one("button", data_role="throw-kept").text() == "Throw the others"
    # Its `move` is written by the script; without it the grouped fields count.
    assert form.one("input", data_role="keep-move").attrs["value"] == ""
    stop = panel.one("div", cls="kn-stop")
    assert stop.moves() == [{"kind": "stop"}]
    assert stop.one("button").text() == "Stop here"
    options = panel.one("details", data_role="keep-options")
    keeps = [li.attrs["data-keep"] for li in options.all("li")]
    assert keeps[:4] == ["", "1", "3", "5"]
    assert "1 3 3 3 5" not in keeps  # all of them: nothing left to throw
    assert [m.get("keep", []) for m in options.moves()] == [
        [int(f) for f in k.split()] for k in keeps
    ]
    assert offered(board) == sorted(map(canonical, legal_json(duo, 0)))


def test_the_ticked_dice_are_kept_without_javascript(client_for, alice, duo):
    roll(duo, **ROLLING)
    client = client_for(alice)
    form = board_of(client, duo).one("form", data_role="keep-form")
    data = form_data(form)
    assert data["move.keep[]"] == ["", "3", "3"]
    # Tick the new 3 too, as a person without JavaScript would.
    data["move.keep[]"].append("3")

    response = client.post(form.attrs["action"], data)

    assert response.status_code == 302
    state = state_of(duo)
    assert state.attempt is None or state.attempt.kept == (3, 3, 3)
    assert state.last is None or state.last.dice[:3] == (3, 3, 3)


def test_others_see_the_dice_but_cannot_tick_them(client_for, bob, duo):
    roll(duo, **ROLLING)

    panel = board_of(client_for(bob), duo).one("section", data_role="attempt")

    assert panel.one("h3").text() == "Alice throws throw 2 of 4"
    assert panel.one("p", data_role="why").text() == (
        "Alice rolls for Castle Eagle, the top card of stack 1."
    )
    assert panel.all("input") == []
    kept = panel.one("div", data_role="kept").all("span", cls="kn-die")
    new = panel.one("div", data_role="new").all("span", cls="kn-die")
    assert [d.attrs["data-face"] for d in kept] == ["3", "3"]
    assert [d.attrs["data-face"] for d in new] == ["1", "3", "5"]
    assert all("kn-kept" in d.classes for d in kept)
    assert all("kn-new" in d.classes for d in new)
    assert kept[0].attrs["aria-label"] == "3, kept"
    assert (
        panel.one("div", data_role="squires")
        .one("span", cls="kn-die")
        .attrs["aria-label"]
        == "squire die, always 4"
    )
    assert panel.moves() == []


def test_keeping_every_die_is_not_offered_after_only_sixes(client_for, alice, duo):
    roll(duo, throws=2, kept=(4, 4), rolled=(), sixes=4)

    form = board_of(client_for(alice), duo).one("form", data_role="keep-form")

    # Keeping both 4s would leave nothing to throw: nothing is ticked at first.
    assert ["checked" in i.attrs for i in form.all("input", type="checkbox")] == [
        False,
        False,
    ]
    assert form.one("div", data_role="new").text() == "Just thrown only sixes"
    assert form.one("p", data_role="keep-label").text() == "Throw all the dice"


def test_an_attack_on_a_players_card_names_the_owner(client_for, alice, bob, duo):
    put(
        duo,
        TWO_EACH,
        tops=STAG_TOP,
        phase="roll",
        attempt=attempt(target="castle-stag-1", stack=None, owner=1, beat=(3, 3, 5)),
    )

    mine = board_of(client_for(alice), duo).one("p", data_role="why").text()
    theirs = board_of(client_for(bob), duo).one("p", data_role="why").text()

    assert mine == (
        "You attack Castle Stag of Bob. If you beat it, the owner may defend it."
    )
    assert theirs == (
        "Alice attacks your Castle Stag. If the attack succeeds, you may defend it."
    )


# ---------------------------------------------------------------------------
# Defending a castle


def test_the_defender_throws_or_declines(client_for, bob, duo):
    defence(duo)

    board = board_of(client_for(bob), duo)

    panel = board.one("section", data_role="attempt")
    assert panel.attrs["data-attempt-role"] == "defence"
    assert panel.one("p", data_role="why").text() == (
        "You defend Castle Stag against Alice: beat the attacker's result to keep it."
    )
    assert (
        panel.one("div", data_role="beat").one(cls="kn-combo").attrs["data-combo"]
        == "3-3-5"
    )
    # The defender beats the attacker's result, not the castle's combination,
    # so the target card shows none.
    assert panel.one("div", data_role="target").all(cls="kn-combo") == []
    assert "Not thrown yet: 6 dice are ready." in panel.text()
    first = panel.one("div", cls="kn-first-throw")
    assert first.moves() == [{"kind": "throw"}, {"kind": "decline"}]
    assert [b.text() for b in first.all("button")] == ["Throw", "Do not defend"]
    assert "If you do not defend, Alice takes Castle Stag." in panel.text()
    assert offered(board) == sorted(map(canonical, legal_json(duo, 1)))


def test_the_attacker_reads_who_must_beat_what(client_for, alice, duo):
    defence(duo)

    board = board_of(client_for(alice), duo)

    panel = board.one("section", data_role="attempt")
    assert panel.one("h3").text() == "Bob throws throw 0 of 4"
    assert panel.one("p", data_role="why").text() == (
        "Bob defends Castle Stag against you and must beat your result to keep it."
    )
    assert (
        panel.one("div", data_role="beat").one(cls="kn-combo").attrs["aria-label"]
        == "3 × 3 + 5"
    )
    assert board.moves() == []
    # The attack that led here: beaten, with alice's squire die.
    previous = board.one("section", data_role="last")
    assert previous.attrs["data-success"] == "true"
    assert "Alice rolled for Castle Stag." in previous.text()
    assert previous.one("span", data_role="outcome").text() == "beaten"
    squire = previous.one("div", data_role="squires").one("span", cls="kn-die")
    assert squire.attrs["data-face"] == "4"


def test_a_spectator_reads_both_names(client_for, carol, duo):
    defence(duo)

    why = board_of(client_for(carol), duo).one("p", data_role="why").text()

    assert why == (
        "Bob defends Castle Stag against Alice and must beat the attacker's result "
        "to keep it."
    )


# ---------------------------------------------------------------------------
# Tournaments


def test_a_tournament_shows_its_results_and_the_leader(client_for, bob, trio):
    tournament(trio)

    board = board_of(client_for(bob), trio)

    panel = board.one("section", data_role="attempt")
    assert panel.one("p", data_role="why").text() == (
        "You throw in the tournament (player 2 of 3): beat the best result to lead."
    )
    first = panel.one("div", cls="kn-first-throw")
    assert [b.text() for b in first.all("button")] == [
        "Throw",
        "Pass in this tournament",
    ]
    assert first.moves() == [{"kind": "throw"}, {"kind": "decline"}]
    table = board.one("section", data_role="tournament")
    assert "Tournament of Alice (from stack 1)" in table.one("h3").text()
    leader = table.one("p", data_role="leader")
    assert leader.text().startswith("Alice leads with")
    assert leader.one(cls="kn-combo").attrs["data-combo"] == "3-4-2"
    rows = table.one("ol").all("li")
    assert [(r.attrs["data-seat"], r.attrs["data-state"]) for r in rows] == [
        ("0", "done"),
        ("1", "throwing"),
        ("2", "waiting"),
    ]
    assert "kn-leading" in rows[0].classes
    assert "(host)" in rows[0].text()
    assert "leads" in rows[0].text()


def test_the_tournament_lists_who_passed(client_for, alice, trio):
    state = tournament(trio)
    put(
        trio,
        state.owned,
        tops=(("tournament-1",), ()),
        phase="roll",
        attempt=attempt(
            roller=2,
            role="joust",
            target="tournament-1",
            stack=0,
            beat=(3, 4, 2),
            dice=7,
            throws=1,
            rolled=(1, 2, 4, 4, 5),
            sixes=2,
        ),
        tournament=replace(
            state.tournament, order=(), results=((0, (3, 4, 2)), (1, None))
        ),
    )

    board = board_of(client_for(alice), trio)

    rows = board.one("section", data_role="tournament").one("ol").all("li")
    assert [r.attrs["data-state"] for r in rows] == ["done", "passed", "throwing"]
    assert "passed" in rows[1].text()
    why = board.one("p", data_role="why").text()
    assert "throws in the tournament (player 3 of 3)" in why
    result = board.one("div", data_role="result")
    assert result.attrs["data-beats"] == "false"
    assert "does not beat it yet" in result.text()
