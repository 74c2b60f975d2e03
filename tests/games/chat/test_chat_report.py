"""Reporting a single chat line from where it is read (issue 24, "Reports")."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from games.chat.services import chat_post
from games.models import Report
from games.services import moderation_sanctions as sanctions

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


def test_others_lines_offer_a_labelled_report_link_and_own_lines_none(
    client_for, alice, bob
):
    theirs = chat_post(user=bob, match=None, text="hey")
    mine = chat_post(user=alice, match=None, text="ho")

    page = client_for(alice).get("/play/").content.decode()

    assert f'href="/reports/chat-line/{theirs.id}/"' in page
    assert 'aria-label="Report this line by Bob"' in page
    assert f"/reports/chat-line/{mine.id}/" not in page


def test_guests_get_no_report_link(client, bob):
    line = chat_post(user=bob, match=None, text="hey")

    assert f"/reports/chat-line/{line.id}/" not in client.get("/play/").content.decode()


def test_the_report_page_is_prefilled_and_keeps_the_lines_around(
    client_for, started_match, alice, bob
):
    before = chat_post(user=alice, match=started_match, text="good luck")
    line = chat_post(user=bob, match=started_match, text="<b>rude</b>")
    client = client_for(alice)

    page = client.get(f"/reports/chat-line/{line.id}/").content.decode()
    response = client.post(
        "/reports/",
        {
            "kind": "chat_line",
            "chat_line": str(line.id),
            "reason": Report.Reason.values[0],
            "next": f"/matches/{started_match.id}/",
        },
    )

    assert f'name="chat_line" value="{line.id}"' in page
    assert "&lt;b&gt;rude&lt;/b&gt;" in page
    assert (response.status_code, response["Location"]) == (
        302,
        f"/matches/{started_match.id}/",
    )
    report = Report.objects.get()
    assert (report.reported, report.chat_line_id) == (bob, line.id)
    assert [each["id"] for each in report.context["lines"]] == [before.id, line.id]


def test_no_report_page_for_ones_own_a_hidden_or_an_unreadable_line(
    client_for, started_match, alice, bob, carol, staff
):
    own = chat_post(user=alice, match=started_match, text="mine")
    hidden = chat_post(user=bob, match=started_match, text="gone")
    sanctions.chat_line_hide(line_id=hidden.id, actor=staff, reason="rude")
    started_match.chat_spectators = False
    started_match.save(update_fields=["chat_spectators"])
    players_only = chat_post(user=bob, match=started_match, text="ours")

    assert client_for(alice).get(f"/reports/chat-line/{own.id}/").status_code == 404
    assert client_for(alice).get(f"/reports/chat-line/{hidden.id}/").status_code == 404
    assert (
        client_for(carol).get(f"/reports/chat-line/{players_only.id}/").status_code
        == 404
    )
    assert client_for(alice).get("/reports/chat-line/999999/").status_code == 404


def test_a_suspended_writer_reads_why_instead_of_the_form(client_for, alice, staff):
    sanctions.suspend(
        user=alice,
        actor=staff,
        reason="abuse",
        until=timezone.now() + timedelta(days=1),
    )

    page = client_for(alice).get("/play/").content.decode()

    assert 'class="chat-form"' not in page
    assert "Your account is suspended until" in page
