"""The time control on the lobby's create form, its rows and the board page.

The form works without JavaScript: a select of the presets, custom times
in hours, a private checkbox. Rows show the control and, on my turn, my
time left; the board shows each seat's clock, ticking in the browser from
the server's deadline. Time is travelled, never slept.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from accounts.models import User
from games import services
from games.models import Match, Seat
from tests.games.html_tree import html_tree

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _create(client, **data):
    return client.post(
        "/play/toy/new/", {"seats": "2", "option_target": "short", **data}
    )


def test_the_form_offers_the_presets_with_their_meaning_daily_first(alice_client):
    html = alice_client.get("/play/").content.decode()

    assert 'name="time_control"' in html
    assert "Daily: 1 day, +1 day a move, up to 3 days" in html
    assert "Fast: 12 h, +4 h a move, up to 24 h" in html
    assert "Relaxed: 3 days, +1 day a move, up to 7 days" in html
    assert "Live: 5 min, +30 s a move, up to 10 min (playing at the same time)" in html
    assert "Untimed: only with robots or in a private match" in html
    assert '<option value="daily" selected>' in html
    assert "Private: not listed in the lobby, invite by link" in html
    # Without JavaScript the custom times are there to fill in.
    assert 'name="custom_bank"' in html


def test_the_default_is_daily(alice_client):
    response = _create(alice_client)

    match = Match.objects.get()
    assert response.status_code == 302
    assert match.time_control["preset"] == "daily"
    assert match.private is False


def test_a_preset_and_private_are_stored(alice_client):
    _create(alice_client, time_control="live", private="on")

    match = Match.objects.get()
    assert (match.time_control["preset"], match.private) == ("live", True)


def test_custom_times_are_entered_in_hours_and_stored_in_seconds(alice_client):
    response = _create(
        alice_client,
        time_control="custom",
        custom_bank="2",
        custom_increment="0.5",
        custom_cap="4",
    )

    assert response.status_code == 302
    assert Match.objects.get().time_control == {
        "preset": "custom",
        "bank": 7200,
        "increment": 1800,
        "cap": 14400,
    }


def test_custom_times_are_ignored_for_a_preset(alice_client):
    _create(alice_client, time_control="fast", custom_bank="900")

    assert Match.objects.get().time_control["preset"] == "fast"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"custom_bank": "2", "custom_increment": "0.5"}, "Enter this time"),
        (
            {"custom_bank": "0", "custom_increment": "0", "custom_cap": "1"},
            "between 1 minute and 30 days",
        ),
        (
            {"custom_bank": "5", "custom_increment": "0", "custom_cap": "4"},
            "at least its starting bank",
        ),
        (
            {"custom_bank": "2", "custom_increment": "200", "custom_cap": "4"},
            "between 0 and 7 days",
        ),
        (
            {"custom_bank": "-1", "custom_increment": "0", "custom_cap": "4"},
            "errorlist",
        ),
        (
            {"custom_bank": "two", "custom_increment": "0", "custom_cap": "4"},
            "errorlist",
        ),
    ],
)
def test_bad_custom_times_are_a_form_error_and_create_nothing(
    alice_client, data, message
):
    response = _create(alice_client, time_control="custom", **data)

    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    # The custom times show opened, with what was entered.
    assert '<details class="custom-time" open>' in html
    assert not Match.objects.exists()


def test_an_unknown_preset_is_a_form_error(alice_client):
    response = _create(alice_client, time_control="blitz")

    assert response.status_code == 400
    assert not Match.objects.exists()


def test_a_solo_match_from_the_form_is_untimed(alice_client):
    alice_client.post(
        "/play/toy/new/",
        {"seats": "1", "option_target": "short", "time_control": "live"},
    )

    assert Match.objects.get().time_control is None


def test_lobby_rows_show_the_time_control(alice_client, alice, bob):
    services.match_create(user=bob, game_slug="toy", seats=2, time_control="live")
    services.match_create(
        user=bob,
        game_slug="toy",
        seats=2,
        time_control={"bank": 7200, "increment": 1800, "cap": 7200},
    )
    services.match_create(user=alice, game_slug="toy", seats=2, time_control="untimed")

    html = alice_client.get("/play/").content.decode()

    assert '<span class="badge time-control">Live</span>' in html
    assert '<span class="badge time-control">Custom: 2 h +30 min</span>' in html
    # alice's own untimed match is in her list, not among the open ones.
    assert '<span class="badge time-control">Untimed</span>' in html


def test_private_and_untimed_matches_are_not_in_the_open_list(carol_client, alice, bob):
    private = services.match_create(user=bob, game_slug="toy", seats=2, private=True)
    untimed = services.match_create(
        user=bob, game_slug="toy", seats=2, time_control="untimed"
    )
    listed = services.match_create(user=bob, game_slug="toy", seats=2)

    html = carol_client.get("/play/").content.decode()

    assert f'href="/matches/{listed.id}/"' in html
    assert f'href="/matches/{private.id}/"' not in html
    assert f'href="/matches/{untimed.id}/"' not in html


def test_my_matches_show_my_time_left_and_an_opponent_on_vacation(
    client_for, alice, bob
):
    User.objects.filter(id=bob.id).update(vacation_until=START + timedelta(days=9))
    with time_machine.travel(START, tick=False):
        soon = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="live"
        )
        services.seat_claim(match_id=soon.id, user=bob)
        later = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="relaxed"
        )
        services.seat_claim(match_id=later.id, user=bob)

    with time_machine.travel(START + timedelta(minutes=1), tick=False):
        html = client_for(alice).get("/play/").content.decode()

    # The live clock runs out first, so its row comes first.
    assert html.index(f'href="/matches/{soon.id}/"') < html.index(
        f'href="/matches/{later.id}/"'
    )
    assert "4 min left" in html
    assert "2 days 23 h left" in html
    assert "Bob on vacation until" in html


def test_the_board_shows_a_ticking_clock_per_seat(client_for, alice, bob):
    with time_machine.travel(START, tick=False):
        match = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="live"
        )
        services.seat_claim(match_id=match.id, user=bob)
    with time_machine.travel(START + timedelta(seconds=65), tick=False):
        html = client_for(alice).get(f"/matches/{match.id}/").content.decode()

    # Alice's clock runs (bob's waits for his turn).
    clocks = [n for n in html_tree(html).descendants() if n.tag == "time"]
    assert len(clocks) == 1
    deadline = "2026-11-23T12:05:00+00:00"
    assert clocks[0].attrs["datetime"] == deadline
    assert clocks[0].attrs["data-deadline"] == deadline
    assert clocks[0].attrs["data-left"] == "235"
    # The warning starts under 20 % of the 300 s bank: the browser switches.
    assert clocks[0].attrs["data-low-below"] == "60"
    assert "3:55" in html
    assert '<span class="badge time-control" title="Time control">Live</span>' in html
    assert 'data-clock-days="%(days)s d %(hours)s h"' in html


def test_a_low_clock_has_the_warning_class(client_for, alice, bob):
    with time_machine.travel(START, tick=False):
        match = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="live"
        )
        services.seat_claim(match_id=match.id, user=bob)
    with time_machine.travel(START + timedelta(seconds=250), tick=False):
        html = client_for(bob).get(f"/matches/{match.id}/").content.decode()

    assert 'class="clock running low"' in html
    assert "0:50" in html


def test_a_paused_match_shows_it_and_its_clocks_stand(client_for, alice, bob):
    with time_machine.travel(START, tick=False):
        match = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="daily"
        )
        services.seat_claim(match_id=match.id, user=bob)
        Seat.objects.filter(match=match).update(clock_deadline_at=None)
        Match.objects.filter(id=match.id).update(paused_at=START)
        html = client_for(alice).get(f"/matches/{match.id}/").content.decode()

    assert "Paused by a moderator" in html
    assert "<time" not in html
    # Alice was to move: her clock stands.
    assert html.count('class="clock stopped frozen"') == 1
    assert "1 d 0 h" in html


def test_an_untimed_board_shows_no_clock(client_for, alice, bob):
    match = services.match_create(
        user=alice, game_slug="toy", seats=2, time_control="untimed", private=True
    )
    services.seat_claim(match_id=match.id, user=bob, invite=match.invite_secret)

    html = client_for(alice).get(f"/matches/{match.id}/").content.decode()

    assert 'class="clock' not in html
    assert (
        '<span class="badge time-control" title="Time control">Untimed</span>' in html
    )
    assert "Paused by a moderator" not in html


def test_a_pushed_board_carries_the_pause_out_of_band(client_for, alice, bob):
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    Match.objects.filter(id=match.id).update(paused_at=START)

    html = (
        client_for(alice)
        .get(f"/matches/{match.id}/", headers={"HX-Request": "true"})
        .content.decode()
    )

    assert '<span id="match-paused" hx-swap-oob="true">' in html
    assert "Paused by a moderator" in html


def test_custom_times_take_a_unit_each(alice_client):
    # Issue 21: hours only, so a minute was 0.017 h.
    response = _create(
        alice_client,
        time_control="custom",
        custom_bank="90",
        custom_bank_unit="minutes",
        custom_increment="1",
        custom_increment_unit="days",
        custom_cap="2.5",
        custom_cap_unit="days",
    )

    assert response.status_code == 302
    assert Match.objects.get().time_control == {
        "preset": "custom",
        "bank": 90 * 60,
        "increment": 86400,
        "cap": 5 * 43200,
    }


def test_the_form_offers_minutes_hours_and_days(alice_client):
    html = alice_client.get("/play/").content.decode()

    assert '<select name="custom_bank_unit"' in html
    for unit in ("minutes", "hours", "days"):
        assert f'<option value="{unit}"' in html
    # The browser checks the bounds before sending (static/js/time-control.js).
    assert 'data-least="60"' in html
    assert "js/time-control.js" in html


def _field_of(html, name):
    """Return the HTML of the custom-time row that holds input `name`."""
    for row in html.split('<div class="field custom-amount">')[1:]:
        if f'name="{name}"' in row.split("</div>")[0]:
            return row.split("</div>")[0]
    raise AssertionError(f"no row for {name}")


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        (
            # German decimals: half a minute.
            {"custom_bank": "0,5", "custom_bank_unit": "minutes"},
            "custom_bank",
            "Das Zeitkonto muss zwischen 1 Minute und 30 Tagen liegen.",
        ),
        (
            {"custom_bank": "2", "custom_cap": "1"},
            "custom_cap",
            "mindestens so groß wie das Startkonto",
        ),
        (
            {"custom_increment": "8", "custom_increment_unit": "days"},
            "custom_increment",
            "zwischen 0 und 7 Tagen",
        ),
    ],
)
def test_a_wrong_time_is_refused_next_to_its_field_in_the_persons_language(
    alice_client, alice, data, field, message
):
    alice.language = "de"
    alice.save(update_fields=["language"])
    values = {
        "custom_bank": "2",
        "custom_increment": "0",
        "custom_cap": "4",
        **data,
    }

    response = _create(alice_client, time_control="custom", **values)

    assert response.status_code == 400
    html = response.content.decode()
    assert message in _field_of(html, field)
    assert not Match.objects.exists()
