"""Rankings per game: the page and the API (issue 23, Rankings).

Ratings are written straight into the table here (the services' part is
tests/games/services/test_ratings.py); time is fixed with time-machine.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from accounts.services import api_token_get_or_create
from games import selectors
from games.models import Rating
from tests.factories import UserFactory
from tests.games.html_tree import html_tree

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _now():
    with time_machine.travel(NOW, tick=False):
        yield


def rate(user, mu: float, *, sigma: float = 5.0, matches: int = 12, days_ago=1):
    return Rating.objects.create(
        user=user,
        game_slug="toy",
        mu=mu,
        sigma=sigma,
        ordinal=mu - 3 * sigma,
        matches=matches,
        wins=0,
        last_played_at=NOW - timedelta(days=days_ago),
    )


def players(count: int, *, start_mu: float = 60.0, days_ago=1):
    """`count` rated players, the first best (mu falling by 0.1)."""
    users = UserFactory.create_batch(count)
    for index, user in enumerate(users):
        rate(user, start_mu - index * 0.1, days_ago=days_ago)
    return users


def test_the_page_lists_rank_player_rating_matches_last_played(client, alice, bob):
    # Issue 23, Rankings: rank, player, rating, matches, last played.
    rate(alice, 40.0, sigma=4.35, matches=12)  # 1000 + 20 * 26.95 = 1539
    rate(bob, 25.0, sigma=25 / 3, matches=3)

    page = html_tree(client.get("/games/toy/rankings/").content.decode())

    rows = page.one("table", "rankings").one("tbody").all("tr")
    first = [td.text() for td in rows[0].all("td")]
    assert first == ["1", "Alice", "1,539 ± 87", "12", "Nov. 25, 2026"]
    assert rows[0].one("a").attrs["href"] == "/players/Alice/"
    assert [td.text() for td in rows[1].all("td")][:3] == [
        "2",
        "Bob",
        "1,000 ± 167 provisional",
    ]


def test_equal_ratings_share_a_rank(client, alice, bob, carol):
    # Issue 23, Ratings: ties share a rank.
    rate(alice, 30.0)
    rate(bob, 30.0)
    rate(carol, 20.0)

    page = selectors.rankings_page(game_slug="toy")

    assert [(r.rank, r.name) for r in page.rows] == [
        (1, "Alice"),
        (1, "Bob"),
        (3, "Carol"),
    ]


def test_only_players_active_in_90_days_unless_all(client, alice, bob):
    # Issue 23, Rankings: only players active in the last 90 days by default.
    rate(alice, 40.0, days_ago=89)
    rate(bob, 50.0, days_ago=91)

    active = html_tree(client.get("/games/toy/rankings/").content.decode())
    every = html_tree(client.get("/games/toy/rankings/?all=1").content.decode())

    assert [a.text() for a in active.all("td", "player")] == ["Alice"]
    assert [a.text() for a in every.all("td", "player")] == ["Bob", "Alice"]


def test_a_deactivated_account_is_not_listed(client, alice, bob):
    rate(alice, 40.0)
    rate(bob, 30.0)
    bob.is_active = False
    bob.save()

    page = selectors.rankings_page(game_slug="toy", show_all=True)

    assert [r.name for r in page.rows] == ["Alice"]


def test_pages_of_25_with_ranks_running_on(client):
    # Issue 23, Rankings: paged.
    players(30)

    second = selectors.rankings_page(game_slug="toy", page=2)
    html = client.get("/games/toy/rankings/?page=2").content.decode()

    assert (second.page, second.pages, second.total) == (2, 2, 30)
    assert [r.rank for r in second.rows] == list(range(26, 31))
    assert [td.text() for td in html_tree(html).all("td", "rank")] == [
        str(n) for n in range(26, 31)
    ]
    assert "Page 2 of 2" in html


def test_my_position_jumps_to_my_page_and_marks_my_row(client, alice):
    # Issue 23, Rankings: the person's own row findable ("my position").
    players(60)
    rate(alice, 60.0 - 29 * 0.1 - 0.05)  # 31st: after the first 30
    client.force_login(alice)

    response = client.get("/games/toy/rankings/?me=1")

    assert response.status_code == 302
    assert response["Location"] == "/games/toy/rankings/?page=2#me"
    page = html_tree(client.get("/games/toy/rankings/?page=2").content.decode())
    (me,) = page.all("tr", "me")
    assert me.attrs["id"] == "me"
    assert [td.text() for td in me.all("td")][:2] == ["31", "Alice"]


def test_my_position_of_an_inactive_player_is_in_the_full_listing(client, alice):
    rate(alice, 30.0, days_ago=200)
    client.force_login(alice)

    response = client.get("/games/toy/rankings/?me=1")

    assert response["Location"] == "/games/toy/rankings/?page=1&all=1#me"


def test_my_position_without_a_rating_says_so(client, alice):
    client.force_login(alice)

    html = client.get("/games/toy/rankings/?me=1").content.decode()

    assert "You have no rating in this game yet" in html


def test_an_unknown_game_has_no_rankings(client, alice):
    assert client.get("/games/nope/rankings/").status_code == 404
    assert APIClient().get("/api/games/nope/rankings/").status_code == 404


def test_the_lobby_and_the_rules_page_link_the_rankings(alice_client):
    lobby = alice_client.get("/play/").content.decode()
    rules = alice_client.get("/games/toy/rules/").content.decode()

    assert 'href="/games/toy/rankings/"' in lobby
    assert 'href="/games/toy/rankings/"' in rules


def test_the_page_speaks_german(client, alice, settings):
    rate(alice, 40.0, sigma=4.35, matches=3)

    html = client.get("/games/toy/rankings/", HTTP_ACCEPT_LANGUAGE="de").content
    page = html_tree(html.decode())

    assert page.one("td", "rating").text() == "1.539 ± 87 vorläufig"


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        token = api_token_get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def test_the_api_gives_the_same_fields_and_paging(alice, bob):
    # Issue 23, Rankings: API GET /api/games/{slug}/rankings/.
    players(25)
    rate(alice, 40.0, sigma=4.35, matches=12)

    body = api(alice).get("/api/games/toy/rankings/?page=2").json()

    assert (body["game"], body["page"], body["pages"], body["total"]) == (
        "toy",
        2,
        2,
        26,
    )
    assert body["all"] is False
    assert body["you"] == {"page": 2, "position": 26, "all": False}
    assert body["results"] == [
        {
            "rank": 26,
            "player": "Alice",
            "rating": 1539,
            "uncertainty": 87,
            "provisional": False,
            "matches": 12,
            "last_played": "2026-11-25T12:00:00Z",
            "you": True,
        }
    ]


def test_the_api_lists_all_on_request_and_refuses_bad_queries(alice):
    rate(alice, 40.0, days_ago=120)

    assert api().get("/api/games/toy/rankings/").json()["total"] == 0
    every = api().get("/api/games/toy/rankings/?all=1").json()
    assert (every["total"], every["you"]) == (1, None)
    assert api().get("/api/games/toy/rankings/?page=0").status_code == 400
    assert api().get("/api/games/toy/rankings/?all=maybe").status_code == 400


def _queries(call) -> int:
    with CaptureQueriesContext(connection) as context:
        call()
    return len(context.captured_queries)


def test_query_counts_do_not_grow_with_the_players(client, alice):
    # Issue 23, Done when: rankings within the lobby's query-count bounds.
    players(3)
    rate(alice, 10.0)
    client.force_login(alice)
    token = api(alice)
    for warm in ("/games/toy/rankings/", "/games/toy/rankings/?me=1"):
        client.get(warm)
    token.get("/api/games/toy/rankings/")
    few = [
        _queries(lambda: client.get("/games/toy/rankings/")),
        _queries(lambda: client.get("/games/toy/rankings/?me=1")),
        _queries(lambda: token.get("/api/games/toy/rankings/")),
    ]

    players(60, start_mu=30.0)

    many = [
        _queries(lambda: client.get("/games/toy/rankings/?page=2")),
        _queries(lambda: client.get("/games/toy/rankings/?me=1")),
        _queries(lambda: token.get("/api/games/toy/rankings/?page=3")),
    ]
    assert many == few
    # Session, user; count, page with players, first rank; turn count and
    # bell (the base page). The API: token, the page (3), my row (2).
    assert few[0] <= 8
    assert few[2] <= 6
