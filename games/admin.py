"""Moderation of matches in the Django admin.

The admin reads everything and writes nothing itself: matches, seats and
moves are read-only here, and the moderation actions (abort, extend the
deadline, pause and resume a match; hand a seat to a robot or to another
person) call the services, which push the change to open boards and
enqueue robots like any other write. Each action done is recorded twice:
as a table event of the match (the board log says what happened) and in
the admin's own history (who did it, and when).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.models import User
from games import exceptions, services
from games.models import Match, MatchEvent, Move, Seat


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
        """Call `call(row)` for each row; report successes and refusals.

        Each success is written to the admin's history of the row (who, when,
        and the action's name).
        """
        count = 0
        for row in rows:
            try:
                call(row)
            except exceptions.MatchError as refusal:
                self.message_user(request, f"{row}: {refusal.message}", messages.ERROR)
            else:
                count += 1
                self.log_change(request, row, done(1))
        if count:
            self.message_user(request, done(count), messages.SUCCESS)

    def ask(
        self,
        request: HttpRequest,
        queryset: QuerySet[Any],
        form_class: type[forms.Form],
        title: str,
    ) -> tuple[forms.Form, TemplateResponse | None]:
        """Ask for an action's details on an intermediate page.

        Returns the valid bound form and None once the page was submitted,
        or the form and the page to show.
        """
        form = form_class(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            return form, None
        page = TemplateResponse(
            request,
            "admin/games/action_form.html",
            {
                **self.admin_site.each_context(request),
                "title": title,
                "form": form,
                "queryset": queryset,
                "action": request.POST.get("action", ""),
                "opts": self.model._meta,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
            },
        )
        return form, page


def _moderator(request: HttpRequest) -> User:
    """Return the logged-in staff user of an admin request."""
    # The admin site lets only logged-in staff in: never AnonymousUser here.
    return cast(User, request.user)


class DeadlineExtendForm(forms.Form):
    """How much longer the seats to move of a match get."""

    hours = forms.IntegerField(
        label=_("Hours to add to each running clock"), min_value=1, max_value=720
    )


class HandOverForm(forms.Form):
    """Who plays a seat from now on."""

    username = forms.CharField(label=_("Username of the new player"), max_length=150)

    def clean_username(self) -> User:
        user = User.objects.filter(username=self.cleaned_data["username"]).first()
        if user is None:
            raise forms.ValidationError(_("There is no user with this username."))
        return user


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


class MatchEventInline(admin.TabularInline[MatchEvent, Match]):
    model = MatchEvent
    extra = 0
    readonly_fields = ["version", "kind", "seat", "actor", "params", "created_at"]
    fields = [*readonly_fields]
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
                actor=_moderator(request),
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
                actor=_moderator(request),
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
