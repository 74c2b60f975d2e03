"""Each match stores the rules version its state was written under.

A later engine upgrades an older state (`Rules.upgrade_state`) or refuses
it; the platform never reads an old state as if it were new.
"""

from __future__ import annotations

import pytest

from games import exceptions, services
from games.models import Match

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
