"""Ratings as shown: the numbers, the end screen, the API match body (issue 23, Ratings)."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.utils import translation
from rest_framework.test import APIClient

from accounts.services import api_token_get_or_create
from games import rating_text, services
from games.models import Match, RatingChange
from games.rules import Outcome
from games.services.core import match_finish, match_lock
from games.templatetags import ratings as tags
from tests.games.html_tree import html_tree

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_a_newcomer_shows_1000_with_the_uncertainty():
    # Issue 23, Ratings: shown as the ordinal with its uncertainty.
    assert rating_text.rating_value(25, 25 / 3) == 1000
    assert rating_text.rating_uncertainty(25 / 3) == 167
    assert rating_text.rating_text(25, 25 / 3) == "1,000 ± 167"


def test_the_rating_is_grouped_as_the_locale_groups():
    # Issue 23, Ratings: "1,512 ± 87" (the thousands separator of the language).
    mu, sigma = 42.35, 4.35  # 1000 + 20 * (42.35 - 13.05) = 1586
    assert rating_text.rating_text(mu, sigma) == "1,586 ± 87"
    with translation.override("de"):
        assert rating_text.rating_text(mu, sigma) == "1.586 ± 87"


def test_provisional_for_the_first_ten_matches():
    # Issue 23, Ratings: "provisional" for the first 10 rated matches of a game.
    assert rating_text.is_provisional(9)
    assert not rating_text.is_provisional(10)


def test_a_change_is_twenty_times_the_change_of_the_ordinal_signed():
    # Issue 23, Ratings: the change after each match ("+14").
    assert rating_text.rating_change(25, 8, 26, 8) == 20
    assert rating_text.rating_change(25, 8, 25, 7.9) == 6
    assert tags.rating_change(14) == "+14"
    assert tags.rating_change(-3) == "\u22123"
    assert tags.rating_change(0) == "±0"
    assert tags.rating_change(None) == ""
    with translation.override("de"):
        assert rating_text.change_text(1234) == "+1.234"


def finished(alice, bob, *, rated: bool = True) -> Match:
    match = services.match_create(user=alice, game_slug="toy", seats=3)
    services.seat_claim(match_id=match.id, user=bob)
    services.seat_robot_add(match_id=match.id, user=alice)
    Match.objects.filter(id=match.id).update(rated=rated)
    with transaction.atomic():
        locked = match_lock(match.id)
        match_finish(
            locked,
            status=Match.Status.FINISHED,
            outcome=Outcome(ranks=(1, 3, 2), reason="score"),
        )
    return match


def expected_changes(match: Match) -> dict[int, str]:
    return {
        c.position: tags.rating_change(
            rating_text.rating_change(
                c.mu_before, c.sigma_before, c.mu_after, c.sigma_after
            )
        )
        for c in RatingChange.objects.filter(match=match)
    }


def test_the_end_screen_shows_each_persons_change(client_for, alice, bob):
    # Issue 23, Ratings: the change after each match on the end screen.
    match = finished(alice, bob)

    page = html_tree(client_for(bob).get(f"/matches/{match.id}/").content.decode())

    shown = {
        int(li.attrs["data-position"] or ""): li.one("span", "rating-change").text()
        for li in page.one("ul", "rating-changes").all("li")
    }
    assert shown == expected_changes(match)
    assert shown[0].startswith("+")
    assert shown[1].startswith("\u2212")
    assert set(shown) == {0, 1}  # the robot's seat has none


def test_an_unrated_match_shows_no_change_and_says_unrated(client_for, alice, bob):
    # Issue 23, Ratings: the creator may make a match unrated.
    match = finished(alice, bob, rated=False)

    page = html_tree(client_for(bob).get(f"/matches/{match.id}/").content.decode())

    assert page.all("ul", "rating-changes") == []
    assert page.one("div", "match-meta").one("span", "unrated")


def api(user) -> APIClient:
    client = APIClient()
    token = api_token_get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def test_the_api_match_body_says_each_seats_rating_change(alice, bob):
    # Issue 23, Ratings: the match body of a finished rated match says each
    # seat's rating change.
    match = finished(alice, bob)

    body = api(alice).get(f"/api/matches/{match.id}/").json()

    changes = {s["position"]: s["rating_change"] for s in body["seats"]}
    expected = {
        c.position: rating_text.rating_change(
            c.mu_before, c.sigma_before, c.mu_after, c.sigma_after
        )
        for c in RatingChange.objects.filter(match=match)
    }
    assert changes == {**expected, 2: None}
    assert changes[0] > 0 > changes[1]


def test_the_api_match_body_of_a_running_match_has_null_changes(started_match, alice):
    body = api(alice).get(f"/api/matches/{started_match.id}/").json()

    assert [s["rating_change"] for s in body["seats"]] == [None, None, None]


def test_a_finished_rated_board_reads_one_query_more(
    client_for, alice, bob, django_assert_max_num_queries
):
    # The end screen's changes: one query, whatever the number of seats.
    match = finished(alice, bob)

    client, token = client_for(alice), api(alice)
    client.get(f"/matches/{match.id}/")  # the first request logs in
    token.get(f"/api/matches/{match.id}/")

    # As tests/games/test_query_counts.py's board (8), and the changes, and
    # the chat's lines (one query, issue 24).
    with django_assert_max_num_queries(10):
        client.get(f"/matches/{match.id}/")
    # As its API match get (3), and the changes.
    with django_assert_max_num_queries(4):
        token.get(f"/api/matches/{match.id}/")
