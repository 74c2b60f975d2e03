"""The report forms under a profile and a match page (issue 24, "Reports")."""

from __future__ import annotations

import pytest

from games.models import Report
from games.services.moderation_reports import NOT_YOURSELF

pytestmark = [pytest.mark.django_db]


def test_a_profile_offers_its_report_form_to_others_only(client_for, alice, bob):
    page = client_for(alice).get("/players/Bob/")
    assert 'action="/reports/"' in page.content.decode()
    own = client_for(bob).get("/players/Bob/")
    assert 'action="/reports/"' not in own.content.decode()
    anonymous = client_for(None).get("/players/Bob/")
    assert 'action="/reports/"' not in anonymous.content.decode()


def test_reporting_a_profile_files_the_report_and_goes_back(client_for, alice, bob):
    answer = client_for(alice).post(
        "/reports/",
        {
            "kind": "display_name",
            "reason": "name",
            "player": "Bob",
            "next": "/players/Bob/",
        },
        follow=True,
    )
    assert answer.redirect_chain == [("/players/Bob/", 302)]
    report = Report.objects.get()
    assert (report.reporter, report.reported, report.kind) == (
        alice,
        bob,
        "display_name",
    )
    assert "moderator will look" in answer.content.decode()


def test_a_refused_report_says_why_and_files_nothing(client_for, alice):
    answer = client_for(alice).post(
        "/reports/",
        {
            "kind": "profile",
            "reason": "name",
            "player": "Alice",
            "next": "https://evil.example/",
        },
        follow=True,
    )
    assert answer.redirect_chain[0] == ("/", 302)
    assert str(NOT_YOURSELF) in answer.content.decode()
    assert not Report.objects.exists()


def test_the_match_page_reports_a_seated_person(client_for, alice, bob, started_match):
    page = client_for(alice).get(f"/matches/{started_match.id}/").content.decode()
    assert f'name="match" value="{started_match.id}"' in page
    assert 'name="player" value="Bob"' in page
    answer = client_for(alice).post(
        "/reports/",
        {
            "kind": "match",
            "reason": "stalling",
            "player": "Bob",
            "match": str(started_match.id),
            "next": f"/matches/{started_match.id}/",
        },
    )
    assert answer.status_code == 302
    assert Report.objects.get().match == started_match
