from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission

from games.models import Match, Seat
from tests.games.helpers import play_to_end

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_the_match_change_page_shows_seats_and_moves_inline(
    admin_client, started_match, alice, bob
):
    play_to_end(started_match, {0: alice, 1: bob}, seed=1)

    response = admin_client.get(f"/admin/games/match/{started_match.id}/change/")

    assert response.status_code == 200
    html = response.content.decode()
    # Read-only inlines: the seats and the moves are listed, not editable.
    assert html.count('class="form-row') >= 3 or html.count("field-position") >= 3
    assert "Alice" in html
    assert "field-payload" in html


def test_the_match_list_renders(admin_client, started_match):
    response = admin_client.get("/admin/games/match/")

    assert response.status_code == 200
    assert f"/admin/games/match/{started_match.id}/change/" in response.content.decode()


def test_players_cannot_reach_the_admin(alice_client, started_match):
    response = alice_client.get(f"/admin/games/match/{started_match.id}/change/")

    assert response.status_code == 302


def test_status_deadline_and_seats_are_read_only(admin_client, started_match):
    response = admin_client.get(f"/admin/games/match/{started_match.id}/change/")

    html = response.content.decode()
    # No form field for what only the services may change.
    for name in ("status", "turn_deadline_at", "state", "version"):
        assert f'name="{name}"' not in html
    assert 'name="seats-0-controller"' not in html
    assert 'name="seats-0-user"' not in html


def test_a_change_posted_to_the_admin_is_refused(admin_client, started_match):
    response = admin_client.post(
        f"/admin/games/match/{started_match.id}/change/", {"status": "finished"}
    )

    assert response.status_code == 403
    started_match.refresh_from_db()
    assert started_match.status == Match.Status.ACTIVE


def test_the_abort_action_goes_through_the_service(
    admin_client,
    started_match,
    open_match,
    django_capture_on_commit_callbacks,
    group_sends,
):
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/games/match/",
            {
                "action": "abort",
                "_selected_action": [started_match.id, open_match.id],
            },
            follow=True,
        )

    assert "2 matches aborted." in response.content.decode()
    for match in (started_match, open_match):
        match.refresh_from_db()
        assert match.status == Match.Status.ABORTED
        assert match.finished_at is not None
    # Open boards and the lobby hear of it like of any other write.
    groups = [group for group, _event in group_sends]
    assert f"match-{started_match.id}" in groups
    assert "lobby" in groups


def test_aborting_a_finished_match_is_refused_with_the_reason(
    admin_client, started_match, alice, bob
):
    play_to_end(started_match, {0: alice, 1: bob}, seed=1)

    response = admin_client.post(
        "/admin/games/match/",
        {"action": "abort", "_selected_action": [started_match.id]},
        follow=True,
    )

    assert "This match is already over." in response.content.decode()
    started_match.refresh_from_db()
    assert started_match.status == Match.Status.FINISHED


def test_the_stand_in_action_hands_a_persons_seat_to_a_robot(
    admin_client,
    started_match,
    alice,
    django_capture_on_commit_callbacks,
    robot_enqueues,
):
    seat = started_match.seats.get(position=0)

    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post(
            "/admin/games/seat/",
            {"action": "stand_in", "_selected_action": [seat.id]},
            follow=True,
        )

    assert "A robot now plays 1 seat." in response.content.decode()
    seat.refresh_from_db()
    assert (seat.controller, seat.user, seat.robot) == (
        Seat.Controller.STAND_IN,
        alice,
        "greedy",  # the game's default robot
    )
    # The seat is to move: its robot is enqueued on commit.
    assert robot_enqueues == [(started_match.id, 0)]


def test_the_stand_in_action_refuses_a_robot_seat(admin_client, started_match):
    seat = started_match.seats.get(position=2)

    response = admin_client.post(
        "/admin/games/seat/",
        {"action": "stand_in", "_selected_action": [seat.id]},
        follow=True,
    )

    assert "Only a seat taken by a person can get a robot stand-in." in (
        response.content.decode()
    )
    seat.refresh_from_db()
    assert seat.controller == Seat.Controller.ROBOT


def test_staff_without_the_change_permission_gets_no_actions(
    client, make_user, started_match
):
    viewer = make_user("viewer", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_match"))
    client.force_login(viewer)

    response = client.post(
        "/admin/games/match/",
        {"action": "abort", "_selected_action": [started_match.id]},
    )

    started_match.refresh_from_db()
    assert started_match.status == Match.Status.ACTIVE
    assert response.status_code in (200, 302)


# ---------------------------------------------------------------------------
# A running match is shown as a spectator sees it; an ended one in full.


@pytest.fixture
def chosen_match(started_match, alice):
    """The running Toy match after alice's first move (a roll)."""
    from games import services

    services.move_submit(
        match_id=started_match.id,
        user=alice,
        move_data={"kind": "roll"},
        expected_version=0,
    )
    started_match.refresh_from_db()
    return started_match


def _event_lines(match):
    """Return the log lines of `match`'s moves' events."""
    from games.rules import Event
    from games.text import message_text

    return [
        message_text(match.rules.describe_event(Event.from_json(data)))
        for move in match.moves.all()
        for data in move.events
    ]


def test_a_running_match_shows_what_a_spectator_sees(admin_client, chosen_match):
    from django.utils.html import escape

    response = admin_client.get(f"/admin/games/match/{chosen_match.id}/change/")

    assert response.status_code == 200
    html = response.content.decode()
    # No seed (every future draw), no raw state (with a game's secrets);
    # the server seed's public commitment only (issue 23).
    assert 'field-seed"' not in html
    assert str(chosen_match.seed) not in html
    assert "field-server_seed" not in html
    assert chosen_match.server_seed not in html
    assert "field-seed_commitment" in html
    assert "field-state" not in html
    assert "field-spectator_view" in html
    # The spectator's view instead, as the board shows it to a spectator.
    view = chosen_match.rules.view(chosen_match.game_state(), None)
    assert all(escape(f'"{key}":') in html for key in view)
    # Moves: no payload (it may be a secret choice), the public events.
    # (Private events stay hidden: tests/games/race/test_platform_race.py.)
    assert "field-payload" not in html
    assert "field-events" not in html
    assert "field-public_events" in html
    public = _event_lines(chosen_match)
    assert public
    for line in public:
        assert escape(line) in html


def test_a_running_matchs_move_page_shows_no_payload(admin_client, chosen_match):
    move = chosen_match.moves.order_by("seq").first()

    response = admin_client.get(f"/admin/games/move/{move.id}/change/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "field-payload" not in html
    assert "field-events" not in html
    assert "field-public_events" in html
    # The rules version it was applied under (issue 22): no secret.
    assert "field-rules_version" in html
    assert move.rules_version == chosen_match.rules.info.version


def test_a_malformed_stored_event_is_left_out_of_the_move_page(
    admin_client, chosen_match
):
    move = chosen_match.moves.order_by("seq").first()
    # Not an Event (declared type): no kind, a seat list that is a string.
    move.events = [{"data": {}}, {"kind": "x", "data": {}, "visible_to": "0"}]
    move.save(update_fields=["events"])

    response = admin_client.get(f"/admin/games/move/{move.id}/change/")

    assert response.status_code == 200
    assert "field-public_events" in response.content.decode()


def test_an_ended_match_shows_everything(admin_client, started_match, alice, bob):
    play_to_end(started_match, {0: alice, 1: bob}, seed=1)
    started_match.refresh_from_db()
    move = started_match.moves.order_by("seq").first()

    html = admin_client.get(f"/admin/games/match/{started_match.id}/change/").content
    move_html = admin_client.get(f"/admin/games/move/{move.id}/change/").content

    html = html.decode()
    assert "field-seed" in html
    assert str(started_match.seed) in html
    assert "field-state" in html
    assert "field-payload" in html
    assert "field-events" in html
    assert "field-payload" in move_html.decode()


def test_an_aborted_match_shows_everything(admin_client, chosen_match):
    from games import services

    services.match_abort(match_id=chosen_match.id)

    html = admin_client.get(f"/admin/games/match/{chosen_match.id}/change/").content

    assert b"field-seed" in html
    assert b"field-state" in html
