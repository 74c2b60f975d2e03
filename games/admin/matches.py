"""Matches in the admin: read-only, with their seats, moves and table events inline.

Actions: abort, extend the deadline, pause, resume (each through a
service; see games/admin/__init__.py).
"""

from __future__ import annotations

from typing import TypeVar

from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import services
from games.models import Match, MatchEvent, Move, Seat

from .base import DeadlineExtendForm, ReadOnlyAdmin, _moderator

SEAT_FIELDS = (
    "position",
    "user",
    "controller",
    "robot",
    "joined_at",
    "to_move_since",
    "to_move_version",
    "clock_bank",
    "clock_deadline_at",
    "timeouts_in_row",
    "left_at",
    "left_reason",
    "cancel_agreed_at",
)


_Row = TypeVar("_Row", bound=models.Model)


class ReadOnlyInline(admin.TabularInline[_Row, Match]):
    """A match's rows shown inline: nothing added, changed or deleted here."""

    extra = 0
    can_delete = False

    def has_add_permission(
        self, request: HttpRequest, obj: Match | None = None
    ) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: Match | None = None
    ) -> bool:
        return False


class SeatInline(ReadOnlyInline[Seat]):
    model = Seat
    fields = SEAT_FIELDS
    readonly_fields = SEAT_FIELDS


class MatchEventInline(ReadOnlyInline[MatchEvent]):
    model = MatchEvent
    readonly_fields = ["version", "kind", "seat", "actor", "params", "created_at"]
    fields = [*readonly_fields]


class MoveInline(ReadOnlyInline[Move]):
    model = Move
    readonly_fields = [
        "seq",
        "seat",
        "payload",
        "events",
        "by_robot",
        "by_timeout",
        "created_at",
    ]
    fields = [*readonly_fields]
    ordering = ["-seq"]


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "game_slug",
        "status",
        "version",
        "created_by",
        "created_at",
        "updated_at",
    ]
    list_filter = ["game_slug", "status", "created_at"]
    search_fields = ["id", "seats__user__username", "seats__user__display_name"]
    date_hierarchy = "created_at"
    fields = readonly_fields = (
        "game_slug",
        "status",
        "options",
        "seed",
        "rules_version",
        "version",
        "time_control",
        "private",
        "turn_deadline_at",
        "paused_at",
        "outcome",
        "state",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "updated_at",
    )
    inlines = [SeatInline, MoveInline, MatchEventInline]
    actions = ["abort", "extend_deadline", "pause", "resume"]

    @admin.action(description=_("Abort the selected matches"), permissions=["moderate"])
    def abort(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        self.run_service(
            request,
            queryset,
            lambda match: services.match_abort(match_id=match.id),
            lambda count: (
                ngettext(
                    "%(count)d match aborted.", "%(count)d matches aborted.", count
                )
                % {"count": count}
            ),
        )

    @admin.action(
        description=_("Extend the deadline of the selected matches…"),
        permissions=["moderate"],
    )
    def extend_deadline(
        self, request: HttpRequest, queryset: QuerySet[Match]
    ) -> TemplateResponse | None:
        form, page = self.ask(
            request, queryset, DeadlineExtendForm, str(_("Extend the deadline"))
        )
        if page is not None:
            return page
        seconds = form.cleaned_data["hours"] * 60 * 60
        self.run_service(
            request,
            queryset,
            lambda match: services.match_deadline_extend(
                match_id=match.id, seconds=seconds, actor=_moderator(request)
            ),
            lambda count: (
                ngettext(
                    "Deadline extended in %(count)d match.",
                    "Deadline extended in %(count)d matches.",
                    count,
                )
                % {"count": count}
            ),
        )
        return None

    @admin.action(description=_("Pause the selected matches"), permissions=["moderate"])
    def pause(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        self.run_service(
            request,
            queryset,
            lambda match: services.match_pause(
                match_id=match.id, actor=_moderator(request)
            ),
            lambda count: (
                ngettext("%(count)d match paused.", "%(count)d matches paused.", count)
                % {"count": count}
            ),
        )

    @admin.action(
        description=_("Resume the selected matches"), permissions=["moderate"]
    )
    def resume(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        self.run_service(
            request,
            queryset,
            lambda match: services.match_resume(
                match_id=match.id, actor=_moderator(request)
            ),
            lambda count: (
                ngettext(
                    "%(count)d match resumed.", "%(count)d matches resumed.", count
                )
                % {"count": count}
            ),
        )
