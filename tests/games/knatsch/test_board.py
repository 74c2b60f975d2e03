"""The Knatsch board: stacks, the King, every player's cards, the dice, who throws and why.

Issue 12. Pages are rendered through the match page (`/matches/<id>/`), as
players and spectators get them. A phase is reached by storing an engine
`State` (RULES.new_state changed with `games.rules.structs.replace`) in the
match: the cards each seat owns, the stacks' top cards, the attempt in
progress, the tournament, the last attempt.
"""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation.template import templatize

from games import services
from games.models import Match
from games.rules.knatsch import RULES
from games.rules.knatsch.cards import (
    _CASTLE_NAME,
    _KING_NAME,
    _SQUIRE_NAME,
    _TOURNAMENT_NAME,
    ARMS_NAMES,
    CARD_IDS,
    EFFECTS,
    KIND_NAMES,
)
from games.rules.knatsch.state import Attempt, Last, Tournament
from games.rules.structs import replace
from tests.games.helpers import legal_json, state_of, state_store
from tests.games.html_tree import Node, form_data, html_tree

pytestmark = pytest.mark.django_db

BOARD_TEMPLATE = Path(settings.BASE_DIR) / "templates/games/knatsch/board.html"


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


# A seed whose random play by the board's forms reaches an attack, a defence,
# a tournament host and a joust within 60 moves (see the test below).
DUO_SEED = 1


@pytest.fixture
def duo(alice, bob):
    """A running two-seat match of alice (0) and bob (1), dealt from a fixed seed.

    The seed is drawn at creation and the cards are dealt from it when the
    last seat is taken: fixing it in between makes every test repeatable
    (no server seed: the int seed deals, the legacy scheme).
    """
    match = services.match_create(user=alice, game_slug="knatsch", seats=2, options={})
    Match.objects.filter(id=match.id).update(
        seed=DUO_SEED, server_seed="", seed_commitment=""
    )
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    return match


@pytest.fixture
def trio(alice, bob):
    """A running three-seat match: alice (0), bob (1) and a robot (2)."""
    match = services.match_create(user=alice, game_slug="knatsch", seats=3, options={})
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    return match


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
# A roll in progress


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


# ---------------------------------------------------------------------------
# The King's revenge, the last attempt, the end


def test_the_kings_revenge_puts_two_buttons_by_each_castle(client_for, alice, bob, duo):
    put(
        duo,
        (("castle-lion-3", "castle-bear-1", "castle-eagle-1"), TWO_EACH[1]),
        tops=STAG_TOP,
        phase="revenge",
        king_ready=True,
        last=last(
            roller=0,
            target="king",
            dice=(1, 4, 4, 5, 5),
            sixes=1,
            result=(2, 5, 4),
            beat=(3, 5, 4),
        ),
    )

    board = board_of(client_for(alice), duo)

    assert "The King takes his revenge" in board.one("div", data_role="status").text()
    lion = board.one("article", data_seat="0").one("div", data_card="castle-lion-3")
    assert lion.moves() == [
        {"kind": "revenge", "card": "castle-lion-3", "stack": 0},
        {"kind": "revenge", "card": "castle-lion-3", "stack": 1},
    ]
    assert [b.text() for b in lion.all("button")] == [
        "Give up: under stack 1",
        "Give up: under stack 2",
    ]
    assert offered(board) == sorted(map(canonical, legal_json(duo, 0)))
    previous = board.one("section", data_role="last")
    assert "Alice rolled for the King." in previous.text()
    assert previous.one("span", data_role="outcome").text() == "not beaten"
    # The revenge is no time to roll for the King.
    king = board.one("article", data_seat="0").one("li", data_way="king")
    assert "data-ready" not in king.attrs
    assert "The King takes his revenge: Alice gives up a castle." in (
        board_of(client_for(bob), duo).one("div", data_role="status").text()
    )


def test_the_last_attempt_shows_its_dice_and_outcome(client_for, alice, duo):
    put(duo, TWO_EACH, tops=STAG_TOP, last=last())

    previous = board_of(client_for(alice), duo).one("section", data_role="last")

    assert previous.attrs["data-success"] == "false"
    assert "Bob rolled for Castle Lion." in previous.text()
    dice = previous.one("div", cls="kn-last-dice").all("span", cls="kn-dice")[0]
    faces = [d.attrs["data-face"] for d in dice.all("span", cls="kn-die")]
    assert faces == ["2", "3", "3", "3"]
    assert previous.one("div", data_role="sixes").attrs["data-count"] == "2"
    combos = previous.one("p", cls="kn-last-outcome").all("span", cls="kn-combo")
    assert [c.attrs["data-combo"] for c in combos] == ["3-3-2", "3-3-4"]
    assert previous.one("span", data_role="outcome").text() == "not beaten"


def test_a_tournament_win_ends_the_game(client_for, alice, bob, duo):
    # Alice holds two castles and two tournaments and leads the third; bob
    # passes, so she takes it and wins (Knatsch rulings, End).
    put(
        duo,
        (TWO_EACH[0] + ("tournament-2", "tournament-3"), TWO_EACH[1]),
        tops=(("tournament-1",), ()),
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
            order=(),
            results=((0, (3, 4, 2)),),
            leader=0,
            best=(3, 4, 2),
        ),
    )
    client = client_for(bob)
    form = board_of(client, duo).one("div", cls="kn-first-throw").all("form")[1]
    fields = {i.attrs["name"]: i.attrs["value"] for i in form.all("input")}
    assert json.loads(fields["move"]) == {"kind": "decline"}

    assert client.post(form.attrs["action"], fields).status_code == 302

    board = board_of(client_for(alice), duo)
    end = board.one("p", data_role="end")
    assert end.attrs["data-reason"] == "tournaments"
    assert end.text() == "Alice holds two castles and three tournaments and wins."
    alice_panel = board.one("article", data_seat="0")
    assert "winner" in alice_panel.one("h4").text()
    assert alice_panel.one("div", data_role="tournaments").attrs["data-count"] == "3"
    won = [
        li.attrs["data-way"] for li in alice_panel.all("li") if "data-won" in li.attrs
    ]
    assert won == ["tournaments"]
    assert board.moves() == []
    assert board.all("section", data_role="attempt") == []


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


# ---------------------------------------------------------------------------
# German


def board_msgids() -> list[tuple[str, str | None]]:
    """Return (msgid, plural or None) of every text the board template marks."""
    literal = r"""u?(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
    calls = re.finditer(
        r"\b(n?gettext)\(((?:" + literal + r"\s*,?\s*)+)",
        templatize(BOARD_TEMPLATE.read_text()),
    )
    found = []
    for call in calls:
        texts = [
            ast.literal_eval(text.lstrip("u"))
            for text in re.findall(literal, call.group(2))
        ]
        found.append((texts[0], texts[1] if call.group(1) == "ngettext" else None))
    return list(dict.fromkeys(found))


CARD_MSGIDS = [
    *ARMS_NAMES.values(),
    *KIND_NAMES.values(),
    *EFFECTS.values(),
    _CASTLE_NAME,
    _SQUIRE_NAME,
    _TOURNAMENT_NAME,
    _KING_NAME,
]


def test_every_text_of_the_board_has_a_german_translation():
    msgids = board_msgids()
    assert len(msgids) > 80
    with translation.override("de"):
        missing = [
            msgid
            for msgid, plural in msgids
            if (
                translation.ngettext(msgid, plural, 2) == plural
                if plural
                else translation.gettext(msgid) == msgid
            )
        ]
        missing += [m for m in CARD_MSGIDS if translation.gettext(m) == m]
    assert missing == []


def english_left(text: str) -> list[str]:
    """Return the pieces of the board's English msgids that `text` still shows."""
    pieces = []
    for msgid, plural in board_msgids():
        for english in (msgid, plural):
            for piece in re.split(r"%\(\w+\)s", english or ""):
                piece = piece.strip(" .,:;()")
                if len(piece.split()) >= 2 and piece in text:
                    pieces.append(piece)
    return pieces


def test_the_german_board_speaks_german_in_every_phase(
    client_for, alice, bob, duo, trio
):
    alice.language = "de"
    alice.save(update_fields=["language"])
    client = client_for(alice)
    texts = []

    put(duo, TWO_EACH, tops=STAG_TOP, last=last())
    board = board_of(client, duo)
    texts.append(board.text())
    stack = board.one("div", cls="kn-stack", data_stack="0")
    assert stack.one("span", cls="kn-card-name").text() == "Burg Adler"
    assert [b.text() for b in stack.all("button")] == [
        "Darum würfeln",
        "Darunterstecken",
    ]
    assert "Wähle, worum du würfelst" in board.text()

    roll(duo, **ROLLING)
    board = board_of(client, duo)
    texts.append(board.text())
    panel = board.one("section", data_role="attempt")
    assert panel.one("h3").text() == "Du würfelst Wurf 2 von 4"
    assert panel.one("button", data_role="throw-kept").text() == "Die anderen werfen"
    assert "Knappe 4" in board.one("article", data_seat="0").text()

    defence(duo)
    texts.append(board_of(client, duo).text())
    texts.append(
        board_of(client_for(bob), duo).text()
    )  # in English: a check of the check
    assert english_left(texts.pop()) != []

    tournament(trio)
    board = board_of(client, trio)
    texts.append(board.text())
    assert "Turnier von Alice (von Stapel 1)" in board.text()

    put(
        duo,
        (("castle-lion-3", "castle-bear-1", "castle-eagle-1"), TWO_EACH[1]),
        tops=STAG_TOP,
        phase="revenge",
        last=last(roller=0, target="king", result=(2, 5, 4), beat=(3, 5, 4)),
    )
    board = board_of(client, duo)
    texts.append(board.text())
    assert "Abgeben: unter Stapel 1" in board.text()

    assert [english_left(text) for text in texts] == [[]] * len(texts)
