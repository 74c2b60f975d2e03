"""The rating history chart: SVG drawn on the server, described in words."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from django.utils import translation

from games.rating_chart import HEIGHT, rating_chart, rating_chart_description

SVG = "{http://www.w3.org/2000/svg}"


def _svg(values, title="Toy"):
    markup = rating_chart(values, title=title, dom_id="chart-toy")
    return ET.fromstring(markup)


def _points(svg):
    line = svg.find(f"{SVG}polyline")
    return [tuple(map(float, p.split(","))) for p in line.get("points").split()]


def test_no_history_draws_nothing():
    assert rating_chart([], title="Toy", dom_id="chart-toy") == ""
    assert rating_chart_description([]) == ""


def test_one_point_is_a_dot_without_a_line():
    svg = _svg([1000])

    assert svg.find(f"{SVG}polyline") is None
    assert len(svg.findall(f"{SVG}circle")) == 1
    assert svg.find(f"{SVG}desc").text == "Rating 1,000, no rated match yet."


def test_many_points_draw_a_line_rising_with_the_rating():
    values = [1000, 1020, 990, 1112]
    svg = _svg(values)

    points = _points(svg)
    assert len(points) == len(values)
    xs = [x for x, _y in points]
    assert xs == sorted(xs)
    ys = [y for _x, y in points]
    # Higher ratings are drawn higher up (smaller y); the extremes touch the plot's edges.
    assert ys[3] == min(ys)
    assert ys[2] == max(ys)
    assert 0 <= min(ys) < max(ys) <= HEIGHT
    labels = [t.text for t in svg.findall(f"{SVG}text")]
    assert "1,112" in labels
    assert "990" in labels
    assert "3" in labels


def test_the_chart_is_labelled_for_screen_readers():
    svg = _svg([1000] + [1000 + 8 * n for n in range(1, 15)], title="Toy <rating>")

    assert svg.get("role") == "img"
    assert svg.get("aria-labelledby") == "chart-toy-title chart-toy-desc"
    assert svg.find(f"{SVG}title").text == "Toy <rating>"  # escaped, read back
    assert svg.find(f"{SVG}title").get("id") == "chart-toy-title"
    assert svg.find(f"{SVG}desc").text == "From 1,000 to 1,112 over 14 rated matches."


def test_a_flat_history_still_draws_inside_the_chart():
    points = _points(_svg([1000, 1000, 1000]))

    assert len({y for _x, y in points}) == 1
    assert 0 < points[0][1] < HEIGHT


def test_no_inline_style_or_script():
    markup = str(rating_chart([1000, 1050], title="Toy", dom_id="c"))

    assert "style=" not in markup
    assert "<script" not in markup


def test_the_description_speaks_german():
    with translation.override("de"):
        text = rating_chart_description([1000, 1112])

    assert "1.000" in text
    assert "1.112" in text
