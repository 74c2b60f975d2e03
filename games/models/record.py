"""A person's count of finished matches per game: the profile's record (issue 23)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayRecord(models.Model):
    """How many finished matches of one game a person played, and won.

    `played` counts the FINISHED matches the person was seated at (not
    cancelled or aborted ones); `won` those whose outcome ranks the
    person's seat first (a shared first place counts). Kept in step in the
    transaction that finishes a match (games.services.records), so a
    profile reads a person's record without joining all their matches.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="play_records",
    )
    game_slug = models.CharField(_("game"), max_length=32)
    played = models.PositiveIntegerField(_("matches played"), default=0)
    won = models.PositiveIntegerField(_("matches won"), default=0)

    class Meta:
        verbose_name = _("play record")
        verbose_name_plural = _("play records")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game_slug"], name="playrecord_unique_user_game"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game_slug} {self.won}/{self.played}"
