"""The moderation actions' forms, and the sanction actions (issue 24, "Sanctions").

SanctionActions is mixed into the report admin and the user admin
(games/admin/moderation.py); every write goes through
games.services.moderation_sanctions.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.models import User
from games.services import moderation_sanctions as sanctions

from .base import ReadOnlyAdmin, moderator

SANCTION_PERMISSION = "games.add_sanction"


class ResolveForm(forms.Form):
    """What was done about the selected reports (kept with each report)."""

    taken = forms.CharField(label=_("Action taken"), max_length=200)


class ReasonForm(forms.Form):
    """Why (kept with the sanction)."""

    reason = forms.CharField(label=_("Why"), widget=forms.Textarea, max_length=1000)


class MuteForm(ReasonForm):
    hours = forms.IntegerField(label=_("Hours"), min_value=1, max_value=24 * 366)


class SuspendForm(ReasonForm):
    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=366)


class RenameForm(ReasonForm):
    name = forms.CharField(
        label=_("New display name (empty: the username is shown)"),
        max_length=40,
        required=False,
    )


class SanctionActions:
    """Sanction actions on persons; `person_of(row)` says whom a row means.

    Mixed into the report admin (the reported person) and the user admin
    (the user). Offered to users with games.add_sanction.
    """

    def person_of(self, row: Any) -> User:
        raise NotImplementedError

    def has_sanction_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm(SANCTION_PERMISSION)

    def _sanction(
        self,
        request: HttpRequest,
        queryset: QuerySet[Any],
        form_class: type[forms.Form],
        title: Any,
        call: Any,
    ) -> TemplateResponse | None:
        """Ask for the details, then call `call(person, data)` for each row's person."""
        form, page = ReadOnlyAdmin.ask(self, request, queryset, form_class, str(title))  # type: ignore[arg-type]
        if page is not None:
            return page
        data = form.cleaned_data
        ReadOnlyAdmin.run_service(
            self,  # type: ignore[arg-type]
            request,
            queryset,
            lambda row: call(self.person_of(row), data),
            lambda count: (
                ngettext(
                    "%(count)d sanction recorded.",
                    "%(count)d sanctions recorded.",
                    count,
                )
                % {"count": count}
            ),
        )
        return None

    @admin.action(description=_("Mute in chat…"), permissions=["sanction"])
    def mute(
        self, request: HttpRequest, queryset: QuerySet[Any]
    ) -> TemplateResponse | None:
        return self._sanction(
            request,
            queryset,
            MuteForm,
            _("Mute in chat"),
            lambda person, data: sanctions.chat_mute(
                user=person,
                actor=moderator(request),
                reason=data["reason"],
                until=timezone.now() + timedelta(hours=data["hours"]),
            ),
        )

    @admin.action(description=_("Suspend…"), permissions=["sanction"])
    def suspend(
        self, request: HttpRequest, queryset: QuerySet[Any]
    ) -> TemplateResponse | None:
        return self._sanction(
            request,
            queryset,
            SuspendForm,
            _("Suspend"),
            lambda person, data: sanctions.suspend(
                user=person,
                actor=moderator(request),
                reason=data["reason"],
                until=timezone.now() + timedelta(days=data["days"]),
            ),
        )

    @admin.action(description=_("Ban…"), permissions=["sanction"])
    def ban(
        self, request: HttpRequest, queryset: QuerySet[Any]
    ) -> TemplateResponse | None:
        return self._sanction(
            request,
            queryset,
            ReasonForm,
            _("Ban"),
            lambda person, data: sanctions.ban(
                user=person, actor=moderator(request), reason=data["reason"]
            ),
        )

    @admin.action(description=_("Change the display name…"), permissions=["sanction"])
    def rename(
        self, request: HttpRequest, queryset: QuerySet[Any]
    ) -> TemplateResponse | None:
        return self._sanction(
            request,
            queryset,
            RenameForm,
            _("Change the display name"),
            lambda person, data: sanctions.display_name_change(
                user=person,
                actor=moderator(request),
                reason=data["reason"],
                name=data["name"],
            ),
        )
