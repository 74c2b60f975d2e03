"""Notice e-mails through a real SMTP server on loopback (issue 11, "E-mails").

An aiosmtpd server listens on 127.0.0.1 and Django's SMTP backend talks to
it, so what is checked is what a mail server receives: one message per
e-mail, multipart text and HTML, in the person's language, with the
board link and the RFC 8058 unsubscribe headers, and nothing of another
seat's secrets. An e-mail is recorded as the sweeps record it
(`email_queue`) and its task runs synchronously (`.apply()`); a retry is
the sweep's (`deliveries_resume`), after a back-off on the row, travelled
to, never slept.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import time_machine
from django.conf import settings

from games import services
from games.models import Notification
from games.notifications.emails import (
    DigestRow,
    digest_email,
    digest_rows,
    email_send,
    turn_email,
)
from games.notifications.tokens import DIGEST, unsubscribe_check
from tests.accounts.conftest import free_port
from tests.accounts.emails import duel, email_deliver, email_parts, turn_notice

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

Kind = Notification.Kind
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)


def _token(message) -> str:
    """Return the token of a received message's List-Unsubscribe URL."""
    url = message["List-Unsubscribe"].strip()[1:-1]
    return url.rstrip("/").rsplit("/", 1)[1]


def test_a_turn_email_arrives_once_with_game_opponent_and_links(smtp, alice, bob):
    with time_machine.travel(START, tick=False):
        match = duel(alice, bob)
        notice = turn_notice(alice, match)

        result = email_deliver(alice, [notice.id])

    assert result.get() is True
    # Exactly once, to alice only.
    assert len(smtp.messages) == 1
    recipients, message = smtp.messages[0]
    assert recipients == ["alice@example.com"]
    assert message["Subject"] == f"Your turn in Push Your Luck #{match.id} with Bob"
    assert message["From"] == settings.DEFAULT_FROM_EMAIL
    assert message.get_content_type() == "multipart/alternative"
    text, html = email_parts(message)
    board = f"https://spielpost.example/matches/{match.id}/"
    assert board in text
    assert f'href="{board}"' in html
    # The clock of a fresh Daily match: one day, the time of the turn.
    assert "Your move, 1 day 0 h left" in text
    assert "https://spielpost.example/profile/#email" in text
    assert "Hello Alice," in text


def test_the_unsubscribe_headers_name_the_kind_and_the_visible_link(smtp, alice, bob):
    match = duel(alice, bob)
    notice = turn_notice(alice, match)

    email_deliver(alice, [notice.id])

    _recipients, message = smtp.messages[0]
    # A long header is folded onto a second line; unfolding leaves a space.
    header = message["List-Unsubscribe"].strip()
    assert header.startswith("<https://spielpost.example/unsubscribe/")
    assert header.endswith("/>")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["Auto-Submitted"] == "auto-generated"
    url = header[1:-1]
    # On the wire the URL stands as it is (folded, never an encoded-word):
    # mail providers read it from there.
    assert f"<{url}>".encode() in smtp.raw[0]
    token = url.rstrip("/").rsplit("/", 1)[1]
    assert unsubscribe_check(token) == (alice.id, Kind.YOUR_TURN)
    text, html = email_parts(message)
    # The same link is visible in both parts, for people without a button.
    assert f"Stop these e-mails: {url}" in text
    assert f'href="{url}"' in html


def test_a_german_person_gets_the_email_in_german(smtp, alice, carol):
    carol.language = "de"
    carol.save(update_fields=["language"])
    with time_machine.travel(START, tick=False):
        match = duel(carol, alice)  # carol is to move
        notice = turn_notice(carol, match)

        email_deliver(carol, [notice.id])

    _recipients, message = smtp.messages[0]
    assert message["Content-Language"] == "de"
    text, html = email_parts(message)
    assert '<html lang="de">' in html
    # The clock's wording comes from the German catalogue.
    assert "noch 1 Tag 0 Std." in text
    assert "1 day 0 h left" not in text


def test_several_notices_go_out_as_one_email_most_urgent_first(smtp, alice, bob):
    with time_machine.travel(START, tick=False):
        daily = duel(alice, bob)
        fast = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="fast"
        )
        services.seat_claim(match_id=fast.id, user=bob)
        ids = [turn_notice(alice, daily).id, turn_notice(alice, fast).id]

        email_deliver(alice, ids)

    assert len(smtp.messages) == 1
    message = smtp.messages[0][1]
    assert message["Subject"] == "Your turn in 2 matches"
    text, _html = email_parts(message)
    # Fast (12 h left) before Daily (1 day left).
    assert text.index(f"Push Your Luck #{fast.id}") < text.index(
        f"Push Your Luck #{daily.id}"
    )
    assert "12 h 0 min left" in text


def test_other_kinds_use_the_same_layout_with_their_texts(smtp, alice, bob):
    match = duel(alice, bob)
    notice = Notification.objects.create(
        user=alice,
        kind=Kind.MATCH_FINISHED,
        match=match,
        params={"game": "toy", "opponents": ["Bob"], "rank": 1, "winners": ["Alice"]},
    )

    email_deliver(alice, [notice.id])

    message = smtp.messages[0][1]
    assert message["Subject"] == f"Push Your Luck #{match.id} is over with Bob"
    text, _html = email_parts(message)
    assert "You won." in text
    token = _token(message)
    assert unsubscribe_check(token) == (alice.id, Kind.MATCH_FINISHED)


def test_the_digest_lists_every_match_to_move_most_urgent_first(smtp, alice, bob):
    alice.email_digest = True
    alice.save(update_fields=["email_digest"])
    with time_machine.travel(START, tick=False):
        daily = duel(alice, bob)
        fast = services.match_create(
            user=alice, game_slug="toy", seats=2, time_control="fast"
        )
        services.seat_claim(match_id=fast.id, user=bob)

        rows = digest_rows(alice)
        email_deliver(alice, [], digest=True)

    assert [row.match_id for row in rows] == [fast.id, daily.id]
    assert [row.seconds_left for row in rows] == [12 * 3600, 24 * 3600]
    message = smtp.messages[0][1]
    assert message["Subject"] == "Daily digest: your turn in 2 matches"
    text, _html = email_parts(message)
    assert text.index(f"Push Your Luck #{fast.id} with Bob") < text.index(
        f"Push Your Luck #{daily.id}"
    )
    assert "12 h 0 min left" in text
    token = _token(message)
    assert unsubscribe_check(token) == (alice.id, DIGEST)


def test_no_digest_goes_out_when_nothing_waits(smtp, alice):
    alice.email_digest = True
    alice.save(update_fields=["email_digest"])

    result = email_deliver(alice, [], digest=True)

    assert result.get() is False
    assert smtp.messages == []


def test_an_unreachable_server_records_the_failure_and_raises(settings, alice, bob):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = free_port()
    match = duel(alice, bob)
    message = turn_email(alice, [turn_notice(alice, match)])

    with pytest.raises(ConnectionRefusedError):
        email_send(alice, message)

    alice.refresh_from_db()
    assert alice.email_failures == 1


def test_kinds_switched_off_since_are_not_sent(smtp, alice, bob):
    match = duel(alice, bob)
    notice = turn_notice(alice, match)
    alice.email_off = [Kind.YOUR_TURN]
    alice.save(update_fields=["email_off"])

    result = email_deliver(alice, [notice.id])

    assert result.get() is False
    assert smtp.messages == []


def test_another_persons_notices_are_ignored(smtp, alice, bob):
    match = duel(bob, alice)  # bob is to move
    bobs = turn_notice(bob, match)

    result = email_deliver(alice, [bobs.id])

    assert result.get() is False
    assert smtp.messages == []


def test_digest_email_renders_rows_without_a_clock(alice):
    rows = [DigestRow(match_id=7, game="toy", opponents=("Bob",), seconds_left=None)]

    message = digest_email(alice, rows)

    assert "Push Your Luck #7 with Bob" in message.body
    # No clock runs (untimed, paused, vacation): no time left is told.
    assert " left" not in message.body
