"""A person who deletes their account leaves play for good (issue 24, GDPR).

Their running seats go to robot stand-ins as after timeouts (the match
goes on and ends, the seat ranks last), open seats are left, invitations
withdrawn, chat lines hidden; finished matches keep a "deleted player"
seat; rankings and the players' profile leave them out.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine
from rest_framework.test import APIClient

from accounts.deletion import account_delete
from games import broadcast, services
from games.models import (
    ChatLine,
    Invitation,
    LeaveReason,
    Match,
    MatchEvent,
    Rating,
    Seat,
)
from games.selectors.table_log import table_event_line
from tests.games.helpers import play_to_end

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


def test_a_running_seat_goes_to_a_robot_and_the_match_ends_with_it_last(
    started_match, alice, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        account_delete(user=alice, now=NOW)
    seat = started_match.seats.get(position=0)
    assert seat.controller == Seat.Controller.STAND_IN
    assert seat.robot
    assert (seat.left_at, seat.left_reason) == (NOW, LeaveReason.DELETED)
    assert seat.user_id == alice.pk
    event = MatchEvent.objects.get(
        match=started_match, kind=MatchEvent.Kind.SEAT_HANDED
    )
    # Nobody handed it over, and the log keeps no name of hers.
    assert event.actor is None
    assert event.params == {"to": "robot", "reason": "deleted"}
    assert started_match.seats.get(user=bob).controller == Seat.Controller.PERSON

    play_to_end(started_match, {1: bob}, seed=3)
    started_match.refresh_from_db()
    assert started_match.status == Match.Status.FINISHED
    ranks = started_match.outcome["ranks"]
    assert ranks[0] == 3
    assert ranks[0] > max(ranks[1:])


def test_the_log_says_the_seat_left_without_naming_the_person(
    started_match, alice, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks():
        account_delete(user=alice, now=NOW)
    event = MatchEvent.objects.get(match=started_match)
    lines = table_event_line(event, {0: "Alice", 1: "Bob"})
    assert "seat 1 deleted their account" in lines
    assert "Alice" not in lines
    assert "moderator" not in lines.lower()


def test_a_finished_match_keeps_a_deleted_player_seat(
    started_match, alice, bob, client
):
    play_to_end(started_match, {0: alice, 1: bob}, seed=3)
    account_delete(user=alice, now=NOW)
    started_match.refresh_from_db()
    assert started_match.status == Match.Status.FINISHED
    seat = started_match.seats.select_related("user").get(position=0)
    assert seat.user.name == "deleted player"
    page = client.get(f"/matches/{started_match.id}/").content.decode()
    assert "deleted player" in page
    assert "Alice" not in page


def test_an_open_seat_is_left_and_an_empty_open_match_aborted(
    open_match, alice, bob, carol
):
    services.seat_claim(match_id=open_match.id, user=bob)
    alone = services.match_create(user=carol, game_slug="toy", seats=3)
    services.seat_claim(match_id=alone.id, user=alice)
    own = services.match_create(user=alice, game_slug="toy", seats=2)
    account_delete(user=alice, now=NOW)
    assert not open_match.seats.filter(user=alice).exists()
    open_match.refresh_from_db()
    assert open_match.status == Match.Status.OPEN
    assert not alone.seats.filter(user=alice).exists()
    own.refresh_from_db()
    assert own.status == Match.Status.ABORTED


def test_pending_invitations_from_and_to_the_person_are_withdrawn(
    open_match, alice, bob, carol
):
    theirs = services.match_create(user=bob, game_slug="toy", seats=2)
    sent = Invitation.objects.create(
        match=open_match, inviter=alice, invitee=bob, created_at=NOW
    )
    received = Invitation.objects.create(
        match=theirs, inviter=bob, invitee=alice, created_at=NOW
    )
    answered = Invitation.objects.create(
        match=theirs,
        inviter=bob,
        invitee=carol,
        created_at=NOW,
        state=Invitation.State.DECLINED,
    )
    account_delete(user=alice, now=NOW)
    for invitation in (sent, received):
        invitation.refresh_from_db()
        assert (invitation.state, invitation.answered_at) == (
            Invitation.State.WITHDRAWN,
            NOW,
        )
    answered.refresh_from_db()
    assert answered.state == Invitation.State.DECLINED


def test_the_persons_chat_lines_are_hidden_and_no_one_elses(started_match, alice, bob):
    hers = ChatLine.objects.create(
        author=alice, text="hi", created_at=NOW, match=started_match
    )
    lobby = ChatLine.objects.create(author=alice, text="lobby", created_at=NOW)
    his = ChatLine.objects.create(
        author=bob, text="hello", created_at=NOW, match=started_match
    )
    account_delete(user=alice, now=NOW)
    for line in (hers, lobby):
        line.refresh_from_db()
        assert (line.hidden_at, line.hidden_by) == (NOW, None)
    his.refresh_from_db()
    assert his.hidden_at is None


def test_the_persons_lines_leave_open_pages_by_their_own_event(
    started_match, alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    # As a moderator's hiding: "chat.hidden" per line, lobby too; no board.
    at_match = ChatLine.objects.create(
        author=alice, text="hi", created_at=NOW, match=started_match
    )
    in_lobby = ChatLine.objects.create(author=alice, text="lobby", created_at=NOW)
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "_send", sent.extend)

    with django_capture_on_commit_callbacks(execute=True):
        account_delete(user=alice, now=NOW)

    hidden = {
        (group, event["line_id"])
        for group, event in sent
        if event["type"] == "chat.hidden"
    }
    assert hidden == {
        (broadcast.match_group(started_match.id), at_match.id),
        (broadcast.LOBBY_GROUP, in_lobby.id),
    }


def test_the_persons_sockets_close_after_commit(
    alice, monkeypatch, django_capture_on_commit_callbacks
):
    sent: list[tuple[str, dict]] = []
    monkeypatch.setattr(broadcast, "_send", sent.extend)
    with django_capture_on_commit_callbacks(execute=True):
        account_delete(user=alice, now=NOW)
    assert (broadcast.user_group(alice.id), {"type": "user.closed"}) in sent


def test_rankings_and_profile_leave_a_deleted_person_out(
    started_match, alice, bob, client
):
    play_to_end(started_match, {0: alice, 1: bob}, seed=3)
    assert Rating.objects.filter(user=alice, game_slug="toy").exists()
    assert "Alice" in client.get("/games/toy/rankings/").content.decode()
    assert client.get("/players/Alice/").status_code == 200
    account_delete(user=alice, now=NOW)
    rankings = client.get("/games/toy/rankings/").content.decode()
    assert "Alice" not in rankings
    assert "deleted player" not in rankings
    assert "Bob" in rankings
    for name in ("Alice", "alice", f"deleted-{alice.pk}", "deleted player"):
        assert client.get(f"/players/{name}/").status_code == 404
        assert APIClient().get(f"/api/players/{name}/").status_code == 404
