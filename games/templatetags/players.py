"""Template helpers about people: links to profiles, ratings, the rating chart (issue 23).

`{{ seat|player_link }}` (or a user) links a person's name to their
profile; robots and free seats stay plain text. `{{ rating|rating_text }}`
shows a `RatingShown` as "1,512 ± 87"; `{% rating_history_chart record %}`
draws a `GameRecord`'s rating history (games.rating_chart).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from accounts.models import User
from games.clock_text import duration_short
from games.models import Seat
from games.rating_chart import rating_chart
from games.rating_text import points_text
from games.selectors.profiles import GameRecord, RatingShown

register = template.Library()


@register.filter
def player_link(value: Any) -> SafeString:
    """Return the name of a person as a link to their profile, escaped.

    `value` is a User, a Seat (its player loaded: `select_related("user")`,
    as every seat list does), a board's SeatInfo, or a name (a str: a
    ranking's row, which lists active people only). A robot's seat, a free
    seat and a deactivated account (no profile) are plain text; a seat a
    robot plays for its person links to the person. None gives "".
    """
    if value is None:
        return SafeString("")
    if isinstance(value, str):
        linked = bool(value)
    elif isinstance(value, User):
        linked = value.is_active
    elif isinstance(value, Seat):
        linked = value.user_id is not None and value.user.is_active  # type: ignore[union-attr]
    else:  # SeatInfo: no account behind it, only what the table shows
        linked = not (value.is_robot or value.is_free)
    name = value if isinstance(value, str) else str(value.name)
    if not linked:
        return conditional_escape(name)
    return format_html(
        '<a class="player-link" href="{}">{}</a>',
        reverse("games:player_profile", kwargs={"name": name}),
        name,
    )


@register.filter
def rating_text(rating: RatingShown | None) -> str:
    """Return a displayed rating with its uncertainty ("1,512 ± 87"); "" for None."""
    if rating is None:
        return ""
    return points_text(rating.value, rating.uncertainty)


@register.simple_tag
def rating_history_chart(record: GameRecord) -> SafeString:
    """Return the SVG chart of a game record's rating history ("" without one)."""
    if record.start is None:
        return SafeString("")
    return rating_chart(
        [record.start, *(point.value for point in record.history)],
        title=gettext("Rating history in %(game)s") % {"game": record.name},
        dom_id=f"rating-chart-{record.slug}",
    )


@register.filter
def duration(seconds: float | None) -> str:
    """Return whole seconds in their largest units ("2 h 5 min"); "" for None."""
    if seconds is None:
        return ""
    return duration_short(round(seconds))
