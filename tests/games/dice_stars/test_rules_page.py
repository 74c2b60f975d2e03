from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

URL = "/games/dice-stars/rules/"


def test_guests_read_the_dice_stars_rules_in_english(client_for):
    response = client_for().get(URL)

    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Dice Stars rules" in html  # the title, from rules_page.html
    assert "14 dice in a bag" in html
    assert "The comet" in html
    assert "Solo variant" in html
    assert "Spielpost's rulings" in html
    assert "A tie with the virtual opponent is a loss" in html
    # Issue 26: how each robot level plays.
    assert "Easy picks any legal move at random." in html
    assert "Hard looks ahead over its whole turn" in html
    assert "14 Würfel in einem Beutel" not in html


def test_the_language_cookie_picks_the_german_dice_stars_rules(client_for, settings):
    client = client_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"

    html = client.get(URL).content.decode()

    assert '<html lang="de">' in html
    assert "14 Würfel in einem Beutel" in html
    assert "Wertungszettel" in html
    assert "Der Komet" in html
    assert "Solovariante" in html
    assert "Entscheidungen von Spielpost" in html
    assert "Ein Gleichstand mit dem virtuellen Gegner ist eine Niederlage" in html
    assert "14 dice in a bag" not in html
