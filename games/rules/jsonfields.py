"""Checked reads of stored JSON values, shared by the engines' `from_json`.

Each raises TypeError or ValueError for a value of the wrong kind, which the
engines turn into IllegalMove ("That game state is not understood.").
"""

from __future__ import annotations

from typing import Any


def is_int(value: Any) -> bool:
    """Return whether `value` is an int (a bool is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_field(value: Any) -> int:
    """Return `value` if it is an int (not a bool); raise TypeError otherwise."""
    if not is_int(value):
        raise TypeError("expected an int")
    return int(value)


def bool_field(value: Any) -> bool:
    """Return `value` if it is a bool; raise TypeError otherwise."""
    if not isinstance(value, bool):
        raise TypeError("expected a bool")
    return value


def choice_field(value: Any, options: tuple[str, ...]) -> str:
    """Return `value` if it is one of `options`; raise ValueError otherwise."""
    if not isinstance(value, str) or value not in options:
        raise ValueError("unknown value")
    return value
