"""The answer to a move and the socket's push of it meet on the mover's page.

The push of a move usually reaches the mover's own page before the answer
to the request (it is sent on commit, the answer is rendered after). The
push replaces the board, and with it the form that sent the move: htmx then
looked for the answer's targets (#board, #seats, #flash, ...) inside the
detached old board and logged `htmx:oobErrorNoTarget` (issue 9). Here the
answer is held back until the push has surely arrived, every time (in a
one-seat match of the test-only Toy, tests/games/toy/: it rolls); the page
must log no error and show the move (the `new_page` fixture fails the test
on any console error).

Since issue 27 the socket does not push a move to the page that made it
(the page names itself on its requests, `X-Spielpost-Page`): the answer
shows it. The race above stays for every other push (another seat's move,
another page of the same person); the test makes it by sending the move
without the page's name. The page's own moves then come by their answers
alone, and an answer lost after the move was made is made good by the
socket, which connects again and sends the board as it is.
"""

from __future__ import annotations

import time

import pytest

from tests.browser import (
    Stack,
    board_version,
    create_form,
    log_in,
    problem_expect,
    wait_board_past,
)

pytestmark = pytest.mark.browser

VERSION_JS = "Number(document.querySelector('#board').dataset.version)"
MOVE_BUTTONS = "#board button[data-move]:not([disabled])"
HOLD_SECONDS = 1.5


def test_a_push_before_the_answer_to_my_move_is_no_error(
    stack: Stack, new_page
) -> None:
    page = new_page()
    log_in(page, "alice")
    form = create_form(page, "toy")
    form.locator("select[name=seats]").select_option("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    page.wait_for_selector(MOVE_BUTTONS)
    pushes = page.evaluate_handle("window.__pushes = []")
    page.evaluate(
        "document.addEventListener('htmx:wsBeforeMessage', () => window.__pushes.push(1))"
    )

    def answer_late(route) -> None:
        # The move commits now (and, sent as another page's move would be,
        # its push leaves); its answer comes late.
        headers = {
            name: value
            for name, value in route.request.headers.items()
            if name.lower() != "x-spielpost-page"
        }
        response = route.fetch(headers=headers)
        time.sleep(HOLD_SECONDS)
        route.fulfill(response=response)

    page.route("**/matches/*/moves/", answer_late)
    for _ in range(3):
        before = int(page.evaluate(VERSION_JS))
        page.locator(MOVE_BUTTONS).first.click()
        page.wait_for_function(f"v => {VERSION_JS} > v", arg=before, timeout=20_000)
        # Wait for the held answer too, then for quiet.
        page.wait_for_timeout(HOLD_SECONDS * 1000 + 500)
        page.wait_for_selector(MOVE_BUTTONS)
    pushes.dispose()

    assert page.evaluate("window.__pushes.length") >= 3
    assert page.locator("#flash .message.error").count() == 0


# The board versions the page's socket brought, as htmx gets them.
PUSHED_VERSIONS_JS = """() => {
  window.__pushed = [];
  document.addEventListener("htmx:wsBeforeMessage", (event) => {
    const found = /id="board"[^>]*data-version="(\\d+)"/.exec(event.detail.message);
    if (found) window.__pushed.push(Number(found[1]));
  });
}"""


def _solo_toy(page) -> str:
    """Start a one-seat Toy as the logged-in person; return its board's address."""
    form = create_form(page, "toy")
    form.locator("select[name=seats]").select_option("1")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/matches/*/")
    page.wait_for_selector(MOVE_BUTTONS)
    return page.url


def test_my_moves_come_by_their_answers_and_the_socket_pushes_the_rest(
    stack: Stack, new_page
) -> None:
    page = new_page()
    log_in(page, "alice")
    address = _solo_toy(page)
    page.evaluate(PUSHED_VERSIONS_JS)
    for _ in range(3):
        before = board_version(page)
        page.locator(MOVE_BUTTONS).first.click()
        wait_board_past(page, before)
        page.wait_for_selector(MOVE_BUTTONS)
    mine = board_version(page)
    # The same person moves from a second page: this one is pushed that move.
    other = new_page()
    log_in(other, "alice")
    other.goto(address)
    other.wait_for_selector(MOVE_BUTTONS)
    other.locator(MOVE_BUTTONS).first.click()
    wait_board_past(page, mine)

    # A socket's messages come in order: none of the first page's own moves
    # came before the other page's.
    assert page.evaluate("window.__pushed") == [mine + 1]
    assert page.locator("#flash .message.error").count() == 0


def test_a_lost_answer_to_my_move_is_made_good_by_the_socket(
    stack: Stack, new_page
) -> None:
    page = new_page()
    log_in(page, "alice")
    _solo_toy(page)
    # htmx reports the lost answer on the console, as it should.
    for event in ("htmx:afterRequest", "htmx:sendError"):
        problem_expect(page, event)
    page.evaluate("window.__samePage = true")

    def answer_lost(route) -> None:
        # The move is made; its answer never reaches the page.
        route.fetch()
        route.abort("connectionreset")

    page.route("**/matches/*/moves/", answer_lost)
    before = board_version(page)
    page.locator(MOVE_BUTTONS).first.click()
    wait_board_past(page, before)

    assert board_version(page) == before + 1
    # Not reloaded: the socket brought the board.
    assert page.evaluate("window.__samePage") is True
