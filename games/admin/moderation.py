"""Reports and sanctions in the admin (issue 24, "Reports", "Sanctions").

The moderation queue is the report list: open reports first, grouped by
reported person (the person whose oldest open report is oldest comes
first), oldest first within a person, each with its context. Actions
resolve reports (the reporter is told) and sanction the reported person;
the same sanctions are actions on the person's admin page, which shows
their sanctions inline. Every write goes through
games.services.moderation_reports / moderation_sanctions; sanctions are
read-only audit rows here.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import (
    Case,
    DateTimeField,
    IntegerField,
    Min,
    OuterRef,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.expressions import Combinable
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.admin import UserAdmin
from accounts.models import User
from games.models import Report, Sanction
from games.services import moderation_reports as reports
from games.services import moderation_sanctions as sanctions

from .actions import ReasonForm, ResolveForm, SanctionActions
from .base import ReadOnlyAdmin, moderator


class OpenFilter(admin.SimpleListFilter):
    """Open reports (the queue, the default) or resolved ones."""

    title = _("state")
    parameter_name = "state"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, Any]]:
        return [("resolved", _("resolved")), ("all", _("all"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "resolved":
            return queryset.filter(resolved_at__isnull=False)
        if self.value() == "all":
            return queryset
        return queryset.filter(resolved_at__isnull=True)


@admin.register(Report)
class ReportAdmin(SanctionActions, ReadOnlyAdmin):
    """The moderation queue: open reports grouped by reported person, oldest first."""

    list_display = [
        "reported",
        "kind",
        "reason",
        "reporter",
        "created_at",
        "resolved_at",
        "action",
    ]
    list_filter = [OpenFilter, "kind", "reason"]
    list_select_related = ["reported", "reporter"]
    search_fields = ["reported__username", "reported__display_name"]
    fields = (
        "reported",
        "reporter",
        "kind",
        "reason",
        "text",
        "context_html",
        "created_at",
        "resolved_at",
        "resolved_by",
        "action",
    )
    readonly_fields = fields
    actions = ["resolve", "hide_line", "mute", "suspend", "ban", "rename"]

    def person_of(self, row: Any) -> User:
        return row.reported  # type: ignore[no-any-return]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Changed only through the resolve action; the form stays read-only.
        return False

    def has_resolve_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("games.change_report")

    def get_queryset(self, request: HttpRequest) -> QuerySet[Report]:
        oldest_open = (
            Report.objects.filter(
                reported=OuterRef("reported"), resolved_at__isnull=True
            )
            .values("reported")
            .annotate(first=Min("created_at"))
            .values("first")
        )
        # Not super()'s: it orders by get_ordering before these annotations exist.
        return Report.objects.annotate(
            is_resolved=Case(
                When(resolved_at__isnull=True, then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            ),
            group_since=Subquery(oldest_open, output_field=DateTimeField()),
        ).order_by(*self.get_ordering(request))

    def get_ordering(self, request: HttpRequest) -> list[str | Combinable]:
        # The queue's grouping (annotated in get_queryset).
        return ["is_resolved", "group_since", "reported_id", "created_at", "id"]

    @admin.display(description=_("context"))
    def context_html(self, report: Report) -> SafeString | str:
        """The context kept when the report was filed: lines, match, earlier reports."""
        context = report.context or {}
        parts = []
        if context.get("match"):
            parts.append(format_html('<p><a href="{0}">{0}</a></p>', context["match"]))
        lines = context.get("lines") or []
        if lines:
            parts.append(
                format_html(
                    "<ol>{}</ol>",
                    format_html_join(
                        "",
                        "<li{}>{}: {}</li>",
                        (
                            (
                                SafeString(' style="font-weight:bold"')
                                if line.get("reported")
                                else "",
                                line.get("author", ""),
                                line.get("text", ""),
                            )
                            for line in lines
                        ),
                    ),
                )
            )
        earlier = context.get("recent_reports") or []
        if earlier:
            parts.append(
                format_html(
                    "<p>{}</p><ul>{}</ul>",
                    _("Earlier reports about this person:"),
                    format_html_join(
                        "",
                        "<li>#{} {} / {} ({})</li>",
                        (
                            (r.get("id"), r.get("kind"), r.get("reason"), r.get("at"))
                            for r in earlier
                        ),
                    ),
                )
            )
        return SafeString("".join(parts)) if parts else "-"

    @admin.action(
        description=_("Resolve the selected reports…"), permissions=["resolve"]
    )
    def resolve(
        self, request: HttpRequest, queryset: QuerySet[Report]
    ) -> TemplateResponse | None:
        form, page = self.ask(request, queryset, ResolveForm, str(_("Resolve")))
        if page is not None:
            return page
        taken = form.cleaned_data["taken"]
        self.run_service(
            request,
            queryset,
            lambda report: reports.report_resolve(
                report_id=report.id, actor=moderator(request), action=taken
            ),
            lambda count: (
                ngettext(
                    "%(count)d report resolved.", "%(count)d reports resolved.", count
                )
                % {"count": count}
            ),
        )
        return None

    @admin.action(
        description=_("Hide the reported chat lines…"), permissions=["sanction"]
    )
    def hide_line(
        self, request: HttpRequest, queryset: QuerySet[Report]
    ) -> TemplateResponse | None:
        form, page = self.ask(
            request,
            queryset.filter(chat_line__isnull=False),
            ReasonForm,
            str(_("Hide the reported chat lines")),
        )
        if page is not None:
            return page
        reason = form.cleaned_data["reason"]
        self.run_service(
            request,
            queryset.filter(chat_line__isnull=False),
            lambda report: sanctions.chat_line_hide(
                line_id=report.chat_line_id, actor=moderator(request), reason=reason
            ),
            lambda count: (
                ngettext("%(count)d line hidden.", "%(count)d lines hidden.", count)
                % {"count": count}
            ),
        )
        return None


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    """Every sanction: who did what to whom, when, why and until (read-only)."""

    list_display = ["person", "kind", "actor", "created_at", "until", "reason"]
    list_filter = ["kind", "created_at"]
    list_select_related = ["person", "actor"]
    search_fields = ["person__username", "person__display_name"]
    readonly_fields = (
        "person",
        "kind",
        "actor",
        "created_at",
        "until",
        "reason",
        "detail",
    )
    fields = readonly_fields


class SanctionInline(admin.TabularInline[Sanction, User]):
    """A person's sanctions on their admin page, newest first (read-only)."""

    model = Sanction
    fk_name = "person"
    extra = 0
    can_delete = False
    fields = ("kind", "actor", "created_at", "until", "reason", "detail")
    readonly_fields = fields
    verbose_name_plural = _("sanctions")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ModeratedUserAdmin(SanctionActions, UserAdmin):
    """accounts' user admin with the sanctions inline and as actions.

    Registered here in place of accounts' own (accounts imports nothing of
    games; games is installed after accounts, so this runs last).
    """

    # accounts' UserAdmin has no inlines or actions of its own.
    inlines = [SanctionInline]
    actions = ["mute", "suspend", "ban", "rename"]

    def person_of(self, row: Any) -> User:
        return row  # type: ignore[no-any-return]


if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, ModeratedUserAdmin)
