"""The profile's e-mail section (issue 11, "E-mail settings").

Per kind of notice an "e-mail me" box, the daily digest and its hour, quiet
hours and the time zone; a warning when mail to the address keeps failing.
E-mail footers link to /profile/#email. Errors are shown and nothing is
saved.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time

import pytest
import time_machine
from django.utils.html import escape

from games.models import Notification

pytestmark = pytest.mark.django_db

Kind = Notification.Kind


def _post(**changes):
    """A valid post of the e-mail section: every kind on, no digest, no quiet."""
    data = {
        "section": "email",
        "digest_hour": "8",
        "time_zone": "UTC",
        "quiet_from": "",
        "quiet_to": "",
    }
    data.update({f"email_kind_{kind.value}": "on" for kind in Kind})
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_the_section_offers_a_box_per_kind_checked_by_default(alice_client):
    html = alice_client.get("/profile/").content.decode()

    assert 'id="email"' in html
    for kind in Kind:
        box = re.search(rf'<input[^>]*name="email_kind_{kind.value}"[^>]*>', html)
        assert box, kind
        assert "checked" in box.group(0)
        assert escape(str(kind.label)) in html
    assert '<option value="Europe/Berlin">' in html
    assert 'type="time"' in html


def test_a_box_left_unchecked_switches_that_kind_off(alice_client, alice):
    alice.email_off = [Kind.PLAYER_JOINED]
    alice.save(update_fields=["email_off"])

    response = alice_client.post(
        "/profile/", _post(email_kind_your_turn=None, email_kind_player_joined="on")
    )

    assert (response.status_code, response["Location"]) == (302, "/profile/#email")
    alice.refresh_from_db()
    assert alice.email_off == [Kind.YOUR_TURN]


def test_saving_stores_digest_quiet_hours_and_time_zone(alice_client, alice):
    alice_client.post(
        "/profile/",
        _post(
            email_digest="on",
            digest_hour="7",
            quiet_from="22:00",
            quiet_to="06:30",
            time_zone="Europe/Berlin",
        ),
    )

    alice.refresh_from_db()
    assert alice.email_digest
    assert alice.digest_hour == 7
    assert (alice.quiet_from, alice.quiet_to) == (time(22, 0), time(6, 30))
    assert alice.time_zone == "Europe/Berlin"
    assert alice.email_off == []


def test_the_saved_settings_are_shown_again(alice_client, alice):
    alice_client.post(
        "/profile/",
        _post(quiet_from="22:00", quiet_to="07:00", time_zone="America/New_York"),
    )

    html = alice_client.get("/profile/").content.decode()

    assert 'value="22:00"' in html
    assert '<option value="America/New_York" selected>' in html


def test_quiet_hours_may_be_left_empty(alice_client, alice):
    alice.quiet_from, alice.quiet_to = time(22), time(7)
    alice.save(update_fields=["quiet_from", "quiet_to"])

    alice_client.post("/profile/", _post())

    alice.refresh_from_db()
    assert (alice.quiet_from, alice.quiet_to) == (None, None)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"time_zone": "Mars/Olympus_Mons"}, "Select a valid choice."),
        ({"digest_hour": "24"}, "Select a valid choice."),
        ({"quiet_from": "22:00"}, "Give both ends of your quiet hours, or neither."),
        (
            {"quiet_from": "22:00", "quiet_to": "22:00"},
            "Your quiet hours must end at another time than they start.",
        ),
        ({"quiet_from": "25:00", "quiet_to": "07:00"}, "Enter a valid time."),
    ],
    ids=["time zone", "hour", "half quiet", "empty quiet", "bad time"],
)
def test_errors_are_shown_and_nothing_is_saved(alice_client, alice, changes, message):
    response = alice_client.post(
        "/profile/", _post(email_digest="on", email_kind_your_turn=None, **changes)
    )

    assert response.status_code == 400
    assert escape(message) in response.content.decode()
    alice.refresh_from_db()
    assert not alice.email_digest
    assert alice.email_off == []


def test_the_name_form_leaves_the_e_mail_settings_alone(alice_client, alice):
    alice.email_off = [Kind.MATCH_STARTED]
    alice.save(update_fields=["email_off"])

    alice_client.post("/profile/", {"display_name": "Queen Alice", "language": "en"})

    alice.refresh_from_db()
    assert alice.display_name == "Queen Alice"
    assert alice.email_off == [Kind.MATCH_STARTED]


def test_a_digest_switched_on_after_its_hour_starts_tomorrow(alice_client, alice):
    # 10:00 in Berlin: today's 08:00 digest is not sent at once.
    with time_machine.travel(datetime(2026, 11, 24, 9, 0, tzinfo=UTC), tick=False):
        alice_client.post(
            "/profile/", _post(email_digest="on", time_zone="Europe/Berlin")
        )

    alice.refresh_from_db()
    assert alice.digest_sent_on == date(2026, 11, 24)


def test_a_digest_switched_on_before_its_hour_comes_today(alice_client, alice):
    with time_machine.travel(datetime(2026, 11, 24, 5, 0, tzinfo=UTC), tick=False):
        alice_client.post(
            "/profile/", _post(email_digest="on", time_zone="Europe/Berlin")
        )

    alice.refresh_from_db()
    assert alice.digest_sent_on == date(2026, 11, 23)


def test_failing_mail_is_shown_with_a_link_to_the_addresses(alice_client, alice):
    alice.email_failures = 3
    alice.email_failed_at = datetime(2026, 11, 20, 9, 15, tzinfo=UTC)
    alice.save(update_fields=["email_failures", "email_failed_at"])

    html = alice_client.get("/profile/").content.decode()

    assert "Mail to alice@example.com failed 3 times in a row (last " in html
    assert "Check the address." in html
    assert 'href="/accounts/email/"' in html


def test_failing_mail_without_a_date_says_no_date(alice_client, alice):
    alice.email_failures = 5
    alice.save(update_fields=["email_failures"])

    html = alice_client.get("/profile/").content.decode()

    assert "Mail to alice@example.com failed 5 times in a row. Check" in html


def test_a_failure_or_two_is_not_shown(alice_client, alice, settings):
    settings.EMAIL_FAILURES_SHOWN = 3
    alice.email_failures = 2
    alice.save(update_fields=["email_failures"])

    html = alice_client.get("/profile/").content.decode()

    assert "failed 2 times" not in html
