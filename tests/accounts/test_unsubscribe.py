"""One-click unsubscribe from an e-mail's link, without logging in (issue 11).

GET asks and changes nothing (mail scanners open links); POST, from the
page or a mail provider's RFC 8058 one-click (no cookies, no CSRF token),
switches exactly that kind off. A bad or expired token changes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from games.models import Notification
from games.notifications.emails import turn_email
from games.notifications.tokens import (
    DIGEST,
    UnsubscribeTokenInvalid,
    unsubscribe_check,
    unsubscribe_token,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

Kind = Notification.Kind
START = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)
ONE_CLICK = "List-Unsubscribe=One-Click"


@pytest.fixture
def mail_client():
    """A client as a mail provider is: no session, and CSRF checks enforced."""
    return Client(enforce_csrf_checks=True)


def _url(user, kind) -> str:
    return reverse("unsubscribe", kwargs={"token": unsubscribe_token(user.id, kind)})


def _one_click(client, url):
    return client.post(url, ONE_CLICK, content_type="application/x-www-form-urlencoded")


def test_a_token_names_the_person_and_the_kind(alice):
    token = unsubscribe_token(alice.id, Kind.MATCH_STARTED)

    assert unsubscribe_check(token) == (alice.id, Kind.MATCH_STARTED)


def test_a_tampered_token_is_refused(alice, bob):
    token = unsubscribe_token(alice.id, Kind.YOUR_TURN)
    forged = unsubscribe_token(bob.id, Kind.YOUR_TURN).split(":")[0]

    with pytest.raises(UnsubscribeTokenInvalid) as refused:
        unsubscribe_check(forged + token[token.index(":") :])

    assert not refused.value.expired


def test_a_token_expires_after_its_maximum_age(alice, settings):
    with time_machine.travel(START, tick=False):
        token = unsubscribe_token(alice.id, Kind.YOUR_TURN)
    later = START + timedelta(seconds=settings.UNSUBSCRIBE_TOKEN_MAX_AGE + 1)

    with (
        time_machine.travel(later, tick=False),
        pytest.raises(UnsubscribeTokenInvalid) as refused,
    ):
        unsubscribe_check(token)

    assert refused.value.expired


def test_an_unknown_kind_gets_no_token(alice):
    with pytest.raises(ValueError, match="Unknown kind"):
        unsubscribe_token(alice.id, "everything")


def test_the_page_asks_first_and_changes_nothing(mail_client, alice):
    response = mail_client.get(_url(alice, Kind.YOUR_TURN))

    assert response.status_code == 200
    assert "Stop “Your turn” e-mails?" in response.content.decode()
    alice.refresh_from_db()
    assert alice.email_off == []


def test_one_click_switches_exactly_that_kind_off_without_login(mail_client, alice):
    alice.email_off = [Kind.MATCH_STARTED]
    alice.save(update_fields=["email_off"])

    response = _one_click(mail_client, _url(alice, Kind.YOUR_TURN))

    assert response.status_code == 200
    assert "Done" in response.content.decode()
    alice.refresh_from_db()
    # The kind switched off before stays off; no other kind changes.
    assert alice.email_off == [Kind.MATCH_STARTED, Kind.YOUR_TURN]
    assert alice.email_digest is False


def test_the_link_of_a_sent_email_works(mail_client, alice, bob, settings):
    from games import services

    settings.SITE_URL = "https://spielpost.example"
    match = services.match_create(user=alice, game_slug="toy", seats=2)
    services.seat_claim(match_id=match.id, user=bob)
    notice = Notification.objects.get(user=alice, kind=Kind.YOUR_TURN)
    message = turn_email(alice, [notice])
    header = message.extra_headers["List-Unsubscribe"]
    path = header.strip("<>").removeprefix(settings.SITE_URL)

    response = _one_click(mail_client, path)

    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.email_off == [Kind.YOUR_TURN]


def test_unsubscribing_twice_changes_nothing_more(mail_client, alice):
    url = _url(alice, Kind.TIME_LOW)

    _one_click(mail_client, url)
    response = _one_click(mail_client, url)

    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.email_off == [Kind.TIME_LOW]


def test_the_digest_link_stops_the_digest_and_turn_emails(mail_client, alice):
    alice.email_digest = True
    alice.save(update_fields=["email_digest"])
    url = _url(alice, DIGEST)
    assert "Stop the daily digest?" in mail_client.get(url).content.decode()

    _one_click(mail_client, url)

    alice.refresh_from_db()
    # Not one e-mail per turn instead: who stops the digest wants fewer.
    assert alice.email_digest is False
    assert alice.email_off == [Kind.YOUR_TURN]


def test_a_bad_token_is_a_400_and_changes_nothing(mail_client, alice):
    token = unsubscribe_token(alice.id, Kind.YOUR_TURN)
    url = reverse("unsubscribe", kwargs={"token": token[:-2] + "xx"})

    for response in (mail_client.get(url), _one_click(mail_client, url)):
        assert response.status_code == 400
        assert "This link does not work" in response.content.decode()
    alice.refresh_from_db()
    assert alice.email_off == []


def test_an_expired_token_is_a_400_that_says_so(mail_client, alice, settings):
    with time_machine.travel(START, tick=False):
        url = _url(alice, Kind.YOUR_TURN)
    later = START + timedelta(seconds=settings.UNSUBSCRIBE_TOKEN_MAX_AGE + 1)

    with time_machine.travel(later, tick=False):
        response = _one_click(mail_client, url)

    assert response.status_code == 400
    assert "too old" in response.content.decode()
    alice.refresh_from_db()
    assert alice.email_off == []


def test_a_token_of_a_deleted_person_is_a_400(mail_client, alice):
    url = _url(alice, Kind.YOUR_TURN)
    alice.delete()

    assert _one_click(mail_client, url).status_code == 400


def test_another_persons_session_does_not_matter(client_for, alice, bob):
    # Bob, logged in, follows alice's link: the token decides whose e-mails.
    response = _one_click(client_for(bob), _url(alice, Kind.YOUR_TURN))

    assert response.status_code == 200
    alice.refresh_from_db()
    bob.refresh_from_db()
    assert alice.email_off == [Kind.YOUR_TURN]
    assert bob.email_off == []


def test_the_page_is_in_the_persons_language(mail_client, carol):
    carol.language = "de"
    carol.save(update_fields=["language"])

    response = mail_client.get(_url(carol, Kind.YOUR_TURN))

    assert '<html lang="de">' in response.content.decode()
