"""Moderation of matches in the Django admin.

The admin reads everything and writes nothing itself: matches, seats and
moves are read-only here, and the moderation actions (abort a match, let a
robot stand in for a seat) call the services, which push the change to open
boards and enqueue robots like any other write.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import exceptions, services
from games.models import Match, Move, Seat


class ReadOnlyAdmin(admin.ModelAdmin[Any]):
    """A model admin that shows rows and lets actions, not forms, change them.

    Actions with `permissions=["moderate"]` are offered to users who may
    change matches.
    """

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_moderate_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("games.change_match")

    def run_service(
        self,
        request: HttpRequest,
        rows: Iterable[Any],
        call: Callable[[Any], object],
        done: Callable[[int], str],
    ) -> None:
        """Call `call(row)` for each row; report successes and refusals."""
        count = 0
        for row in rows:
            try:
                call(row)
            except exceptions.MatchError as refusal:
                self.message_user(request, f"{row}: {refusal.message}", messages.ERROR)
            else:
                count += 1
        if count:
            self.message_user(request, done(count), messages.SUCCESS)


SEAT_FIELDS = (
    "position",
    "user",
    "controller",
    "robot",
    "joined_at",
    "to_move_since",
    "to_move_version",
)


class SeatInline(admin.TabularInline[Seat, Match]):
    model = Seat
    extra = 0
    fields = SEAT_FIELDS
    readonly_fields = SEAT_FIELDS
    can_delete = False

    def has_add_permission(
        self, request: HttpRequest, obj: Match | None = None
    ) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: Match | None = None
    ) -> bool:
        return False


class MoveInline(admin.TabularInline[Move, Match]):
    model = Move
    extra = 0
    readonly_fields = ["seq", "seat", "payload", "events", "by_robot", "created_at"]
    fields = [*readonly_fields]
    can_delete = False
    ordering = ["-seq"]

    def has_add_permission(
        self, request: HttpRequest, obj: Match | None = None
    ) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: Match | None = None
    ) -> bool:
        return False


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
        "turn_deadline_at",
        "outcome",
        "state",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "updated_at",
    )
    inlines = [SeatInline, MoveInline]
    actions = ["abort"]

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


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = [
        "match",
        "position",
        "user",
        "controller",
        "robot",
        "to_move_since",
    ]
    list_filter = ["controller", "match__status", "match__game_slug"]
    list_select_related = ["match", "user"]
    search_fields = ["match__id", "user__username", "user__display_name"]
    fields = SEAT_FIELDS
    readonly_fields = SEAT_FIELDS
    actions = ["stand_in"]

    @admin.action(
        description=_("Let a robot play the selected seats for their players"),
        permissions=["moderate"],
    )
    def stand_in(self, request: HttpRequest, queryset: QuerySet[Seat]) -> None:
        self.run_service(
            request,
            queryset,
            lambda seat: services.seat_stand_in_assign(
                match_id=seat.match_id, position=seat.position
            ),
            lambda count: (
                ngettext(
                    "A robot now plays %(count)d seat.",
                    "A robot now plays %(count)d seats.",
                    count,
                )
                % {"count": count}
            ),
        )


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    list_display = ["match", "seq", "seat", "by_robot", "created_at"]
    list_filter = ["by_robot", "match__game_slug", "created_at"]
    fields = readonly_fields = (
        "match",
        "seq",
        "seat",
        "payload",
        "events",
        "by_robot",
        "created_at",
    )
