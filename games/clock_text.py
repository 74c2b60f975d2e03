"""Words for time controls and clocks, in the active language.

The names and descriptions of the presets (the create form, the badges),
and durations as a clock shows them ("2 d 3 h", "4 h 12 min", "3:07") or
as a list says how long is left ("1 day 3 h left"). Durations are whole
seconds. The browser formats a ticking clock with the same words
(`clock_words`, static/js/spielpost.js).
"""

from __future__ import annotations

from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.clocks import DAY, HOUR, MINUTE, PRESETS, TimeControl

# Short names, for badges ("Daily"); "custom" is named with its values.
PRESET_NAMES: dict[str, Promise] = {
    "fast": _("Fast"),
    "daily": _("Daily"),
    "relaxed": _("Relaxed"),
    "live": _("Live"),
    "untimed": _("Untimed"),
    "custom": _("Custom"),
}

# What each choice of the create form means (kept in step with PRESETS):
# the starting bank, the time added after each move, the most a bank holds.
PRESET_DESCRIPTIONS: dict[str, Promise] = {
    "daily": _("Daily: 1 day, +1 day a move, up to 3 days"),
    "fast": _("Fast: 12 h, +4 h a move, up to 24 h"),
    "relaxed": _("Relaxed: 3 days, +1 day a move, up to 7 days"),
    "live": _("Live: 5 min, +30 s a move, up to 10 min (playing at the same time)"),
    "untimed": _("Untimed: only with robots or in a private match"),
    "custom": _("Custom: choose the times below"),
}


def clock_words() -> dict[str, str]:
    """Return the formats of a clock's text, for the browser's ticking clocks.

    Python %-formats with `days`, `hours` and `minutes`; under an hour a
    clock shows minutes:seconds, which needs no words.
    """
    return {
        "days": gettext("%(days)s d %(hours)s h"),
        "hours": gettext("%(hours)s h %(minutes)s min"),
    }


def clock_text(seconds: int) -> str:
    """Return `seconds` as a clock shows them: "2 d 3 h", "4 h 12 min", "3:07"."""
    seconds = max(0, seconds)
    words = clock_words()
    if seconds >= DAY:
        return words["days"] % {
            "days": seconds // DAY,
            "hours": seconds % DAY // HOUR,
        }
    if seconds >= HOUR:
        return words["hours"] % {
            "hours": seconds // HOUR,
            "minutes": seconds % HOUR // MINUTE,
        }
    return f"{seconds // MINUTE}:{seconds % MINUTE:02d}"


def time_left_text(seconds: int) -> str:
    """Return how long is left, for a list: "1 day 3 h left", "12 min left"."""
    seconds = max(0, seconds)
    if seconds >= DAY:
        days = seconds // DAY
        return ngettext(
            "%(days)s day %(hours)s h left", "%(days)s days %(hours)s h left", days
        ) % {"days": days, "hours": seconds % DAY // HOUR}
    if seconds >= HOUR:
        return gettext("%(hours)s h %(minutes)s min left") % {
            "hours": seconds // HOUR,
            "minutes": seconds % HOUR // MINUTE,
        }
    if seconds >= MINUTE:
        return gettext("%(minutes)s min left") % {"minutes": seconds // MINUTE}
    return gettext("less than a minute left")


def duration_short(seconds: int) -> str:
    """Return a duration in its largest units: "2 h", "30 min", "1 d 12 h", "0 s"."""
    parts: list[str] = []
    rest = max(0, seconds)
    for size, word in (
        (DAY, gettext("%(n)s d")),
        (HOUR, gettext("%(n)s h")),
        (MINUTE, gettext("%(n)s min")),
        (1, gettext("%(n)s s")),
    ):
        count, rest = divmod(rest, size)
        if count:
            parts.append(word % {"n": count})
    return " ".join(parts) if parts else gettext("%(n)s s") % {"n": 0}


def time_control_name(control: TimeControl | None) -> str:
    """Return a badge's text for `control` (None: untimed).

    A preset's name ("Daily"); a custom control with its bank and increment
    ("Custom: 2 h +30 min").
    """
    if control is None or not control.timed:
        return str(PRESET_NAMES["untimed"])
    if control.preset == "custom" or control.preset not in PRESETS:
        return gettext("Custom: %(bank)s +%(increment)s") % {
            "bank": duration_short(control.bank),
            "increment": duration_short(control.increment),
        }
    return str(PRESET_NAMES[control.preset])


def time_control_choices() -> list[tuple[str, Any]]:
    """Return the create form's choices: each preset with what it means, then custom."""
    return [(name, PRESET_DESCRIPTIONS[name]) for name in PRESET_DESCRIPTIONS]
