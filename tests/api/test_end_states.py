"""The API and /ws/play/ say nobody is to move once a match has ended (issue 21)."""

from __future__ import annotations

import pytest

from games import services
from games.consumers.play import requests as play_requests
from games.models import Match

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def _duel(game, alice, bob) -> Match:
    match = services.match_create(user=alice, game_slug=game, seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    return match


def _cancel(match, *users) -> None:
    for user in users:
        services.match_cancel_agree(match_id=match.id, user=user)


ENDS = {
    "cancelled": lambda match, alice, bob: _cancel(match, alice, bob),
    "resigned": lambda match, alice, bob: services.match_resign(
        match_id=match.id, user=bob
    ),
    "aborted": lambda match, alice, bob: services.match_abort(match_id=match.id),
}
STATUS = {"cancelled": "cancelled", "resigned": "finished", "aborted": "aborted"}


@pytest.mark.parametrize("end", ENDS)
def test_an_ended_match_has_nobody_to_move(api_for, alice, bob, carol, end):
    # Alice was to move.
    match = _duel("toy", alice, bob)
    assert api_for(alice).get(f"/api/matches/{match.id}/").json()["to_move"] == [0]
    ENDS[end](match, alice, bob)

    for user in (alice, bob, carol):
        body = api_for(user).get(f"/api/matches/{match.id}/").json()
        assert (body["status"], body["to_move"]) == (STATUS[end], [])
        assert (body["view"]["to_move"], body["legal_moves"]) == ([], [])


def test_the_list_says_who_is_to_move_only_while_a_match_runs(api_for, alice, bob):
    running = _duel("toy", alice, bob)
    cancelled = _duel("toy", alice, bob)
    _cancel(cancelled, alice, bob)

    listed = {m["id"]: m for m in api_for(alice).get("/api/matches/").json()}

    assert (listed[running.id]["status"], listed[running.id]["to_move"]) == (
        "active",
        [0],
    )
    assert (listed[cancelled.id]["status"], listed[cancelled.id]["to_move"]) == (
        "cancelled",
        [],
    )


def test_the_list_filters_cancelled_apart_from_aborted(api_for, alice, bob):
    cancelled = _duel("toy", alice, bob)
    _cancel(cancelled, alice, bob)
    aborted = _duel("toy", alice, bob)
    services.match_abort(match_id=aborted.id)

    def ids(status):
        response = api_for(alice).get(f"/api/matches/?status={status}")
        return [m["id"] for m in response.json()]

    assert ids("cancelled") == [cancelled.id]
    assert ids("aborted") == [aborted.id]


def test_the_play_sockets_view_of_an_ended_match_has_nobody_to_move(alice, bob):
    # The body each /ws/play/ push and answer is made of.
    match = _duel("toy", alice, bob)
    services.match_resign(match_id=match.id, user=alice)

    body = play_requests.body(bob, match.id)

    assert (body["status"], body["to_move"], body["legal_moves"]) == (
        "finished",
        [],
        [],
    )
    assert body["view"]["current"] is None
