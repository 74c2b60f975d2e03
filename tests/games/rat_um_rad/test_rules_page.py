from __future__ import annotations

import re
from collections import Counter

import pytest

from games.rules.rat_um_rad.cards import DECK, POINTS
from games.rules.rat_um_rad.maps import DEFAULT_MAP, MAPS, parse_map
from games.rules.rat_um_rad.protocol import COMMANDS
from games.rules.rat_um_rad.rules_page import map_facts, rat_um_rad_numbers
from games.rules.registry import default_robot

pytestmark = pytest.mark.django_db

URL = "/games/rat-um-rad/rules/"
BASEL = MAPS[DEFAULT_MAP]

RULING_IDS = [
    "ruling-edition-map",
    "ruling-start-player",
    "ruling-setup-give-back",
    "ruling-take-minimum",
    "ruling-face-up-slot",
    "ruling-face-up-joker",
    "ruling-display-reset",
    "ruling-reshuffle",
    "ruling-payment",
    "ruling-double-roads",
    "ruling-draw-destinations",
    "ruling-pass",
    "ruling-final-round",
    "ruling-roads-trigger",
    "ruling-all-pass",
    "ruling-own-roads",
    "ruling-longest-trail",
    "ruling-ranks",
    "ruling-timeout",
    "ruling-log",
]

# The seed's console commands that /ws/play/ answers for every game.
SEED_COMMANDS = [
    "REQUEST_GAMES",
    "REQUEST_ALL_CONNECTED_PLAYERS",
    "WANT_TO_JOIN_GAME",
]

CARD_ROW = re.compile(
    r'<tr id="card-([^"]+)"><td>([^<]*)</td><td>([^<]*)</td><td>(-?\d+)</td></tr>'
)
POINTS_ROW = re.compile(r'<tr id="points-(\d+)"><td>(\d+)</td><td>(\d+)</td></tr>')


def page(client_for, settings, language):
    client = client_for()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(URL)
    assert response.status_code == 200
    return response.content.decode()


def table(html, table_id):
    found = re.search(rf'<table[^>]* id="{table_id}">(.*?)</table>', html, re.S)
    assert found, f"no table {table_id}"
    return found.group(1)


def test_guests_read_the_rat_um_rad_rules_in_english(client_for, settings):
    html = page(client_for, settings, "en")

    assert '<html lang="en">' in html
    assert "Rat um Rad rules" in html  # the title, from rules_page.html
    for heading in (
        "Components",
        "Setting up",
        "Your turn",
        "Final scoring",
        "Spielpost's rulings",
        "Playing with a program",
    ):
        assert f">{heading}</h2>" in html, heading
    assert "Entscheidungen von Spielpost" not in html


def test_the_language_cookie_picks_the_german_rules(client_for, settings):
    html = page(client_for, settings, "de")

    assert '<html lang="de">' in html
    for heading in (
        "Material",
        "Vorbereitung",
        "Dein Zug",
        "Schlusswertung",
        "Entscheidungen von Spielpost",
        "Mit einem Programm spielen",
    ):
        assert f">{heading}</h2>" in html, heading
    assert "Spielpost's rulings" not in html
    assert "Setting up" not in html


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_ruling_has_its_stable_id(client_for, settings, language):
    html = page(client_for, settings, language)

    assert html.count('id="rulings"') == 1
    for ruling in RULING_IDS:
        assert html.count(f'<li id="{ruling}">') == 1, ruling
    # No ruling on the page is missing from the list, in either language.
    assert set(re.findall(r'<li id="(ruling-[^"]+)"', html)) == set(RULING_IDS)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_destination_list_is_the_maps(client_for, settings, language):
    html = page(client_for, settings, language)

    for table_id, ids in (
        ("destinations-short", BASEL.short),
        ("destinations-long", BASEL.long),
    ):
        rows = CARD_ROW.findall(table(html, table_id))
        expected = [
            (
                card,
                BASEL.destinations[card].a,
                BASEL.destinations[card].b,
                str(BASEL.destinations[card].points),
            )
            for card in ids
        ]
        assert rows == expected
    # Every card of the map once, none more.
    assert len(CARD_ROW.findall(html)) == len(BASEL.destinations) == 25


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_points_table_is_the_engines(client_for, settings, language):
    html = page(client_for, settings, language)

    rows = POINTS_ROW.findall(table(html, "points"))
    assert all(row_id == length for row_id, length, _points in rows)
    assert [(int(length), int(points)) for _id, length, points in rows] == sorted(
        POINTS.items()
    )
    assert len(rows) == 6


@pytest.mark.parametrize(
    ("language", "headers"),
    [
        ("en", ["Road length (wheels)", "Points", "From", "To", "Points"]),
        ("de", ["Länge der Strecke (Räder)", "Punkte", "Von", "Nach", "Punkte"]),
    ],
)
def test_the_tables_speak_the_pages_language(client_for, settings, language, headers):
    # Both pages share the tables' markup: their headings are translated.
    html = page(client_for, settings, language)

    found = [
        re.findall(r'<th scope="col">([^<]*)</th>', table(html, table_id))
        for table_id in ("points", "destinations-short", "destinations-long")
    ]
    assert found == [headers[:2], headers[2:], headers[2:]]


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_components_come_from_the_data(client_for, settings, language):
    html = page(client_for, settings, language)

    places, roads = len(BASEL.places), len(BASEL.roads)
    words = "places and" if language == "en" else "Orte und"
    assert f"{places} {words} {roads}" in html
    for kind, count in Counter(DECK).items():
        assert re.search(rf'<span id="deck-{kind}">[^<]*: {count}</span>', html), kind
    for place in BASEL.places:
        assert place.name in html


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_protocol_command_is_listed(client_for, settings, language):
    html = page(client_for, settings, language)

    for name in [*COMMANDS, *SEED_COMMANDS]:
        assert f"<code>{name}</code>" in html, name
    for name in COMMANDS:
        assert html.count(f'id="command-{name}"') == 1, name
    # The example plays the seed's positional form and a real road of the map.
    assert '["TAKE_WHEEL", null, "NONE"]' in html
    assert f'"BUILD_ROAD", "data": "{BASEL.roads[0].id}"' in html


def test_the_timeout_ruling_names_the_games_default_robot(client_for, settings):
    html = page(client_for, settings, "en")

    ruling = re.search(r'<li id="ruling-timeout">(.*?)</li>', html, re.S)
    assert ruling
    assert default_robot("rat-um-rad").label in ruling.group(1)


def test_the_lobby_and_the_footer_link_to_the_rules(alice_client):
    html = alice_client.get("/play/").content.decode()

    assert html.count(f'href="{URL}"') >= 2  # the game's heading and the footer


def test_map_facts_count_double_and_grey_roads():
    data = {
        "name": "Three places",
        "canvas": {"width": 10, "height": 10},
        "places": [{"name": n, "x": 0, "y": 0} for n in "ABC"],
        "roads": [
            {"id": "A-B-1", "a": "A", "b": "B", "length": 2, "colour": "red"},
            {"id": "A-B-2", "a": "A", "b": "B", "length": 2, "colour": "grey"},
            {"id": "B-C", "a": "B", "b": "C", "length": 4, "colour": "grey"},
        ],
        "destination_cards": {
            "short": [{"id": "AC", "a": "A", "b": "C", "points": 5}],
            "long": [],
        },
    }

    facts = map_facts(parse_map("three", data))

    assert (facts["place_count"], facts["road_count"]) == (3, 3)
    assert (facts["double_count"], facts["grey_count"]) == (1, 2)
    assert facts["wheel_slots"] == 8
    assert facts["short"] == [{"id": "AC", "a": "A", "b": "C", "points": 5}]
    assert facts["long"] == []
    assert facts["ids"] == ["AC"]
    assert facts["example_road"]["id"] == "A-B-1"


def test_the_numbers_are_the_engines():
    numbers = rat_um_rad_numbers()

    assert numbers["wheels"] == 30
    assert numbers["start_colour"] == numbers["player_colours"][0] == "red"
    assert (numbers["min_seats"], numbers["max_seats"]) == (2, 5)
    assert numbers["max_length"] == max(POINTS)
