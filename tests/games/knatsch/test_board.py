"""The Knatsch board: stacks, the King, every player's cards, the dice, who throws and why.

Issue 12. Pages are rendered through the match page (`/matches/<id>/`), as
players and spectators get them. A phase is reached by storing an engine
`State` in the match (board_helpers.py). Here: the cards and the choice of
a target, and a play through the board's own forms; a roll in progress, a
defence and a tournament: test_board_rolls.py; the King's revenge, the
last attempt and the end: test_board_end.py; German: test_board_german.py.
"""

from __future__ import annotations

import random

import pytest
from django.utils import translation

from games.rules.knatsch import RULES
from games.rules.knatsch.cards import _CASTLE_NAME, ARMS_NAMES, CARD_IDS
from tests.games.helpers import legal_json, state_of
from tests.games.html_tree import form_data, html_tree
from tests.games.knatsch.board_helpers import (
    STAG_TOP,
    TWO_EACH,
    board_of,
    canonical,
    offered,
    put,
    summary_offered,
)

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# The template tags: card names and combinations


def test_cards_are_named_with_the_engines_msgids():
    from games.templatetags.boards import board

    def kn_name(card):
        return board(card, "knatsch.name")

    def kn_effect(card):
        return board(card, "knatsch.effect")

    def kn_arms(arms):
        return board(arms, "knatsch.arms")

    assert kn_name({"id": "castle-lion-2"}) == "Castle Lion"
    assert kn_name({"id": "squire-3-1"}) == "Squire 3"
    assert kn_name({"id": "catapult-1"}) == "Catapult"
    assert kn_name({"id": "tournament-4"}) == "Tournament"
    assert kn_name({"id": "king", "type": "king"}) == "the King"
    assert kn_name("extra_die-1") == "Extra die"
    assert kn_name({"id": "no-such-card"}) == ""
    assert kn_effect({"id": "squire-3-1"}) == (
        "Every roll you make counts one extra die that always shows 3."
    )
    assert kn_effect({"id": "castle-lion-2"}) == ""
    assert kn_arms("griffin") == "Griffin"
    with translation.override("de"):
        assert kn_name({"id": "castle-lion-2"}) == translation.gettext(_CASTLE_NAME) % {
            "arms": translation.gettext(ARMS_NAMES["lion"])
        }


def test_a_combination_is_drawn_as_small_dice_with_the_kicker_highlighted():
    from django.template.loader import render_to_string

    def kn_combo(value):
        return render_to_string("games/knatsch/board.html#combo", {"value": value})

    combo = html_tree(str(kn_combo([3, 4, 5]))).one("span", cls="kn-combo")

    assert combo.attrs["aria-label"] == "3 × 4 + 5"
    assert combo.attrs["data-combo"] == "3-4-5"
    dice = combo.all("span", cls="kn-die")
    assert [(d.attrs["data-face"], "kn-kicker" in d.classes) for d in dice] == [
        ("4", False),
        ("4", False),
        ("4", False),
        ("5", True),
    ]
    assert [len(d.all("i")) for d in dice] == [4, 4, 4, 5]
    assert (
        html_tree(str(kn_combo([2, 4, 0]))).one(cls="kn-combo").attrs["aria-label"]
        == "2 × 4"
    )
    nothing = html_tree(str(kn_combo([0, 0, 0]))).one("span", cls="kn-nothing")
    assert nothing.text() == "nothing"
    assert nothing.all("span", cls="kn-die") == []


# ---------------------------------------------------------------------------
# Choosing a target


def test_the_stacks_show_their_top_cards_counts_and_buttons(client_for, alice, duo):
    put(duo, TWO_EACH, tops=STAG_TOP)

    board = board_of(client_for(alice), duo)

    first = board.one("div", cls="kn-stack", data_stack="0")
    card = first.one("div", cls="kn-card")
    assert card.attrs["data-card"] == "castle-eagle-2"
    assert card.one("span", cls="kn-card-name").text() == "Castle Eagle"
    assert card.one("svg", cls="kn-emblem").attrs["data-arms"] == "eagle"
    assert card.one(cls="kn-combo").attrs["data-combo"] == "3-3-2"
    count = first.one("span", data_role="count")
    assert count.attrs["data-count"] == "22"
    assert count.text() == "22 cards"
    assert first.moves() == [
        {"kind": "stack", "stack": 0},
        {"kind": "put_under", "stack": 0},
    ]
    assert [b.text() for b in first.all("button")] == ["Roll for it", "Put it under"]
    assert first.all("button")[0].attrs["title"] == "Roll for the top card of stack 1"
    second = board.one("div", cls="kn-stack", data_stack="1")
    assert second.one("span", cls="kn-card-name").text() == "Tournament"
    assert "hosts a tournament" in second.text()
    assert [b.text() for b in second.all("button")] == [
        "Host the tournament",
        "Put it under",
    ]
    # Every legal move is on the board once, beside what it concerns.
    assert offered(board) == sorted(map(canonical, legal_json(duo, 0)))
    assert "Choose what to roll for" in board.one("div", data_role="status").text()


def test_the_summary_repeats_the_choice_of_a_target_as_one_keyboard_group(
    client_for, alice, bob, duo
):
    """Issue 25: #board-summary says whose turn and offers every target move once.

    The group is one Tab stop in the browser (static/js/keyboard.js: roving tabindex);
    its first button carries data-first-decision, stack moves their keys.
    """
    put(duo, TWO_EACH, tops=STAG_TOP)

    board = board_of(client_for(alice), duo)
    summary = board.one(id="board-summary")
    assert summary.one("p", data_role="whose-turn").text() == "Your turn."
    assert summary_offered(board) == sorted(map(canonical, legal_json(duo, 0)))
    group = summary.one(data_role="decision")
    assert group.attrs["role"] == "group"
    assert "data-roving" in group.attrs
    buttons = group.all("button")
    assert ["data-first-decision" in b.attrs for b in buttons].count(True) == 1
    assert "data-first-decision" in buttons[0].attrs
    assert buttons[0].text() == "Roll for the top card of stack 1: Castle Eagle"
    keys = {b.attrs.get("data-key") for b in buttons} - {None}
    assert keys == {"1", "2"}
    assert summary.one("details", data_role="keys").one("summary").text() == "Keyboard"

    # bob waits: no decision group, the summary says whose turn it is.
    other = board_of(client_for(bob), duo).one(id="board-summary")
    assert other.all(data_role="decision")[0].text() == (
        "Nothing to do now: wait for your turn."
    )
    assert "turn." in other.one("p", data_role="whose-turn").text()
    assert other.all("button") == []


def test_other_players_cards_carry_the_attack_buttons(client_for, alice, duo):
    put(duo, TWO_EACH, tops=STAG_TOP)

    board = board_of(client_for(alice), duo)

    bob = board.one("article", cls="kn-player", data_seat="1")
    castles = bob.one("div", data_role="castles").all("div", cls="kn-card")
    assert [c.attrs["data-card"] for c in castles] == [
        "castle-dragon-2",
        "castle-stag-1",
    ]
    assert [c.one("span", cls="kn-card-name").text() for c in castles] == [
        "Castle Dragon",
        "Castle Stag",
    ]
    assert castles[1].moves() == [{"kind": "attack", "card": "castle-stag-1"}]
    button = castles[1].one("button")
    assert button.text() == "Attack"
    assert button.attrs["title"] == "Roll for Castle Stag (3 × 3 + 5)"
    # Nobody attacks their own cards.
    assert board.one("article", data_seat="0").moves() == []


def test_a_top_card_like_one_you_own_is_not_a_target(client_for, alice, duo):
    put(duo, TWO_EACH, tops=(("castle-lion-2",), ("tournament-1",)))

    board = board_of(client_for(alice), duo)

    first = board.one("div", cls="kn-stack", data_stack="0")
    assert {"kind": "stack", "stack": 0} not in first.moves()
    assert "you already have a card like it" in first.text()


def test_castles_special_cards_and_tournaments_of_every_player(client_for, carol, duo):
    put(
        duo,
        (
            ("castle-lion-3", "castle-bear-1", "squire-4-1", "tournament-2"),
            ("castle-dragon-2", "guard-1", "tournament-3", "tournament-4"),
        ),
        tops=STAG_TOP,
    )

    board = board_of(client_for(carol), duo)

    alice = board.one("article", data_seat="0")
    assert "1. Alice" in alice.one("h4").text()
    assert "kn-current" in alice.classes
    emblems = [s.attrs["data-arms"] for s in alice.all("svg", cls="kn-emblem")]
    assert emblems == ["lion", "bear"]
    squire = alice.one("div", data_role="specials").one("div", cls="kn-card")
    assert squire.one("span", cls="kn-card-name").text() == "Squire 4"
    effect = squire.one("p", cls="kn-effect")
    assert effect.text() == effect.attrs["title"]
    assert "always shows 4" in effect.text()
    assert "plus a squire die showing 4" in alice.one("p", cls="kn-dice-note").text()
    tournaments = alice.one("div", data_role="tournaments")
    assert tournaments.attrs["data-count"] == "1"
    assert tournaments.one("span", cls="kn-token").attrs["title"] == "Tournament"
    bob = board.one("article", data_seat="1")
    assert (
        "only one: it cannot be attacked" in bob.one("div", data_role="castles").text()
    )
    assert bob.one("div", data_role="tournaments").attrs["data-count"] == "2"
    guard = bob.one("div", data_role="specials").one("span", cls="kn-card-name")
    assert guard.text() == "Guard"
    # A spectator gets no buttons.
    assert board.moves() == []


def test_the_three_ways_to_win_show_each_players_progress(client_for, alice, duo):
    put(
        duo,
        (
            ("castle-lion-3", "castle-bear-1", "castle-eagle-1", "tournament-2"),
            ("castle-dragon-2", "castle-stag-1", "tournament-3", "tournament-4"),
        ),
        tops=STAG_TOP,
        king_ready=True,
    )

    board = board_of(client_for(alice), duo)

    def way(seat, name):
        article = board.one("article", data_seat=str(seat))
        return article.one("ul", data_role="progress").one("li", data_way=name)

    castles = way(0, "four_castles")
    assert castles.one("span", cls="kn-way-count").text() == "3 of 4 castles"
    assert len(castles.all("span", cls="kn-filled")) == 3
    assert len(castles.all("span", cls="kn-slot")) == 4
    king = way(0, "king")
    assert "data-ready" in king.attrs
    assert "may roll for the King" in king.text()
    assert "data-ready" not in way(1, "king").attrs
    tournaments = way(1, "tournaments")
    assert tournaments.one("span", cls="kn-way-count").text() == (
        "2 of 2 castles, 2 of 3 tournaments"
    )
    filled = tournaments.all("span", cls="kn-filled")
    assert len([s for s in filled if "kn-slot-tournament" in s.classes]) == 2


def test_the_king_offers_his_button_to_a_player_with_three_castles(
    client_for, alice, duo
):
    put(
        duo,
        (("castle-lion-3", "castle-bear-1", "castle-eagle-1"), TWO_EACH[1]),
        tops=STAG_TOP,
        king_ready=True,
    )

    king = board_of(client_for(alice), duo).one("div", data_role="king")

    assert king.one(cls="kn-combo").attrs["data-combo"] == "3-5-4"
    assert king.moves() == [{"kind": "king"}]
    assert king.one("button").text() == "Overthrow the King"


def test_without_any_target_the_player_passes(client_for, alice, duo):
    # Every castle and special card is alice's but bob's single castle (a
    # duplicate of her stag, and his only one); bob has the tournaments.
    bobs = ("castle-stag-2",) + tuple(c for c in CARD_IDS if c.startswith("tourn"))
    alices = tuple(c for c in CARD_IDS if c not in bobs)
    put(duo, (alices, bobs))

    board = board_of(client_for(alice), duo)

    status = board.one("div", data_role="status")
    assert "you must pass" in status.text()
    assert status.moves() == [{"kind": "pass"}]
    assert offered(board) == [canonical({"kind": "pass"})]
    assert [s.one("p").text() for s in board.all("div", cls="kn-stack")] == [
        "empty",
        "empty",
    ]


def test_other_players_read_who_chooses(client_for, bob, duo):
    put(duo, TWO_EACH, tops=STAG_TOP)

    board = board_of(client_for(bob), duo)

    assert board.one("div", data_role="status").text() == (
        "Alice chooses what to roll for."
    )
    assert board.moves() == []


# ---------------------------------------------------------------------------
# Playing through the board's own forms


def test_every_position_of_a_match_offers_exactly_the_legal_moves(
    client_for, alice, bob, duo
):
    """Play by the board's forms (a random one each time), checking each page."""
    clients = {0: client_for(alice), 1: client_for(bob)}
    rnd = random.Random(7)
    roles = set()
    for _ in range(60):
        state = state_of(duo)
        if state.phase == "over":
            break
        (seat,) = RULES.to_move(state)
        board = board_of(clients[seat], duo)
        assert offered(board) == sorted(map(canonical, legal_json(duo, seat)))
        if state.attempt is not None:
            roles.add(state.attempt.role)
        form = rnd.choice([f for f in board.all("form") if "move-form" in f.classes])
        response = clients[seat].post(form.attrs["action"], form_data(form))
        assert response.status_code == 302
        assert state_of(duo) != state, "the move was refused"
    assert roles >= {"attack", "host", "joust"}
