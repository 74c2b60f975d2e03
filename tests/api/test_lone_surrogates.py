"""A lone surrogate (`"\\ud800"`) in a JSON body: a 400 at every JSON door.

Such a string is no Unicode text. It was parsed, and an error message that
echoed it could not be encoded: an HTML 500. games.parsers.loads refuses it
as malformed JSON, so the API, the move form and /ws/play/ all refuse it.
"""

from __future__ import annotations

import pytest

from games import parsers
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

LONE = "\\ud800"


def _post_json(client, path, text):
    return client.post(path, text, content_type="application/json")


def _assert_refused_as_lone_surrogate(response):
    assert response.status_code == 400
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert set(body) == {"detail"}
    assert "lone surrogate" in body["detail"]


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("/api/matches/", '{"game": "' + LONE + '", "seats": 2}'),
        (
            "/api/matches/",
            '{"game": "toy", "seats": 2, "options": {"' + LONE + '": 1}}',
        ),
        (
            "/api/matches/",
            '{"game": "toy", "seats": 2, "options": {"x": ["a' + LONE + '"]}}',
        ),
        ("/api/me/vacation/", '{"action": "' + LONE + '"}'),
        ("/api/me/vacation/", '{"action": "start", "days": 1, "' + LONE + '": 2}'),
    ],
)
def test_a_lone_surrogate_is_400_naming_it(api_for, alice, path, text):
    client = api_for(alice)
    client.raise_request_exception = True

    response = _post_json(client, path, text)

    _assert_refused_as_lone_surrogate(response)
    assert not Match.objects.exists()
    alice.refresh_from_db()
    assert alice.vacation_started_at is None


def test_a_low_surrogate_alone_is_refused_too():
    with pytest.raises(parsers.LoneSurrogate):
        parsers.loads('["\\udc00"]')
    with pytest.raises(parsers.LoneSurrogate):
        # Two highs are no pair.
        parsers.loads('"\\ud800\\ud800"')


def test_a_surrogate_pair_is_one_character_and_read():
    assert parsers.loads('{"\\ud83d\\ude00": "\\ud83c\\udfb2"}') == {"😀": "🎲"}


def test_a_paired_surrogate_reaches_the_view(api_for, alice):
    response = _post_json(
        api_for(alice), "/api/matches/", '{"game": "\\ud83c\\udfb2", "seats": 2}'
    )

    assert response.status_code == 400
    assert "surrogate" not in response.json()["detail"]
