"""`player_link`: people's names link to their profiles, robots' do not (issue 23)."""

from __future__ import annotations

import pytest

from games import selectors
from games.models import Match, Seat
from games.templatetags.players import player_link
from tests.games.helpers import play_to_end
from tests.games.records import match_with

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_a_person_links_to_the_profile(alice):
    assert (
        player_link(alice) == '<a class="player-link" href="/players/Alice/">Alice</a>'
    )


def test_a_ranking_row_s_name_links_escaped():
    # A ranking's row holds only the name (games.selectors.rankings).
    assert player_link("A&B") == (
        '<a class="player-link" href="/players/A&amp;B/">A&amp;B</a>'
    )
    assert player_link("") == ""


def test_the_name_is_escaped_in_text_and_address(make_user):
    person = make_user("tricky", display_name='<b>"A&B"</b>')

    assert player_link(person) == (
        '<a class="player-link" href="/players/%3Cb%3E%22A&amp;B%22%3C/b%3E/">'
        "&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;</a>"
    )


def test_robots_free_seats_and_deactivated_accounts_are_plain_text(alice, bob):
    match = match_with([alice, None, bob], status=Match.Status.OPEN)
    Seat.objects.create(match=match, position=3)
    bob.is_active = False
    bob.save()
    seats = list(match.seats.select_related("user").order_by("position"))

    links = [str(player_link(seat)) for seat in seats]

    assert links[0] == '<a class="player-link" href="/players/Alice/">Alice</a>'
    assert links[1].startswith("Robot 2 (")
    assert links[2:] == ["Bob", "free seat"]
    assert player_link(None) == ""


def test_a_stand_in_seat_links_to_its_person(started_match, alice):
    Seat.objects.filter(match=started_match, user=alice).update(
        controller=Seat.Controller.STAND_IN, robot="medium"
    )
    selectors.seats_load(started_match)
    board = selectors.board_context(match=started_match, seat=None)

    links = [str(player_link(seat)) for seat in board.seats]

    assert links[0] == '<a class="player-link" href="/players/Alice/">Alice</a>'
    assert links[2].startswith("Robot 3")


def test_the_board_links_the_seated_people(client, started_match):
    html = client.get(f"/matches/{started_match.id}/").content.decode()

    assert '<a class="player-link" href="/players/Alice/">Alice</a>' in html
    assert '<a class="player-link" href="/players/Bob/">Bob</a>' in html
    assert 'href="/players/Robot' not in html


def test_the_end_screen_links_the_ranked_people(client, started_match, alice, bob):
    play_to_end(started_match, {0: alice, 1: bob})

    html = client.get(f"/matches/{started_match.id}/").content.decode()
    ranking = html.split('<ol class="ranking">', 1)[1].split("</ol>", 1)[0]

    assert '<a class="player-link" href="/players/Alice/">Alice</a>' in ranking
    assert '<a class="player-link" href="/players/Bob/">Bob</a>' in ranking
