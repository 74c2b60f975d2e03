"""Issue 26: three robot levels, named the same in every game and at every door."""

from __future__ import annotations

import pytest

from games.rules import registry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("slug", registry.game_slugs())
def test_every_game_has_easy_medium_and_hard_with_medium_the_default(slug):
    entry = registry.game_entry(slug)

    assert list(entry.robots) == ["easy", "medium", "hard"]
    assert entry.default_robot.name == "medium"
    # Only the hard robot searches (and is asked sparingly by the suites).
    assert [robot.searching for robot in entry.robots.values()] == [False, False, True]


@pytest.mark.parametrize("slug", registry.game_slugs())
def test_the_api_seats_each_level_and_the_seat_label_names_it(api_for, alice, slug):
    from games.models import Seat

    info = registry.rules_for(slug).info
    seats = max(info.min_seats, 2)
    match_id = (
        api_for(alice)
        .post("/api/matches/", {"game": slug, "seats": seats}, format="json")
        .json()["id"]
    )
    answer = api_for(alice).post(
        f"/api/matches/{match_id}/robots/", {"robot": "hard"}, format="json"
    )

    assert answer.status_code == 200, answer.content
    assert answer.json()["seats"][1]["robot"] == "hard"
    assert Seat.objects.get(match_id=match_id, position=1).name == "Robot 2 (hard)"


def test_the_games_list_names_the_levels(api_for):
    listed = api_for().get("/api/games/").json()

    robots = {game["slug"]: game["robots"] for game in listed}
    assert {slug: robots[slug] for slug in registry.game_slugs()} == {
        slug: ["easy", "medium", "hard"] for slug in registry.game_slugs()
    }
