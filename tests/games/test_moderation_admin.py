"""The moderators' admin (issue 24): the queue, resolving, sanctions, the group.

Every action runs through Django's test client as a member of the
`moderator` group (staff, not superuser), which the data migration
creates with exactly the permissions needed.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import Group

from games.models import ChatLine, Notification, Report, Sanction, Seat
from games.services import moderation_reports as reports

pytestmark = [pytest.mark.django_db]

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def mod(make_user):
    user = make_user("moddy", display_name="Moddy", is_staff=True)
    user.groups.add(Group.objects.get(name="moderator"))
    assert not user.is_superuser
    return user


@pytest.fixture
def mod_client(client_for, mod):
    return client_for(mod)


def _report(reporter, reported, minutes_ago, **extra):
    with time_machine.travel(NOW - timedelta(minutes=minutes_ago), tick=False):
        return reports.report_file(
            reporter=reporter, kind="profile", reason="name", reported=reported, **extra
        )


def _action(client, url, action, ids, **data):
    return client.post(
        url,
        {
            "action": action,
            "_selected_action": [str(i) for i in ids],
            "apply": "1",
            **data,
        },
        follow=True,
    )


def test_the_moderator_group_has_exactly_the_needed_permissions():
    perms = {
        f"{p.content_type.app_label}.{p.codename}"
        for p in Group.objects.get(name="moderator").permissions.select_related(
            "content_type"
        )
    }
    assert perms == {
        "games.view_match",
        "games.change_match",
        "games.view_seat",
        "games.view_move",
        "games.view_matchevent",
        "games.view_report",
        "games.change_report",
        "games.view_sanction",
        "games.add_sanction",
        "accounts.view_user",
    }


def test_the_queue_lists_open_reports_grouped_by_person_oldest_first(
    mod_client, alice, bob, carol, make_user
):
    dave = make_user("dave", display_name="Dave")
    bob_new = _report(alice, bob, 10)
    carol_old = _report(alice, carol, 50)
    bob_old = _report(carol, bob, 30)
    carol_new = _report(bob, carol, 5)
    closed = _report(dave, carol, 90)
    Report.objects.filter(id=closed.id).update(resolved_at=NOW)

    page = mod_client.get("/admin/games/report/")
    assert page.status_code == 200
    order = [
        int(n)
        for n in re.findall(r"/admin/games/report/(\d+)/change/", page.content.decode())
    ]
    # Carol's oldest open report is older than Bob's: her group first.
    assert order == [carol_old.id, carol_new.id, bob_old.id, bob_new.id]


def test_a_report_shows_its_context(mod_client, alice, bob):
    line = ChatLine.objects.create(author=bob, text="you <b>fool</b>", created_at=NOW)
    report = reports.report_file(
        reporter=alice, kind="chat_line", reason="abuse", chat_line_id=line.id
    )
    html = mod_client.get(f"/admin/games/report/{report.id}/change/").content.decode()
    assert "you &lt;b&gt;fool&lt;/b&gt;" in html
    assert "<b>fool</b>" not in html


def test_resolving_records_the_action_and_notifies_the_reporter(
    mod_client, mod, alice, bob
):
    report = _report(alice, bob, 5)
    page = mod_client.post(
        "/admin/games/report/",
        {"action": "resolve", "_selected_action": [str(report.id)]},
    )
    assert page.status_code == 200  # the form asking what was done
    _action(mod_client, "/admin/games/report/", "resolve", [report.id], taken="warned")
    report.refresh_from_db()
    assert (report.resolved_by, report.action, report.resolved_at) == (
        mod,
        "warned",
        NOW,
    )
    assert Notification.objects.get(user=alice).kind == Notification.Kind.REPORT_HANDLED


def test_hiding_a_reported_line_from_the_queue(mod_client, mod, alice, bob):
    line = ChatLine.objects.create(author=bob, text="spam", created_at=NOW)
    report = reports.report_file(
        reporter=alice, kind="chat_line", reason="spam", chat_line_id=line.id
    )
    _action(mod_client, "/admin/games/report/", "hide_line", [report.id], reason="spam")
    line.refresh_from_db()
    assert line.hidden_by == mod
    assert Sanction.objects.get().kind == Sanction.Kind.LINE_HIDDEN


def test_sanctions_on_the_person_admin_page(mod_client, mod, alice, bob, started_match):
    url = "/admin/accounts/user/"
    _action(mod_client, url, "mute", [bob.id], reason="spam", hours="3")
    _action(mod_client, url, "suspend", [alice.id], reason="abuse", days="7")
    _action(mod_client, url, "rename", [bob.id], reason="name", name="Player 7")
    bob.refresh_from_db()
    alice.refresh_from_db()
    assert bob.chat_muted_until == NOW + timedelta(hours=3)
    assert bob.display_name == "Player 7"
    assert alice.suspended_until == NOW + timedelta(days=7)
    assert started_match.seats.get(user=alice).controller == Seat.Controller.STAND_IN
    _action(mod_client, url, "ban", [bob.id], reason="cheating")
    bob.refresh_from_db()
    assert not bob.is_active
    assert set(Sanction.objects.filter(actor=mod).values_list("kind", flat=True)) == {
        "muted",
        "suspended",
        "renamed",
        "banned",
    }
    page = mod_client.get(f"/admin/accounts/user/{bob.id}/change/").content.decode()
    assert "cheating" in page
    assert "spam" in page


def test_a_refused_sanction_says_why(mod_client, mod):
    answer = _action(mod_client, "/admin/accounts/user/", "ban", [mod.id], reason="x")
    assert "Moderators do not sanction themselves." in answer.content.decode()
    assert not Sanction.objects.exists()


def test_staff_without_the_group_cannot_sanction(client_for, make_user, bob):
    other = make_user("helper", is_staff=True)
    client = client_for(other)
    assert client.get("/admin/accounts/user/").status_code == 403
    assert client.get("/admin/games/report/").status_code == 403


def test_a_moderator_never_sees_a_running_matchs_hidden_state(
    mod_client, started_match
):
    answer = mod_client.get(f"/admin/games/match/{started_match.id}/change/")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'field-seed"' not in html
    assert "field-state" not in html
    assert "field-server_seed" not in html
    assert started_match.server_seed not in html
