"""Moderation of users in the Django admin."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from .models import EmailDelivery, User


@admin.register(User)
class UserAdmin(BaseUserAdmin[User]):
    list_display = [
        "username",
        "display_name",
        "email",
        "language",
        "is_active",
        "date_joined",
    ]
    list_filter = [*BaseUserAdmin.list_filter, "language"]
    search_fields = ["username", "display_name", "email"]
    fieldsets = (
        *(BaseUserAdmin.fieldsets or ()),
        (
            _("Spielpost"),
            {
                "fields": (
                    "display_name",
                    "language",
                    "time_zone",
                    "email_off",
                    "email_digest",
                    "digest_hour",
                    "quiet_from",
                    "quiet_to",
                    "email_failures",
                    "email_failed_at",
                )
            },
        ),
    )


@admin.register(EmailDelivery)
class EmailDeliveryAdmin(admin.ModelAdmin[EmailDelivery]):
    """The e-mails and whether the mail server took them: to read, not to edit.

    Rows are written and claimed by games.notifications.emails.delivery
    alone; an edit here could send an e-mail twice or never.
    """

    list_display = [
        "id",
        "user",
        "digest",
        "state",
        "attempts",
        "next_attempt_at",
        "delivered_at",
    ]
    list_filter = ["state", "digest"]
    search_fields = ["user__username", "user__email"]
    list_select_related = ["user"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: EmailDelivery | None = None
    ) -> bool:
        return False

    def has_delete_permission(
        self, request: HttpRequest, obj: EmailDelivery | None = None
    ) -> bool:
        return False
