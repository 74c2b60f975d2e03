"""Notices: what the bell counts and the e-mails tell (games/notifications/)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Notification(models.Model):
    """One notice to one person (games/notifications/): the bell and the e-mails.

    Notices are about play (a match's turns, clocks, seats, endings), so the
    model is games'; it lived in accounts until issue 22, and keeps its table.

    `params` holds what its text needs (JSON: names, the version of a turn,
    a result). `email_state` says what becomes of its e-mail: none planned
    (""), "pending" until `email_due_at` (UTC), then "sent" (put into the
    e-mail `email_delivery`, which records whether the mail server took
    it), "skipped" (no longer relevant, the person was here, switched off)
    or "digest" (it waits for the daily digest). A person has at most one
    unread "your turn" notice per match: a new turn rewrites it
    (notifications.services.REPLACING_KINDS).
    """

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("Your turn")
        TIME_LOW = "time_low", _("Your time is running out")
        TIMED_OUT = "timed_out", _("You timed out")
        SEAT_LOST = "seat_lost", _("A robot now plays your seat")
        MATCH_STARTED = "match_started", _("A match started")
        MATCH_FINISHED = "match_finished", _("A match finished")
        MATCH_CANCELLED = "match_cancelled", _("A match was cancelled")
        PLAYER_JOINED = "player_joined", _("Someone joined your match")
        VACATION_ENDING = "vacation_ending", _("Your vacation ends tomorrow")
        REPORT_HANDLED = "report_handled", _("Your report was handled")
        SANCTIONED = "sanctioned", _("A moderator restricted your account")
        INVITED = "invited", _("You are invited to a match")
        INVITATION_DECLINED = "invitation_declined", _("An invitation was declined")

    class EmailState(models.TextChoices):
        NONE = "", _("no e-mail")
        PENDING = "pending", _("pending")
        SENT = "sent", _("in an e-mail")
        SKIPPED = "skipped", _("not needed")
        DIGEST = "digest", _("for the digest")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("person"),
        on_delete=models.CASCADE,
        related_name="notifications",
    )
    kind = models.CharField(_("kind"), max_length=32, choices=Kind.choices)
    match = models.ForeignKey(
        "games.Match",
        verbose_name=_("match"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="notifications",
    )
    params = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    read_at = models.DateTimeField(_("read at"), null=True, blank=True)
    email_state = models.CharField(
        _("e-mail"),
        max_length=16,
        choices=EmailState.choices,
        default=EmailState.NONE,
        blank=True,
    )
    email_due_at = models.DateTimeField(_("e-mail due at"), null=True, blank=True)
    email_delivery = models.ForeignKey(
        "accounts.EmailDelivery",
        verbose_name=_("e-mail"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="notifications",
    )

    class Meta:
        # The table keeps the name it had in accounts (moved by state only,
        # migrations accounts 0008 and games 0012: issue 22).
        db_table = "accounts_notification"
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at", "-id"]
        indexes = [
            # The bell's count and the notification page: a person's newest.
            models.Index(fields=["user", "-created_at"], name="notification_user_idx"),
            models.Index(
                fields=["user"],
                name="notification_unread_idx",
                condition=models.Q(read_at__isnull=True),
            ),
            # Used by the e-mail sweep: pending e-mails that are due.
            models.Index(
                fields=["email_due_at"],
                name="notification_email_due_idx",
                condition=models.Q(email_state="pending"),
            ),
            # Used by the pruning task.
            models.Index(fields=["created_at"], name="notification_created_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.get_kind_display()}"
