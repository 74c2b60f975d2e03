"""The rating history chart of a profile: SVG drawn on the server (issue 23).

No script and no inline style: the shapes carry classes that
static/games/player_profile.css colours. Screen readers get the chart's
`<title>` and a `<desc>` in words ("from 1,000 to 1,112 over 14 rated
matches"), which the `<svg role="img">` is labelled by.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext

from games import rating_text

# The drawing's size in SVG units (it scales to its box, see the CSS).
WIDTH = 480
HEIGHT = 180
# Room for the axes' labels: left of the y axis, below the x axis.
_LEFT, _RIGHT, _TOP, _BOTTOM = 52, 12, 12, 30
# A flat history still gets a band this high (display points) to draw in.
_MIN_SPAN = 20


def rating_number(value: int) -> str:
    """Return a displayed rating with the language's thousands separator ("1,512")."""
    return rating_text.number_text(value)


def rating_chart_description(values: Sequence[int]) -> str:
    """Return the chart in words; `values` as for `rating_chart` ("" for none)."""
    if not values:
        return ""
    if len(values) == 1:
        return gettext("Rating %(value)s, no rated match yet.") % {
            "value": rating_number(values[0])
        }
    count = len(values) - 1
    return ngettext(
        "From %(first)s to %(last)s over %(count)s rated match.",
        "From %(first)s to %(last)s over %(count)s rated matches.",
        count,
    ) % {
        "first": rating_number(values[0]),
        "last": rating_number(values[-1]),
        "count": number_format(count, force_grouping=True),
    }


def rating_chart(values: Sequence[int], *, title: str, dom_id: str) -> SafeString:
    """Return an SVG line chart of displayed ratings, or "" for no values.

    `values[0]` is the rating before the first rated match, `values[i]`
    the rating after the i-th (display points, see
    games.selectors.profiles.rating_value). `title` names the chart (the
    game); `dom_id` makes the ids of its title and description unique on
    the page. The x axis counts rated matches (0 to n), the y axis spans
    the lowest to the highest value, both labelled at their ends.
    """
    if not values:
        return mark_safe("")
    low, high = min(values), max(values)
    if high - low < _MIN_SPAN:
        middle = (low + high) / 2
        low, high = round(middle - _MIN_SPAN / 2), round(middle + _MIN_SPAN / 2)
    plot_width = WIDTH - _LEFT - _RIGHT
    plot_height = HEIGHT - _TOP - _BOTTOM
    steps = max(1, len(values) - 1)

    def x(index: int) -> float:
        return round(_LEFT + plot_width * index / steps, 1)

    def y(value: int) -> float:
        return round(_TOP + plot_height * (high - value) / (high - low), 1)

    points = " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values))
    bottom, right = HEIGHT - _BOTTOM, WIDTH - _RIGHT
    if len(values) == 1:
        line = format_html(
            '<circle class="rating-chart-point" cx="{}" cy="{}" r="4"/>',
            x(0),
            y(values[0]),
        )
    else:
        line = format_html(
            '<polyline class="rating-chart-line" points="{}"/>'
            '<circle class="rating-chart-point" cx="{}" cy="{}" r="4"/>',
            points,
            x(len(values) - 1),
            y(values[-1]),
        )
    y_labels = format_html_join(
        "",
        '<text class="rating-chart-label" x="{}" y="{}" text-anchor="end"'
        ' dominant-baseline="middle">{}</text>',
        ((_LEFT - 6, y(value), rating_number(value)) for value in (high, low)),
    )
    x_labels = format_html(
        '<text class="rating-chart-label" x="{}" y="{}" text-anchor="start">0</text>'
        '<text class="rating-chart-label" x="{}" y="{}" text-anchor="end">{}</text>'
        '<text class="rating-chart-label" x="{}" y="{}" text-anchor="middle">{}</text>',
        _LEFT,
        bottom + 16,
        right,
        bottom + 16,
        number_format(len(values) - 1, force_grouping=True),
        round((_LEFT + right) / 2),
        bottom + 16,
        gettext("rated matches"),
    )
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {width} {height}" role="img"'
        ' aria-labelledby="{id}-title {id}-desc" xmlns="http://www.w3.org/2000/svg">'
        '<title id="{id}-title">{title}</title>'
        '<desc id="{id}-desc">{desc}</desc>'
        '<line class="rating-chart-axis" x1="{left}" y1="{top}" x2="{left}" y2="{bottom}"/>'
        '<line class="rating-chart-axis" x1="{left}" y1="{bottom}" x2="{right}" y2="{bottom}"/>'
        "{y_labels}{x_labels}{line}</svg>",
        width=WIDTH,
        height=HEIGHT,
        id=dom_id,
        title=title,
        desc=rating_chart_description(values),
        left=_LEFT,
        top=_TOP,
        bottom=bottom,
        right=right,
        y_labels=y_labels,
        x_labels=x_labels,
        line=line,
    )
