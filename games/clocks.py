"""Time controls and seat clocks: the arithmetic, without the database.

The clocks issue (issue 10): a match's time control is chosen when it is
created (default Daily; a solo match is untimed), games/services/clocks.py
keeps the seats' clocks with it, and games/services/timeouts.py lets the
robot play for a seat whose clock ran out. A time control gives each seat
a bank of seconds. The bank runs only while the
seat is to move; after each move the time it used comes off its bank and
an increment goes on, never past a cap (a "Fischer" clock with a ceiling,
as turn-based sites such as Board Game Arena use). A seat whose
bank runs out has timed out.

All durations are whole seconds; all instants are timezone-aware UTC
datetimes (`django.utils.timezone.now()` at the caller). `TimeControl` is
a declared type (a msgspec Struct, like the engines' states), stored as
JSON on the match (`to_json` / `from_json`); `from_json` refuses anything
malformed with TimeControlError, never a KeyError or TypeError.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import msgspec
from django.utils.translation import gettext_lazy as _

MINUTE = 60
HOUR = 60 * MINUTE
DAY = 24 * HOUR

# Custom time controls stay within these (seconds): long enough that a
# move can be made at all, short enough that a match ends this season.
BANK_MIN, BANK_MAX = 1 * MINUTE, 30 * DAY
INCREMENT_MAX = 7 * DAY
CAP_MAX = 30 * DAY
BANK_RANGE = _("The time bank must be between 1 minute and 30 days.")
INCREMENT_RANGE = _("The time added per move must be between 0 and 7 days.")
CAP_RANGE = _(
    "The most time a seat may hold must be at least its starting bank and at most 30 days."
)
# Under this share of the bank it had when the turn began, a clock warns.
WARNING_SHARE = 0.2
# Timeouts in a row after which the person has left the match for good
# (games/services/timeouts.py applies it; rules pages quote it).
STRIKES_TO_LEAVE = 3


class TimeControlError(ValueError):
    """A time control outside the bounds; `message` says why, for a person.

    `field`: which time is wrong ("bank", "increment" or "cap"; "" if
    none in particular), so a form can show the message next to it.
    """

    def __init__(self, message: Any, *, field: str = "") -> None:
        super().__init__(str(message))
        self.message = message
        self.field = field


class TimeControl(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A match's time control.

    `preset`: "fast", "daily", "relaxed", "live", "custom" or "untimed".
    `bank`: seconds each seat starts with; `increment`: seconds added
    after each of its moves; `cap`: the most a bank may hold. An untimed
    control has all three 0 and no clock runs.
    JSON: `{"preset": str, "bank": int, "increment": int, "cap": int}`.
    """

    preset: str
    bank: int
    increment: int
    cap: int

    @property
    def timed(self) -> bool:
        """Whether clocks run (every preset but "untimed")."""
        return self.preset != "untimed"

    def to_json(self) -> dict[str, Any]:
        """Return the JSON stored on the match (keys in declaration order)."""
        return {
            "preset": self.preset,
            "bank": self.bank,
            "increment": self.increment,
            "cap": self.cap,
        }

    @classmethod
    def from_json(cls, data: Any) -> TimeControl:
        """Read a stored time control. Raises TimeControlError if malformed.

        A named preset is read by its name alone (the seconds are the
        preset's, whatever is stored); "custom" must be a whole declared
        object (four keys, whole numbers, no others) within the bounds.
        """
        preset = data.get("preset") if isinstance(data, dict) else None
        if isinstance(preset, str) and preset in PRESETS:
            return PRESETS[preset]
        if preset != "custom":
            raise TimeControlError(_("Unknown time control."))
        try:
            stored = msgspec.convert(data, cls, strict=True)
        except msgspec.ValidationError as error:
            raise TimeControlError(_("Unknown time control.")) from error
        return time_control_custom(
            bank=stored.bank, increment=stored.increment, cap=stored.cap
        )


PRESETS: dict[str, TimeControl] = {
    "fast": TimeControl("fast", bank=12 * HOUR, increment=4 * HOUR, cap=24 * HOUR),
    "daily": TimeControl("daily", bank=1 * DAY, increment=1 * DAY, cap=3 * DAY),
    "relaxed": TimeControl("relaxed", bank=3 * DAY, increment=1 * DAY, cap=7 * DAY),
    # For people who sit together (or are online at the same time).
    "live": TimeControl("live", bank=5 * MINUTE, increment=30, cap=10 * MINUTE),
    "untimed": TimeControl("untimed", bank=0, increment=0, cap=0),
}
DEFAULT_PRESET = "daily"


def time_control_custom(*, bank: int, increment: int, cap: int) -> TimeControl:
    """Return a custom time control (seconds), or raise TimeControlError.

    Bounds: a bank of 1 minute to 30 days, an increment of 0 to 7 days, a
    cap from the bank up to 30 days.
    """
    if not BANK_MIN <= bank <= BANK_MAX:
        raise TimeControlError(BANK_RANGE, field="bank")
    if not 0 <= increment <= INCREMENT_MAX:
        raise TimeControlError(INCREMENT_RANGE, field="increment")
    if not bank <= cap <= CAP_MAX:
        raise TimeControlError(CAP_RANGE, field="cap")
    return TimeControl("custom", bank=bank, increment=increment, cap=cap)


def bank_after_move(*, bank: int, used: int, control: TimeControl) -> int:
    """Return a seat's bank (seconds) after a move that took `used` seconds.

    The bank loses the time used (never below 0), gains the increment, and
    holds at most the cap. `used` below 0 (a clock step back) counts as 0.
    """
    left = max(0, bank - max(0, used))
    return min(control.cap, left + control.increment)


def deadline_at(*, since: datetime, bank: int) -> datetime:
    """Return when a seat to move since `since` (UTC) runs out of its bank."""
    return since + timedelta(seconds=bank)


def seconds_left(*, deadline: datetime, now: datetime) -> int:
    """Return the whole seconds from `now` to `deadline`, 0 once it has passed."""
    return max(0, int((deadline - now).total_seconds()))


def is_low(*, left: int, bank: int) -> bool:
    """Return whether `left` seconds are under 20 % of the turn's starting bank."""
    return bank > 0 and left < WARNING_SHARE * bank
