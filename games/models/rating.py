"""Ratings per person and game, and the change each rated match made (issue 23)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .match import Match


class Rating(models.Model):
    """A person's OpenSkill (Plackett-Luce) rating in one game.

    `mu` and `sigma` are OpenSkill's skill estimate and its uncertainty
    (unitless, new players start at 25 and 25/3); `ordinal` is
    `mu - 3 * sigma`, stored so rankings can be ordered by an index.
    `matches` counts the rated matches played; `last_played_at` (UTC) is
    when the last of them finished. Written only by games.services.ratings.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="ratings",
    )
    game_slug = models.CharField(_("game"), max_length=32)
    mu = models.FloatField(_("skill (mu)"))
    sigma = models.FloatField(_("uncertainty (sigma)"))
    ordinal = models.FloatField(_("ordinal"))
    matches = models.PositiveIntegerField(_("rated matches"), default=0)
    wins = models.PositiveIntegerField(_("rated wins"), default=0)
    last_played_at = models.DateTimeField(_("last played at"))

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game_slug"], name="rating_unique_user_game"
            ),
        ]
        indexes = [
            # The rankings page: one game's players, best first, active lately.
            models.Index(
                fields=["game_slug", "-ordinal", "last_played_at"],
                name="rating_ranking_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.game_slug} {self.ordinal:.2f}"


class RatingChange(models.Model):
    """What one rated match did to one person's rating. Append-only.

    One row per person seated at a rated match, written in the transaction
    that finishes it; the unique (match, user) pair makes the update
    idempotent. `rank` is the seat's place (1 = first) as rated; the
    `*_before`/`*_after` pairs are OpenSkill's mu and sigma.
    """

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="rating_changes"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="rating_changes",
    )
    game_slug = models.CharField(_("game"), max_length=32)
    position = models.PositiveSmallIntegerField(_("position"))
    rank = models.PositiveSmallIntegerField(_("rank"))
    mu_before = models.FloatField(_("skill before"))
    sigma_before = models.FloatField(_("uncertainty before"))
    mu_after = models.FloatField(_("skill after"))
    sigma_after = models.FloatField(_("uncertainty after"))
    created_at = models.DateTimeField(_("rated at"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "user"], name="rating_change_unique_match_user"
            ),
        ]
        indexes = [
            # A profile's rating history: one person's changes in one game.
            models.Index(
                fields=["user", "game_slug", "created_at"],
                name="rating_change_history_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} {self.user}"
