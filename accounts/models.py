"""The user model: a Django user plus what a player sets on the profile page."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A registered person. Robots are not users (see games.models.Seat)."""

    display_name = models.CharField(
        _("display name"),
        max_length=40,
        blank=True,
        help_text=_("Shown to other players; your username if empty."),
    )
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default="en",
    )
    email_on_turn = models.BooleanField(
        _("e-mail me when it is my turn"),
        default=True,
    )
    email_reminders = models.BooleanField(
        _("e-mail me before a turn deadline runs out"),
        default=True,
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """Return the name other players see."""
        return self.display_name or self.username
