"""No seat's hand, favourites or winner bet reaches another viewer (STYLE.md B0.4).

Moved from tests/games/test_secrets.py: the platform tests run on the Toy,
which hides nothing, so privacy through the platform's doors is tested on
Race's secrets here.

Card ids and Knonster names also appear in public (the last card played,
the track), so each check compares the exact place a secret would show:
the hand section (`data-card=`), a player's row, the API `view`, the log.
"""

from __future__ import annotations

import re

import pytest
from django.utils.html import escape
from rest_framework.test import APIClient

from games import services
from games.rules import Event
from games.text import message_text
from tests.games.helpers import DATA_CARD, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def secret_match(chosen_match):
    """A 3-seat Race with Win Bet after everybody chose: play phase, hands dealt."""
    match = chosen_match
    match.refresh_from_db()
    services.robot_move_play(match_id=match.id, expected_version=match.version)
    state = state_of(match)
    assert state.phase == "play"
    # The secrets below must actually differ between seats for the test to bite.
    assert state.favourites[0] != state.favourites[1]
    assert set(state.hands[0]) - set(state.hands[1])
    return match


def _player_row(html: str, seat: int, name: str) -> str:
    """Return the players-table row of `seat` (1-based in the page)."""
    found = re.search(
        rf"<tr[^>]*>\s*<td[^>]*>\s*{seat + 1}\.\s*{name}.*?</tr>", html, re.S
    )
    assert found, f"no row for seat {seat}"
    return found.group(0)


def _hand_section(html: str) -> list[str]:
    return DATA_CARD.findall(html)


def test_alice_sees_her_own_secrets_on_her_page(client_for, alice, secret_match):
    # The positive control: without it the absence checks below prove nothing.
    state = state_of(secret_match)
    html = client_for(alice).get(f"/matches/{secret_match.id}/").content.decode()

    assert set(_hand_section(html)) == set(state.hands[0])
    assert "♥" in _player_row(html, 0, "Alice")
    assert "winner bet" in _player_row(html, 0, "Alice")


@pytest.mark.parametrize("viewer", ["bob", "carol", None])
def test_other_viewers_pages_hold_none_of_alices_secrets(
    request, client_for, secret_match, viewer
):
    user = request.getfixturevalue(viewer) if viewer else None
    state = state_of(secret_match)

    html = client_for(user).get(f"/matches/{secret_match.id}/").content.decode()

    own_hand = set(state.hands[1]) if viewer == "bob" else set()
    assert set(_hand_section(html)) == own_hand
    assert not (set(state.hands[0]) - own_hand) & set(_hand_section(html))
    alice_row = _player_row(html, 0, "Alice")
    # Favourite chips (♥, ★ when revealed) and the winner bet mark.
    assert "♥" not in alice_row
    assert "★" not in alice_row
    assert "winner bet" not in alice_row
    robot_row = _player_row(html, 2, "Robot")
    assert "♥" not in robot_row


@pytest.mark.parametrize("viewer", ["bob", "carol", None])
def test_the_log_shows_other_viewers_none_of_alices_private_lines(
    request, client_for, secret_match, viewer
):
    user = request.getfixturevalue(viewer) if viewer else None
    seat = {"bob": 1, "carol": None, None: None}[viewer]
    rules = secret_match.rules
    # Straight from the stored events, not through the selector under test.
    lines = {True: set(), False: set()}
    for move in secret_match.moves.all():
        for data in move.events:
            event = Event.from_json(data)
            line = message_text(rules.describe_event(event))
            seen = event.visible_to is None or seat in event.visible_to
            lines[seen].add(line)
    private = lines[False] - lines[True]
    # Alice noted her favourites and bet in a line only she may read.
    assert private

    html = client_for(user).get(f"/matches/{secret_match.id}/").content.decode()

    for line in private:
        assert escape(line) not in html


@pytest.mark.parametrize("viewer", ["bob", "carol"])
def test_the_api_gives_other_viewers_none_of_alices_secrets(
    request, secret_match, viewer
):
    user = request.getfixturevalue(viewer)
    state = state_of(secret_match)
    client = APIClient()
    client.force_authenticate(user)

    body = client.get(f"/api/matches/{secret_match.id}/").json()

    view = body["view"]
    if viewer == "bob":
        assert {card["card"] for card in view["hand"]} == set(state.hands[1])
        assert view["favourites"]["knonsters"] == list(state.favourites[1])
    else:
        assert view["hand"] is None
        assert view["favourites"] is None
    alice = view["players"][0]
    assert alice["favourites"] == []
    assert alice["winner"] is None
    assert alice["hand_count"] == len(state.hands[0])
    # No field of the body may carry the draw pile's order or the RNG.
    assert view["draw_pile"] == len(state.draw_pile)
    assert "rng" not in str(body)
