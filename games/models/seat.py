"""A seat at a match, and who plays it (a person, a robot, a stand-in)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.rules.registry import game_entry

from .match import Match

if TYPE_CHECKING:
    from accounts.models import User


class LeaveReason(models.TextChoices):
    """Why a person left a running match (`Seat.left_reason`)."""

    RESIGNED = "resigned", _("resigned")
    TIMED_OUT = "timed_out", _("timed out too often")
    SANCTIONED = "sanctioned", _("removed by a moderator")
    DELETED = "deleted", _("deleted their account")


class Seat(models.Model):
    """A position at a match, and who plays it.

    The controller says who makes the seat's moves: a person (`user`; no
    user yet means the seat is free), a robot (`robot` names it), or a
    robot standing in for the seat's person (`user` and `robot` both set:
    "finish automatically" today, timeouts and vacations later).

    `to_move_since` and `to_move_version` are set while the rules have the
    seat to move: when (UTC) and at which match version its pending decision
    became due. They are reset by the seat's own moves and cleared when it
    is no longer to move, in the same transaction as the state.

    `autoplay_declined_at` (UTC) is set while the person has said no to the
    rules' offer to finish automatically (`Rules.autoplay_offer_order`).
    """

    class Controller(models.TextChoices):
        PERSON = "person", _("person")
        ROBOT = "robot", _("robot")
        STAND_IN = "stand_in", _("robot standing in for the person")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("position"))
    controller = models.CharField(
        _("played by"),
        max_length=16,
        choices=Controller.choices,
        default=Controller.PERSON,
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
    )
    robot = models.CharField(_("robot"), max_length=32, blank=True)
    joined_at = models.DateTimeField(_("joined at"), null=True, blank=True)
    # What the seat's person (or the server, for them or for a robot)
    # contributed to the match's randomness when taking the seat (issue 23,
    # provably fair randomness): up to 64 printable ASCII characters.
    client_seed = models.CharField(
        _("client seed"), max_length=64, blank=True, default=""
    )
    to_move_since = models.DateTimeField(_("to move since"), null=True, blank=True)
    to_move_version = models.PositiveIntegerField(
        _("to move since version"), null=True, blank=True
    )
    # The person's "no" to the offer to finish automatically (their "yes" is
    # the stand-in controller): the seats asked after them are then asked.
    autoplay_declined_at = models.DateTimeField(
        _("declined to finish automatically at"), null=True, blank=True
    )
    # The seat's clock (timed matches only): the seconds in its bank while
    # it is not to move, and when the bank runs out (UTC) while it is.
    clock_bank = models.PositiveIntegerField(_("time bank (s)"), null=True, blank=True)
    clock_deadline_at = models.DateTimeField(
        _("clock runs out at"), null=True, blank=True
    )
    # When (UTC) 80 % of the bank the clock started with is used: the
    # "your time is running out" notice. Cleared once sent or stopped.
    clock_warn_at = models.DateTimeField(_("warn at"), null=True, blank=True)
    # Turns in a row the clock ran out and the robot played for the person;
    # reset when the person moves or says "I'm back".
    timeouts_in_row = models.PositiveSmallIntegerField(
        _("timeouts in a row"), default=0
    )
    # The person left the match (resigned, or timed out too often): a robot
    # plays the seat to the end and the person cannot take it back.
    left_at = models.DateTimeField(_("left at"), null=True, blank=True)
    left_reason = models.CharField(
        _("left because"), max_length=16, choices=LeaveReason.choices, blank=True
    )
    # The person agreed to cancel the match (a proposal lapses with a move).
    cancel_agreed_at = models.DateTimeField(
        _("agreed to cancel at"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["match", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "position"], name="seat_unique_position"
            ),
            models.UniqueConstraint(
                fields=["match", "user"],
                condition=models.Q(user__isnull=False),
                name="seat_unique_user",
            ),
            models.CheckConstraint(
                condition=(
                    models.Q(controller="person", robot="")
                    | models.Q(controller="robot", user__isnull=True)
                    & ~models.Q(robot="")
                    | models.Q(controller="stand_in", user__isnull=False)
                    & ~models.Q(robot="")
                ),
                name="seat_controller_consistent",
            ),
            models.CheckConstraint(
                condition=models.Q(
                    to_move_since__isnull=True, to_move_version__isnull=True
                )
                | models.Q(to_move_since__isnull=False, to_move_version__isnull=False),
                name="seat_to_move_consistent",
            ),
        ]
        indexes = [
            # Used by robot_turns_resume: system seats whose move is overdue.
            models.Index(
                fields=["to_move_since"],
                name="seat_system_to_move_idx",
                condition=models.Q(to_move_since__isnull=False)
                & ~models.Q(controller="person"),
            ),
            # Used by the sweep of the "your time is running out" notices.
            models.Index(
                fields=["clock_warn_at"],
                name="seat_clock_warn_idx",
                condition=models.Q(clock_warn_at__isnull=False),
            ),
            # Used by matches_for_user: the lobby's "your turn" of a person.
            models.Index(
                fields=["user"],
                name="seat_person_to_move_idx",
                condition=models.Q(to_move_since__isnull=False, controller="person"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.match} seat {self.position}: {self.name}"

    @property
    def is_free(self) -> bool:
        """Return whether nobody (person or robot) has taken the seat."""
        return self.user_id is None and self.controller == self.Controller.PERSON

    @property
    def is_robot(self) -> bool:
        """Return whether a robot owns the seat (no person behind it)."""
        return self.controller == self.Controller.ROBOT

    @property
    def is_stand_in(self) -> bool:
        """Return whether a robot plays the seat for its person."""
        return self.controller == self.Controller.STAND_IN

    @property
    def played_by_system(self) -> bool:
        """Return whether the system makes this seat's moves (robot or stand-in)."""
        return self.controller != self.Controller.PERSON

    @property
    def autoplay_answered(self) -> bool:
        """Return whether the seat needs no (more) offer to finish automatically.

        It accepted (a robot stands in), declined (`autoplay_declined_at`),
        is a robot's (robots are not asked), or has no person to ask.
        """
        return (
            self.controller != self.Controller.PERSON
            or self.user_id is None
            or self.autoplay_declined_at is not None
        )

    @property
    def is_to_move(self) -> bool:
        """Return whether the rules have this seat to move (stored column)."""
        return self.to_move_version is not None

    @property
    def name(self) -> str:
        """Return the name shown at the table."""
        if self.user_id is not None:
            # A set user_id means the user exists (on_delete=PROTECT).
            return cast("User", self.user).name
        if self.robot:
            robot = game_entry(self.match.game_slug).robots.get(self.robot)
            label = str(_(robot.label)) if robot else self.robot
            return str(_("Robot %(number)s (%(kind)s)")) % {
                "number": self.position + 1,
                "kind": label,
            }
        return str(_("free seat"))
