"""Options beyond yes/no and numbers: a choice among named values (a map id).

The test-only Toy (tests/games/toy/) has a choice option, `target`; the
`toy` fixture registers it for these tests only.
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.models import Match
from games.rules import InvalidOptions
from games.templatetags.spielpost import option_labels
from tests.games.toy import TOY

pytestmark = pytest.mark.django_db


def test_a_choice_option_defaults_and_accepts_its_choices():
    assert TOY.validate_options({}, 2) == {"target": "short"}
    assert TOY.validate_options({"target": "long"}, 2) == {"target": "long"}


@pytest.mark.parametrize("value", ["medium", 3, None, ["long"], "LONG"])
def test_a_choice_option_refuses_anything_else_and_names_the_choices(value):
    with pytest.raises(InvalidOptions) as refusal:
        TOY.validate_options({"target": value}, 2)

    assert str(refusal.value) == "Option target must be one of: short, long."


def test_the_lobby_offers_the_choices_with_their_labels(alice_client, toy):
    html = alice_client.get("/play/").content.decode()

    assert '<select name="option_target"' in html
    assert '<option value="short" selected>Short</option>' in html
    assert '<option value="long">Long</option>' in html


def test_a_match_is_created_with_the_chosen_value(alice_client, toy):
    response = alice_client.post(
        "/play/toy/new/", {"seats": 2, "option_target": "long"}
    )

    match = Match.objects.get(game_slug="toy")
    assert response.status_code == 302
    assert match.options == {"target": "long"}
    # The board's heading names the choice.
    assert option_labels(match) == ["Target: Long"]


def test_a_value_outside_the_choices_is_a_form_error_and_creates_nothing(
    alice_client, toy
):
    response = alice_client.post(
        "/play/toy/new/", {"seats": 2, "option_target": "medium"}
    )

    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()
    assert not Match.objects.exists()


def test_the_api_lists_the_choices(toy):
    games = APIClient().get("/api/games/").json()

    toy_game = next(game for game in games if game["slug"] == "toy")
    assert toy_game["options"] == [
        {
            "key": "target",
            "label": "Target",
            "kind": "choice",
            "default": "short",
            "choices": [
                {"value": "short", "label": "Short"},
                {"value": "long", "label": "Long"},
            ],
        }
    ]
