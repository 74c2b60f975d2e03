"""A move is announced on the other person's open board; focus stays put (issue 25).

Two people at a match of the test-only Toy (tests/games/toy/). Alice
moves; Bob's open board says so in its polite live region (`#announce`):
a short sentence ("Alice rolled. Alice's turn."), never the board. The
region is the same node as before the push (marked before, found marked
after: a replaced region would not be heard), and Bob's focus is where he
left it. Then Bob moves with the keyboard: focus lands on his board's turn
status (the Toy marks no first decision), never on <body>.

Stands in for a screen reader's behaviour: a polite region that stays in
the page is read when its text changes; a region re-inserted with new
content is not.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser import Stack, create_form, log_in, seat_click

pytestmark = pytest.mark.browser

ROLL = "#board button[data-move*=roll]:not([disabled])"
BANK = "#board button[data-move*=bank]:not([disabled])"
REGION_TEXT_JS = (
    "() => document.getElementById('announce').textContent.replace(/\\s+/g, ' ').trim()"
)
# After each socket message, once htmx's swaps and the page's own
# microtasks queued during them have run (still within the message's task),
# record the focused element's tag.
PROBE_JS = """() => {
  window.focusAtPushEnd = [];
  document.body.addEventListener("htmx:wsAfterMessage", () => {
    queueMicrotask(() => window.focusAtPushEnd.push(document.activeElement.tagName));
  });
}"""
# The sentence of one of Alice's moves as Bob hears it.
ALICE_SAID = re.compile(
    r"^Alice (rolled|bust|banked)\. (Alice's turn|Your turn|Alice won|Bob won)\.$"
)


def _started_toy(alice: Any, bob: Any) -> str:
    """alice creates a 2-seat Toy and bob takes the other seat; return its URL."""
    form = create_form(alice, "toy")
    form.locator("select[name=seats]").select_option("2")
    form.locator("button[type=submit]").click()
    alice.wait_for_url("**/matches/*/")
    bob.goto(alice.url)
    seat_click(bob, bob.get_by_role("button", name="Take a seat"))
    alice.locator("#board .your-turn").wait_for(timeout=10_000)
    bob.locator("#seats .seat", has_text="Alice").locator(".badge.turn").wait_for(
        timeout=10_000
    )
    return alice.url


def _said_after(page: Any, before: str) -> str:
    page.wait_for_function(
        f"b => ({REGION_TEXT_JS})() !== b", arg=before, timeout=10_000
    )
    return str(page.evaluate(REGION_TEXT_JS))


def _focused(page: Any) -> dict[str, str]:
    return page.evaluate(
        "() => ({tag: document.activeElement.tagName, id: document.activeElement.id,"
        " text: document.activeElement.textContent.trim()})"
    )


def test_a_move_is_announced_on_the_other_board_and_focus_is_kept(
    stack: Stack, new_page
) -> None:
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")
    _started_toy(alice, bob)
    assert bob.locator("#announce[aria-live=polite][aria-atomic=true]").count() == 1
    assert bob.locator("#announce-urgent[aria-live=assertive]").count() == 1
    bob.evaluate("() => { document.getElementById('announce').dataset.mark = 'kept'; }")
    # Bob sits on a button of the board that every push replaces.
    proposal = bob.locator("#board button", has_text="Propose to cancel")
    proposal.focus()
    assert _focused(bob)["text"] == "Propose to cancel"

    # At the end of each push's task, where focus is: a screen reader (or
    # any task run in between) must never find it on <body>.
    bob.evaluate(PROBE_JS)
    alice.locator(ROLL).click()
    said = _said_after(bob, "")
    probes = bob.evaluate("() => window.focusAtPushEnd")
    assert probes, "no push reached Bob's board"
    assert "BODY" not in probes, probes

    assert ALICE_SAID.match(said), said
    assert (
        bob.evaluate("() => document.getElementById('announce').dataset.mark") == "kept"
    )
    # The push replaced the board; focus is on the same button of the new one.
    assert _focused(bob)["text"] == "Propose to cancel"
    assert bob.evaluate("() => document.activeElement.isConnected")

    # Until it is Bob's turn: Alice banks what she rolled (or she bust).
    if said.endswith("Alice's turn."):
        alice.locator(BANK).click()
        said = _said_after(bob, said)
        assert said == "Alice banked. Your turn.", said
    else:
        assert said.endswith("Your turn."), said
    assert (
        bob.evaluate("() => document.getElementById('announce').dataset.mark") == "kept"
    )

    # Bob moves with the keyboard: to the roll button, then Enter.
    bob.locator(ROLL).wait_for(timeout=10_000)
    before = int(
        bob.evaluate("() => Number(document.querySelector('#board').dataset.version)")
    )
    bob.locator(ROLL).focus()
    bob.keyboard.press("Enter")
    bob.wait_for_function(
        "v => Number(document.querySelector('#board').dataset.version) > v",
        arg=before,
        timeout=10_000,
    )
    bob.wait_for_function(
        "() => document.activeElement && document.activeElement.id === 'turn-status'",
        timeout=10_000,
    )
    # The move's push may replace the board once more: focus comes back to
    # the turn status within the same task (the probe above), so wait for
    # the last swap's sentence.
    bob.wait_for_function(
        "() => document.activeElement && document.activeElement !== document.body"
        ' && ["Your turn.", "Alice\'s turn."].includes('
        "document.activeElement.textContent.trim())",
        timeout=10_000,
    )
    focused = _focused(bob)
    assert focused["tag"] != "BODY"
    assert focused["text"] in {"Your turn.", "Alice's turn."}, focused
