"""Reports and sanctions: the moderators' records (issue 24, "Reports", "Sanctions").

Both are written only by games/services/moderation_reports.py and
moderation_sanctions.py. A sanction is never edited or deleted: it is the
audit of who did what to whom, when, why and until when.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Report(models.Model):
    """A person's report about another person, open until a moderator resolves it.

    `context` (JSON, built by the report service when it is filed): the
    chat lines around a reported line, the match link, the reported
    person's recent reports. Times are UTC.
    """

    class Kind(models.TextChoices):
        CHAT_LINE = "chat_line", _("chat line")
        DISPLAY_NAME = "display_name", _("display name")
        PROFILE = "profile", _("profile")
        MATCH = "match", _("match")

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("insults or harassment")
        SPAM = "spam", _("spam or advertising")
        CHEATING = "cheating", _("cheating")
        STALLING = "stalling", _("stalling or leaving matches")
        NAME = "name", _("offensive name")
        OTHER = "other", _("something else")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reporter"),
        on_delete=models.CASCADE,
        related_name="reports_filed",
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reported person"),
        on_delete=models.CASCADE,
        related_name="reports_received",
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    reason = models.CharField(_("reason"), max_length=20, choices=Reason.choices)
    text = models.TextField(_("details"), blank=True, max_length=1000)
    chat_line = models.ForeignKey(
        "games.ChatLine",
        verbose_name=_("chat line"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    match = models.ForeignKey(
        "games.Match",
        verbose_name=_("match"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    context = models.JSONField(_("context"), default=dict, blank=True)
    created_at = models.DateTimeField(_("reported at"))
    resolved_at = models.DateTimeField(_("resolved at"), null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("resolved by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    action = models.CharField(_("action taken"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["created_at", "id"]
        indexes = [
            # The queue: open reports by reported person, oldest first.
            models.Index(
                fields=["resolved_at", "reported", "created_at"],
                name="report_queue_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.reported_id} ({self.created_at:%Y-%m-%d})"


class Sanction(models.Model):
    """One moderator action on a person: who (`actor`), what, when, why, until.

    `until` (UTC) for a chat mute or a suspension; `detail` keeps what was
    changed (the old and new display name, the hidden line's id).
    """

    class Kind(models.TextChoices):
        LINE_HIDDEN = "line_hidden", _("chat line hidden")
        MUTED = "muted", _("muted in chat")
        SUSPENDED = "suspended", _("suspended")
        BANNED = "banned", _("banned")
        RENAMED = "renamed", _("display name changed")

    person = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("person"),
        on_delete=models.CASCADE,
        related_name="sanctions",
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("moderator"),
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    reason = models.TextField(_("why"), max_length=1000)
    created_at = models.DateTimeField(_("when"))
    until = models.DateTimeField(_("until"), null=True, blank=True)
    detail = models.JSONField(_("detail"), default=dict, blank=True)

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.person_id} ({self.created_at:%Y-%m-%d})"
