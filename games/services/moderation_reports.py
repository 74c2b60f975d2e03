"""Reports about a person, filed by another (issue 24, "Reports and the moderation queue").

`report_file` is the one door for the report forms (profile and match
pages) and `POST /api/reports/`; `report_resolve` is the moderation
queue's (games/admin/). A report keeps its context when filed: the chat
lines around a reported line, the match link, the reported person's recent
reports, so a moderator judges what was seen even after lines are hidden.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games import exceptions
from games.models import ChatLine, Match, Notification, Report
from games.notifications.services import notify
from games.selectors import match_visible_to

# At most this many reports per person per hour (issue 24: rate-limited
# per person): enough for a bad evening, too few to flood the queue.
REPORTS_PER_HOUR = 10
# The free text a reporter may add, in characters.
REPORT_TEXT_MAX = 1000
# Chat lines kept before and after a reported line, and the reported
# person's earlier reports kept with a report.
CONTEXT_LINES = 5
CONTEXT_REPORTS = 5

NOT_YOURSELF = _("You cannot report yourself.")
UNKNOWN_KIND = _(
    "Choose what you report: a chat line, a display name, a profile or a match."
)
UNKNOWN_REASON = _("Choose a reason from the list.")
TEXT_TOO_LONG = _("Say it in at most 1000 characters.")
NO_SUCH_PERSON = _("There is no such player.")
NO_SUCH_LINE = _("There is no such chat line.")
NO_SUCH_MATCH = _("There is no such match, or that player has no seat there.")
TOO_MANY = _("You have sent many reports in the last hour. Try again later.")
ACTION_NEEDED = _("Say what was done about the report.")
ALREADY_RESOLVED = _("This report has already been resolved.")


class ReportRefused(exceptions.MatchError):
    """A report refused for its input (400); `message` says what to fix."""

    status_code = 400
    page_status_code = 400


class ReportNotFound(ReportRefused):
    """The reported person, chat line or match is unknown or hidden from the reporter (404)."""

    status_code = 404
    page_status_code = 404


class ReportSelf(ReportRefused):
    """A report about oneself (409)."""

    default_message = NOT_YOURSELF
    status_code = 409
    page_status_code = 409


class ReportsTooMany(exceptions.MatchError):
    """The person filed REPORTS_PER_HOUR reports in the last hour (429)."""

    default_message = TOO_MANY
    status_code = 429
    page_status_code = 429


def report_file(
    *,
    reporter: User,
    kind: str,
    reason: str,
    text: str = "",
    reported: User | None = None,
    chat_line_id: int | None = None,
    match_id: int | None = None,
) -> Report:
    """File `reporter`'s report, with its context; return it (open).

    `kind`, `reason`: values of Report.Kind, Report.Reason. A chat-line
    report names the line (`chat_line_id`; its author is the reported
    person); a match report names the match and the `reported` person
    seated there; a display-name or profile report names `reported`.
    Raises ReportRefused (400) for an unknown kind or reason or a text too
    long, ReportNotFound (404) for no such person, line or match (or one the
    reporter cannot see, or none named for the kind), ReportSelf (409) for
    a report about oneself, and ReportsTooMany (429) past REPORTS_PER_HOUR
    in the last hour; each message says what.
    """
    if kind not in Report.Kind.values:
        raise ReportRefused(UNKNOWN_KIND)
    if reason not in Report.Reason.values:
        raise ReportRefused(UNKNOWN_REASON)
    text = (text or "").strip()
    if len(text) > REPORT_TEXT_MAX:
        raise ReportRefused(TEXT_TOO_LONG)
    now = timezone.now()
    line: ChatLine | None = None
    match: Match | None = None
    context: dict[str, Any] = {}
    if kind == Report.Kind.CHAT_LINE:
        line = _line_visible(reporter, chat_line_id)
        reported, match = line.author, line.match
        context["lines"] = _lines_around(line)
    elif kind == Report.Kind.MATCH:
        match = _match_with(reporter, match_id, reported)
    if reported is None or not reported.is_active:
        raise ReportNotFound(NO_SUCH_PERSON)
    if reported.pk == reporter.pk:
        raise ReportSelf()
    if match is not None:
        context["match"] = reverse("games:match_detail", args=[match.id])
    context["name"] = reported.name
    context["recent_reports"] = [
        {"id": r.id, "kind": r.kind, "reason": r.reason, "at": r.created_at.isoformat()}
        for r in Report.objects.filter(reported=reported).order_by("-created_at")[
            :CONTEXT_REPORTS
        ]
    ]
    with transaction.atomic():
        # The person's row serialises their reports: two at once cannot
        # both pass the hourly count.
        User.objects.select_for_update().filter(pk=reporter.pk).first()
        recent = Report.objects.filter(
            reporter=reporter, created_at__gt=now - timedelta(hours=1)
        ).count()
        if recent >= REPORTS_PER_HOUR:
            raise ReportsTooMany()
        return Report.objects.create(
            reporter=reporter,
            reported=reported,
            kind=kind,
            reason=reason,
            text=text,
            chat_line=line,
            match=match,
            context=context,
            created_at=now,
        )


def report_resolve(*, report_id: int, actor: User, action: str) -> Report:
    """Close an open report, recording `action` (what was done) and who and when.

    The reporter gets a notice that their report was handled (not what
    was done: that stays between the moderators and the reported person).
    Raises ReportRefused (ACTION_NEEDED, ALREADY_RESOLVED).
    """
    action = (action or "").strip()[:200]
    if not action:
        raise ReportRefused(ACTION_NEEDED)
    with transaction.atomic():
        report = Report.objects.select_for_update().get(id=report_id)
        if report.resolved_at is not None:
            raise ReportRefused(ALREADY_RESOLVED)
        report.resolved_at = timezone.now()
        report.resolved_by = actor
        report.action = action
        report.save(update_fields=["resolved_at", "resolved_by", "action"])
        notify(
            [report.reporter],
            Notification.Kind.REPORT_HANDLED,
            params={"name": report.context.get("name", "")},
        )
    return report


def _line_visible(reporter: User, line_id: int | None) -> ChatLine:
    """Return chat line `line_id` if `reporter` may see it; else ReportRefused."""
    line = (
        ChatLine.objects.select_related("author", "match")
        .filter(id=line_id, hidden_at__isnull=True)
        .first()
        if isinstance(line_id, int)
        else None
    )
    if line is None or (
        line.match is not None and not match_visible_to(match=line.match, user=reporter)
    ):
        raise ReportNotFound(NO_SUCH_LINE)
    return line


def _lines_around(line: ChatLine) -> list[dict[str, Any]]:
    """Return the CONTEXT_LINES lines before and after `line` in its chat, in order."""
    chat = ChatLine.objects.select_related("author")
    if line.match_id is None:
        chat = chat.filter(match__isnull=True)
    else:
        chat = chat.filter(match_id=line.match_id)
    before = list(chat.filter(id__lt=line.id).order_by("-id")[:CONTEXT_LINES])
    after = list(chat.filter(id__gt=line.id).order_by("id")[:CONTEXT_LINES])
    return [
        {
            "id": each.id,
            "author": each.author.name,
            "text": each.text,
            "at": each.created_at.isoformat(),
            "reported": each.id == line.id,
        }
        for each in [*reversed(before), line, *after]
    ]


def _match_with(reporter: User, match_id: int | None, reported: User | None) -> Match:
    """Return match `match_id` if `reporter` sees it and `reported` is seated there."""
    match = (
        Match.objects.filter(id=match_id).first() if isinstance(match_id, int) else None
    )
    if (
        match is None
        or reported is None
        or not match_visible_to(match=match, user=reporter)
        or not match.seats.filter(user=reported).exists()
    ):
        raise ReportNotFound(NO_SUCH_MATCH)
    return match
