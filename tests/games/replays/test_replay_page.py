"""The replay page of an ended match (issue 23): steps, seats, links, access."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.models import Move
from games.rules import registry
from games.selectors.replays import match_seed

from .helpers import finished_match

pytestmark = pytest.mark.django_db


def _url(match, **query):
    url = reverse("games:match_replay", kwargs={"match_id": match.id})
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


@pytest.fixture
def race(alice):
    return finished_match(alice, "race", seats=3)


def test_each_step_shows_its_move_and_events(alice_client, race):
    move = Move.objects.get(match=race, seq=3)
    answer = alice_client.get(_url(race, move=3))
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'id="replay-counter"' in html
    assert "Move 3 of" in html
    assert 'aria-live="polite"' in html
    rules = race.rules
    label = rules.describe(rules.move_from_json(move.payload)).text
    assert label.split("%")[0].strip()[:10] in html
    # The links step back and forth around move 3, keeping the seat.
    assert "?move=2&amp;seat=0" in html
    assert "?move=4&amp;seat=0" in html
    assert f"?move={race.version}&amp;seat=0" in html
    # Read-only: no move form at all.
    assert "move_create" not in html
    assert "/moves/" not in html
    assert 'src="/static/games/replay.js"' in html
    assert "<script>" not in html


def test_the_deal_is_move_zero_and_the_end_the_last(alice_client, race):
    first = alice_client.get(_url(race)).content.decode()
    assert "The deal, before the first of" in first
    assert re.search(r'id="replay-back"[^>]*aria-disabled="true"', first)
    last = alice_client.get(_url(race, move=10_000)).content.decode()
    assert f"Move {race.version} of {race.version}" in last
    assert re.search(r'id="replay-forward"[^>]*aria-disabled="true"', last)
    assert "Place 1" in last


def test_unreadable_query_values_fall_back(alice_client, race):
    for query in ({"move": "x"}, {"move": "-3"}, {"move": "٣"}, {"seat": "99"}):
        assert alice_client.get(_url(race, **query)).status_code == 200


def test_the_seat_picker_shows_that_seats_hand(alice_client, race):
    # Race hands are secret while running; every seat's is revealed now.
    rules = registry.rules_for("race")
    state = rules.new_state(seats=3, options=race.options, seed=match_seed(race))
    for position in (1, 2):
        view = rules.view(state, position)
        html = alice_client.get(_url(race, move=0, seat=position)).content.decode()
        for card in {c["card"] for c in view["hand"]}:
            assert f'data-card="{card}"' in html
        assert f'<option value="{position}" selected' in html


def test_a_running_match_has_no_replay_yet(alice_client, started_match):
    answer = alice_client.get(_url(started_match))
    assert answer.status_code == 404
    assert "The replay opens when the match is over" in answer.content.decode()


def test_a_private_match_replays_only_to_whom_may_see_it(
    alice, alice_client, client_for, carol, toy
):
    match = services.match_create(user=alice, game_slug="toy", seats=2, private=True)
    services.seat_robot_add(match_id=match.id, user=alice)
    match.refresh_from_db()
    from tests.games.helpers import play_to_end

    play_to_end(match, {0: alice})
    assert alice_client.get(_url(match)).status_code == 200
    assert client_for(carol).get(_url(match)).status_code == 404
    assert client_for().get(_url(match)).status_code == 404


def test_a_public_ended_match_replays_to_guests(client, race):
    assert client.get(_url(race, move=2)).status_code == 200


def test_a_match_that_cannot_be_replayed_says_why(alice_client, race):
    Move.objects.filter(match=race, seq=1).update(events=[])
    answer = alice_client.get(_url(race, move=2))
    assert answer.status_code == 409
    assert "does not replay as recorded" in answer.content.decode()


def test_queries_do_not_grow_with_the_move(
    alice_client, race, django_assert_max_num_queries
):
    alice_client.get(_url(race, move=1))  # warm the session
    counts = []
    for move in (1, race.version):
        with CaptureQueriesContext(connection) as queries:
            assert alice_client.get(_url(race, move=move)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
    # 7, plus the end screen's rating changes (a finished match's board).
    assert counts[0] <= 8, counts


def test_the_end_screen_and_the_lists_link_the_replay(alice_client, race):
    replay = _url(race)
    board = alice_client.get(race.get_absolute_url()).content.decode()
    assert f'href="{replay}"' in board
    lobby = alice_client.get(reverse("games:lobby")).content.decode()
    assert f'href="{replay}"' in lobby
    assert reverse("games:my_history") in lobby


def test_a_running_match_links_no_replay(alice_client, started_match):
    board = alice_client.get(started_match.get_absolute_url()).content.decode()
    assert _url(started_match) not in board


@pytest.mark.parametrize("slug", ["dice-stars", "knatsch", "race", "rat-um-rad", "toy"])
def test_every_games_board_renders_read_only_at_every_kind_of_step(
    alice, client_for, toy, slug
):
    from games.rules import registry

    assert set(registry.GAMES) == {
        "dice-stars",
        "knatsch",
        "race",
        "rat-um-rad",
        "toy",
    }, "a new game: add it here"
    match = finished_match(alice, slug)
    client = client_for(alice)
    for move in (0, 1, match.version // 2, match.version):
        for seat in range(len(match.seats.all())):
            answer = client.get(_url(match, move=move, seat=seat))
            assert answer.status_code == 200, (move, seat)
            html = answer.content.decode()
            # No move form: they all carry the version they were made against.
            assert 'name="expected_version"' not in html
            if seat != 0:
                # Another seat's view says "you" to nobody.
                assert "Your turn" not in html
