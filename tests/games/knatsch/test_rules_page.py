from __future__ import annotations

import re

import pytest

from games.rules.data import load_json
from games.rules.knatsch.rules_page import group_cards, knatsch_cards

pytestmark = pytest.mark.django_db

URL = "/games/knatsch/rules/"

RULING_IDS = [
    "ruling-edition-cards",
    "ruling-setup",
    "ruling-throws",
    "ruling-dice",
    "ruling-keep",
    "ruling-result",
    "ruling-special-effects",
    "ruling-put-under",
    "ruling-extra-attempt",
    "ruling-no-duplicates",
    "ruling-last-castle",
    "ruling-no-tournament-theft",
    "ruling-defence",
    "ruling-tournament-order",
    "ruling-tournament-no-triple",
    "ruling-tournament-pass",
    "ruling-king",
    "ruling-king-revenge",
    "ruling-pass",
    "ruling-win-any-time",
    "ruling-ranks",
    "ruling-turn-limit",
    "ruling-other-players-throw",
]


def card_ids() -> list[str]:
    return [
        card["id"]
        for card in load_json("games.rules.knatsch", "knatsch-cards.json")["cards"]
    ]


def german(client_for, settings):
    client = client_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    return client.get(URL).content.decode()


def test_guests_read_the_knatsch_rules_in_english(client_for):
    response = client_for().get(URL)

    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Knatsch rules" in html  # the title, from rules_page.html
    assert "Every six is a blank" in html
    assert "King's revenge" in html
    assert "Spielpost edition:" in html
    assert "Spielpost's rulings" in html
    assert "Jede Sechs ist eine Niete" not in html


def test_the_language_cookie_picks_the_german_knatsch_rules(client_for, settings):
    html = german(client_for, settings)

    assert '<html lang="de">' in html
    assert "Jede Sechs ist eine Niete" in html
    assert "Rache des Königs" in html
    assert "Spielpost-Ausgabe:" in html
    assert "Entscheidungen von Spielpost" in html
    assert "Every six is a blank" not in html


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_card_list_shows_every_card_of_the_data(client_for, settings, language):
    client = client_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    html = client.get(URL).content.decode()

    ids = card_ids()
    assert len(ids) == 48
    for card_id in ids:
        assert html.count(f'id="card-{card_id}"') == 1, card_id


def test_the_card_list_is_rendered_from_the_data(client_for):
    html = client_for().get(URL).content.decode()

    # castle-lion-3 is three fours, kicker five; the King three fives, kicker four.
    assert (
        '<span id="card-castle-lion-3" class="knatsch-combination">'
        '<span aria-hidden="true">⚃⚃⚃&nbsp;+&nbsp;⚄</span> (3&nbsp;×&nbsp;4&nbsp;+&nbsp;5)</span>'
    ) in html
    assert "⚄⚄⚄&nbsp;+&nbsp;⚃</span> (3&nbsp;×&nbsp;5&nbsp;+&nbsp;4)" in html
    assert "<td>Lion</td>" in html
    assert "<td>Squire 3</td>" in html
    assert "always shows 3." in html
    assert "Roll with 7 dice instead of 6." in html
    assert "Castles (16)" in html
    assert "Special cards (23)" in html
    assert "Tournaments (9)" in html


def test_the_german_card_tables_speak_german(client_for, settings):
    # Both pages share the tables' markup: their headings are translated.
    html = german(client_for, settings)

    assert re.findall(r"<th>([^<]*)</th>", html) == [
        "Wappen",
        "Burgen",
        "Zu übertreffende Kombinationen",
        "Sonderkarte",
        "Anzahl",
        "Zu übertreffende Kombinationen",
        "Wirkung",
    ]
    assert "die Rulings" not in html


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_rulings_have_stable_ids(client_for, settings, language):
    client = client_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    html = client.get(URL).content.decode()

    assert html.count('id="rulings"') == 1
    for ruling in RULING_IDS:
        assert html.count(f'id="{ruling}"') == 1, ruling
    # The turn limit's ruling gives the limit and the figures behind it.
    assert (
        "Turn limit: 40 rounds" if language == "en" else "Zuglimit: 40 Runden"
    ) in html
    assert "bench/knatsch_lengths.py" in html


def test_the_tag_groups_the_cards_by_type():
    cards = knatsch_cards()

    assert cards["total"] == 48
    assert (cards["castle_count"], cards["arms_count"]) == (16, 6)
    assert (cards["special_count"], cards["kind_count"]) == (23, 5)
    assert cards["tournaments"]["count"] == 9
    assert cards["ids"] == card_ids()
    assert [group["arms"] for group in cards["castles"]] == [
        "lion",
        "eagle",
        "dragon",
        "griffin",
        "bear",
        "stag",
    ]
    squires = [group for group in cards["specials"] if group["kind"] == "squire"]
    assert [group["value"] for group in squires] == [1, 2, 3, 4, 5]
    assert squires[0]["effect"] == {
        "text": "Every roll you make counts one extra die that always shows %(value)d.",
        "params": {"value": 1},
    }


def test_an_effect_that_differs_from_its_msgid_is_refused():
    data = load_json("games.rules.knatsch", "knatsch-cards.json")
    special = next(card for card in data["cards"] if card["type"] == "special")
    data["cards"] = [{**special, "effect": "Something else."}]

    with pytest.raises(ValueError, match="effect"):
        group_cards(data)
