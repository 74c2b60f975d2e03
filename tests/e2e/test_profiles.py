"""A person's name on the board leads to their profile, chart and all (issue 23).

In a real browser: alice opens a match she played with bob, follows bob's
name in the seat list and lands on his profile, whose rating chart (SVG
drawn on the server) is announced by its title and description, with no
Content-Security-Policy violation on the way.
"""

from __future__ import annotations

import re

import pytest

from tests.browser import Stack, log_in

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(
  `${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`));
"""

# A finished, rated Toy match of alice and bob (bob won), written as the
# ratings and records services would: the profile only reads these rows.
FINISHED = """
from django.utils import timezone
from accounts.models import User
from games.models import Match, PlayRecord, Rating, RatingChange, Seat
alice, bob = User.objects.get(username="alice"), User.objects.get(username="bob")
now = timezone.now()
match = Match.objects.create(
    game_slug="toy", seed=1, rules_version="1", status="finished",
    outcome={"ranks": [2, 1], "reason": "test", "scores": None},
    started_at=now, finished_at=now,
)
Seat.objects.create(match=match, position=0, user=alice)
Seat.objects.create(match=match, position=1, user=bob)
RatingChange.objects.create(
    match=match, user=bob, game_slug="toy", position=1, rank=1, mu_before=25,
    sigma_before=25 / 3, mu_after=27, sigma_after=8, created_at=now,
)
Rating.objects.update_or_create(
    user=bob, game_slug="toy",
    defaults=dict(mu=27, sigma=8, ordinal=3, matches=1, wins=1, last_played_at=now),
)
for user, won in ((alice, 0), (bob, 1)):
    PlayRecord.objects.get_or_create(
        user=user, game_slug="toy", defaults=dict(played=1, won=won)
    )
print(match.id)
"""


def test_a_name_on_the_board_opens_the_profile(stack: Stack, new_page) -> None:
    match_id = stack.shell(FINISHED).strip().splitlines()[-1]
    page = new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    log_in(page, "alice")

    page.goto(f"/matches/{match_id}/")
    page.locator("#seats").get_by_role("link", name="Bob").click()

    page.wait_for_url("**/players/Bob/")
    assert page.get_by_role("heading", level=1).inner_text() == "Bob"
    chart = page.get_by_role("img", name="Rating history in Push Your Luck")
    assert chart.count() == 1
    # Other tests on the same stack may have rated bob in the Toy too.
    assert re.search(
        r"over \d+ rated match(es)?\.", chart.locator("desc").text_content() or ""
    )
    assert page.evaluate("window.__csp") == []


@pytest.mark.parametrize("locale", ["en-GB", "de-DE"])
def test_a_profile_fits_a_phone(stack: Stack, new_page, locale: str) -> None:
    stack.shell(FINISHED)
    page = new_page(locale=locale, width=390)

    page.goto("/players/Bob/")

    assert page.get_by_role("img").count() >= 1
    scroll_width = page.evaluate("document.scrollingElement.scrollWidth")
    assert scroll_width <= page.evaluate("window.innerWidth")
