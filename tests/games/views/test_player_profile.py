"""The profile page `/players/<name>/` (issue 23)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from games.models import Match, Rating, RatingChange
from tests.games.records import match_with, move_at, rated

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _url(name):
    return reverse("games:player_profile", kwargs={"name": name})


def test_the_address_is_the_public_name():
    assert _url("Alice") == "/players/Alice/"
    # A display name may hold a slash, a question mark or any letter.
    assert _url("a/b?c") == "/players/a/b%3Fc/"
    assert _url("Jürgen") == "/players/J%C3%BCrgen/"


@pytest.mark.parametrize("name", ["Alice", "a/b?c", "Jürgen"])
def test_any_public_name_reaches_its_profile(client, make_user, name):
    make_user("someone", display_name=name)

    response = client.get(_url(name))

    assert response.status_code == 200
    assert response.context["profile"].person.name == name


def test_the_page_shows_the_record(client, alice, bob):
    with time_machine.travel(START, tick=False):
        first = match_with([alice, bob], ranks=[1, 2])
        match_with([bob, alice], ranks=[1, 2])
        rated(alice, [(first, 27.0, 8.0)])
        move_at(match_with([alice, bob], status=Match.Status.ACTIVE), 0, seconds=7200)
        alice.date_joined = START - timedelta(days=400)
        alice.save()
        response = client.get(_url("Alice"))

    assert response.status_code == 200
    html = response.content.decode()
    assert "Member since Jan. 25, 2025" in html
    assert '<dd data-figure="played">2</dd>' in html
    assert '<dd data-figure="won">1</dd>' in html
    # 1000 + 20 * (27 - 24) = 1060, ± 160.
    assert "1,060 ± 160" in html
    assert "provisional" in html
    assert "<svg" in html
    assert "From 1,000 to 1,060 over 1 rated match." in html
    assert '<dd data-figure="median">2 h</dd>' in html
    assert "style=" not in html.split("<svg", 1)[1].split("</svg>", 1)[0]


def test_the_page_speaks_german(client, alice, bob):
    match_with([alice, bob])
    client.cookies["django_language"] = "de"

    with translation.override("de"):
        html = client.get(_url("Alice"), HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Gespielte Partien" in html
    assert "Zuverlässigkeit" in html


def test_an_unknown_or_deactivated_name_is_404(client, alice):
    assert client.get(_url("Nobody")).status_code == 404
    alice.is_active = False
    alice.save()
    assert client.get(_url("Alice")).status_code == 404


def test_private_matches_show_only_to_people_seated_there(
    client_for, alice, bob, carol
):
    private = match_with([alice, bob], status=Match.Status.ACTIVE, private=True)
    public = match_with([alice, bob], status=Match.Status.ACTIVE)

    def shows(user, match):
        html = client_for(user).get(_url("Alice")).content.decode()
        return f'href="/matches/{match.id}/"' in html

    assert shows(bob, private)
    assert shows(alice, private)
    assert not shows(carol, private)
    assert not shows(None, private)
    assert shows(carol, public)


def test_one_sees_a_link_to_ones_settings(client_for, alice, bob):
    settings_link = f'href="{reverse("accounts:profile")}"'
    own = client_for(alice).get(_url("Alice")).content.decode()
    other = client_for(bob).get(_url("Alice")).content.decode()

    assert "Your settings" in own
    assert settings_link in own
    assert "Your settings" not in other


def test_names_in_the_match_rows_link_to_profiles(client, alice, bob):
    match_with([alice, None, bob], status=Match.Status.ACTIVE)

    html = client.get(_url("Alice")).content.decode()

    assert f'<a class="player-link" href="{_url("Bob")}">Bob</a>' in html
    assert "Robot 2" in html
    assert 'player-link" href="/players/Robot' not in html


def _queries(client, url):
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def _record(alice, bob, count):
    """Play `count` finished, rated matches and as many running ones (every other private)."""
    matches = []
    for n in range(count):
        match = match_with([alice, bob, None], ranks=[1 + n % 2, 2 - n % 2, 3])
        move_at(match, 0, seconds=n)
        move_at(match, 0, by_timeout=True)
        matches.append((match, 25.0 + n, 8.0))
        match_with([bob, alice], status=Match.Status.ACTIVE, private=n % 2 == 0)
    Rating.objects.filter(user=alice).delete()
    RatingChange.objects.filter(user=alice).delete()
    rated(alice, matches)


def test_the_page_reads_as_many_queries_for_one_match_as_for_twenty(
    client_for, alice, bob, django_assert_max_num_queries
):
    client = client_for(bob)
    _record(alice, bob, 1)
    one = _queries(client, _url("Alice"))
    _record(alice, bob, 20)

    # Session, user, the matches to move in, the bell's unread count; the
    # person; record, rating and history per game; running and recent
    # matches with their seats; reliability: no more than the lobby's 8;
    # and the viewer's follow/mute/block flags (issue 24), one query.
    with django_assert_max_num_queries(9):
        client.get(_url("Alice"))
    assert _queries(client, _url("Alice")) == one
