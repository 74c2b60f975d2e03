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
"""

from __future__ import annotations

import time

import pytest

from tests.browser import Stack, create_form, log_in

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
        # The move commits now (and its push leaves); its answer comes late.
        response = route.fetch()
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
