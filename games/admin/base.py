"""The moderation admin's base: read-only model admins whose actions call services.

Also the intermediate forms of the actions that need details (the hours
of an extension, the new player of a seat).
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

from accounts.models import User
from games import exceptions


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


def moderator(request: HttpRequest) -> User:
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
