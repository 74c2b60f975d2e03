"""Each match stores the rules version its state was written under.

A later engine upgrades an older state (`Rules.upgrade_state`) or refuses
it; the platform never reads an old state as if it were new.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import exceptions, services
from games.models import Match
from tests.games.helpers import first_moves_play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_a_new_match_stores_the_engines_rules_version(started_match, alice):
    assert started_match.rules_version == started_match.rules.info.version
    solo = services.match_create(user=alice, game_slug="toy", seats=1)
    assert solo.rules_version == solo.rules.info.version


def test_a_state_the_engine_cannot_upgrade_is_refused_not_misread(
    started_match, alice, alice_client
):
    Match.objects.filter(id=started_match.id).update(rules_version="0")

    page = alice_client.get(f"/matches/{started_match.id}/")
    with pytest.raises(exceptions.InvalidMove) as refusal:
        services.move_submit(
            match_id=started_match.id,
            user=alice,
            move_data={"kind": "roll"},
            expected_version=0,
        )

    assert page.status_code == 200
    assert str(exceptions.STATE_UNREADABLE) in page.content.decode()
    assert refusal.value.message == exceptions.STATE_UNREADABLE
    assert not started_match.moves.exists()


def _move(match, users_by_seat):
    # The first person to move plays their first legal move.
    first_moves_play(match, users_by_seat)


def test_a_move_row_records_the_rules_version_it_was_applied_under(
    started_match, alice, bob
):
    _move(started_match, {0: alice, 1: bob})

    move = started_match.moves.get()
    assert move.rules_version == started_match.rules.info.version


def test_a_match_that_spans_an_engine_upgrade_keeps_both_versions_in_its_log(
    started_match, alice, bob, monkeypatch
):
    rules = started_match.rules
    before = rules.info.version
    _move(started_match, {0: alice, 1: bob})
    # The engine is upgraded between two moves; this state needs no change.
    monkeypatch.setattr(rules, "info", replace(rules.info, version="upgraded"))
    monkeypatch.setattr(rules, "upgrade_state", lambda data, version: data)
    _move(started_match, {0: alice, 1: bob})

    log = list(started_match.moves.order_by("seq").values_list("seq", "rules_version"))
    assert log == [(1, before), (2, "upgraded")]
    assert started_match.rules_version == "upgraded"
