"""Platform behaviour that needs what only Race has (moved from platform tests).

The platform's own tests run on the test-only Toy (tests/games/toy/), which
has one seat to move at a time and nothing hidden. The tests here need
Race's simultaneous moves (every seat chooses favourites at once), its
hidden favourites, or its decided race, and so stay with Race. Here: the
admin, stored versions, the match page, the schema, German and the end;
moves of seats that move at once: test_platform_race_moves.py; robots:
test_platform_race_robots.py; clocks and turns: test_platform_race_clocks.py.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games import services
from games.models import Match
from tests.games.helpers import DATA_CARD, legal_json, state_of
from tests.games.race.helpers import choose_favourites

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# From tests/games/test_admin.py: the admin hides Race's secrets (hands, bets,
# private events) while a match runs.


def _event_lines(match, *, private):
    """Return the log lines of `match`'s moves' private (or public) events."""
    from games.rules import Event
    from games.text import message_text

    lines = []
    for move in match.moves.all():
        for data in move.events:
            event = Event.from_json(data)
            if (event.visible_to is not None) == private:
                lines.append(message_text(match.rules.describe_event(event)))
    return lines


def test_a_running_match_shows_what_a_spectator_sees(admin_client, chosen_match):
    from django.utils.html import escape

    response = admin_client.get(f"/admin/games/match/{chosen_match.id}/change/")

    assert response.status_code == 200
    html = response.content.decode()
    # No seed (every future draw), no raw state (the hands, the bets), no
    # server seed (issue 23: its commitment only).
    assert 'field-seed"' not in html
    assert "field-server_seed" not in html
    assert str(chosen_match.seed) not in html
    assert "field-state" not in html
    assert '"hands"' not in html
    assert "&quot;hands&quot;" not in html
    assert "field-spectator_view" in html
    # The spectator's view instead, as the board shows it to a spectator.
    view = chosen_match.rules.view(chosen_match.game_state(), None)
    assert "hands" not in view
    assert all(escape(f'"{key}":') in html for key in view)
    # Moves: no payload (a secret choice), no private event; public ones.
    assert "field-payload" not in html
    assert "field-events" not in html
    private = _event_lines(chosen_match, private=True)
    assert private
    for line in private:
        assert escape(line) not in html
    assert "field-public_events" in html
    public = _event_lines(chosen_match, private=False)
    assert public
    for line in public:
        assert escape(line) in html


# ---------------------------------------------------------------------------
# From tests/games/test_rules_version.py: Race upgrades its version 1 states.


def _as_version_1(match):
    """Store `match`'s Race state as rules version 1 wrote it (with autoplay)."""
    state = dict(match.state)
    state["autoplay"] = [False] * len(state["hands"])
    Match.objects.filter(id=match.id).update(state=state, rules_version="1")
    match.refresh_from_db()


def test_an_older_race_state_is_upgraded_and_played_on(race_match, alice, alice_client):
    assert race_match.rules.info.version == "3"
    _as_version_1(race_match)

    page = alice_client.get(f"/matches/{race_match.id}/")
    services.move_submit(
        match_id=race_match.id,
        user=alice,
        move_data=legal_json(race_match, 0)[0],
        expected_version=0,
    )

    assert page.status_code == 200
    race_match.refresh_from_db()
    # The next write stores the state in today's shape, under today's version.
    assert race_match.rules_version == "3"
    assert "autoplay" not in race_match.state


# ---------------------------------------------------------------------------
# From tests/games/views/test_match_detail.py: a seat's hand on the board,
# none for spectators.


@pytest.fixture
def playing(race_match, alice, bob):
    """The race_match after everybody chose favourites: hands are on the table."""
    choose_favourites(race_match, {0: alice, 1: bob})
    services.robot_move_play(match_id=race_match.id, expected_version=2)
    race_match.refresh_from_db()
    assert state_of(race_match).phase == "play"
    return race_match


def test_alice_sees_her_own_hand_and_her_seat(client_for, alice, playing):
    html = client_for(alice).get(f"/matches/{playing.id}/").content.decode()

    assert set(DATA_CARD.findall(html)) == set(state_of(playing).hands[0])
    assert "(you)" in html


@pytest.mark.parametrize("persona", ["carol", None])
def test_carol_and_anonymous_visitors_get_the_spectator_view(
    request, client_for, playing, persona
):
    user = request.getfixturevalue(persona) if persona else None

    response = client_for(user).get(f"/matches/{playing.id}/")

    board = response.context["board"]
    assert board.seat is None
    assert board.view == playing.rules.view(state_of(playing), None)
    assert board.legal_moves == ()
    html = response.content.decode()
    # No hand is shown to a spectator, and no move can be offered.
    assert DATA_CARD.findall(html) == []
    assert "move-form" not in html
    assert "(you)" not in html


# ---------------------------------------------------------------------------
# From tests/api/test_schema.py: Race refuses a seat count the schema allows.


def test_a_seat_count_the_game_refuses_is_a_documented_400(alice):
    # Race seats 2 to 4; the schema allows 1 (Dice Stars' solo).
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post("/api/matches/", {"game": "race", "seats": 1}, format="json")

    assert response.status_code == 400
    assert set(response.json()) == {"detail"}


# ---------------------------------------------------------------------------
# From tests/test_translations.py: Race's board in German.


def test_race_board_speaks_german(client, race_match, alice):
    alice.language = "de"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    html = client.get(race_match.get_absolute_url()).content.decode()
    assert "Wähle deine zwei Favoriten" in html
    assert "Deine Handkarten" in html
    assert "Nachziehstapel" in html
    assert "Your hand" not in html


# ---------------------------------------------------------------------------
# From tests/games/views/test_end_states.py: a race resigned while everybody
# chooses favourites.


def _race_duel(alice, bob) -> Match:
    match = services.match_create(user=alice, game_slug="race", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    return match


def test_a_race_resigned_while_choosing_favourites_says_nobody_chooses(
    client_for, alice, bob
):
    # Both seats choose their favourites at once: the table said "choosing…"
    # for both, and both seats "to move", after the match had ended.
    match = _race_duel(alice, bob)
    services.match_resign(match_id=match.id, user=alice)

    html = client_for(bob).get(f"/matches/{match.id}/").content.decode()

    assert "choosing…" not in html
    assert html.count("to move") == 0
