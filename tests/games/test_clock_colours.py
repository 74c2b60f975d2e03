"""The low-time clock is orange and readable (issue 21: it was red on pink).

The README says a clock turns orange under 20 % of its bank; the rule in
static/css/spielpost.css gives its colours, and the text keeps WCAG's
4.5:1 contrast against its background.
"""

from __future__ import annotations

import colorsys
import re
from pathlib import Path

CSS = Path(__file__).resolve().parents[2] / "static" / "css" / "spielpost.css"


def _rule(selector: str) -> dict[str, str]:
    css = CSS.read_text()
    found = re.search(re.escape(selector) + r"\s*\{([^}]*)\}", css)
    assert found, selector
    declarations = (part.split(":", 1) for part in found.group(1).split(";"))
    return {
        name.strip(): value.strip()
        for name, value in (d for d in declarations if len(d) == 2)
    }


def _rgb(colour: str) -> tuple[float, float, float]:
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", colour), colour
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def _luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(one: str, two: str) -> float:
    light, dark = sorted((_luminance(one), _luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _hue_degrees(colour: str) -> float:
    return colorsys.rgb_to_hsv(*_rgb(colour))[0] * 360


def test_the_low_clock_is_orange():
    rule = _rule(".clock.running.low")

    # Orange: a hue between red (0°) and yellow (60°), well clear of both.
    for part in ("border-color", "background", "color"):
        assert 20 <= _hue_degrees(rule[part]) <= 45, (part, rule[part])


def test_the_low_clock_text_is_readable():
    rule = _rule(".clock.running.low")

    assert _contrast(rule["color"], rule["background"]) >= 4.5
