from __future__ import annotations

import pytest

from games import exceptions
from games.models import Match
from tests.games.helpers import legal_json, state_of
from tests.games.toy import toy_position
from tests.games.toy.engine import ToyRules

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

BODY_KEYS = {
    "id",
    "game",
    "status",
    "version",
    "options",
    "seats",
    "to_move",
    "your_seat",
    "view",
    "legal_moves",
    "autoplay",
    "autoplay_offered",
    "autoplay_declined",
    "outcome",
    "cancel_agreed",
    "time_control",
    "private",
    "paused",
    "invite",
    "clock",
    "seed_commitment",
}


def test_creating_a_match_seats_the_creator_on_seat_zero(api_for, alice):
    response = api_for(alice).post(
        "/api/matches/",
        {"game": "toy", "seats": 3, "options": {"target": "long"}},
        format="json",
    )

    assert response.status_code == 201
    body = response.json()
    assert set(body) == BODY_KEYS
    assert (body["status"], body["your_seat"], body["view"]) == ("open", 0, None)
    assert body["options"] == {"target": "long"}
    assert [s["free"] for s in body["seats"]] == [False, True, True]
    assert Match.objects.get(id=body["id"]).seats.get(position=0).user == alice


@pytest.mark.parametrize(
    "data",
    [
        {"game": "chess", "seats": 2},
        {"game": "toy", "seats": 9},
        {"game": "toy", "seats": 0},
        {"game": "toy", "seats": "two"},
        {"game": "toy", "seats": 2, "options": {"turbo": True}},
        {"game": "toy", "seats": 2, "options": {"target": "medium"}},
        {"game": "toy", "seats": 2, "options": []},
        {"seats": 2},
        [],
        "toy",
    ],
)
def test_bad_match_settings_are_400_with_a_reason(api_for, alice, data):
    response = api_for(alice).post("/api/matches/", data, format="json")

    assert response.status_code == 400
    # One message, as every API error (naming the field where there is one).
    body = response.json()
    assert set(body) == {"detail"}
    assert body["detail"]
    assert not Match.objects.exists()


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"game": "chess", "seats": 2}, "game"),
        ({"game": "toy", "seats": 9}, "seats"),
        # JSON numbers only, as the schema says: "3" is a string.
        ({"game": "toy", "seats": "3"}, "seats"),
        ({"game": "toy", "seats": True}, "seats"),
        ({"game": "toy", "seats": 2, "options": []}, "options"),
        ({"seats": 2}, "game"),
    ],
)
def test_a_refused_field_is_named_in_the_detail(api_for, alice, data, field):
    response = api_for(alice).post("/api/matches/", data, format="json")

    assert response.status_code == 400
    assert response.json()["detail"].startswith(f"{field}: ")


def test_lists_matches_filtered_by_status_and_game(api_for, alice, bob, started_match):
    client = api_for(alice)
    open_id = client.post(
        "/api/matches/", {"game": "toy", "seats": 2}, format="json"
    ).json()["id"]

    open_ids = [
        m["id"] for m in client.get("/api/matches/?status=open&game=toy").json()
    ]
    active_ids = [m["id"] for m in client.get("/api/matches/?status=active").json()]

    assert open_ids == [open_id]
    assert active_ids == [started_match.id]
    # An unknown game is not an empty list but a mistake (issue 8).
    unknown = client.get("/api/matches/?game=chess")
    assert unknown.status_code == 400
    assert unknown.json()["detail"].startswith("game: ")


def test_mine_lists_only_matches_with_my_seat(api_for, carol, started_match):
    assert api_for(carol).get("/api/matches/?mine=1").json() == []


def test_bob_joins_and_alice_adds_a_robot_which_starts_the_match(api_for, alice, bob):
    match_id = (
        api_for(alice)
        .post("/api/matches/", {"game": "toy", "seats": 3}, format="json")
        .json()["id"]
    )

    joined = api_for(bob).post(f"/api/matches/{match_id}/join/")
    started = api_for(alice).post(f"/api/matches/{match_id}/robots/", {}, format="json")

    assert (joined.status_code, joined.json()["your_seat"]) == (200, 1)
    assert started.status_code == 200
    body = started.json()
    assert (body["status"], body["version"]) == ("active", 0)
    assert body["seats"][2]["robot"]
    # Alice may move right away.
    assert body["legal_moves"]


def test_joining_twice_is_409_with_the_reason(api_for, alice):
    match_id = (
        api_for(alice)
        .post("/api/matches/", {"game": "toy", "seats": 2}, format="json")
        .json()["id"]
    )

    response = api_for(alice).post(f"/api/matches/{match_id}/join/")

    assert response.status_code == 409
    assert response.json() == {"detail": str(exceptions.ALREADY_SEATED)}


def test_carol_cannot_add_robots_to_a_match_without_her(api_for, alice, carol):
    match_id = (
        api_for(alice)
        .post("/api/matches/", {"game": "toy", "seats": 2}, format="json")
        .json()["id"]
    )

    response = api_for(carol).post(
        f"/api/matches/{match_id}/robots/", {}, format="json"
    )

    assert response.status_code == 403


@pytest.mark.parametrize("path", ["/api/matches/987654/", "/api/matches/987654/join/"])
def test_an_unknown_match_is_404(api_for, alice, path):
    client = api_for(alice)
    response = client.get(path) if path.endswith("654/") else client.post(path)

    assert response.status_code == 404


@pytest.mark.parametrize("persona", ["alice", "bob", "carol"])
def test_the_body_holds_exactly_the_engines_view_and_legal_moves(
    request, api_for, started_match, persona
):
    user = request.getfixturevalue(persona)
    seat = {"alice": 0, "bob": 1, "carol": None}[persona]

    body = api_for(user).get(f"/api/matches/{started_match.id}/").json()

    state = state_of(started_match)
    rules = started_match.rules
    assert set(body) == BODY_KEYS
    assert body["your_seat"] == seat
    # Exactly the engine's view for this seat: nothing added, nothing lost.
    assert body["view"] == rules.view(state, seat)
    expected = (
        [] if seat is None else [m.to_json() for m in rules.legal_moves(state, seat)]
    )
    assert body["legal_moves"] == expected
    assert body["to_move"] == sorted(rules.to_move(state))
    assert body["outcome"] is None
    assert (body["autoplay"], body["autoplay_offered"], body["autoplay_declined"]) == (
        False,
        False,
        False,
    )
    assert [s["controller"] for s in body["seats"]] == ["person", "person", "robot"]


# ---------------------------------------------------------------------------
# Moves


def _move(client, match, version, move):
    return client.post(
        f"/api/matches/{match.id}/moves/",
        {"version": version, "move": move},
        format="json",
    )


def test_a_legal_move_answers_200_with_the_new_body(api_for, alice, started_match):
    toy_position(started_match, pending=5)
    move = {"kind": "bank"}

    response = _move(api_for(alice), started_match, 0, move)

    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 1
    assert body["view"] == started_match.rules.view(state_of(started_match), 0)
    # Bob's turn now: alice has no move.
    assert body["legal_moves"] == []
    assert started_match.moves.get().payload == move


def test_an_illegal_move_is_409_with_the_rules_message(api_for, alice, started_match):
    response = _move(
        api_for(alice),
        started_match,
        0,
        {"kind": "bank"},  # before the first roll of the turn
    )

    assert response.status_code == 409
    assert response.json()["detail"]
    assert not started_match.moves.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"version": 0, "move": "roll"},
        {"version": 0, "move": [1]},
        {"version": -1, "move": {"kind": "roll"}},
        {"version": "x", "move": {}},
        {"move": {"kind": "roll"}},
        {"version": 0},
        [],
    ],
)
def test_a_malformed_move_is_400_with_detail(api_for, alice, started_match, data):
    response = api_for(alice).post(
        f"/api/matches/{started_match.id}/moves/", data, format="json"
    )

    assert response.status_code == 400
    assert response.json()
    assert not started_match.moves.exists()


def test_a_move_object_the_game_cannot_read_is_409(api_for, alice, started_match):
    # Any object is a move by the schema, so the rules' refusal of one is
    # the match's state deciding (its game), not a malformed request.
    response = api_for(alice).post(
        f"/api/matches/{started_match.id}/moves/",
        {"version": 0, "move": {"kind": "teleport"}},
        format="json",
    )

    assert response.status_code == 409
    assert response.json()["detail"]
    assert not started_match.moves.exists()


def test_a_stale_version_is_409(api_for, alice, started_match):
    client = api_for(alice)
    toy_position(started_match, pending=5)
    _move(client, started_match, 0, {"kind": "bank"})

    # Another move against version 0: alice has banked already.
    response = _move(client, started_match, 0, {"kind": "roll"})

    assert response.status_code == 409
    assert response.json() == {"detail": str(exceptions.STALE_MATCH)}


def test_a_user_without_a_seat_is_403(api_for, carol, started_match):
    response = _move(api_for(carol), started_match, 0, legal_json(started_match, 0)[0])

    assert response.status_code == 403
    assert response.json() == {"detail": str(exceptions.NOT_SEATED)}


def test_a_seat_not_to_move_is_403(api_for, alice, started_match):
    client = api_for(alice)
    toy_position(started_match, pending=5)
    _move(client, started_match, 0, {"kind": "bank"})

    # Bob's turn: alice's roll against the current version is not hers to make.
    response = _move(client, started_match, 1, {"kind": "roll"})

    assert response.status_code == 403
    assert response.json() == {"detail": str(exceptions.NOT_YOUR_TURN)}


def test_a_move_in_an_open_match_is_409(api_for, alice):
    match_id = (
        api_for(alice)
        .post("/api/matches/", {"game": "toy", "seats": 2}, format="json")
        .json()["id"]
    )

    response = api_for(alice).post(
        f"/api/matches/{match_id}/moves/",
        {"version": 0, "move": {"kind": "roll"}},
        format="json",
    )

    assert response.status_code == 409
    assert response.json() == {"detail": str(exceptions.MATCH_NOT_ACTIVE)}


# ---------------------------------------------------------------------------
# Finish automatically (a seat setting): the same door as the board's


def test_autoplay_is_refused_while_not_offered(api_for, alice, started_match):
    response = api_for(alice).post(f"/api/matches/{started_match.id}/autoplay/")

    assert response.status_code == 409
    assert response.json() == {"detail": str(exceptions.AUTOPLAY_NOT_OFFERED)}


def test_autoplay_and_take_back_through_the_api(
    api_for, alice, started_match, monkeypatch
):
    monkeypatch.setattr(ToyRules, "autoplay_offered", lambda self, state, seat: True)
    client = api_for(alice)
    assert client.get(f"/api/matches/{started_match.id}/").json()["autoplay_offered"]

    on = client.post(f"/api/matches/{started_match.id}/autoplay/").json()
    off = client.post(f"/api/matches/{started_match.id}/take-back/").json()

    assert (on["autoplay"], on["legal_moves"], on["seats"][0]["controller"]) == (
        True,
        [],
        "stand_in",
    )
    assert (off["autoplay"], off["seats"][0]["controller"]) == (False, "person")
    assert off["legal_moves"]


@pytest.mark.parametrize("action", ["autoplay", "autoplay/decline"])
def test_autoplay_needs_a_seat_and_a_token(api_for, carol, started_match, action):
    url = f"/api/matches/{started_match.id}/{action}/"

    assert api_for(carol).post(url).status_code == 403
    assert api_for().post(url).status_code == 401


@pytest.mark.parametrize("action", ["autoplay", "autoplay/decline"])
def test_autoplay_of_an_unknown_match_is_404(api_for, alice, action):
    response = api_for(alice).post(f"/api/matches/987654/{action}/")

    assert response.status_code == 404
    assert set(response.json()) == {"detail"}


def test_declining_is_refused_while_not_offered(api_for, alice, started_match):
    response = api_for(alice).post(f"/api/matches/{started_match.id}/autoplay/decline/")

    assert response.status_code == 409
    assert response.json() == {"detail": str(exceptions.AUTOPLAY_NOT_OFFERED)}


def test_declining_and_accepting_later_through_the_api(
    api_for, alice, started_match, monkeypatch
):
    monkeypatch.setattr(ToyRules, "autoplay_offered", lambda self, state, seat: True)
    client = api_for(alice)

    no = client.post(f"/api/matches/{started_match.id}/autoplay/decline/")
    again = client.post(f"/api/matches/{started_match.id}/autoplay/decline/")
    yes = client.post(f"/api/matches/{started_match.id}/autoplay/").json()

    # A "no" ends the question, not the offer: accepting still works.
    assert no.status_code == 200
    body = no.json()
    assert (body["autoplay_offered"], body["autoplay_declined"]) == (False, True)
    assert body["legal_moves"]
    assert (again.status_code, again.json()) == (
        409,
        {"detail": str(exceptions.AUTOPLAY_ALREADY_DECLINED)},
    )
    assert (yes["autoplay"], yes["autoplay_declined"]) == (True, False)
