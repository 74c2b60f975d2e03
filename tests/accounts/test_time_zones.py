"""Time zones people recognise, and the browser's zone for new accounts.

Issue 21: the profile listed about 600 raw IANA names, old aliases
included, and every new account got UTC. Now the list is the tz
database's current zones (zone.tab), grouped by region and labelled
"Berlin (UTC+01:00)"; the sign-up form carries the browser's zone (a
hidden field filled by static/js/time-zone.js), checked against the list.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
import time_machine

from accounts.models import User
from accounts.time_zones import time_zone_choices, time_zone_label, time_zone_names

PASSWORD = "a long and unusual passphrase 42"


def test_the_list_has_current_zones_only():
    names = time_zone_names()

    for current in ("UTC", "Europe/Berlin", "America/New_York", "Europe/Kyiv"):
        assert current in names
    # Old aliases and the Etc zones (whose signs are inverted) are not offered.
    for alias in ("US/Pacific", "Europe/Kiev", "Etc/GMT+5", "GB", "Asia/Calcutta"):
        assert alias not in names
    assert len(names) < 450


def test_zones_are_grouped_by_region_with_their_offset():
    choices = time_zone_choices(today=date(2026, 1, 15))

    assert choices[0] == ("UTC", "UTC")
    groups = {str(region): places for region, places in choices[1:]}
    assert ("Europe/Berlin", "Berlin (UTC+01:00)") in groups["Europe"]
    assert ("Asia/Kolkata", "Kolkata (UTC+05:30)") in groups["Asia"]
    assert (
        "America/Argentina/Buenos_Aires",
        "Argentina / Buenos Aires (UTC-03:00)",
    ) in groups["America"]


def test_the_offset_is_todays():
    assert time_zone_label("Europe/Berlin", today=date(2026, 7, 1)) == (
        "Berlin (UTC+02:00)"
    )
    assert time_zone_label("America/New_York", today=date(2026, 1, 1)) == (
        "New York (UTC-05:00)"
    )


@pytest.mark.django_db
def test_the_profile_offers_the_grouped_list(alice_client):
    with time_machine.travel(datetime(2026, 1, 15, 12, tzinfo=UTC), tick=False):
        html = alice_client.get("/profile/").content.decode()

    assert '<optgroup label="Europe">' in html
    assert '<option value="Europe/Berlin">Berlin (UTC+01:00)</option>' in html
    assert 'value="US/Pacific"' not in html
    # The browser's zone is offered when the profile says UTC.
    assert 'data-role="time-zone-offer"' in html
    assert "js/time-zone.js" in html


@pytest.mark.django_db
def test_an_alias_is_refused_but_a_stored_one_stays_choosable(alice_client, alice):
    data = {"section": "email", "digest_hour": "8", "quiet_from": "", "quiet_to": ""}

    refused = alice_client.post("/profile/", {**data, "time_zone": "US/Pacific"})
    assert refused.status_code == 400
    User.objects.filter(id=alice.id).update(time_zone="Europe/Kiev")
    kept = alice_client.post("/profile/", {**data, "time_zone": "Europe/Kiev"})
    assert kept.status_code == 302


def _sign_up(client, **extra):
    return client.post(
        "/accounts/signup/",
        {
            "email": "dora@example.com",
            "username": "dora",
            "password1": PASSWORD,
            "password2": PASSWORD,
            **extra,
        },
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("sent", "stored"),
    [
        ({"time_zone": "Europe/Berlin"}, "Europe/Berlin"),
        (
            {"time_zone": "America/Argentina/Buenos_Aires"},
            "America/Argentina/Buenos_Aires",
        ),
        # Not in the list, or no script: UTC, changeable on the profile.
        ({"time_zone": "US/Pacific"}, "UTC"),
        ({"time_zone": "Mars/Olympus_Mons"}, "UTC"),
        ({"time_zone": "x" * 500}, "UTC"),
        ({}, "UTC"),
    ],
)
def test_a_new_account_gets_the_browsers_zone(client, sent, stored):
    html = client.get("/accounts/signup/").content.decode()
    assert 'name="time_zone"' in html
    assert "js/time-zone.js" in html

    response = _sign_up(client, **sent)

    assert response.status_code == 302
    assert User.objects.get(username="dora").time_zone == stored
