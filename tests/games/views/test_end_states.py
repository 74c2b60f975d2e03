"""A match that has ended shows nobody to move and says how it ended (issue 21).

Every game, every end: resigned, cancelled by consent, aborted by a
moderator, and played to its end. The engine's state of a match ended
early stays where play stopped; the board must not read "to move" from it.
"""

from __future__ import annotations

import re

import pytest

from games import services
from games.models import Match
from games.rules.registry import game_slugs
from tests.games.helpers import play_to_end

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

# Every registered game's board, and the Toy's.
GAMES = [*game_slugs(), "toy"]

# What a board says only while somebody is to move.
TURN_WORDS = (
    "to move",
    "choosing",
    "Your turn",
    "Your throw",
    "throwing",
    "still to throw",
    "Still to act",
    "Everyone takes one more action",
    'class="badge turn"',
    'class="your-turn"',
    "rr-to-move",
    "is to move",
    " draws dice.",
    " chooses what to roll for.",
)


def _page(client, match) -> str:
    response = client.get(f"/matches/{match.id}/")
    assert response.status_code == 200
    return response.content.decode()


def _live_part(client, match) -> str:
    """Return the part of the board that pushes and htmx answers re-render."""
    response = client.get(f"/matches/{match.id}/", headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.content.decode()


def _turn_words(html: str) -> list[str]:
    # The rules link and the log may say anything; the board and seats may not.
    live = html.split('id="move-log"')[0]
    return [word for word in TURN_WORDS if word in live]


def _duel(game: str, alice, bob) -> Match:
    match = services.match_create(user=alice, game_slug=game, seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    return match


def _status_badge(html: str) -> str:
    found = re.search(r'<span id="match-status" class="badge"[^>]*>([^<]*)<', html)
    assert found is not None
    return found.group(1)


@pytest.mark.parametrize("game", GAMES)
def test_a_running_duel_has_somebody_to_move(client_for, alice, bob, game):
    # The check below would pass on any page that never says it.
    match = _duel(game, alice, bob)

    pages = [_page(client_for(user), match) for user in (alice, bob)]

    assert any(_turn_words(html) for html in pages)


@pytest.mark.parametrize("game", GAMES)
def test_a_match_cancelled_by_consent_has_nobody_to_move(client_for, alice, bob, game):
    match = _duel(game, alice, bob)
    services.match_cancel_agree(match_id=match.id, user=alice)
    services.match_cancel_agree(match_id=match.id, user=bob)

    for user in (alice, bob, None):
        client = client_for(user)
        html = _page(client, match)
        assert _turn_words(html) == [], (user, _turn_words(html))
        assert _turn_words(_live_part(client, match)) == []
        assert _status_badge(html) == "Cancelled"
        assert 'data-ending="cancelled"' in html
        assert "Cancelled by agreement, no winner." in html


@pytest.mark.parametrize("game", GAMES)
def test_a_resigned_duel_has_nobody_to_move(client_for, alice, bob, game):
    match = _duel(game, alice, bob)
    services.match_resign(match_id=match.id, user=bob)

    for user in (alice, bob, None):
        html = _page(client_for(user), match)
        assert _turn_words(html) == [], (user, _turn_words(html))
        assert _status_badge(html) == "Finished"
        assert 'data-ending="resigned"' in html
        assert "Alice wins." in html
        assert "Bob resigned and is ranked last." in html


@pytest.mark.parametrize("game", GAMES)
def test_a_match_aborted_by_a_moderator_has_nobody_to_move(
    client_for, alice, bob, game
):
    match = _duel(game, alice, bob)
    services.match_abort(match_id=match.id)

    for user in (alice, bob, None):
        html = _page(client_for(user), match)
        assert _turn_words(html) == [], (user, _turn_words(html))
        assert _status_badge(html) == "Aborted"
        assert 'data-ending="aborted"' in html
        assert "Aborted by a moderator, no winner." in html


def test_an_open_match_aborted_says_so(client_for, alice, open_match):
    services.match_abort(match_id=open_match.id)

    html = _page(client_for(alice), open_match)

    assert 'data-ending="aborted"' in html
    assert "Aborted before it started." in html
    assert "The board appears when every seat is taken." not in html


def test_a_match_played_to_its_end_shows_its_result(
    client_for, started_match, alice, bob
):
    play_to_end(started_match, {0: alice, 1: bob})

    html = _page(client_for(alice), started_match)

    assert _turn_words(html) == []
    assert _status_badge(html) == "Finished"
    assert 'data-ending="finished"' in html
    assert "Final result" in html


def test_the_tab_title_does_not_count_a_cancelled_board(client_for, alice, bob):
    # spielpost.js counts the board's own match when it shows "Your turn.".
    match = _duel("toy", alice, bob)
    services.match_cancel_agree(match_id=match.id, user=alice)
    services.match_cancel_agree(match_id=match.id, user=bob)

    html = _page(client_for(alice), match)

    assert 'class="your-turn"' not in html
    assert 'id="turn-count" hidden data-count="0"' in html


def test_recently_finished_lists_every_end(client_for, alice, bob, carol):
    finished = _duel("toy", alice, bob)
    services.match_resign(match_id=finished.id, user=bob)
    cancelled = _duel("toy", alice, bob)
    services.match_cancel_agree(match_id=cancelled.id, user=alice)
    services.match_cancel_agree(match_id=cancelled.id, user=bob)
    aborted = _duel("toy", alice, bob)
    services.match_abort(match_id=aborted.id)
    running = _duel("toy", alice, carol)

    html = client_for(alice).get("/play/").content.decode()

    recent = html.split('id="finished-title"')[1]
    rows = dict(
        re.findall(r'href="/matches/(\d+)/".*?class="ending">([^<]*)<', recent, re.S)
    )
    assert rows == {
        str(finished.id): "Bob resigned.",
        str(cancelled.id): "Cancelled by agreement, no winner.",
        str(aborted.id): "Aborted by a moderator, no winner.",
    }
    assert 'data-status="cancelled">Cancelled<' in recent
    assert str(running.id) not in rows


def test_recently_finished_names_the_winners(client_for, started_match, alice, bob):
    play_to_end(started_match, {0: alice, 1: bob})
    started_match.refresh_from_db()
    winners = [
        seat.name
        for seat in started_match.seats.order_by("position")
        if started_match.outcome["ranks"][seat.position] == 1
    ]

    html = client_for(alice).get("/play/").content.decode()

    recent = html.split('id="finished-title"')[1]
    verb = "won." if len(winners) == 1 else "won together."
    assert f'class="ending">{", ".join(winners)} {verb}<' in recent
