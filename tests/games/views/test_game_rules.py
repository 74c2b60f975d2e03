from __future__ import annotations

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

# The Toy's rules pages (tests/games/toy/templates/games/toy/).
ENGLISH = "On your turn, roll the die as often as you like"
GERMAN = "Würfle in deinem Zug, so oft du willst"


def test_guests_read_the_rules_in_english_by_default(client_for):
    response = client_for().get("/games/toy/rules/")

    assert response.status_code == 200
    html = response.content.decode()
    assert ENGLISH in html
    assert GERMAN not in html
    assert '<html lang="en">' in html


def test_the_language_cookie_picks_german(client_for, settings):
    client = client_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"

    html = client.get("/games/toy/rules/").content.decode()

    assert GERMAN in html
    assert ENGLISH not in html
    assert '<html lang="de">' in html


def test_a_german_players_language_wins_over_the_cookie(
    client_for, make_user, settings
):
    # UserLanguageMiddleware: the profile setting beats the browser's choice.
    client = client_for(make_user("dora", language="de"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    html = client.get("/games/toy/rules/").content.decode()

    assert GERMAN in html
    assert ENGLISH not in html


def test_an_english_player_reads_english_even_with_a_german_browser(client_for, alice):
    html = (
        client_for(alice, HTTP_ACCEPT_LANGUAGE="de")
        .get("/games/toy/rules/")
        .content.decode()
    )

    assert ENGLISH in html


def test_an_unknown_game_has_no_rules_page(client_for):
    assert client_for().get("/games/chess/rules/").status_code == 404
