"""The profile selector: record per game, ratings, listed matches, reliability."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth.models import AnonymousUser

from games.models import LeaveReason, Match, Seat
from games.selectors.profiles import (
    RECENT_SHOWN,
    player_by_name,
    player_profile,
    rating_shown,
    reliability,
)
from tests.games.records import match_with, move_at, rated

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def _toy(profile):
    return next(record for record in profile.games if record.slug == "toy")


def test_a_person_is_found_by_display_name_or_else_username(alice, make_user):
    plain = make_user("dora")

    assert player_by_name(name="Alice") == alice
    assert player_by_name(name="dora") == plain
    with pytest.raises(type(alice).DoesNotExist):
        player_by_name(name="alice")  # her username is not her public name


def test_a_deactivated_account_has_no_profile(alice):
    alice.is_active = False
    alice.save()

    with pytest.raises(type(alice).DoesNotExist):
        player_by_name(name="Alice")


def test_played_and_won_count_finished_matches_per_game(alice, bob):
    match_with([alice, bob], ranks=[1, 2])
    match_with([bob, alice], ranks=[1, 2])
    match_with([alice, bob], ranks=[1, 1])  # a shared first place is a win
    match_with([bob, alice, None], ranks=[2, 1, 3])
    match_with([alice, bob], status=Match.Status.CANCELLED)
    match_with([alice, bob], status=Match.Status.ACTIVE)
    match_with([bob, None])

    record = _toy(player_profile(person=alice, viewer=bob))

    assert (record.played, record.won) == (4, 3)
    assert record.rating is None
    assert record.history == ()


def test_a_person_without_matches_has_no_game_records(alice, bob):
    assert player_profile(person=alice, viewer=bob).games == ()


def test_the_rating_is_shown_by_the_display_rule(alice, bob):
    first = match_with([alice, bob])
    second = match_with([alice, bob])
    rated(alice, [(first, 27.0, 8.0), (second, 28.5, 7.0)])

    record = _toy(player_profile(person=alice, viewer=None))

    # 1000 + 20 * (28.5 - 21) = 1150; ± 20 * 7.
    assert record.rating == rating_shown(mu=28.5, sigma=7.0, matches=2)
    assert (record.rating.value, record.rating.uncertainty) == (1150, 140)
    assert record.rating.provisional
    # A newcomer's 25 ± 25/3 is 1000; then 1060, 1150.
    assert record.start == 1000
    assert [p.value for p in record.history] == [1060, 1150]
    assert [p.match_id for p in record.history] == [first.id, second.id]


def test_a_rating_is_provisional_for_the_first_ten_matches():
    assert rating_shown(mu=25, sigma=1, matches=9).provisional
    assert not rating_shown(mu=25, sigma=1, matches=10).provisional


def test_private_matches_are_listed_only_to_people_seated_there(alice, bob, carol):
    shown = match_with([alice, bob], status=Match.Status.ACTIVE)
    hidden = match_with([alice, bob], status=Match.Status.ACTIVE, private=True)
    ended = match_with([alice, bob], private=True)

    def listed(viewer):
        profile = player_profile(person=alice, viewer=viewer)
        return {m.id for m in profile.current}, {m.id for m in profile.recent}

    assert listed(bob) == ({shown.id, hidden.id}, {ended.id})
    assert listed(alice) == ({shown.id, hidden.id}, {ended.id})
    assert listed(carol) == ({shown.id}, set())
    assert listed(AnonymousUser()) == ({shown.id}, set())


def test_recent_matches_are_the_last_ten_ended_ones(alice, bob):
    ids = [
        match_with([alice, bob], finished_at=START + timedelta(hours=n)).id
        for n in range(RECENT_SHOWN + 2)
    ]

    recent = player_profile(person=alice, viewer=bob).recent

    assert [m.id for m in recent] == ids[::-1][:RECENT_SHOWN]
    assert all(len(m.seats.all()) == 2 for m in recent)


def test_reliability_counts_the_last_ninety_days(alice, bob):
    with time_machine.travel(START - timedelta(days=91), tick=False):
        old = match_with([alice, bob], status=Match.Status.ACTIVE)
        move_at(old, 0, seconds=1)
        move_at(old, 0, by_timeout=True)
    with time_machine.travel(START - timedelta(days=10), tick=False):
        match = match_with([bob, alice], status=Match.Status.ACTIVE)
        for seconds in (60, 10, 3600, 30):
            move_at(match, 1, seconds=seconds)
        move_at(match, 0, seconds=5)  # bob's
        move_at(match, 1, by_robot=True)  # a stand-in's move is not hers
        # A turn played out at a timeout: two moves, one timeout.
        move_at(match, 1, by_timeout=True)
        move_at(match, 1, by_timeout=True)
        move_at(match, 0, seconds=5)
        move_at(match, 1, by_timeout=True)
        move_at(match, 0, by_timeout=True)  # bob's
        Seat.objects.filter(match=match, user=alice).update(
            left_at=START - timedelta(days=9), left_reason=LeaveReason.TIMED_OUT
        )
        other = match_with([alice, bob], status=Match.Status.ACTIVE)
        Seat.objects.filter(match=other, user=alice).update(
            left_at=START - timedelta(days=8), left_reason=LeaveReason.RESIGNED
        )
        gone = match_with([alice, bob], status=Match.Status.ACTIVE)
        Seat.objects.filter(match=gone, user=alice).update(
            left_at=START - timedelta(days=100), left_reason=LeaveReason.RESIGNED
        )

    with time_machine.travel(START, tick=False):
        figures = reliability(person=alice)

    assert figures.moves == 4
    assert figures.median_seconds == 45  # (30 + 60) / 2
    assert figures.timeouts == 2
    assert figures.left_by_reason == {"timed_out": 1, "resigned": 1}
    assert figures.matches_left == 2


def test_the_median_of_an_odd_count_is_the_middle_move(alice, bob):
    match = match_with([alice, bob], status=Match.Status.ACTIVE)
    for seconds in (7, 1, 500):
        move_at(match, 0, seconds=seconds)

    assert reliability(person=alice).median_seconds == 7


def test_no_moves_means_no_median(alice):
    figures = reliability(person=alice)

    assert (figures.median_seconds, figures.moves, figures.timeouts) == (None, 0, 0)
    assert figures.matches_left == 0


@pytest.mark.parametrize("name", ["", "x" * 151, "Ali\x00ce"])
def test_a_name_nobody_can_have_is_not_looked_up(
    alice, name, django_assert_num_queries
):
    with django_assert_num_queries(0), pytest.raises(type(alice).DoesNotExist):
        player_by_name(name=name)


def test_the_history_keeps_the_latest_rated_matches(alice, bob, monkeypatch):
    monkeypatch.setattr("games.selectors.profiles.HISTORY_SHOWN", 2)
    matches = [
        match_with([alice, bob], finished_at=START + timedelta(hours=n))
        for n in range(4)
    ]
    rated(alice, [(m, 25.0 + n, 8.0) for n, m in enumerate(matches)])
    rated(bob, [(matches[0], 30.0, 8.0)])

    record = _toy(player_profile(person=alice, viewer=None))

    # Before the third match: 1000 + 20 * (26 - 24); after it and the fourth.
    assert record.start == 1040
    assert [p.match_id for p in record.history] == [matches[2].id, matches[3].id]
    assert [p.value for p in record.history] == [1060, 1080]
    assert record.rating.matches == 4
