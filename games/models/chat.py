"""Chat lines at a match and in the lobby (issue 24)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .match import Match

# The longest line a person may write (issue 24, Chat), in characters.
CHAT_LINE_MAX = 500


class ChatLine(models.Model):
    """One line of chat: at `match`, or in the lobby (`match` None).

    Plain text as written (escaped where shown). Append-only: nobody edits
    a line; a moderator hides one (`hidden_at` UTC, `hidden_by`), which
    stays for the audit. Written only by the chat and moderation services.
    """

    match = models.ForeignKey(
        Match,
        verbose_name=_("match"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="chat_lines",
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("author"),
        on_delete=models.CASCADE,
        related_name="chat_lines",
    )
    text = models.TextField(_("text"), max_length=CHAT_LINE_MAX)
    created_at = models.DateTimeField(_("written at"))
    hidden_at = models.DateTimeField(_("hidden at"), null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("hidden by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("chat line")
        verbose_name_plural = _("chat lines")
        ordering = ["created_at", "id"]
        indexes = [
            # A match's chat (or the lobby's: match NULL), newest first.
            models.Index(fields=["match", "-created_at"], name="chat_line_match_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.author_id}: {self.text[:40]}"
