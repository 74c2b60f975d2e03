"""The site's own error pages, in both languages (issue 9).

404, 403, 405, 400 and 500 look like Spielpost, also under DEBUG (`make
run`) for 404 and 405; the JSON API keeps answering JSON.
"""

from __future__ import annotations

import pytest
from django.test import Client, RequestFactory
from django.utils import translation
from django.views import defaults

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


@pytest.fixture(params=[False, True], ids=["production", "debug"])
def debug(request, settings):
    settings.DEBUG = request.param
    return request.param


def _page(response) -> str:
    return response.content.decode()


def test_an_unknown_match_gets_the_site_404(client, debug):
    response = client.get("/matches/999999/")

    assert response.status_code == 404
    assert "There is no such page" in _page(response)
    assert 'class="site-header"' in _page(response)
    assert "URLconf" not in _page(response)  # Django's technical page


def test_a_wrong_address_gets_the_site_404_in_german(client, debug):
    response = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="de")

    assert response.status_code == 404
    assert "Diese Seite gibt es nicht" in _page(response)


def test_the_404_offers_the_lobby_to_a_person_logged_in(alice_client, debug):
    response = alice_client.get("/matches/999999/")

    assert response.status_code == 404
    assert 'href="/play/"' in _page(response)


def test_opening_a_form_address_gets_the_site_405(alice_client, started_match, debug):
    response = alice_client.get(f"/matches/{started_match.id}/moves/")

    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert "This address does not work that way" in _page(response)


def test_a_forged_form_gets_the_site_403(alice, password, debug):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)

    response = client.post("/play/toy/new/", {"seats": "2"})

    assert response.status_code == 403
    assert "This form had expired" in _page(response)


def test_the_500_page_in_both_languages():
    request = RequestFactory().get("/")
    for language, text in (
        ("en", "Something went wrong on our side"),
        ("de", "Bei uns ist etwas schiefgegangen"),
    ):
        with translation.override(language):
            response = defaults.server_error(request)
        assert response.status_code == 500
        assert text in _page(response)


def test_the_api_still_answers_json(alice_client, debug):
    missing = alice_client.get("/api/no/such/thing/")
    wrong_method = alice_client.delete("/api/games/")

    assert missing.status_code == 404
    assert missing["Content-Type"].startswith("application/json")
    assert wrong_method.status_code == 405
    assert wrong_method["Content-Type"].startswith("application/json")


def test_a_missing_static_file_is_not_dressed_as_a_page_under_debug(client, settings):
    settings.DEBUG = True

    response = client.get("/static/no-such-file.css")

    assert response.status_code == 404
    assert "There is no such page" not in _page(response)
