"""The Content-Security-Policy holds in a real browser (config/security.py).

Every page sends `script-src 'self'` and the rest of the policy; the lobby,
a running board and the rules page of each game the stack offers (its own
scripts, the live websocket: the registry's games, named by none here, the
test-only Toy among them) and the API's Swagger UI load without one
violation. A
violation is caught twice: the `securitypolicyviolation` event (recorded by
an init script, which Playwright runs outside the page's policy) and the
console error Chromium logs for it, which the `new_page` fixture fails on.
"""

from __future__ import annotations

import json

import pytest

from tests.browser import Stack, log_in

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(
  `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));
window.__wsOpen = false;
document.addEventListener('htmx:wsOpen', () => { window.__wsOpen = true; });
"""

# A running match of each game: alice against the game's robots.
MATCHES = """
import json
from accounts.models import User
from games import services
alice = User.objects.get(username="alice")
ids = {}
for slug in %s:
    match = services.match_create(user=alice, game_slug=slug, seats=2)
    services.seat_robot_add(match_id=match.id, user=alice)
    ids[slug] = match.id
print(json.dumps(ids))
"""


def _violations(page) -> list[str]:
    return page.evaluate("window.__csp")


def test_pages_load_under_the_policy_without_a_violation(
    stack: Stack, new_page
) -> None:
    games = stack.game_slugs()
    assert "toy" in games
    ids = json.loads(stack.shell(MATCHES % (games,)).strip().splitlines()[-1])
    page = new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    log_in(page, "alice")

    response = page.goto("/play/")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    page.wait_for_function("() => window.__wsOpen")
    assert _violations(page) == []

    for slug in games:
        page.goto(f"/matches/{ids[slug]}/")
        page.locator("#board").wait_for()
        # The live socket is open: connect-src let it through.
        page.wait_for_function("() => window.__wsOpen")
        assert _violations(page) == [], slug

    for slug in games:
        page.goto(f"/games/{slug}/rules/")
        assert _violations(page) == [], slug


def test_the_api_docs_work_under_the_policy(stack: Stack, new_page) -> None:
    page = new_page()
    page.add_init_script(RECORD_VIOLATIONS)

    response = page.goto("/api/docs/")

    assert "script-src 'self'" in response.headers["content-security-policy"]
    # Swagger UI read the schema and lists the operations.
    page.locator(".opblock").first.wait_for()
    assert page.locator(".opblock").count() > 10
    assert _violations(page) == []
