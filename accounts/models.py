"""The user model: a Django user plus what a player sets on the profile page."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

# The name a deleted account's seats and lines show (issue 24, GDPR).
DELETED_NAME = _("deleted player")


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
    # E-mail preferences (games/notifications/): the kinds of notice not
    # to e-mail (values of accounts.seams.email_kinds: games' Notification
    # kinds), a daily digest instead of single turn e-mails at `digest_hour` in `time_zone`, and quiet hours (local
    # times; from > to spans midnight) during which nothing is sent.
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC")
    email_off = models.JSONField(_("kinds not e-mailed"), default=list, blank=True)
    email_digest = models.BooleanField(_("daily digest"), default=False)
    digest_hour = models.PositiveSmallIntegerField(_("digest hour"), default=8)
    digest_sent_on = models.DateField(_("last digest on"), null=True, blank=True)
    quiet_from = models.TimeField(_("quiet from"), null=True, blank=True)
    quiet_to = models.TimeField(_("quiet until"), null=True, blank=True)
    # Sending to the address failed this many times in a row (reset by a
    # success); the profile shows it from EMAIL_FAILURES_SHOWN on.
    email_failures = models.PositiveSmallIntegerField(
        _("e-mail failures in a row"), default=0
    )
    email_failed_at = models.DateTimeField(
        _("last e-mail failure"), null=True, blank=True
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
    # Sanctions (issue 24), set only by the moderation services: until when
    # (UTC) the person may not chat, and may neither play nor chat. A ban
    # is `is_active = False`.
    chat_muted_until = models.DateTimeField(
        _("may not chat until"), null=True, blank=True
    )
    suspended_until = models.DateTimeField(_("suspended until"), null=True, blank=True)
    vacation_year = models.PositiveSmallIntegerField(
        _("vacation year"), null=True, blank=True
    )
    # Set (UTC) when the person deleted their account (issue 24, GDPR): the
    # row stays, emptied of everything personal, so finished matches keep
    # a seat that reads "deleted player" (accounts.deletion).
    deleted_at = models.DateTimeField(_("deleted at"), null=True, blank=True)

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
        """Return the name other players see ("deleted player" once deleted)."""
        if self.deleted_at is not None:
            return str(DELETED_NAME)
        return self.display_name or self.username


class EmailDelivery(models.Model):
    """One e-mail to one person, and whether their mail server has taken it.

    Written by the sweeps (games/notifications/schedule/) in the
    transaction that puts its notices into it (games' `Notification.email_delivery`;
    a digest may hold none: it lists the matches where the person is to
    move when it is sent), so the database says at every moment what is
    still to be sent. "queued" until it is "delivered" (at `delivered_at`,
    after the SMTP server accepted it), "failed" (after
    emails.delivery.MAX_ATTEMPTS attempts) or "dropped" (nothing left to
    tell when it came to sending). `next_attempt_at` (UTC) is when the
    sweep hands a queued one out next: the end of the current hand-out or
    attempt (a claim), or the next try after a failure (back-off). An
    attempt is claimed by a conditional update of `attempts`, so one
    e-mail is sent once however many workers and sweeps try
    (emails.delivery).
    """

    class State(models.TextChoices):
        QUEUED = "queued", _("to be sent")
        DELIVERED = "delivered", _("delivered")
        FAILED = "failed", _("failed")
        DROPPED = "dropped", _("nothing to send")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("person"),
        on_delete=models.CASCADE,
        related_name="email_deliveries",
    )
    digest = models.BooleanField(_("daily digest"), default=False)
    state = models.CharField(
        _("state"), max_length=16, choices=State.choices, default=State.QUEUED
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    next_attempt_at = models.DateTimeField(_("next attempt at"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    delivered_at = models.DateTimeField(_("delivered at"), null=True, blank=True)
    last_error = models.CharField(_("last error"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("e-mail")
        verbose_name_plural = _("e-mails")
        indexes = [
            # Used by the sweep that hands out the e-mails due and not sent.
            models.Index(
                fields=["next_attempt_at"],
                name="email_delivery_due_idx",
                condition=models.Q(state="queued"),
            ),
            # Used by the pruning task.
            models.Index(fields=["created_at"], name="email_delivery_created_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.get_state_display()}"


class Presence(models.Model):
    """An open page of a person (a websocket), when no Redis keeps presence.

    games/notifications/presence.py writes one row per connection and
    refreshes `expires_at` (UTC) with a heartbeat; a row whose time passed
    (its process died) no longer counts.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    channel_name = models.CharField(max_length=200, unique=True)
    expires_at = models.DateTimeField()

    class Meta:
        verbose_name = _("open page")
        verbose_name_plural = _("open pages")
        indexes = [models.Index(fields=["user", "expires_at"], name="presence_idx")]

    def __str__(self) -> str:
        return f"{self.user} {self.channel_name}"


class Relation(models.Model):
    """What one person (`owner`) set about another (`other`): abstract base.

    Person-to-person settings of the community (issue 24); written only by
    accounts' services; `created_at` in UTC.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    other = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(_("since"))

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.owner_id} -> {self.other_id}"


class Follow(Relation):
    """`owner` follows `other` (a friend): their presence and matches show."""

    class Meta:
        verbose_name = _("follow")
        verbose_name_plural = _("follows")
        constraints = [
            models.UniqueConstraint(fields=["owner", "other"], name="follow_unique"),
        ]


class Mute(Relation):
    """`owner` muted `other`: `other`'s chat lines are hidden for `owner`."""

    class Meta:
        verbose_name = _("mute")
        verbose_name_plural = _("mutes")
        constraints = [
            models.UniqueConstraint(fields=["owner", "other"], name="mute_unique"),
        ]


class Block(Relation):
    """`owner` blocked `other`: silently, `other` may not join `owner`'s matches,
    invite or follow `owner` or write to them (issue 24, Chat)."""

    class Meta:
        verbose_name = _("block")
        verbose_name_plural = _("blocks")
        constraints = [
            models.UniqueConstraint(fields=["owner", "other"], name="block_unique"),
        ]
