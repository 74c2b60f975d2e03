"""Data migrations: what they do to rows made before them."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from games.clocks import PRESETS
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_open_matches_from_before_time_controls_become_daily(alice, bob):
    migration = importlib.import_module("games.migrations.0008_open_matches_daily")
    from games import services

    waiting = services.match_create(user=alice, game_slug="toy", seats=3)
    solo = services.match_create(user=alice, game_slug="toy", seats=1)
    running = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=running.id, user=bob)
    Match.objects.update(time_control=None)

    migration.open_matches_daily(apps, None)

    controls = dict(Match.objects.values_list("id", "time_control"))
    assert controls == {
        waiting.id: PRESETS["daily"].to_json(),
        solo.id: None,
        running.id: None,
    }


def test_every_private_match_gets_its_own_secret(alice):
    migration = importlib.import_module("games.migrations.0010_match_invite_secret")
    from games import services

    public = services.match_create(user=alice, game_slug="toy", seats=2)
    private = [
        services.match_create(user=alice, game_slug="toy", seats=2, private=True)
        for _ in range(2)
    ]
    Match.objects.update(invite_secret="")

    migration.private_matches_get_secrets(apps, None)

    secrets = dict(Match.objects.values_list("id", "invite_secret"))
    assert secrets[public.id] == ""
    assert all(len(secrets[m.id]) >= 22 for m in private)
    assert secrets[private[0].id] != secrets[private[1].id]


def test_moves_from_before_rules_versions_get_their_matchs_version(
    started_match, alice
):
    migration = importlib.import_module("games.migrations.0013_move_rules_version")
    from games import services
    from games.models import Move
    from tests.games.helpers import legal_json

    services.move_submit(
        match_id=started_match.id,
        user=alice,
        move_data=legal_json(started_match, 0)[0],
        expected_version=0,
    )
    Match.objects.filter(id=started_match.id).update(rules_version="1")
    Move.objects.update(rules_version="")

    migration.versions_from_matches(apps, None)

    assert list(Move.objects.values_list("rules_version", flat=True)) == ["1"]


def test_moves_and_play_records_from_before_them_are_filled(alice, bob):
    migration = importlib.import_module("games.migrations.0015_play_records")
    from games.models import Move, PlayRecord
    from tests.games.helpers import play_to_end

    match = _duel(alice, bob)
    play_to_end(match, {0: alice, 1: bob})
    moves = dict(Move.objects.values_list("id", "user_id"))
    records = set(PlayRecord.objects.values_list("user_id", "played", "won"))
    Move.objects.update(user=None)
    PlayRecord.objects.all().delete()

    migration.fill(apps, None)

    assert dict(Move.objects.values_list("id", "user_id")) == moves
    assert set(moves.values()) == {alice.id, bob.id}
    assert set(PlayRecord.objects.values_list("user_id", "played", "won")) == records
    assert {played for _, played, _ in records} == {1}


def _duel(alice, bob):
    """Return a started 2-seat Toy match: alice (0) against bob (1)."""
    from games import services

    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    return match


def test_robots_get_their_level_names(alice):
    """Issue 26: "easy", "medium", "hard" in every game, stand-ins too."""
    migration = importlib.import_module("games.migrations.0019_robot_levels")
    from games import services
    from games.models import Seat

    match = services.match_create(user=alice, game_slug="toy", seats=3)
    seats = {}
    for slug, names in migration.LEVELS.items():
        Match.objects.filter(id=match.id).update(game_slug=slug)
        (random_name, heuristic_name) = names
        Seat.objects.filter(match=match, position=1).update(
            controller="robot", robot=random_name
        )
        Seat.objects.filter(match=match, position=2).update(
            controller="robot", robot=heuristic_name
        )
        Seat.objects.filter(match=match, position=0).update(
            controller="stand_in", robot=random_name
        )

        migration.levels_forwards(apps, None)

        seats[slug] = dict(
            Seat.objects.filter(match=match).values_list("position", "robot")
        )
    from games.rules.registry import GAMES

    assert set(seats) == set(GAMES) - {"toy"}
    assert all(s == {0: "easy", 1: "easy", 2: "medium"} for s in seats.values())
