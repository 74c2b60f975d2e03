"""Provably fair randomness on the platform: seeds at creation and joining,
the key at the start (issue 23; games/fairness.py)."""

from __future__ import annotations

import hashlib
import hmac
import re

import pytest

from games import exceptions, fairness, services
from games.models import Match
from games.rules import Rng

pytestmark = pytest.mark.django_db

HEX64 = re.compile(r"[0-9a-f]{64}")
HEX32 = re.compile(r"[0-9a-f]{32}")
BAD_SEEDS = ["x" * 65, "tab\there", "new\nline", "ümlaut", "\x00"]


def test_a_new_match_commits_to_a_secret_server_seed(open_match):
    assert HEX64.fullmatch(open_match.server_seed)
    assert (
        open_match.seed_commitment
        == hashlib.sha256(bytes.fromhex(open_match.server_seed)).hexdigest()
    )
    other = services.match_create(user=open_match.created_by, game_slug="toy", seats=2)
    assert other.server_seed != open_match.server_seed


def test_each_seat_brings_a_client_seed_chosen_or_generated(open_match, bob, carol):
    services.seat_claim(match_id=open_match.id, user=bob, client_seed="Bob's luck!")
    services.seat_claim(match_id=open_match.id, user=carol)

    seeds = [s.client_seed for s in open_match.seats.order_by("position")]
    assert seeds[1] == "Bob's luck!"
    assert HEX32.fullmatch(seeds[0])  # the creator's, generated
    assert HEX32.fullmatch(seeds[2])
    assert seeds[0] != seeds[2]


def test_a_robot_gets_a_generated_client_seed(open_match, alice):
    seat = services.seat_robot_add(match_id=open_match.id, user=alice)
    assert HEX32.fullmatch(seat.client_seed)


def test_leaving_an_open_match_clears_the_seats_client_seed(open_match, bob):
    services.seat_claim(match_id=open_match.id, user=bob, client_seed="mine")
    services.seat_leave(match_id=open_match.id, user=bob)
    assert open_match.seats.get(position=1).client_seed == ""


@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_a_malformed_client_seed_is_refused_by_the_service(open_match, bob, seed):
    with pytest.raises(exceptions.InvalidMatchSettings) as refusal:
        services.seat_claim(match_id=open_match.id, user=bob, client_seed=seed)
    assert refusal.value.status_code == 400
    assert "64 printable ASCII" in str(refusal.value.message)
    assert not open_match.seats.filter(user=bob).exists()


def test_64_printable_characters_are_a_client_seed(open_match, bob):
    seed = "".join(chr(32 + i % 95) for i in range(64))
    seat = services.seat_claim(match_id=open_match.id, user=bob, client_seed=seed)
    assert seat.client_seed == seed


@pytest.mark.parametrize("seed", BAD_SEEDS)
def test_the_join_form_refuses_a_malformed_client_seed_with_400(
    open_match, bob, client, seed
):
    client.force_login(bob)
    response = client.post(
        f"/matches/{open_match.id}/join/", {"client_seed": seed}, follow=False
    )
    assert response.status_code == 400
    assert "64 printable ASCII" in response.content.decode()
    assert not open_match.seats.filter(user=bob).exists()


def test_the_join_form_takes_a_client_seed(open_match, bob, client):
    client.force_login(bob)
    response = client.post(
        f"/matches/{open_match.id}/join/", {"client_seed": "from the form"}
    )
    assert response.status_code == 302
    assert open_match.seats.get(user=bob).client_seed == "from the form"


def test_the_board_offers_the_client_seed_field(open_match, bob, client):
    client.force_login(bob)
    page = client.get(f"/matches/{open_match.id}/").content.decode()
    assert 'name="client_seed"' in page


@pytest.mark.parametrize("seed", [*BAD_SEEDS, 7])
def test_the_api_join_refuses_a_malformed_client_seed_with_400(
    api_for, open_match, bob, seed
):
    response = api_for(bob).post(
        f"/api/matches/{open_match.id}/join/", {"client_seed": seed}, format="json"
    )
    assert response.status_code == 400
    assert not open_match.seats.filter(user=bob).exists()


def test_the_api_join_takes_a_client_seed(api_for, open_match, bob):
    response = api_for(bob).post(
        f"/api/matches/{open_match.id}/join/",
        {"client_seed": "api seed"},
        format="json",
    )
    assert response.status_code == 200
    assert open_match.seats.get(user=bob).client_seed == "api seed"


def test_the_match_draws_from_the_key_of_all_seeds_in_seat_order(
    open_match, bob, alice
):
    services.seat_claim(match_id=open_match.id, user=bob, client_seed="b")
    services.seat_robot_add(match_id=open_match.id, user=alice)
    match = Match.objects.get(id=open_match.id)
    seeds = [s.client_seed for s in match.seats.order_by("position")]
    # By hand, as the README says.
    key = hmac.new(
        bytes.fromhex(match.server_seed),
        "\n".join(seeds).encode(),
        hashlib.sha256,
    ).hexdigest()

    assert match.status == Match.Status.ACTIVE
    assert match.state["rng"] == {"seed": 0, "draws": 0, "key": key}
    assert fairness.key_derive(match.server_seed, seeds) == key


def test_a_match_created_before_keeps_its_legacy_seed(open_match, bob, alice):
    Match.objects.filter(id=open_match.id).update(server_seed="", seed_commitment="")
    services.seat_claim(match_id=open_match.id, user=bob)
    services.seat_robot_add(match_id=open_match.id, user=alice)
    match = Match.objects.get(id=open_match.id)

    assert match.game_state().rng == Rng(seed=match.seed)
    assert "key" not in match.state["rng"]


def test_the_ended_statuses_are_the_models(db):
    assert set(Match.ENDED) == fairness.ENDED_STATUSES


def test_the_seed_record_reveals_the_server_seed_only_once_over(started_match):
    seats = list(started_match.seats.all())
    running = fairness.seed_record(started_match, seats)
    assert running["server_seed"] == ""
    assert running["seed_commitment"] == started_match.seed_commitment
    assert running["client_seeds"] == [
        s.client_seed for s in sorted(seats, key=lambda s: s.position)
    ]

    started_match.status = Match.Status.FINISHED
    over = fairness.seed_record(started_match, seats)
    assert over["server_seed"] == started_match.server_seed


def test_the_api_create_takes_the_creators_client_seed(api_for, alice, toy):
    response = api_for(alice).post(
        "/api/matches/",
        {"game": "toy", "seats": 2, "client_seed": "creator's"},
        format="json",
    )
    assert response.status_code == 201
    match = Match.objects.get(id=response.json()["id"])
    assert match.seats.get(position=0).client_seed == "creator's"


@pytest.mark.parametrize("seed", [*BAD_SEEDS, 7])
def test_the_api_create_refuses_a_malformed_client_seed_with_400(
    api_for, alice, toy, seed
):
    response = api_for(alice).post(
        "/api/matches/",
        {"game": "toy", "seats": 2, "client_seed": seed},
        format="json",
    )
    assert response.status_code == 400
    assert not Match.objects.exists()
