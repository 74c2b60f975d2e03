"""Template helpers for time controls and clocks (games/clock_text.py's words)."""

from __future__ import annotations

from datetime import UTC, datetime

from django import template
from django.utils import timezone

from games import clock_text, selectors
from games.clocks import STRIKES_TO_LEAVE, TimeControl, seconds_left
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
    # A stored control that cannot be read runs no clock: untimed.
    control = value.clock_control() if isinstance(value, Match) else value
    return clock_text.time_control_name(control)


@register.filter
def opponents_on_vacation(match: Match) -> list[tuple[str, datetime]]:
    """Return (name, until) of the other seats' people on vacation now.

    "Other" than `match.viewer_id` (annotated by `matches_for_user`). Reads
    the prefetched seats and players: no query.
    """
    return selectors.opponents_on_vacation(match, now=timezone.now())


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


@register.simple_tag
def timeout_strikes() -> int:
    """Return after how many timeouts in a row a person has left a match for good."""
    return STRIKES_TO_LEAVE
