"""Moderation of matches in the Django admin: seats and moves inline, state read-only."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from games.models import Match, Move, Seat


class SeatInline(admin.TabularInline[Seat, Match]):
    model = Seat
    extra = 0
    fields = ["position", "user", "robot", "joined_at"]
    readonly_fields = ["position", "joined_at"]
    raw_id_fields = ["user"]

    def has_add_permission(
        self, request: HttpRequest, obj: Match | None = None
    ) -> bool:
        return False

    def has_delete_permission(
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


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin[Match]):
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
    # State, seed and version only ever change through games.services.
    readonly_fields = [
        "game_slug",
        "options",
        "seed",
        "state",
        "version",
        "outcome",
        "created_by",
        "created_at",
        "started_at",
        "finished_at",
        "updated_at",
    ]
    fields = ["status", "turn_deadline_at", *readonly_fields]
    inlines = [SeatInline, MoveInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin[Move]):
    list_display = ["match", "seq", "seat", "by_robot", "created_at"]
    list_filter = ["by_robot", "match__game_slug", "created_at"]
    readonly_fields = [
        "match",
        "seq",
        "seat",
        "payload",
        "events",
        "by_robot",
        "created_at",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: Move | None = None
    ) -> bool:
        return False
