"""`POST /api/reports/` and the report service (issue 24, "Reports").

A report keeps its context (the lines around a chat line, the match link,
the reported person's recent reports); bad input answers 400 with a
message saying what; each person may file REPORTS_PER_HOUR an hour.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games.models import ChatLine, Notification, Report
from games.services import moderation_reports as reports

pytestmark = [pytest.mark.django_db]

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


def _lines(author, other, count=8, match=None):
    return [
        ChatLine.objects.create(
            author=author if i % 2 else other,
            text=f"line {i}",
            created_at=NOW - timedelta(minutes=count - i),
            match=match,
        )
        for i in range(count)
    ]


def test_a_chat_line_report_keeps_the_lines_around_it(api_for, alice, bob):
    lines = _lines(bob, alice, count=13)
    reported = lines[7]
    answer = api_for(alice).post(
        "/api/reports/",
        {"kind": "chat_line", "reason": "abuse", "chat_line": reported.id},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    report = Report.objects.get(id=answer.json()["id"])
    assert (report.reporter, report.reported, report.chat_line) == (
        alice,
        bob,
        reported,
    )
    context_ids = [line["id"] for line in report.context["lines"]]
    assert context_ids == [line.id for line in lines[2:13]]
    assert [line["reported"] for line in report.context["lines"]].count(True) == 1
    assert report.resolved_at is None


def test_a_match_report_keeps_the_match_link_and_earlier_reports(
    api_for, alice, bob, carol, started_match
):
    earlier = reports.report_file(
        reporter=carol, kind="profile", reason="name", reported=bob
    )
    answer = api_for(alice).post(
        "/api/reports/",
        {
            "kind": "match",
            "reason": "stalling",
            "match": started_match.id,
            "player": "Bob",
        },
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    report = Report.objects.get(id=answer.json()["id"])
    assert report.context["match"] == f"/matches/{started_match.id}/"
    assert [r["id"] for r in report.context["recent_reports"]] == [earlier.id]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"kind": "profile", "reason": "abuse", "player": "Alice"},
            reports.NOT_YOURSELF,
        ),
        (
            {"kind": "profile", "reason": "abuse", "player": "Nobody"},
            reports.NO_SUCH_PERSON,
        ),
        ({"kind": "profile", "reason": "abuse"}, reports.NO_SUCH_PERSON),
        (
            {"kind": "chat_line", "reason": "abuse", "chat_line": 999},
            reports.NO_SUCH_LINE,
        ),
        (
            {"kind": "match", "reason": "abuse", "match": 999, "player": "Bob"},
            reports.NO_SUCH_MATCH,
        ),
    ],
)
def test_bad_reports_are_refused_saying_what(api_for, alice, bob, body, message):
    answer = api_for(alice).post("/api/reports/", body, format="json")
    assert answer.status_code == (409 if message == reports.NOT_YOURSELF else 404)
    assert answer.json() == {"detail": str(message)}
    assert not Report.objects.exists()


def test_an_unknown_reason_is_a_400(api_for, alice, bob):
    answer = api_for(alice).post(
        "/api/reports/",
        {"kind": "profile", "reason": "meh", "player": "Bob"},
        format="json",
    )
    assert answer.status_code == 400
    assert "reason" in answer.json()["detail"]


def test_anonymous_reports_are_refused(api_for, bob):
    answer = api_for(None).post(
        "/api/reports/",
        {"kind": "profile", "reason": "abuse", "player": "Bob"},
        format="json",
    )
    assert answer.status_code == 401


def test_reports_are_rate_limited_per_person(api_for, alice, bob, carol):
    client = api_for(alice)
    body = {"kind": "profile", "reason": "spam", "player": "Bob"}
    for _ in range(reports.REPORTS_PER_HOUR):
        assert client.post("/api/reports/", body, format="json").status_code == 201
    answer = client.post("/api/reports/", body, format="json")
    assert answer.status_code == 429
    assert answer.json() == {"detail": str(reports.TOO_MANY)}
    # Carol's reports are her own.
    assert api_for(carol).post("/api/reports/", body, format="json").status_code == 201
    with time_machine.travel(NOW + timedelta(hours=1, seconds=1), tick=False):
        assert client.post("/api/reports/", body, format="json").status_code == 201


def test_resolving_records_the_action_and_tells_the_reporter(alice, bob, staff):
    report = reports.report_file(
        reporter=alice, kind="profile", reason="name", reported=bob
    )
    with pytest.raises(reports.ReportRefused):
        reports.report_resolve(report_id=report.id, actor=staff, action=" ")
    reports.report_resolve(report_id=report.id, actor=staff, action="renamed")
    report.refresh_from_db()
    assert (report.resolved_at, report.resolved_by, report.action) == (
        NOW,
        staff,
        "renamed",
    )
    notice = Notification.objects.get(user=alice)
    assert notice.kind == Notification.Kind.REPORT_HANDLED
    assert not Notification.objects.filter(user=bob).exists()
    with pytest.raises(reports.ReportRefused):
        reports.report_resolve(report_id=report.id, actor=staff, action="again")
