"""Schema plumbing of the API's bodies: per-game variants as `oneOf` components."""

from __future__ import annotations

import copy
from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent

from games.rules import OptionInfo
from games.rules.registry import RULES_BY_SLUG

from .fields import TIME_CONTROL_SCHEMA


def _option_schema(option: OptionInfo) -> dict[str, Any]:
    """Return the JSON Schema of one game option (games.rules Rules.validate_options)."""
    schema: dict[str, Any] = {"description": option.label, "default": option.default}
    if option.kind == "bool":
        schema["type"] = "boolean"
    elif option.kind == "int":
        schema["type"] = "integer"
        if option.min_value is not None:
            schema["minimum"] = option.min_value
        if option.max_value is not None:
            schema["maximum"] = option.max_value
    else:
        schema.update(type="string", enum=[value for value, _label in option.choices])
    return schema


def match_create_variants() -> dict[str, dict[str, Any]]:
    """Return the request body of POST /api/matches/ per game, by component name.

    Each states the game's seat range and its options exactly (no others),
    so a body valid by the schema is one the game accepts.
    """
    variants = {}
    for slug, rules in sorted(RULES_BY_SLUG.items()):
        info = rules.info
        name = "MatchCreate" + "".join(part.title() for part in slug.split("-"))
        variants[name] = {
            "type": "object",
            "title": info.name,
            "properties": {
                "game": {"type": "string", "enum": [slug]},
                "seats": {
                    "type": "integer",
                    "minimum": info.min_seats,
                    "maximum": info.max_seats,
                },
                "options": {
                    "type": "object",
                    "properties": {
                        option.key: _option_schema(option) for option in info.options
                    },
                    "additionalProperties": False,
                    "description": "The game's options (GET /api/games/); "
                    "absent ones take their default.",
                },
                "time_control": TIME_CONTROL_SCHEMA,
                "private": {
                    "type": "boolean",
                    "default": False,
                    "description": "Not listed in the lobby (nor in GET "
                    "/api/matches/ for others); joined by its link or id.",
                },
            },
            "required": ["game", "seats"],
        }
    return variants


def one_of_components(
    auto_schema: AutoSchema, variants: dict[str, dict[str, Any]], required: list[str]
) -> dict[str, Any]:
    """Register each variant as a component; return a schema of one of them.

    A component per variant: drf-spectacular names an enum after its
    component and property, so single-value enums of one component (the
    game, the action) would share one name and be merged into one. The
    top-level `required` (without a top-level type or properties, which
    generators would read instead of the variants) makes the body required.
    """
    refs = []
    for name, schema in variants.items():
        component = ResolvedComponent(  # type: ignore[no-untyped-call]
            name=name,
            type=ResolvedComponent.SCHEMA,
            object=name,
            # A copy: drf-spectacular's enum hook edits component schemas in
            # place, and the next schema built would find the enums gone.
            schema=copy.deepcopy(schema),
        )
        auto_schema.registry.register_on_missing(component)
        refs.append(component.ref)
    return {"required": required, "oneOf": refs}
