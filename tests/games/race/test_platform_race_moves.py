"""Race's seats that move at once: stale moves through the services, the API and the board.

Moved from platform tests (test_platform_race.py says why they stay with Race).
"""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from games import exceptions, services
from games.models import Move
from games.rules import IllegalMove
from tests.games.helpers import legal_json

pytestmark = pytest.mark.django_db


def _submit(match, user, move, version=None):
    return services.move_submit(
        match_id=match.id,
        user=user,
        move_data=move,
        expected_version=match.version if version is None else version,
    )


# ---------------------------------------------------------------------------
# From tests/games/services/test_move_submit.py: stale moves of seats that
# move at once.


def test_accepts_a_stale_move_of_a_seat_that_has_waited_since(race_match, alice, bob):
    # Favourites are chosen by all seats at once: bob's choice moved the
    # match on while alice was choosing against version 0.
    bobs = legal_json(race_match, 1)[0]
    _submit(race_match, bob, bobs)
    alices = legal_json(race_match, 0)[0]

    _submit(race_match, alice, alices, version=0)

    race_match.refresh_from_db()
    assert race_match.version == 2
    assert list(race_match.moves.values_list("seat", "payload")) == [
        (1, bobs),
        (0, alices),
    ]


def test_refuses_a_stale_move_that_the_current_state_makes_illegal(
    race_match, alice, bob, monkeypatch
):
    _submit(race_match, bob, legal_json(race_match, 1)[0])
    move = legal_json(race_match, 0)[0]

    def refuse(self, state, seat, move):
        raise IllegalMove("That card is not in your hand.")

    monkeypatch.setattr(type(race_match.rules), "apply", refuse)
    with pytest.raises(exceptions.StaleMatch) as refusal:
        _submit(race_match, alice, move, version=0)

    # 409, not 400: the move was fine on the board alice saw.
    assert refusal.value.message == exceptions.MOVE_OVERTAKEN
    race_match.refresh_from_db()
    assert race_match.version == 1


# ---------------------------------------------------------------------------
# From tests/api/test_matches.py: seats moving at once through the API.


def _api_move(user, match, version, move):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(
        f"/api/matches/{match.id}/moves/",
        {"version": version, "move": move},
        format="json",
    )


def test_a_simultaneous_move_against_an_older_version_is_played(alice, bob, race_match):
    _api_move(bob, race_match, 0, legal_json(race_match, 1)[0])

    # Alice chose while bob did: her seat has waited since version 0.
    response = _api_move(alice, race_match, 0, legal_json(race_match, 0)[0])

    assert response.status_code == 200
    assert response.json()["version"] == 2


# ---------------------------------------------------------------------------
# From tests/games/views/test_move_create.py: a simultaneous move on the
# board, and Race's favourites as one grouped form of ticks.

HTMX = {"HX-Request": "true"}


def _post(client, match, move, version, htmx=True):
    return client.post(
        f"/matches/{match.id}/moves/",
        {"move": json.dumps(move), "expected_version": str(version)},
        headers=HTMX if htmx else {},
    )


def _post_fields(client, match, fields, version=0):
    return client.post(
        f"/matches/{match.id}/moves/",
        {"expected_version": str(version), **fields},
        headers=HTMX,
    )


def test_a_simultaneous_board_move_against_an_older_version_is_played(
    client_for, alice, bob, race_match
):
    _post(client_for(bob), race_match, legal_json(race_match, 1)[0], 0)

    response = _post(client_for(alice), race_match, legal_json(race_match, 0)[0], 0)

    assert response.status_code == 200
    assert Move.objects.filter(match=race_match, seat=0).count() == 1
    # The page showed version 0: the answer appends bob's and alice's lines.
    html = response.content.decode()
    assert 'hx-swap-oob="afterbegin:#log-entries"' in html
    assert 'id="log-1"' in html
    assert 'id="log-2"' in html


def test_a_grouped_form_writes_the_move_and_the_rules_judge_it(
    client_for, alice, race_match
):
    response = _post_fields(
        client_for(alice),
        race_match,
        {
            "move.kind": "favourites",
            "move.knonsters[]": ["", "celya", "rithle"],
        },
    )

    assert response.status_code == 200
    row = Move.objects.get(match=race_match, seat=0)
    # Put in Knonster order by the rules, as if the move's JSON was posted.
    assert row.payload == {"kind": "favourites", "knonsters": ["rithle", "celya"]}


@pytest.mark.parametrize(
    "ticked",
    [[""], ["", "rithle"], ["", "rithle", "celya", "elaari"], ["", "rithle", "rithle"]],
)
def test_a_grouped_form_with_the_wrong_ticks_gets_the_rules_reason(
    client_for, alice, race_match, ticked
):
    response = _post_fields(
        client_for(alice),
        race_match,
        {"move.kind": "favourites", "move.knonsters[]": ticked},
    )

    assert response.status_code == 400
    assert "Choose two different Knonsters." in response.content.decode()
    assert not Move.objects.filter(match=race_match).exists()


def test_the_race_board_offers_the_favourites_as_one_grouped_form(
    client_for, alice, race_match
):
    html = client_for(alice).get(f"/matches/{race_match.id}/").content.decode()

    assert 'class="move-form favourites-form"' in html
    assert html.count('name="move.knonsters[]"') == 1 + 4
    # One form instead of a button per pair.
    assert "data-move" not in html.split('id="board"')[1].split("</section>")[0]
