"""Matches in the admin: read-only, with their seats, moves and table events inline.

Until a match ends, it is shown as a spectator sees it (games/admin/
spectator.py): no seed, no server seed (issue 23: only its public
commitment), no raw state, no move payloads or private events.
Actions: abort, extend the deadline, pause, resume (each through a
service; see games/admin/__init__.py).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import services
from games.models import Match, MatchEvent, Move, Seat

from .base import DeadlineExtendForm, ReadOnlyAdmin, moderator
from .spectator import match_ended, public_events_html, spectator_view_html

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


# A move's fields once its match has ended, and before: the payload (a
# secret choice) and the events (some private) give way to the public events.
MOVE_FIELDS = (
    "seq",
    "seat",
    "payload",
    "rules_version",
    "events",
    "by_robot",
    "by_timeout",
    "created_at",
)
MOVE_FIELDS_RUNNING = (
    "seq",
    "seat",
    "rules_version",
    "public_events",
    "by_robot",
    "by_timeout",
    "created_at",
)


def move_fields(match: Match | None) -> tuple[str, ...]:
    """Return the Move fields the admin shows for a move of `match`."""
    return MOVE_FIELDS if match_ended(match) else MOVE_FIELDS_RUNNING


class MoveInline(ReadOnlyInline[Move]):
    model = Move
    ordering = ["-seq"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return move_fields(obj)

    def get_readonly_fields(
        self, request: HttpRequest, obj: Any = None
    ) -> tuple[str, ...]:
        return move_fields(obj)

    @admin.display(description=_("public events"))
    def public_events(self, move: Move) -> SafeString | str:
        return public_events_html(move)


# A match's fields once it has ended, and before: the seeds (every future
# draw) and the raw state (hidden hands) give way to the spectator's view;
# the seed commitment is public from creation on (issue 23).
MATCH_FIELDS = (
    "game_slug",
    "status",
    "options",
    "seed",
    "seed_commitment",
    "server_seed",
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
MATCH_FIELDS_RUNNING = tuple(
    "spectator_view" if name == "state" else name
    for name in MATCH_FIELDS
    if name not in {"seed", "server_seed"}
)


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
    inlines = [SeatInline, MoveInline, MatchEventInline]
    actions = ["abort", "extend_deadline", "pause", "resume"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return MATCH_FIELDS if match_ended(obj) else MATCH_FIELDS_RUNNING

    def get_readonly_fields(
        self, request: HttpRequest, obj: Any = None
    ) -> tuple[str, ...]:
        return self.get_fields(request, obj)

    @admin.display(description=_("what a spectator sees"))
    def spectator_view(self, match: Match) -> SafeString | str:
        return spectator_view_html(match)

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
                match_id=match.id, seconds=seconds, actor=moderator(request)
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
                match_id=match.id, actor=moderator(request)
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
                match_id=match.id, actor=moderator(request)
            ),
            lambda count: (
                ngettext(
                    "%(count)d match resumed.", "%(count)d matches resumed.", count
                )
                % {"count": count}
            ),
        )
