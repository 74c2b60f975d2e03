"""Invitations of friends into a match (issue 24, Friends and invitations)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .match import Match


class Invitation(models.Model):
    """`inviter` asks `invitee` to take a seat at `match` (open, not started).

    One per person and match. "pending" until the invitee accepts (takes a
    seat), declines, or it lapses (the match started or ended without them:
    "expired"), or the inviter withdraws it. Times in UTC. Written only by
    the invitation services; a block between the two refuses it silently.
    """

    class State(models.TextChoices):
        PENDING = "pending", _("waiting for an answer")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        WITHDRAWN = "withdrawn", _("withdrawn")
        EXPIRED = "expired", _("lapsed")

    match = models.ForeignKey(
        Match,
        verbose_name=_("match"),
        on_delete=models.CASCADE,
        related_name="invitations",
    )
    inviter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invited by"),
        on_delete=models.CASCADE,
        related_name="invitations_sent",
    )
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invited person"),
        on_delete=models.CASCADE,
        related_name="invitations",
    )
    state = models.CharField(
        _("state"), max_length=16, choices=State.choices, default=State.PENDING
    )
    created_at = models.DateTimeField(_("created at"))
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)

    class Meta:
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "invitee"], name="invitation_once_per_match"
            ),
        ]
        indexes = [
            # A person's pending invitations (the friends page, the bell).
            models.Index(
                fields=["invitee"],
                name="invitation_pending_idx",
                condition=models.Q(state="pending"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.inviter_id} -> {self.invitee_id} @ {self.match_id}"
