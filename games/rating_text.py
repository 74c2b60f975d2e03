"""Ratings as people read them: "1,512 ± 87", "provisional", "+14" (issue 23).

OpenSkill's mu and sigma are unitless (a newcomer has 25 and 25/3). People
see the ordinal `mu - 3 * sigma` on a familiar scale: `1000 + 20 * ordinal`
(so a newcomer shows 1000), with its uncertainty `± 20 * sigma`, both
rounded and grouped with the active locale's thousands separator. A rating
is "provisional" while its person has played fewer than PROVISIONAL_MATCHES
rated matches of the game. The change a match made is 20 times the change
of the ordinal, signed ("+14", "−3" with a true minus sign, "±0").

Profiles and rankings, pages and API, use these functions only.
"""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.translation import gettext

# The scale: shown = BASE + SCALE * ordinal.
BASE = 1000
SCALE = 20
# A rating is provisional for a person's first rated matches of a game.
PROVISIONAL_MATCHES = 10
MINUS = "\u2212"


def ordinal(mu: float, sigma: float) -> float:
    """Return OpenSkill's ordinal `mu - 3 * sigma` (what rankings order by)."""
    return mu - 3 * sigma


def rating_value(mu: float, sigma: float) -> int:
    """Return the shown rating: `round(1000 + 20 * (mu - 3 * sigma))`."""
    return round(BASE + SCALE * ordinal(mu, sigma))


def rating_uncertainty(sigma: float) -> int:
    """Return the shown uncertainty: `round(20 * sigma)` rating points."""
    return round(SCALE * sigma)


def rating_change(
    mu_before: float, sigma_before: float, mu_after: float, sigma_after: float
) -> int:
    """Return what a match did to the shown rating: 20 × Δordinal, rounded."""
    return round(
        SCALE * (ordinal(mu_after, sigma_after) - ordinal(mu_before, sigma_before))
    )


def is_provisional(matches: int) -> bool:
    """Return whether a rating after `matches` rated matches is provisional."""
    return matches < PROVISIONAL_MATCHES


def number_text(value: int) -> str:
    """Return `value` with the active locale's thousands separator ("1,512")."""
    return str(number_format(value, use_l10n=True, force_grouping=True))


def rating_text(mu: float, sigma: float) -> str:
    """Return the rating as shown, e.g. "1,512 ± 87" (German "1.512 ± 87")."""
    return points_text(rating_value(mu, sigma), rating_uncertainty(sigma))


def points_text(rating: int, uncertainty: int) -> str:
    """Return a shown rating and its uncertainty (rating points): "1,512 ± 87"."""
    return gettext("%(rating)s ± %(uncertainty)s") % {
        "rating": number_text(rating),
        "uncertainty": number_text(uncertainty),
    }


def change_text(change: int) -> str:
    """Return a rating change signed: "+14", "−3" (a minus sign), "±0"."""
    if change > 0:
        return f"+{number_text(change)}"
    if change < 0:
        return f"{MINUS}{number_text(-change)}"
    return "±0"


def provisional_text() -> str:
    """Return the word that marks a provisional rating."""
    return gettext("provisional")
