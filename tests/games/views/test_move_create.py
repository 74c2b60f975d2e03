from __future__ import annotations

import json

import pytest

from games import exceptions
from games.models import Move
from tests.games.helpers import legal_json
from tests.games.toy import toy_position

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

HTMX = {"HX-Request": "true"}


def _post(client, match, move, version, htmx=True):
    return client.post(
        f"/matches/{match.id}/moves/",
        {"move": json.dumps(move), "expected_version": str(version)},
        headers=HTMX if htmx else {},
    )


def test_an_htmx_move_answers_with_the_new_board(client_for, alice, started_match):
    response = _post(
        client_for(alice), started_match, legal_json(started_match, 0)[0], 0
    )

    assert response.status_code == 200
    html = response.content.decode()
    # Only the live part, swapped out of band by id.
    assert "<html" not in html
    assert 'id="board"' in html
    assert 'hx-swap-oob="true"' in html
    assert 'data-version="1"' in html
    assert Move.objects.filter(match=started_match, seat=0).count() == 1


def test_a_stale_version_answers_409_with_the_current_board_and_the_reason(
    client_for, alice, started_match
):
    client = client_for(alice)
    toy_position(started_match, pending=5)
    _post(client, started_match, {"kind": "bank"}, 0)

    # The same player again from a second tab that still shows version 0.
    response = _post(client, started_match, {"kind": "roll"}, 0)

    assert response.status_code == 409
    html = response.content.decode()
    assert str(exceptions.STALE_MATCH) in html
    # The current board comes along, so the player can just move again.
    assert 'data-version="1"' in html
    assert Move.objects.filter(match=started_match, seat=0).count() == 1


def test_a_move_out_of_turn_answers_403(client_for, alice, started_match):
    client = client_for(alice)
    toy_position(started_match, pending=5)
    _post(client, started_match, {"kind": "bank"}, 0)

    # Bob's turn now.
    response = _post(client, started_match, {"kind": "roll"}, 1)

    assert response.status_code == 403
    assert str(exceptions.NOT_YOUR_TURN) in response.content.decode()


def test_carol_without_a_seat_gets_403(client_for, carol, started_match):
    response = _post(
        client_for(carol), started_match, legal_json(started_match, 0)[0], 0
    )

    assert response.status_code == 403
    assert str(exceptions.NOT_SEATED) in response.content.decode()
    assert not Move.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"move": "{not json", "expected_version": "0"},
        {"move": '{"kind": "roll"}', "expected_version": "zero"},
        {"expected_version": "0"},
        {"move": '{"kind": "teleport"}', "expected_version": "0"},
        {"move": "[1, 2]", "expected_version": "0"},
        {"move": '{"kind": "roll", "times": 2}', "expected_version": "0"},
    ],
)
def test_a_malformed_move_answers_400(client_for, alice, started_match, data):
    response = client_for(alice).post(
        f"/matches/{started_match.id}/moves/", data, headers=HTMX
    )

    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert not Move.objects.exists()


def test_a_plain_post_redirects_to_the_match(client_for, alice, started_match):
    response = _post(
        client_for(alice), started_match, legal_json(started_match, 0)[0], 0, htmx=False
    )

    assert (response.status_code, response["Location"]) == (
        302,
        f"/matches/{started_match.id}/",
    )
    assert Move.objects.filter(match=started_match).count() == 1


def test_a_refused_plain_post_redirects_with_the_reason(
    client_for, carol, started_match
):
    response = client_for(carol).post(
        f"/matches/{started_match.id}/moves/",
        {"move": json.dumps(legal_json(started_match, 0)[0]), "expected_version": "0"},
        follow=True,
    )

    assert response.status_code == 200
    assert str(exceptions.NOT_SEATED) in response.content.decode()


def test_anonymous_visitors_must_log_in(client_for, started_match):
    response = _post(client_for(), started_match, legal_json(started_match, 0)[0], 0)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Move.objects.exists()


def test_an_unknown_match_is_404(client_for, alice):
    response = client_for(alice).post(
        "/matches/987654/moves/",
        {"move": "{}", "expected_version": "0"},
        headers=HTMX,
    )

    assert response.status_code == 404


# Grouped move forms (games.forms.MoveForm): a move posted as fields (Race's
# favourites are ticked: tests/games/race/test_platform_race.py).


def _post_fields(client, match, fields, version=0):
    return client.post(
        f"/matches/{match.id}/moves/",
        {"expected_version": str(version), **fields},
        headers=HTMX,
    )


def test_a_grouped_form_writes_the_move(client_for, alice, started_match):
    response = _post_fields(client_for(alice), started_match, {"move.kind": "roll"})

    assert response.status_code == 200
    row = Move.objects.get(match=started_match, seat=0)
    assert row.payload == {"kind": "roll"}


def test_a_grouped_form_gets_the_rules_reason(client_for, alice, started_match):
    response = _post_fields(client_for(alice), started_match, {"move.kind": "bank"})

    assert response.status_code == 400
    assert "Roll at least once." in response.content.decode()
    assert not Move.objects.filter(match=started_match).exists()


@pytest.mark.parametrize(
    "fields",
    [
        {},
        {"move.": "x"},
        {"move.kind": ["roll", "bank"]},
        {"move.kind": "roll", "move.kind.x": "1"},
        {"move.kind": "roll", "move..x": "1"},
        {"move.kind": '{"a": 1}'},
        {"move.kind": "[1, 2]"},
        {"move.kind": "x" * 201},
        {f"move.k{n}": "1" for n in range(65)},
    ],
)
def test_unreadable_grouped_fields_answer_400_and_change_nothing(
    client_for, alice, started_match, fields
):
    response = _post_fields(client_for(alice), started_match, fields)

    assert response.status_code == 400
    assert "That move could not be read." in response.content.decode()
    assert not Move.objects.filter(match=started_match).exists()


# Nesting (games.parsers.MAX_DEPTH): a RecursionError was a 500.


@pytest.mark.parametrize(
    "move",
    [
        "[" * 1000 + "]" * 1000,
        '{"kind": "roll", "times": ' + "[" * 990 + "]" * 990 + "}",
        '{"kind": ' + '{"a": ' * 40 + "1" + "}" * 41,
    ],
)
def test_a_deeply_nested_move_answers_400_and_changes_nothing(
    client_for, alice, started_match, move
):
    response = client_for(alice).post(
        f"/matches/{started_match.id}/moves/",
        {"move": move, "expected_version": "0"},
        headers=HTMX,
    )

    assert response.status_code == 400
    assert "That move could not be read." in response.content.decode()
    assert not Move.objects.exists()
    started_match.refresh_from_db()
    assert started_match.version == 0


def test_grouped_fields_nested_too_deeply_answer_400(client_for, alice, started_match):
    # 33 levels: the move, 31 parents and the list.
    key = "move.kind." + "a." * 30 + "b[]"
    response = client_for(alice).post(
        f"/matches/{started_match.id}/moves/",
        f"expected_version=0&{key}=roll",
        content_type="application/x-www-form-urlencoded",
        headers=HTMX,
    )

    assert response.status_code == 400
    assert "That move could not be read." in response.content.decode()
    assert not Move.objects.exists()
