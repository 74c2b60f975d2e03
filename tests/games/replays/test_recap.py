"""The recap "since your last move" (issue 23): what it says, and what it never says."""

from __future__ import annotations

import random
import re

import pytest
from django.utils import translation

from games import services
from games.models import Match, MatchEvent, Move, Notification
from games.notifications.emails import turn_email
from games.rules import Event
from games.selectors import match_with_seats, viewer_seat
from games.selectors.recap import recap_for, recap_sentence
from games.text import message_text
from tests.games.helpers import legal_json, seats_to_move

pytestmark = pytest.mark.django_db

RECAP = re.compile(r'<section class="recap".*?</section>', re.S)


def _play(match, user, position, rnd):
    services.move_submit(
        match_id=match.id,
        user=user,
        move_data=rnd.choice(legal_json(match, position)),
        expected_version=match.version,
    )
    match.refresh_from_db()


def _secret_lines(match, position, since):
    """The lines of the events after `since` that `position` may not see, as their seats read them."""
    rules = match.rules
    names = {s.position: s.name for s in match.seats.all()}
    lines = []
    for move in Move.objects.filter(match=match, seq__gt=since):
        for event in map(Event.from_json, move.events):
            if not event.visible_for(position):
                lines.append(message_text(rules.describe_event(event), names))
    return lines


@pytest.fixture
def rat_match(alice, bob):
    """A Rat um Rad of Alice (0) and Bob (1), played until Bob drew from the deck
    (a colour only Bob may see) since Alice's last move, and Alice is to move."""
    match = services.match_create(user=alice, game_slug="rat-um-rad", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    match.refresh_from_db()
    rnd = random.Random(7)
    for _ in range(400):
        to_move = seats_to_move(match)
        last = Move.objects.filter(match=match, seat=0).order_by("-seq").first()
        if last is not None and 0 in to_move:
            drawn = [
                event
                for move in Move.objects.filter(match=match, seq__gt=last.seq, seat=1)
                for event in map(Event.from_json, move.events)
                if event.kind == "took_deck_card" and not event.visible_for(0)
            ]
            if drawn:
                return match
        if 1 in to_move:
            # Bob draws from the deck whenever he may.
            moves = legal_json(match, 1)
            deck = [m for m in moves if "deck" in str(m.values()).lower()]
            services.move_submit(
                match_id=match.id,
                user=bob,
                move_data=deck[0] if deck else rnd.choice(moves),
                expected_version=match.version,
            )
            match.refresh_from_db()
        else:
            _play(match, alice, 0, rnd)
    raise AssertionError("Bob never drew from the deck")


def test_the_recap_tells_the_others_moves_but_never_their_secrets(
    rat_match, alice, client_for
):
    match = match_with_seats(match_id=rat_match.id)
    seat = viewer_seat(match, alice)
    recap = recap_for(match, seat)
    assert recap
    since = recap.since
    secrets = _secret_lines(match, 0, since)
    assert secrets, "the scenario has a secret to keep"
    # Every line is one of Alice's own log for those moves.
    rules = match.rules
    names = {s.position: s.name for s in match.seats.all()}
    visible = [
        message_text(rules.describe_event(event), names)
        for move in Move.objects.filter(match=match, seq__gt=since)
        for event in map(Event.from_json, move.events)
        if event.visible_for(0)
    ]
    assert list(recap.lines) == visible
    page = client_for(alice).get(match.get_absolute_url()).content.decode()
    (section,) = RECAP.findall(page)
    assert "Since your last move" in section
    assert any(line in section for line in recap.shown())
    message = turn_email(
        alice,
        [
            Notification.objects.filter(
                user=alice, match=match, kind=Notification.Kind.YOUR_TURN
            ).latest("id")
        ],
    )
    html = message.alternatives[0][0]
    assert recap_sentence(recap) in message.body
    for secret in secrets:
        assert secret not in page
        assert secret not in message.body
        assert secret not in html
    # Bob's own board does show what he drew: the lines are real secrets.
    bob_page = client_for(match.seats.get(position=1).user).get(
        match.get_absolute_url()
    )
    assert any(secret in bob_page.content.decode() for secret in secrets)


def test_nothing_to_recap_shows_nothing(alice_client, started_match):
    # Alice (seat 0) is to move at the start: nobody did anything yet.
    page = alice_client.get(started_match.get_absolute_url()).content.decode()
    assert 'class="recap"' not in page


def test_a_spectator_and_an_ended_match_get_no_recap(client_for, carol, started_match):
    page = client_for(carol).get(started_match.get_absolute_url()).content.decode()
    assert 'class="recap"' not in page


def test_the_recap_counts_table_events_and_shortens(
    alice, bob, alice_client, started_match
):
    match = started_match
    # Alice moves; then eleven table events by Bob (his cancel proposals).
    services.move_submit(
        match_id=match.id,
        user=alice,
        move_data=legal_json(match, 0)[0],
        expected_version=match.version,
    )
    match.refresh_from_db()
    for _ in range(12):
        MatchEvent.objects.create(
            match=match, version=match.version, kind="back", seat=1
        )
    MatchEvent.objects.create(match=match, version=match.version, kind="back", seat=0)
    page = alice_client.get(match.get_absolute_url()).content.decode()
    (section,) = RECAP.findall(page)
    assert section.count("<li>") == 10
    assert "And 2 more" in section
    # Alice's own table event is not in her recap.
    recap = recap_for(match_with_seats(match_id=match.id), match.seats.get(position=0))
    assert len(recap.lines) == 12
    assert recap_sentence(recap).startswith("Since your move: Bob is back.")
    assert "And 9 more." in recap_sentence(recap)


def test_the_recap_is_german_for_a_german_person(alice, bob, started_match):
    alice.language = "de"
    alice.save()
    match = started_match
    services.move_submit(
        match_id=match.id,
        user=alice,
        move_data=legal_json(match, 0)[0],
        expected_version=match.version,
    )
    match.refresh_from_db()
    MatchEvent.objects.create(match=match, version=match.version, kind="back", seat=1)
    with translation.override("de"):
        recap = recap_for(
            match_with_seats(match_id=match.id), match.seats.get(position=0)
        )
        assert recap_sentence(recap).startswith("Seit deinem Zug:")
    assert Match.objects.get(id=match.id).status == Match.Status.ACTIVE
