"""Each match stores the rules version its state was written under.

A later engine upgrades an older state (`Rules.upgrade_state`) or refuses
it; the platform never reads an old state as if it were new.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import exceptions, services
from games.models import Match
from tests.games.helpers import legal_json

pytestmark = pytest.mark.django_db


def test_a_new_match_stores_the_engines_rules_version(race_match, alice):
    assert race_match.rules_version == race_match.rules.info.version
    solo = services.match_create(user=alice, game_slug="dice-stars", seats=1)
    assert solo.rules_version == solo.rules.info.version


def _as_version_1(match):
    """Store `match`'s Race state as rules version 1 wrote it (with autoplay)."""
    state = dict(match.state)
    state["autoplay"] = [False] * len(state["hands"])
    Match.objects.filter(id=match.id).update(state=state, rules_version="1")
    match.refresh_from_db()


def test_an_older_race_state_is_upgraded_and_played_on(race_match, alice, alice_client):
    assert race_match.rules.info.version == "2"
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
    assert race_match.rules_version == "2"
    assert "autoplay" not in race_match.state


def test_a_state_the_engine_cannot_upgrade_is_refused_not_misread(
    race_match, alice, alice_client
):
    Match.objects.filter(id=race_match.id).update(rules_version="0")

    page = alice_client.get(f"/matches/{race_match.id}/")
    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.move_submit(
            match_id=race_match.id,
            user=alice,
            move_data={"kind": "favourites", "knonsters": ["rithle", "celya"]},
            expected_version=0,
        )

    assert page.status_code == 200
    assert str(exceptions.STATE_UNREADABLE) in page.content.decode()
    assert refusal.value.message == exceptions.STATE_UNREADABLE
    assert not race_match.moves.exists()


def _move(match, user, seat, version):
    services.move_submit(
        match_id=match.id,
        user=user,
        move_data=legal_json(match, seat)[0],
        expected_version=version,
    )
    match.refresh_from_db()


def test_a_move_row_records_the_rules_version_it_was_applied_under(race_match, alice):
    _move(race_match, alice, 0, 0)

    move = race_match.moves.get()
    assert move.rules_version == race_match.rules.info.version


def test_a_match_that_spans_an_engine_upgrade_keeps_both_versions_in_its_log(
    race_match, alice, bob, monkeypatch
):
    rules = race_match.rules
    _move(race_match, alice, 0, 0)
    # The engine is upgraded between two moves; this state needs no change.
    monkeypatch.setattr(rules, "info", replace(rules.info, version="3"))
    monkeypatch.setattr(rules, "upgrade_state", lambda data, version: data)
    _move(race_match, bob, 1, 1)

    log = list(race_match.moves.order_by("seq").values_list("seq", "rules_version"))
    assert log == [(1, "2"), (2, "3")]
    assert race_match.rules_version == "3"
