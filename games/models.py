"""Matches, seats and the append-only move log (STYLE.md B5).

Models hold no rules and send nothing: writes go through `games.services`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.clocks import TimeControl, TimeControlError
from games.rules import Rules
from games.rules.registry import ROBOTS_BY_SLUG, RULES_BY_SLUG

if TYPE_CHECKING:
    from accounts.models import User


class Match(models.Model):
    """One playthrough of a game.

    `state` is the engine's state JSON (None while seats are open), stored
    under the engine's `rules_version`; `version` counts applied moves and
    is what every submit must name.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("Running")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    # No `choices`: the registry is the list of games, and adding a game must
    # not need a migration. Services refuse unknown slugs.
    game_slug = models.CharField(_("game"), max_length=32)
    options = models.JSONField(_("options"), default=dict, blank=True)
    seed = models.BigIntegerField(_("seed"))
    state = models.JSONField(_("state"), null=True, blank=True)
    # The engine's GameInfo.version when `state` was written: a later engine
    # upgrades (or refuses) an older state instead of misreading it.
    rules_version = models.CharField(_("rules version"), max_length=16)
    version = models.PositiveIntegerField(_("version"), default=0)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.OPEN
    )
    outcome = models.JSONField(_("outcome"), null=True, blank=True)
    # games.clocks.TimeControl as JSON; None: untimed, no clock runs.
    time_control = models.JSONField(_("time control"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        related_name="created_matches",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    updated_at = models.DateTimeField(_("last move at"), auto_now=True)
    turn_deadline_at = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    # Not listed in the lobby: joined by its link only (an untimed match
    # must have no strangers, see games.clocks).
    private = models.BooleanField(_("private"), default=False)
    # Set (UTC) while a moderator has paused the match: no clock runs.
    paused_at = models.DateTimeField(_("paused at"), null=True, blank=True)

    class Meta:
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-updated_at"]
        indexes = [
            # The lobby: open matches of one game, newest first.
            models.Index(
                fields=["status", "game_slug", "-created_at"], name="match_lobby_idx"
            ),
            # Used by expire_overdue_turns.
            models.Index(
                fields=["turn_deadline_at"],
                name="match_deadline_idx",
                condition=models.Q(status="active"),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.rules.info.name} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("games:match_detail", kwargs={"match_id": self.pk})

    @property
    def rules(self) -> Rules[Any, Any]:
        """Return the rules engine of this match's game."""
        return RULES_BY_SLUG[self.game_slug]

    @property
    def seat_count(self) -> int:
        """Return the number of seats (taken or not)."""
        return self.seats.count()

    def clock_control(self) -> TimeControl | None:
        """Return the match's time control, or None when no clock runs.

        None for an untimed match, and for a stored control that cannot be
        read (a match is never timed out on a misread control).
        """
        if self.time_control is None:
            return None
        try:
            control = TimeControl.from_json(self.time_control)
        except TimeControlError:
            return None
        return control if control.timed else None

    def game_state(self) -> Any:
        """Return the engine state, upgraded if stored by an older engine.

        Raises IllegalMove when the state cannot be read or upgraded, and
        ValueError while the match has no state (seats still open).
        """
        if self.state is None:
            raise ValueError("an open match has no state yet")
        # One parse per request: the state is read by the service and again
        # by the selector that renders the answer. The cache is keyed by the
        # identity of the JSON it was parsed from, so assigning `state` (a
        # move, refresh_from_db) makes it stale without a hook.
        cached = self.__dict__.get("_game_state_cache")
        if cached is not None and cached[0] is self.state:
            return cached[1]
        rules, data = self.rules, self.state
        if self.rules_version != rules.info.version:
            data = rules.upgrade_state(data, self.rules_version)
        state = rules.state_from_json(data)
        self.__dict__["_game_state_cache"] = (self.state, state)
        return state

    def game_state_set(self, state: Any) -> None:
        """Store the engine `state` (a rules State) as the match's JSON.

        Keeps the parsed object, so a later `game_state()` in the same
        request does not parse the JSON again.
        """
        self.state = state.to_json()
        self.__dict__["_game_state_cache"] = (self.state, state)


class LeaveReason(models.TextChoices):
    """Why a person left a running match (`Seat.left_reason`)."""

    RESIGNED = "resigned", _("resigned")
    TIMED_OUT = "timed_out", _("timed out too often")


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
            robot = ROBOTS_BY_SLUG[self.match.game_slug].get(self.robot)
            label = str(_(robot.label)) if robot else self.robot
            return str(_("Robot %(number)s (%(kind)s)")) % {
                "number": self.position + 1,
                "kind": label,
            }
        return str(_("free seat"))


class Move(models.Model):
    """One applied move; `seq` is the match version it produced. Append-only."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(_("version"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    payload = models.JSONField(_("move"))
    events = models.JSONField(_("events"), default=list)
    by_robot = models.BooleanField(_("played by the system"), default=False)
    # The seat's clock ran out and the robot played this move for its person.
    by_timeout = models.BooleanField(_("played at a timeout"), default=False)
    created_at = models.DateTimeField(_("played at"), auto_now_add=True)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="move_unique_seq"),
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
