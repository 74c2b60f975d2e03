"""Seats and moves in the admin: read-only; seats can be handed to a robot or a person."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games import services
from games.models import Move, Seat

from .base import HandOverForm, ReadOnlyAdmin, moderator
from .matches import SEAT_FIELDS, move_fields
from .spectator import public_events_html


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
    actions = ["stand_in", "hand_to_user"]

    @admin.action(
        description=_("Let a robot play the selected seats for their players"),
        permissions=["moderate"],
    )
    def stand_in(self, request: HttpRequest, queryset: QuerySet[Seat]) -> None:
        self.run_service(
            request,
            queryset,
            lambda seat: services.seat_hand_over(
                match_id=seat.match_id,
                position=seat.position,
                actor=moderator(request),
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

    @admin.action(
        description=_("Hand the selected seats to another player…"),
        permissions=["moderate"],
    )
    def hand_to_user(
        self, request: HttpRequest, queryset: QuerySet[Seat]
    ) -> TemplateResponse | None:
        form, page = self.ask(
            request, queryset, HandOverForm, str(_("Hand seats to another player"))
        )
        if page is not None:
            return page
        user = form.cleaned_data["username"]
        self.run_service(
            request,
            queryset,
            lambda seat: services.seat_hand_over(
                match_id=seat.match_id,
                position=seat.position,
                actor=moderator(request),
                user=user,
            ),
            lambda count: (
                ngettext(
                    "%(count)d seat handed over.", "%(count)d seats handed over.", count
                )
                % {"count": count}
            ),
        )
        return None


@admin.register(Move)
class MoveAdmin(ReadOnlyAdmin):
    """Moves: payload and events only once the match has ended (spectator.py)."""

    list_display = ["match", "seq", "seat", "rules_version", "by_robot", "created_at"]
    list_filter = ["by_robot", "match__game_slug", "rules_version", "created_at"]
    list_select_related = ["match"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("match", *move_fields(None if obj is None else obj.match))

    def get_readonly_fields(
        self, request: HttpRequest, obj: Any = None
    ) -> tuple[str, ...]:
        return self.get_fields(request, obj)

    @admin.display(description=_("public events"))
    def public_events(self, move: Move) -> SafeString | str:
        return public_events_html(move)
