"""Moderation of users in the Django admin."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from .models import User


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
