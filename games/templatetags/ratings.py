"""Template helpers for ratings (games/rating_text.py's words, issue 23).

{% load ratings %}
{{ rating|rating }}          "1,512 ± 87" (a Rating, or anything with mu and sigma)
{{ rating|provisional }}     True for a person's first 10 rated matches
{{ seat.rating_change|rating_change }}   "+14", "−3", "" for None
"""

from __future__ import annotations

from typing import Protocol

from django import template

from games import rating_text

register = template.Library()


class _Rated(Protocol):
    mu: float
    sigma: float
    matches: int


@register.filter
def rating(value: _Rated | None) -> str:
    """Return the rating shown for `value` ("1,512 ± 87"); "" for None."""
    if value is None:
        return ""
    return rating_text.rating_text(value.mu, value.sigma)


@register.filter
def provisional(value: _Rated | None) -> bool:
    """Return whether `value`'s rating is still provisional (< 10 matches)."""
    return value is not None and rating_text.is_provisional(value.matches)


@register.filter
def rating_change(change: int | None) -> str:
    """Return a rating change signed ("+14", "−3", "±0"); "" for None."""
    return "" if change is None else rating_text.change_text(change)
