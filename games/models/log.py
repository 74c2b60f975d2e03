"""The append-only log of a match: its moves and its table events."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .match import Match


class Move(models.Model):
    """One applied move; `seq` is the match version it produced. Append-only.

    `rules_version` is the engine's `GameInfo.version` the move was applied
    under (set by `services.core`), so a match that spans an engine
    upgrade can still be replayed move by move with the rules of the day.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(_("version"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    payload = models.JSONField(_("move"))
    rules_version = models.CharField(_("rules version"), max_length=16)
    events = models.JSONField(_("events"), default=list)
    by_robot = models.BooleanField(_("played by the system"), default=False)
    # The seat's clock ran out and the robot played this move for its person.
    by_timeout = models.BooleanField(_("played at a timeout"), default=False)
    created_at = models.DateTimeField(_("played at"), auto_now_add=True)
    # Seconds from the seat's decision becoming due to this move (a
    # profile's "median time to move"); None for a system's move.
    seconds_taken = models.PositiveIntegerField(
        _("seconds taken"), null=True, blank=True
    )
    # The person whose seat made the move (None at a robot's seat), copied
    # from the seat when the move is made: a profile's reliability reads a
    # person's moves by (user, created_at) without joining their seats.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="move_unique_seq"),
        ]
        indexes = [
            # A profile's reliability: one person's moves of the last days.
            models.Index(fields=["user", "created_at"], name="move_user_created_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.match} move {self.seq}"


class MatchEvent(models.Model):
    """Something that happened at the table besides a move. Append-only.

    Resignations, a seat handed to the robot after timeouts, cancel
    proposals, a person back after a timeout, and moderators' actions
    (`actor` is who did it). `version` is the match version when it
    happened: the log shows it after that version's move. `params` holds
    what the log line needs (JSON).
    """

    class Kind(models.TextChoices):
        RESIGNED = "resigned", _("resigned")
        LEFT_AFTER_TIMEOUTS = "left_after_timeouts", _("left after timeouts")
        BACK = "back", _("back after a timeout")
        CANCEL_PROPOSED = "cancel_proposed", _("proposed to cancel")
        CANCEL_AGREED = "cancel_agreed", _("agreed to cancel")
        CANCELLED = "cancelled", _("cancelled by consent")
        DEADLINE_EXTENDED = "deadline_extended", _("deadline extended")
        PAUSED = "paused", _("paused")
        RESUMED = "resumed", _("resumed")
        SEAT_HANDED = "seat_handed", _("seat handed over")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    version = models.PositiveIntegerField(_("version"))
    kind = models.CharField(_("kind"), max_length=32, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    params = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        verbose_name = _("table event")
        verbose_name_plural = _("table events")
        ordering = ["match", "id"]
        indexes = [models.Index(fields=["match", "version"], name="event_match_idx")]

    def __str__(self) -> str:
        return f"{self.match} {self.get_kind_display()}"
