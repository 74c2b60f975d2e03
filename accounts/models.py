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
    # Vacation (games/services/vacations.py): while `vacation_until` (UTC) is
    # set, the person's clocks are paused. `vacation_used` counts the
    # seconds taken in `vacation_year`; each calendar year gives
    # settings.VACATION_DAYS_PER_YEAR days.
    vacation_started_at = models.DateTimeField(
        _("vacation started at"), null=True, blank=True
    )
    vacation_until = models.DateTimeField(_("on vacation until"), null=True, blank=True)
    vacation_used = models.PositiveIntegerField(_("vacation used (s)"), default=0)
    vacation_year = models.PositiveSmallIntegerField(
        _("vacation year"), null=True, blank=True
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
        indexes = [
            # Used by the sweep that ends vacations whose days ran out.
            models.Index(
                fields=["vacation_until"],
                name="user_vacation_idx",
                condition=models.Q(vacation_until__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def name(self) -> str:
        """Return the name other players see."""
        return self.display_name or self.username
