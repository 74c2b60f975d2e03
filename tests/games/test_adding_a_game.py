"""A game is a folder plus one registry entry (README, "Adding a game").

The proof: a sixth game is written into a temporary directory (its engine,
a protocol module and its templates, nothing else), registered with one
`GameEntry` in `registry.GAMES`, and every door picks it up with no other
change: the lobby, creating a match and moving on its board page, the rules
page, the API (games list, create, move) and its OpenAPI schema, the program
socket's commands, and the conformance and privacy checks of
tests/rules/test_conformance.py. The engine is the Toy's (tests/games/toy/engine.py)
under another slug.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import itertools
import json
import random
import sys
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from games.consumers.play import requests
from games.models import Match
from games.rules import registry
from games.rules.base import GameEntry, Playthrough
from tests.rules import test_conformance as conformance

pytestmark = pytest.mark.django_db

SLUG = "sixth"
PACKAGE = "spielpost_sixth_game"
TOY_SOURCE = Path(__file__).resolve().parent / "toy" / "engine.py"
_ADDRESSES = (f"10.22.0.{n}" for n in itertools.count(1))

BOARD = """{% load i18n partials %}
{% partialdef solo-outcome %}<p class="winners">{{ board.outcome.reason }}</p>{% endpartialdef %}
<section class="sixth-board" data-scores="{{ board.view.scores|join:',' }}">
  {% for move in board.legal_moves %}{% include "games/_move_form.html" %}{% endfor %}
</section>
"""
# The part of the board no move changes (Rules.static_view), if the game has one.
STATIC = """<p class="sixth-die">{{ static.faces|join:", " }}</p>
"""
RULES_PAGE = """{% extends "games/rules_page.html" %}
{% block rules %}<h2>{{ info.name }}</h2><p>{{ heading }}</p>{% endblock rules %}
"""
PROTOCOL = '''"""The sixth game's program commands: ROLL stands for the roll move."""

from __future__ import annotations


def roll(view, legal, data):
    return {"kind": "roll"}


COMMANDS = {"ROLL": roll}
'''


@pytest.fixture
def sixth(tmp_path, monkeypatch, settings):
    """Write the sixth game's folders into `tmp_path` and register it."""
    package = tmp_path / PACKAGE
    package.mkdir()
    (package / "__init__.py").write_text("")
    engine = TOY_SOURCE.read_text().replace('slug="toy"', f'slug="{SLUG}"')
    assert f'slug="{SLUG}"' in engine
    (package / "engine.py").write_text(engine)
    (package / "protocol.py").write_text(PROTOCOL)
    templates = tmp_path / "templates"
    folder = templates / "games" / SLUG
    folder.mkdir(parents=True)
    (folder / "board.html").write_text(BOARD)
    (folder / "static.html").write_text(STATIC)
    (folder / "rules_en.html").write_text(RULES_PAGE.replace("{{ heading }}", "Rules"))
    (folder / "rules_de.html").write_text(RULES_PAGE.replace("{{ heading }}", "Regeln"))

    monkeypatch.syspath_prepend(str(tmp_path))
    engine_module = importlib.import_module(f"{PACKAGE}.engine")
    protocol_module = importlib.import_module(f"{PACKAGE}.protocol")
    entry = GameEntry(
        rules=engine_module.TOY,
        robots=engine_module.TOY_ROBOTS,
        playthrough=Playthrough(seats=2, options={}, seed=1),
        commands=protocol_module.COMMANDS,
    )
    monkeypatch.setitem(registry.GAMES, SLUG, entry)
    engine = settings.TEMPLATES[0]
    settings.TEMPLATES = [{**engine, "DIRS": [templates, *engine["DIRS"]]}]
    yield entry
    for name in (f"{PACKAGE}.engine", f"{PACKAGE}.protocol", PACKAGE):
        sys.modules.pop(name, None)


def _api(user=None):
    from accounts.services import api_token_get_or_create

    client = APIClient(REMOTE_ADDR=next(_ADDRESSES))
    if user is not None:
        token = api_token_get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def test_the_lobby_lists_it_and_a_match_is_created_and_played_on_its_board(
    sixth, client_for, alice, bob
):
    alice_client, bob_client = client_for(alice), client_for(bob)
    html = alice_client.get("/play/").content.decode()
    assert f'data-game="{SLUG}"' in html
    assert f'action="/play/{SLUG}/new/"' in html

    response = alice_client.post(
        f"/play/{SLUG}/new/", {"seats": "2", "option_target": "short"}
    )
    assert response.status_code == 302
    match = Match.objects.get(game_slug=SLUG)
    assert bob_client.post(f"/matches/{match.id}/join/").status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE

    board = alice_client.get(f"/matches/{match.id}/").content.decode()
    assert 'class="sixth-board"' in board
    assert 'data-move="{&quot;kind&quot;: &quot;roll&quot;}"' in board
    response = alice_client.post(
        f"/matches/{match.id}/moves/",
        {"move": json.dumps({"kind": "roll"}), "expected_version": match.version},
    )
    assert response.status_code == 302
    assert match.moves.count() == 1


@pytest.mark.parametrize(("language", "heading"), [("en", "Rules"), ("de", "Regeln")])
def test_its_rules_page_renders(sixth, client_for, settings, language, heading):
    settings.LANGUAGE_CODE = language
    response = client_for().get(f"/games/{SLUG}/rules/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert f"<p>{heading}</p>" in response.content.decode()


def test_the_api_lists_it_creates_a_match_and_takes_a_move(sixth, alice, bob):
    games = _api(alice).get("/api/games/").json()
    listed = next(game for game in games if game["slug"] == SLUG)
    assert listed["robots"] == list(sixth.robots)
    assert listed["name"] == "Push Your Luck"

    created = _api(alice).post(
        "/api/matches/", {"game": SLUG, "seats": 2}, format="json"
    )
    assert created.status_code == 201, created.json()
    match_id = created.json()["id"]
    assert _api(bob).post(f"/api/matches/{match_id}/join/").status_code == 200
    filtered = _api(alice).get("/api/matches/", {"game": SLUG})
    assert [m["id"] for m in filtered.json()] == [match_id]

    body = _api(alice).get(f"/api/matches/{match_id}/").json()
    assert body["legal_moves"] == [{"kind": "roll"}]
    moved = _api(alice).post(
        f"/api/matches/{match_id}/moves/",
        {"version": body["version"], "move": {"kind": "roll"}},
        format="json",
    )
    assert moved.status_code == 200, moved.json()
    assert moved.json()["version"] == body["version"] + 1


def test_the_openapi_schema_still_builds_and_names_it(sixth):
    response = _api().get(
        "/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json"
    )
    assert response.status_code == 200
    schema = response.json()
    components = schema["components"]["schemas"]
    game = components["MatchCreateSixth"]["properties"]["game"]
    while "$ref" in game:
        game = components[game["$ref"].rsplit("/", 1)[1]]
    assert game["enum"] == [SLUG]
    parameters = {
        p["name"]: p["schema"]
        for p in schema["paths"]["/api/matches/"]["get"]["parameters"]
    }
    assert SLUG in parameters["game"]["enum"]
    # The robot names: every game's, the sixth's "greedy" too.
    assert "greedy" in components["RobotEnum"]["enum"]


def test_the_program_socket_knows_its_commands(sixth, alice, bob):
    from games import services

    match = services.match_create(user=alice, game_slug=SLUG, seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    assert "ROLL" in requests.all_game_commands()
    assert requests.state_of(SLUG, "active", None) == "STARTED"

    after = requests.game_command(alice, match.id, "ROLL", None)

    assert after["version"] == 1


def test_the_conformance_and_privacy_checks_accept_it(sixth):
    conformance.play_random_games(sixth, 0, 10)
    rules = sixth.rules
    state = rules.new_state(seats=2, options={"target": "short"}, seed=3)
    for viewer in (0, 1, None):
        view = rules.view(state, viewer)
        conformance.check_privacy(rules, state, viewer, view, random.Random(1))


def test_the_privacy_check_asks_a_game_that_hides_something_for_its_secrets(sixth):
    # The same engine, declaring hidden information but no secrets_scramble.
    rules = copy.copy(sixth.rules)
    rules.info = dataclasses.replace(rules.info, hidden_information=True)
    state = rules.new_state(seats=2, options={"target": "short"}, seed=3)

    with pytest.raises(AssertionError, match="override Rules.secrets_scramble"):
        conformance._check_state(rules, state, 2, random.Random(1))
