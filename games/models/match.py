"""The match: one playthrough of a game, with its state and version."""

from __future__ import annotations

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.clocks import TimeControl, TimeControlError
from games.rules import Rules
from games.rules.registry import rules_for


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
        # Ended by its players' consent (issue 10), apart from a moderator's abort.
        CANCELLED = "cancelled", _("Cancelled")
        ABORTED = "aborted", _("Aborted")

    # The statuses of a match that has ended: nobody is to move any more.
    ENDED: ClassVar[tuple[str, ...]] = (
        Status.FINISHED,
        Status.CANCELLED,
        Status.ABORTED,
    )

    # No `choices`: the registry is the list of games, and adding a game must
    # not need a migration. Services refuse unknown slugs.
    game_slug = models.CharField(_("game"), max_length=32)
    options = models.JSONField(_("options"), default=dict, blank=True)
    # The legacy int seed (matches started before provably fair randomness
    # draw from it) and the robots' seed. Never shown before the match ends.
    seed = models.BigIntegerField(_("seed"))
    # Provably fair randomness (issue 23): 32 random bytes in hex, drawn at
    # creation and secret until the match is over; "" for a match created
    # before it (its engine state draws from `seed`). `seed_commitment` is
    # the hex SHA-256 of the server seed's bytes, public from creation on.
    server_seed = models.CharField(
        _("server seed"), max_length=64, blank=True, default="", editable=False
    )
    seed_commitment = models.CharField(
        _("seed commitment"), max_length=64, blank=True, default="", editable=False
    )
    # Whether the match counts for ratings (issue 23): the creator may make
    # it unrated; a match with fewer than two people is never rated.
    rated = models.BooleanField(_("rated"), default=True)
    # Whether spectators read the match's chat (issue 24); the seated always do.
    chat_spectators = models.BooleanField(_("spectators read the chat"), default=True)
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
    # A private match's invitation secret (`secrets.token_urlsafe(16)`): its
    # link carries it, and joining or viewing the match needs it unless one
    # sits there (games.selectors.access). "" for a public match.
    invite_secret = models.CharField(
        _("invitation secret"), max_length=32, blank=True, default="", editable=False
    )
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
        return rules_for(self.game_slug)

    @property
    def is_running(self) -> bool:
        """Return whether the match runs: only then may anybody be to move."""
        return self.status == self.Status.ACTIVE

    @property
    def is_over(self) -> bool:
        """Return whether the match has ended (finished, cancelled or aborted)."""
        return self.status in self.ENDED

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
