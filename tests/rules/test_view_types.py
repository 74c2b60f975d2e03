"""Every game's seat view matches its declared type (`Rules.view_type`).

The declared view types (games/rules/<slug>/view_types.py) feed the OpenAPI
schema; these tests keep them true: every view of every seat and of a
spectator decodes strictly (no coercion, no unknown or missing keys) and
encodes back to exactly the same JSON (`view_check`): here the golden
playthroughs, and in the conformance suite (test_conformance.py) every view
its seeded random games check. The tests below show the check can fail.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import msgspec
import pytest

from games.rules import registry
from games.rules.base.view_types import View, view_check

# Each game's golden playthrough: tests/games/<slug with underscores>/playthrough.txt.
GAME_TESTS = Path(__file__).parents[1] / "games"
# A view that breaks its declaration: refused by the strict decode
# (ValidationError) or by the exact re-encode (ValueError).
REFUSED = (msgspec.ValidationError, ValueError)


def _slugs() -> list[str]:
    # The registered games, read when the tests are collected.
    return sorted(registry.game_slugs())


@pytest.mark.parametrize("slug", _slugs())
def test_every_game_declares_its_view_type(slug):
    view_type = registry.rules_for(slug).view_type
    assert isinstance(view_type, type)
    assert issubclass(view_type, View)


@pytest.mark.parametrize("slug", _slugs())
def test_every_view_of_the_golden_playthrough_matches_the_declared_type(slug):
    view_type = registry.rules_for(slug).view_type
    assert view_type is not None
    lines = (
        (GAME_TESTS / slug.replace("-", "_") / "playthrough.txt")
        .read_text()
        .splitlines()
    )
    views = [line.split(": ", 1)[1] for line in lines if line.startswith("view (")]
    assert views
    for text in views:
        view_check(view_type, json.loads(text))


# The check can fail: views that break their declaration are refused.


def _first_view(slug: str) -> tuple[type[Any], dict[str, Any]]:
    rules = registry.rules_for(slug)
    seats = rules.info.max_seats
    state = rules.new_state(
        seats=seats, options=rules.validate_options({}, seats), seed=1
    )
    assert rules.view_type is not None
    return rules.view_type, rules.view(state, 0)


def _nested_objects(value: Any) -> list[dict[str, Any]]:
    """Return every JSON object below the top level of `value`."""
    found: list[dict[str, Any]] = []
    pending = [value]
    while pending:
        item = pending.pop()
        children = item.values() if isinstance(item, dict) else item
        for child in children:
            if isinstance(child, dict):
                found.append(child)
            if isinstance(child, (dict, list)):
                pending.append(child)
    return found


@pytest.mark.parametrize("slug", _slugs())
def test_the_unchanged_view_passes(slug):
    view_type, view = _first_view(slug)
    assert isinstance(view_check(view_type, view), view_type)


@pytest.mark.parametrize("slug", _slugs())
def test_an_unknown_key_is_refused_at_any_depth(slug):
    view_type, view = _first_view(slug)
    with pytest.raises(REFUSED):
        view_check(view_type, {**view, "extra": None})
    for index in range(len(_nested_objects(view))):
        changed = copy.deepcopy(view)
        # 1.5: no view declares a float, so even an open mapping (a
        # Message's params, Rat um Rad's roads) refuses the entry.
        _nested_objects(changed)[index]["extra"] = 1.5
        with pytest.raises(REFUSED):
            view_check(view_type, changed)


@pytest.mark.parametrize("slug", _slugs())
def test_a_missing_key_is_refused(slug):
    view_type, view = _first_view(slug)
    for key in view:
        changed = dict(view)
        del changed[key]
        with pytest.raises(REFUSED):
            view_check(view_type, changed)


@pytest.mark.parametrize("slug", _slugs())
def test_a_wrong_type_is_refused(slug):
    view_type, view = _first_view(slug)
    for key, value in view.items():
        # No coercion: a number as text or a bool; an object where the
        # declaration has no such object.
        wrong: list[Any] = [{"wrong": "x"}]
        if type(value) is int:
            wrong += [str(value), True, float(value)]
        for bad in wrong:
            with pytest.raises(REFUSED):
                view_check(view_type, {**view, key: bad})


@pytest.mark.parametrize("slug", _slugs())
def test_a_missing_key_is_refused_at_any_depth(slug):
    view_type, view = _first_view(slug)
    for index, target in enumerate(_nested_objects(view)):
        # A Message's params are open (any parameter, or none): skip them.
        # (Rat um Rad's open `roads` mapping is still empty here.)
        if any(target is m.get("params") for m in _nested_objects(view)):
            continue
        for key in target:
            changed = copy.deepcopy(view)
            del _nested_objects(changed)[index][key]
            with pytest.raises(REFUSED):
                view_check(view_type, changed)


class _Castle(View, frozen=True, tag_field="type", tag="castle"):
    id: str


class _Holder(View, frozen=True):
    card: _Castle


def test_view_check_refuses_a_missing_tag():
    # msgspec accepts a single tagged struct without its tag key; the
    # re-encode in view_check does not.
    assert view_check(_Holder, {"card": {"type": "castle", "id": "a"}})
    with pytest.raises(ValueError, match="does not encode back"):
        view_check(_Holder, {"card": {"id": "a"}})
    with pytest.raises(msgspec.ValidationError):
        view_check(_Holder, {"card": {"type": "special", "id": "a"}})


def test_the_declared_types_make_one_schema_with_unique_names():
    # The API schema shows every game's view side by side: no two games
    # may declare different types under one name (msgspec would fall back
    # to dotted module paths).
    declared = [registry.rules_for(slug).view_type for slug in _slugs()]
    schemas, components = msgspec.json.schema_components(declared)
    assert len(schemas) == len(declared)
    assert not [name for name in components if "." in name]
