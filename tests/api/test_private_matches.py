"""Private matches at the REST API's door: found by their secret only.

The rule is games.selectors.access's (tests/games/test_private_matches.py
holds the pages to it): a stranger gets exactly the 404 of an unknown id.
"""

from __future__ import annotations

import pytest

from games import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def _seated(match):
    return set(match.seats.exclude(user=None).values_list("user__username", flat=True))


def test_a_stranger_gets_the_404_of_an_unknown_id(api_for, bob, private):
    client = api_for(bob)
    missing = client.get("/api/matches/987654/")

    for path in ("", "?invite=wrong", "?invite=" + "x" * 22):
        answer = client.get(f"/api/matches/{private.id}/{path}")
        assert (answer.status_code, answer.json()) == (404, missing.json())
    for action in ("join", "robots", "moves", "resign", "cancel", "autoplay", "back"):
        unknown = client.post(f"/api/matches/987654/{action}/", format="json")
        answer = client.post(f"/api/matches/{private.id}/{action}/", format="json")
        assert (answer.status_code, answer.json()) == (
            unknown.status_code,
            unknown.json(),
        ), action
        assert answer.status_code in (400, 404)
    assert _seated(private) == {"alice"}


def test_joining_needs_the_secret_in_the_body(api_for, bob, private):
    client = api_for(bob)

    wrong = client.post(
        f"/api/matches/{private.id}/join/", {"invite": "wrong"}, format="json"
    )
    right = client.post(
        f"/api/matches/{private.id}/join/",
        {"invite": private.invite_secret},
        format="json",
    )

    assert wrong.status_code == 404
    assert right.status_code == 200
    assert right.json()["your_seat"] == 1
    assert _seated(private) == {"alice", "bob"}
    # Seated now: the match is seen without the secret.
    assert client.get(f"/api/matches/{private.id}/").status_code == 200


def test_the_secret_shows_the_match(api_for, bob, private):
    answer = api_for(bob).get(
        f"/api/matches/{private.id}/?invite={private.invite_secret}"
    )

    assert answer.status_code == 200
    assert (answer.json()["your_seat"], answer.json()["invite"]) == (None, None)


def test_seats_and_staff_see_it_and_the_seats_get_the_secret(
    api_for, alice, staff, private
):
    mine = api_for(alice).get(f"/api/matches/{private.id}/").json()
    moderated = api_for(staff).get(f"/api/matches/{private.id}/")

    assert mine["invite"] == private.invite_secret
    assert moderated.status_code == 200
    assert moderated.json()["invite"] is None


def test_creating_a_private_match_answers_its_secret(api_for, alice):
    body = (
        api_for(alice)
        .post(
            "/api/matches/",
            {"game": "toy", "seats": 2, "private": True},
            format="json",
        )
        .json()
    )

    assert len(body["invite"]) >= 22


def test_a_public_match_is_joined_and_seen_as_before(api_for, alice, bob, carol):
    public = services.match_create(user=alice, game_slug="toy", seats=3)

    assert api_for(carol).get(f"/api/matches/{public.id}/").json()["invite"] is None
    assert api_for(bob).post(f"/api/matches/{public.id}/join/").status_code == 200


def test_an_unknown_query_parameter_is_a_400(api_for, alice, private):
    answer = api_for(alice).get(f"/api/matches/{private.id}/?inivte=x")

    assert answer.status_code == 400
    assert "invite" in answer.json()["detail"]


@pytest.mark.parametrize("invite", ["a\x00b", "x!y", "x" * 65, "\x1d", " "])
def test_an_invite_outside_the_schemas_pattern_is_a_400(api_for, bob, private, invite):
    # The schema says URL-safe characters, at most 64: a value outside it is
    # malformed (400), one inside it but wrong is the unknown id's 404.
    path = f"/api/matches/{private.id}/"

    answer = api_for(bob).get(path, {"invite": invite})
    unknown = api_for(bob).get("/api/matches/987654/", {"invite": invite})
    assert (answer.status_code, answer.json()) == (400, unknown.json())
    joined = api_for(bob).post(f"{path}join/", {"invite": invite}, format="json")
    assert joined.status_code == 400
    assert api_for(bob).get(path, {"invite": "x" * 22}).status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/api/matches/{id}/?invite=x&invite={secret}",
        "/api/matches/?status=open&status=active",
        "/api/me/notifications/?limit=5&limit=6",
    ],
)
def test_a_repeated_query_parameter_is_a_400(api_for, bob, private, path):
    # DRF would read the last of them (here: the right secret); the schema
    # says one value.
    url = path.format(id=private.id, secret=private.invite_secret)
    answer = api_for(bob).get(url)

    assert answer.status_code == 400
    assert "once" in answer.json()["detail"]


def test_the_id_walk_finds_no_private_match(api_for, alice, carol):
    public = services.match_create(user=alice, game_slug="toy", seats=2)
    hidden = [
        services.match_create(user=alice, game_slug="toy", seats=2, private=True)
        for _ in range(3)
    ]
    client = api_for(carol)
    last = max(m.id for m in [public, *hidden])

    found = {
        match_id
        for match_id in range(1, last + 3)
        if client.get(f"/api/matches/{match_id}/").status_code == 200
    }
    listed = {m["id"] for m in client.get("/api/matches/").json()}

    assert found == listed == {public.id}


def test_the_schema_declares_the_secret(api_for):
    schema = (
        api_for()
        .get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
        .json()
    )

    join = schema["paths"]["/api/matches/{match_id}/join/"]["post"]
    body = join["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    assert body.endswith("/MatchJoin")
    assert "invite" in schema["components"]["schemas"]["MatchJoin"]["properties"]
    detail = schema["paths"]["/api/matches/{match_id}/"]["get"]
    assert [p["name"] for p in detail["parameters"] if p["in"] == "query"] == ["invite"]
    assert "invite" in schema["components"]["schemas"]["Match"]["properties"]
