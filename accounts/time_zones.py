"""The time zones a person may choose: current ones, grouped, readable.

zoneinfo knows about 600 names, old aliases included ("US/Pacific",
"Europe/Kiev", "Etc/GMT+5"); the list offered is the tz database's
zone.tab instead: the current name of every zone in use, one line per
country and zone, plus UTC. Each is shown as "Berlin (UTC+01:00)" under
its region ("Europe"), the offset as of today.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from datetime import UTC, date, datetime
from importlib import resources
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

# The regions' names in the person's language (the places keep the tz
# database's English names, which is what people search for).
_REGIONS = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic Ocean"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific Ocean"),
}
# Debian's copy of the tables, when the tzdata package does not ship them.
_SYSTEM_ZONE_TAB = Path("/usr/share/zoneinfo/zone.tab")


@functools.cache
def time_zone_names() -> frozenset[str]:
    """Return the names a person may choose: zone.tab's zones and "UTC"."""
    names = {"UTC"}
    for line in _zone_tab().splitlines():
        if line and not line.startswith("#"):
            names.add(line.split("\t")[2])
    return frozenset(names)


def time_zone_choices(*, today: date | None = None) -> list[tuple[Any, Any]]:
    """Return the zones as grouped form choices, offsets as of `today` (UTC).

    [("UTC", "UTC"), ("Africa", [("Africa/Abidjan", "Abidjan (UTC+00:00)"),
    ...]), ...]: UTC first, then the regions (their names translated) in
    alphabetical order of their tz names, each with its places in
    alphabetical order.
    """
    return _choices(today or timezone.now().date())


def time_zone_label(name: str, *, today: date | None = None) -> str:
    """Return "Berlin (UTC+01:00)" for "Europe/Berlin", its offset `today`."""
    day = today or timezone.now().date()
    noon = datetime(day.year, day.month, day.day, 12, tzinfo=UTC)
    offset = noon.astimezone(ZoneInfo(name)).utcoffset()
    minutes = int(offset.total_seconds() // 60) if offset is not None else 0
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    place = name.split("/", 1)[-1].replace("_", " ").replace("/", " / ")
    return f"{place} (UTC{sign}{hours:02d}:{rest:02d})"


# Helpers


@functools.lru_cache(maxsize=2)
def _choices(today: date) -> list[tuple[Any, Any]]:
    """Return the grouped choices with the offsets of `today` (made once a day)."""
    regions: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for name in time_zone_names() - {"UTC"}:
        regions[name.split("/", 1)[0]].append(
            (name, time_zone_label(name, today=today))
        )
    grouped: list[tuple[Any, Any]] = [("UTC", "UTC")]
    for region in sorted(regions):
        places = sorted(regions[region], key=lambda zone: zone[1])
        grouped.append((_REGIONS.get(region, region), places))
    return grouped


def _zone_tab() -> str:
    try:
        return resources.files("tzdata").joinpath("zoneinfo", "zone.tab").read_text()
    except (ModuleNotFoundError, FileNotFoundError):
        return _SYSTEM_ZONE_TAB.read_text()
