"""The notification centre (issue 11): the bell, its page, and the pruning.

A person's notices are listed newest first on /profile/notifications/;
opening the page marks the ones shown read, "Mark all read" marks the rest.
The bell in the navigation counts the unread ones; old notices are deleted
by a daily beat task.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.conf import settings
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from games.context_processors import notifications as bell_context
from games.models import Notification
from games.notifications import selectors
from games.notifications.services import notifications_prune
from games.tasks import prune_notifications

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

Kind = Notification.Kind
URL = "/profile/notifications/"
START = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


def _notice(user, kind=Kind.PLAYER_JOINED, *, match=None, at=None, **params):
    """Write one notice for `user` (at `at`, UTC; default now)."""
    params.setdefault("game", "toy")
    if at is None:
        return Notification.objects.create(
            user=user, kind=kind, match=match, params=params
        )
    with time_machine.travel(at, tick=False):
        return Notification.objects.create(
            user=user, kind=kind, match=match, params=params
        )


def _titles(html):
    return re.findall(r'<strong class="notice-title">([^<]*)</strong>', html)


def _names(html):
    """Return who joined, per notice listed (the notices of `_notice`)."""
    return [title.split(" joined")[0] for title in _titles(html)]


def _bell(html):
    found = re.search(r'<a id="bell"[^>]*>.*?</a>', html, re.S)
    assert found, html
    return found.group(0)


def _bell_count(html):
    return int(re.search(r'data-count="(\d+)"', _bell(html)).group(1))


# The page


def test_the_page_lists_my_notices_newest_first(alice_client, alice):
    _notice(alice, name="Oldest", at=START)
    _notice(alice, name="Newest", at=START + timedelta(hours=2))
    _notice(alice, name="Middle", at=START + timedelta(hours=1))

    response = alice_client.get(URL)

    assert response.status_code == 200
    assert _names(response.content.decode()) == ["Newest", "Middle", "Oldest"]


def test_a_notice_names_its_match_with_a_link(alice_client, alice, started_match):
    _notice(alice, Kind.YOUR_TURN, match=started_match, opponents=["Bob"])

    html = alice_client.get(URL).content.decode()

    assert f"Your turn in Push Your Luck #{started_match.id}" in _titles(html)
    assert (
        f'<a href="/matches/{started_match.id}/">Push Your Luck #{started_match.id}</a>'
        in html
    )
    assert "with Bob" in html


def test_opening_the_page_marks_the_shown_notices_read(alice_client, alice):
    _notice(alice, name="Bob")
    _notice(alice, name="Carol")

    first = alice_client.get(URL).content.decode()
    again = alice_client.get(URL).content.decode()

    # Shown as new the first time, and read from then on.
    assert first.count('class="notice unread"') == 2
    assert not Notification.objects.filter(read_at__isnull=True).exists()
    assert 'class="notice unread"' not in again


def test_opening_the_page_tells_my_other_pages(
    alice_client, alice, group_sends, django_capture_on_commit_callbacks
):
    _notice(alice)

    with django_capture_on_commit_callbacks(execute=True):
        alice_client.get(URL)

    # Their bells drop to the new count.
    assert (
        f"user-{alice.id}",
        {"type": "user.notifications_changed"},
    ) in group_sends


def test_opening_the_list_marks_every_page_read(alice_client, alice, monkeypatch):
    # Not only the 50 shown (issue 21): the bell read 99+ after a page that
    # showed 50 unread notices of the hundreds a live match wrote.
    monkeypatch.setattr(selectors, "NOTICES_PER_PAGE", 2)
    for hour in range(3):
        _notice(alice, name=f"P{hour}", at=START + timedelta(hours=hour))

    html = alice_client.get(URL).content.decode()

    assert _names(html) == ["P2", "P1"]
    assert html.count('class="notice unread"') == 2
    assert 'href="?page=2"' in html
    assert not Notification.objects.filter(read_at__isnull=True).exists()
    assert _bell_count(html) == 0
    assert _names(alice_client.get(URL + "?page=2").content.decode()) == ["P0"]


def test_opening_the_list_with_more_than_a_page_unread_empties_the_bell(
    alice_client, alice, bob
):
    Notification.objects.bulk_create(
        Notification(user=alice, kind=Kind.PLAYER_JOINED, params={"game": "toy"})
        for _ in range(selectors.NOTICES_PER_PAGE + 10)
    )
    _notice(bob)

    alice_client.get(URL)

    assert _bell_count(alice_client.get("/play/").content.decode()) == 0
    # Nobody else's.
    assert Notification.objects.get(user=bob).read_at is None


def test_mark_all_read_marks_every_page(alice_client, alice, monkeypatch):
    monkeypatch.setattr(selectors, "NOTICES_PER_PAGE", 1)
    _notice(alice, at=START)
    _notice(alice, at=START + timedelta(hours=1))

    response = alice_client.post(URL + "read/")

    assert response.status_code == 302
    assert response["Location"] == URL
    assert not Notification.objects.filter(read_at__isnull=True).exists()


def test_mark_all_read_is_a_post_with_a_csrf_token(alice_client, alice):
    _notice(alice)

    html = alice_client.get(URL).content.decode()

    form = re.search(r'<form method="post" action="[^"]*/read/">.*?</form>', html, re.S)
    assert form, html
    assert 'name="csrfmiddlewaretoken"' in form.group(0)
    assert alice_client.get(URL + "read/").status_code == 405


def test_other_peoples_notices_never_appear(alice_client, alice, bob):
    _notice(bob, name="SecretForBob")

    html = alice_client.get(URL).content.decode()

    assert "SecretForBob" not in html
    # Nor does alice's visit mark bob's notice read.
    assert Notification.objects.get(user=bob).read_at is None


def test_mark_all_read_leaves_other_peoples_notices_unread(alice_client, bob):
    _notice(bob)

    alice_client.post(URL + "read/")

    assert Notification.objects.get(user=bob).read_at is None


def test_no_notices_shows_the_empty_state(alice_client):
    html = alice_client.get(URL).content.decode()

    assert "No notifications yet." in html
    assert "Mark all read" not in html


def test_the_page_asks_to_log_in_first(client):
    response = client.get(URL)

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_the_page_is_never_cached(alice_client):
    # Back on the page, the browser asks again: what is new is marked anew.
    assert "no-cache" in alice_client.get(URL)["Cache-Control"]


def test_recent_notices_say_how_long_ago_and_older_ones_the_date(alice_client, alice):
    with time_machine.travel(START, tick=False):
        _notice(alice, name="Recent", at=START - timedelta(minutes=3))
        _notice(alice, name="Old", at=START - timedelta(days=3))
        html = alice_client.get(URL).content.decode()

    assert "3\xa0minutes ago" in html
    assert "Feb. 26, 2025" in html


# The bell


def test_the_bell_shows_my_unread_count(alice_client, alice, bob):
    for _ in range(3):
        _notice(alice)
    _notice(bob)

    bell = _bell(alice_client.get("/play/").content.decode())

    assert 'aria-label="Notifications, 3 unread"' in bell
    assert 'href="/profile/notifications/"' in bell
    assert re.search(r'<span class="bell-count" data-count="3">3</span>', bell)


def test_the_bell_hides_its_badge_at_zero(alice_client):
    bell = _bell(alice_client.get("/play/").content.decode())

    assert 'aria-label="Notifications"' in bell
    assert re.search(r'<span class="bell-count" data-count="0" hidden>', bell)


def test_the_bell_caps_its_badge_at_99(alice_client, alice):
    Notification.objects.bulk_create(
        Notification(user=alice, kind=Kind.YOUR_TURN) for _ in range(100)
    )

    bell = _bell(alice_client.get("/play/").content.decode())

    assert ">99+</span>" in bell
    assert 'aria-label="Notifications, 100 unread"' in bell


def test_the_bell_on_the_notification_page_counts_after_marking_read(
    alice_client, alice
):
    _notice(alice)

    assert _bell_count(alice_client.get(URL).content.decode()) == 0


def test_guests_have_no_bell(client):
    html = client.get("/").content.decode()

    assert "Sign up and play" in html
    assert 'id="bell"' not in html


def test_the_bell_count_is_read_only_when_shown(alice):
    request = RequestFactory().get("/")
    request.user = alice
    _notice(alice)

    with CaptureQueriesContext(connection) as building:
        context = bell_context(request)
    with CaptureQueriesContext(connection) as first:
        count = context["bell_count"]()
    with CaptureQueriesContext(connection) as second:
        context["bell_count"]()

    # A page that never renders the bell pays nothing; one that does, one
    # query, however often the template asks.
    assert len(building) == 0
    assert count == 1
    assert len(first) == 1
    assert len(second) == 0


# Pruning


def test_prune_deletes_only_notices_past_the_retention(alice, bob):
    now = START
    old = _notice(alice, at=now - timedelta(days=90, seconds=1))
    _notice(bob, at=now - timedelta(days=91))
    kept = _notice(alice, at=now - timedelta(days=89))
    unread_but_young = _notice(bob, at=now - timedelta(hours=1))

    with CaptureQueriesContext(connection) as queries:
        deleted = notifications_prune(now=now)

    assert deleted == 2
    assert set(Notification.objects.values_list("id", flat=True)) == {
        kept.id,
        unread_but_young.id,
    }
    assert not Notification.objects.filter(id=old.id).exists()
    # One DELETE, whatever the number of rows; one read of old e-mails.
    assert len(queries) == 2


def test_prune_follows_the_setting(alice, settings):
    settings.NOTIFICATION_RETENTION_DAYS = 7
    _notice(alice, at=START - timedelta(days=8))
    young = _notice(alice, at=START - timedelta(days=6))

    with time_machine.travel(START, tick=False):
        assert notifications_prune() == 1

    assert list(Notification.objects.values_list("id", flat=True)) == [young.id]


def test_the_retention_defaults_to_90_days():
    assert settings.NOTIFICATION_RETENTION_DAYS == 90


def test_the_prune_task_delegates_to_the_service(monkeypatch):
    calls = []

    def prune(**kwargs):
        calls.append(kwargs)
        return 5

    monkeypatch.setattr("games.notifications.services.notifications_prune", prune)

    assert prune_notifications() == 5
    assert calls == [{}]


def test_the_beat_prunes_daily():
    entry = settings.CELERY_BEAT_SCHEDULE["notifications-prune"]

    assert entry["task"] == prune_notifications.name
    assert entry["schedule"] == 24 * 3600


def test_the_migration_leaves_one_unread_turn_per_match(alice, bob, started_match):
    # Bells that read "99+" before issue 21: all but the newest unread
    # "your turn" of each match and person are read by the migration.
    import importlib

    from django.db import connection
    from django.db.migrations.loader import MigrationLoader

    migration = importlib.import_module("accounts.migrations.0007_email_deliveries")
    # The models as that migration saw them (Notification was accounts' then).
    apps = (
        MigrationLoader(connection)
        .project_state(("accounts", "0007_email_deliveries"))
        .apps
    )
    Notification.objects.all().delete()
    stacked = [
        _notice(
            alice, Kind.YOUR_TURN, match=started_match, at=START + timedelta(minutes=n)
        )
        for n in range(3)
    ]
    bobs = _notice(bob, Kind.YOUR_TURN, match=started_match, at=START)
    other = _notice(alice, at=START)

    migration.one_unread_turn_per_match(apps, None)

    unread = set(
        Notification.objects.filter(read_at__isnull=True).values_list("id", flat=True)
    )
    assert unread == {stacked[-1].id, bobs.id, other.id}


def test_prune_deletes_old_e_mails_but_those_still_to_be_sent(alice):
    from accounts.models import EmailDelivery

    def email(days, state):
        with time_machine.travel(START - timedelta(days=days), tick=False):
            return EmailDelivery.objects.create(
                user=alice, state=state, next_attempt_at=START
            )

    email(91, "delivered")
    email(91, "failed")
    waiting = email(91, "queued")
    young = email(1, "delivered")

    notifications_prune(now=START)

    assert set(EmailDelivery.objects.values_list("id", flat=True)) == {
        waiting.id,
        young.id,
    }
