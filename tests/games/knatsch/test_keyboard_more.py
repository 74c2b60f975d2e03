"""The other decisions of a Knatsch turn, with the keyboard only (issue 25).

tests/games/knatsch/test_keyboard.py plays the ordinary turn (roll for a
stack card, keep a die, throw, stop). A turn has more decisions, each of
which the board offers as its own group of buttons (templates/games/knatsch/
board.html): defending an attacked castle or not (seed, Vom Stapel oder
Spieler?), throwing in another player's tournament or passing in it (seed,
Turnierkarte vom Stapel), putting a stack's top card under it (seed, Karte
unter Stapel stecken), the extra attempt after a special card from a stack,
which may be left out (seed, Nochmal dran?), and the King's revenge: the
castle given up and the stack it goes under (seed, SPIELENDE 2).

alice (seat 0) plays against the default robot (seat 1). Each test stores a
position built through the engine (conftest.py `make_state`, `resolve`)
where alice is to make that decision, reloads the page (focus on <body>)
and makes it with key presses only, counted (at most 10, issue 25's
target for a typical move): N goes to her next decision, the arrow keys
and End move inside its group, Enter chooses, the letters in the board's
"Keyboard" help (T, S, D, P) are shortcuts. The moves stored are the ones
played.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from games.rules.knatsch import RULES
from games.rules.knatsch.moves import Attack, RollForKing, RollForStack
from games.rules.knatsch.state import State
from tests.browser import STORE_STATE, Stack
from tests.games.knatsch.conftest import make_state, play, resolve
from tests.games.knatsch.test_browser import MOVES_SINCE
from tests.games.knatsch.test_keyboard import (
    MAX_PRESSES,
    Keys,
    _open_match,
    _settle,
    _start,
    _version,
)

pytestmark = pytest.mark.browser

FOCUSED_NAME_JS = "() => document.activeElement?.textContent?.trim() || ''"
# alice's castles when the robot attacks one: a seat with one castle cannot
# be attacked for it, so she holds two.
DEFENDED = "castle-griffin-1"
THREE = ("castle-lion-1", "castle-eagle-2", "castle-dragon-2")


def _defence(seed: int) -> State:
    """The robot (seat 1) attacked alice's griffin castle and beat it: she may defend."""
    state = make_state(
        seats=2,
        owned={0: (DEFENDED, "castle-bear-1"), 1: ("castle-eagle-1",)},
        current=1,
        start=1,
        seed=seed,
    )
    state, _ = play(state, Attack(card=DEFENDED), 1)
    state, events = resolve(state, 4, 4, 4, 1)
    assert [e.kind for e in events] == ["defend"]
    return state


def _joust(seed: int) -> State:
    """The robot hosts a tournament from stack 1 and has thrown: alice may join."""
    state = make_state(
        seats=2, current=1, start=1, stacks=(("tournament-1",), ()), seed=seed
    )
    state, _ = play(state, RollForStack(stack=0), 1)
    state, events = resolve(state, 2, 2, 1)
    assert [e.kind for e in events][-1] == "joust"
    return state


def _extra(seed: int) -> State:
    """alice captured a special card from a stack: another attempt, or not."""
    state = make_state(
        seats=2,
        owned={1: ("castle-eagle-1", "castle-bear-1")},
        stacks=(("catapult-3", "castle-eagle-2"), ("squire-2-1",)),
        seed=seed,
    )
    state, _ = play(state, RollForStack(stack=0))
    state, events = resolve(state, 4, 4, 4)
    assert [e.kind for e in events] == ["captured", "extra_attempt"]
    return state


def _revenge(seed: int) -> State:
    """alice failed against the King: she gives up a castle under a stack."""
    state, _ = play(make_state(owned={0: THREE}, seed=seed), RollForKing())
    state, events = resolve(state, 4, 4, 4, 5)
    assert [e.kind for e in events] == ["king_revenge"]
    return state


def _at(stack: Stack, new_page: Any, position: Any) -> tuple[Any, int, int]:
    """Open a match, store `position(seed)`, reload; return page, match id, version."""
    page = new_page()
    match_id, info = _open_match(stack, page)
    version = info["version"]
    state = position(info["seed"])
    assert RULES.to_move(state) == {0}
    stack.shell(
        STORE_STATE.format(
            match_id=match_id, version=version, state=json.dumps(state.to_json())
        )
    )
    page.reload()  # a fresh page load: focus is on <body>
    page.wait_for_selector("#board .knatsch")
    _settle(page, version)
    assert _version(page) == version
    return page, match_id, version


def _alices_moves(stack: Stack, match_id: int, version: int) -> list[dict[str, Any]]:
    """Return alice's moves stored after `version`, in order, as the engine writes them."""
    moves = json.loads(
        stack.shell(MOVES_SINCE.format(match_id=match_id, version=version)).strip()
    )["moves"]
    return [
        RULES.move_from_json(payload).to_json()
        for _seq, seat, payload, _robot in moves
        if seat == 0
    ]


def _normal(move: dict[str, Any]) -> dict[str, Any]:
    return dict(RULES.move_from_json(move).to_json())


def _done(page: Any, press: Keys, name: str) -> None:
    print(f"knatsch keyboard, {name}: {press.count} presses: {' '.join(press.pressed)}")
    assert press.count <= MAX_PRESSES, press.pressed
    assert page.locator("#flash .message.error").count() == 0


def test_defending_a_castle_by_keyboard(stack: Stack, new_page) -> None:
    page, match_id, version = _at(stack, new_page, _defence)
    press = Keys(page)
    press("n")  # the next decision: the group "Your move: throw or decline"
    expect(page.get_by_role("button", name="Throw", exact=True)).to_be_focused()
    press("Enter")  # the defence's first throw
    _settle(page, version + 1)
    played = [{"kind": "throw"}]
    stop = page.get_by_role("button", name="Stop here")
    if stop.count():
        press("s")  # stop with that result
        _settle(page, version + 2)
        played.append({"kind": "stop"})
    _done(page, press, "defence")
    assert _alices_moves(stack, match_id, version)[: len(played)] == [
        _normal(m) for m in played
    ]


def test_not_defending_a_castle_is_one_key(stack: Stack, new_page) -> None:
    page, match_id, version = _at(stack, new_page, _defence)
    press = Keys(page)
    press("d")  # do not defend
    _settle(page, version + 1)
    _done(page, press, "no defence")
    assert _alices_moves(stack, match_id, version)[:1] == [_normal({"kind": "decline"})]


def test_throwing_in_a_tournament_or_passing_in_it(stack: Stack, new_page) -> None:
    page, match_id, version = _at(stack, new_page, _joust)
    expect(
        page.get_by_role("group", name="Your move: throw or decline")
    ).to_be_visible()
    expect(
        page.get_by_role("button", name="Pass in this tournament")
    ).to_have_attribute("aria-keyshortcuts", "D")
    press = Keys(page)
    press("t")  # throw in the tournament
    _settle(page, version + 1)
    played = [{"kind": "throw"}]
    stop = page.get_by_role("button", name="Stop here")
    if stop.count():
        press("s")
        _settle(page, version + 2)
        played.append({"kind": "stop"})
    _done(page, press, "tournament")
    assert _alices_moves(stack, match_id, version)[: len(played)] == [
        _normal(m) for m in played
    ]


def test_putting_a_card_under_its_stack(stack: Stack, new_page) -> None:
    page, match_id, version = _at(stack, new_page, lambda seed: _start({"seed": seed}))
    press = Keys(page)
    press("n")  # the decision group: roll for a stack card, or put one under
    press("End")  # its last button: a put-under
    chosen = json.loads(page.evaluate("() => document.activeElement.dataset.move"))
    assert chosen["kind"] == "put_under", chosen
    assert page.evaluate(FOCUSED_NAME_JS).startswith("Put the top card of stack")
    press("Enter")
    _settle(page, version + 1)
    # Still alice's turn: the decision again, without a put-under (once a turn).
    press("n")
    decision = page.locator("#board-summary").get_by_role(
        "group", name="Your move: what to roll for"
    )
    expect(decision.get_by_role("button").first).to_be_focused()
    expect(decision.get_by_role("button", name="Put the top card")).to_have_count(0)
    _done(page, press, "put-under")
    assert _alices_moves(stack, match_id, version)[:1] == [_normal(chosen)]


def test_leaving_out_the_extra_attempt(stack: Stack, new_page) -> None:
    page, match_id, version = _at(stack, new_page, _extra)
    # Another attempt is offered (the stack cards, the robot's castles),
    # and leaving it out is a button of the same group, key P.
    group = page.locator("#board-summary").get_by_role(
        "group", name="Your move: what to roll for"
    )
    expect(
        group.get_by_role("button", name="End your turn without rolling")
    ).to_have_attribute("aria-keyshortcuts", "P")
    press = Keys(page)
    press("p")  # alice leaves the extra attempt out
    _settle(page, version + 1)
    _done(page, press, "extra attempt")
    assert _alices_moves(stack, match_id, version)[:1] == [_normal({"kind": "pass"})]


def test_choosing_the_kings_revenge(stack: Stack, new_page) -> None:
    page, match_id, version = _at(stack, new_page, _revenge)
    group = page.get_by_role("group", name="Your move: the castle you give up")
    expect(group).to_be_visible()
    press = Keys(page)
    press("n")  # the first castle, under stack 1
    first = json.loads(page.evaluate("() => document.activeElement.dataset.move"))
    press("ArrowRight")  # the same castle, under stack 2
    second = json.loads(page.evaluate("() => document.activeElement.dataset.move"))
    assert first != second
    press("Enter")
    _settle(page, version + 1)
    _done(page, press, "revenge")
    assert _alices_moves(stack, match_id, version)[:1] == [_normal(second)]
