"""Template helpers for time controls and clocks (games/clock_text.py's words)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django import template
from django.utils import timezone

from games import clock_text
from games.clocks import TimeControl, TimeControlError, seconds_left
from games.models import Match

register = template.Library()


@register.filter
def clock(seconds: int | None) -> str:
    """Return seconds as a clock shows them ("2 d 3 h", "4 h 12 min", "3:07")."""
    return "" if seconds is None else clock_text.clock_text(seconds)


@register.filter
def time_left_until(deadline: datetime | None) -> str:
    """Return how long is left until `deadline` (UTC), e.g. "1 day 3 h left"."""
    if not isinstance(deadline, datetime):
        return ""
    return clock_text.time_left_text(
        seconds_left(deadline=deadline, now=timezone.now())
    )


@register.filter
def time_control_badge(value: Match | TimeControl | None) -> str:
    """Return the badge text of a match's (or a) time control: "Daily", "Untimed"."""
    control: TimeControl | None
    if isinstance(value, Match):
        # A stored control that cannot be read runs no clock: untimed.
        try:
            control = (
                TimeControl.from_json(value.time_control)
                if value.time_control is not None
                else None
            )
        except TimeControlError:
            control = None
    else:
        control = value
    return clock_text.time_control_name(control)


@register.filter
def opponents_on_vacation(match: Match) -> list[tuple[str, datetime]]:
    """Return (name, until) of the other seats' people on vacation now.

    "Other" than `match.viewer_id` (annotated by `matches_for_user`). Reads
    the prefetched seats and players: no query.
    """
    viewer_id: Any = getattr(match, "viewer_id", None)
    now = timezone.now()
    away = []
    for seat in match.seats.all():
        user = seat.user if seat.user_id is not None else None
        if user is None or seat.user_id == viewer_id:
            continue
        if user.vacation_until is not None and user.vacation_until > now:
            away.append((user.name, user.vacation_until))
    return away


@register.filter
def utc_iso(moment: datetime | None) -> str:
    """Return `moment` in ISO 8601, in UTC ("2026-11-23T12:05:00+00:00")."""
    if not isinstance(moment, datetime):
        return ""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


@register.simple_tag
def clock_words() -> dict[str, str]:
    """Return the formats a ticking clock uses in the browser (see clock_text)."""
    return clock_text.clock_words()
