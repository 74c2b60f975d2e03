"""The log lines of table events (`MatchEvent`): what happened besides moves.

Every `MatchEvent.Kind` has a line here, in the active language. Events
are public: every viewer reads the same line. Issue 10, "Clocks and
deadlines" (resign, cancel by consent, timeouts, moderation).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import MatchEvent

_DAY = 24 * 60 * 60
_HOUR = 60 * 60


def table_event_line(event: MatchEvent, names: dict[int, str]) -> str:
    """Return the log line of `event`, naming seats by `names` (position: name).

    A seat missing from `names` is named by its number. Unknown kinds (an
    event written by a newer version) get a neutral line.
    """
    kind = event.kind
    params = event.params if isinstance(event.params, dict) else {}
    player = _seat_name(event.seat, names)
    Kind = MatchEvent.Kind
    if kind == Kind.RESIGNED:
        return _("%(player)s resigned.") % {"player": player}
    if kind == Kind.LEFT_AFTER_TIMEOUTS:
        return _(
            "%(player)s left the match after three timeouts in a row: "
            "a robot plays the seat to the end."
        ) % {"player": player}
    if kind == Kind.BACK:
        return _("%(player)s is back.") % {"player": player}
    if kind == Kind.CANCEL_PROPOSED:
        return _("%(player)s proposes to cancel the match.") % {"player": player}
    if kind == Kind.CANCEL_AGREED:
        return _("%(player)s agrees to cancel.") % {"player": player}
    if kind == Kind.CANCELLED:
        return _("The match was cancelled by consent.")
    if kind == Kind.DEADLINE_EXTENDED:
        return _deadline_extended_line(params.get("seconds"))
    if kind == Kind.PAUSED:
        return _("A moderator paused the match.")
    if kind == Kind.RESUMED:
        return _("A moderator resumed the match.")
    if kind == Kind.SEAT_HANDED:
        return _seat_handed_line(event.seat, params)
    return _("Something happened at the table.")


# Helpers


def _seat_name(position: int | None, names: dict[int, str]) -> str:
    if position is None:
        return "?"
    return names.get(position) or _("Seat %(number)s") % {"number": position + 1}


def _deadline_extended_line(seconds: object) -> str:
    """Return the line of a deadline extended by `seconds` (whole days, hours or minutes)."""
    if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds <= 0:
        return _("A moderator extended the deadline.")
    if seconds % _DAY == 0:
        days = seconds // _DAY
        return ngettext(
            "A moderator extended the deadline by %(count)d day.",
            "A moderator extended the deadline by %(count)d days.",
            days,
        ) % {"count": days}
    if seconds % _HOUR == 0:
        hours = seconds // _HOUR
        return ngettext(
            "A moderator extended the deadline by %(count)d hour.",
            "A moderator extended the deadline by %(count)d hours.",
            hours,
        ) % {"count": hours}
    # Rounded up: the line never promises less time than was given.
    minutes = -(-seconds // 60)
    return ngettext(
        "A moderator extended the deadline by %(count)d minute.",
        "A moderator extended the deadline by %(count)d minutes.",
        minutes,
    ) % {"count": minutes}


def _seat_handed_line(position: int | None, params: dict[str, object]) -> str:
    """Return the line of a seat a moderator handed to a robot or to a person.

    `params`: {"to": "robot"} or {"to": "user", "name": the new player's
    name}, and the previous player's name under "from" when known (the
    seat's name is the new player's by now); else the seat is named by
    its number.
    """
    previous = params.get("from")
    number = position + 1 if position is not None else "?"
    if params.get("reason") == "deleted":
        # No moderator and no name: the person deleted their account
        # (games.services.departures), their name is not kept.
        return _(
            "The player of seat %(number)s deleted their account; a robot plays on."
        ) % {"number": number}
    if params.get("to") == "user":
        name = str(params.get("name") or "?")
        if previous:
            return _("A moderator handed %(player)s's seat to %(name)s.") % {
                "player": previous,
                "name": name,
            }
        return _("A moderator handed seat %(number)s to %(name)s.") % {
            "number": number,
            "name": name,
        }
    if previous:
        return _("A moderator handed %(player)s's seat to a robot.") % {
            "player": previous
        }
    return _("A moderator handed seat %(number)s to a robot.") % {"number": number}
