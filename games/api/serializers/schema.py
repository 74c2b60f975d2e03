"""Schema plumbing of the API's bodies: per-game variants as `oneOf` components."""

from __future__ import annotations

import copy
from typing import Any, cast

import msgspec
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import ResolvedComponent

from games.rules import OptionInfo, registry

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


# The creator's client seed (provably fair randomness, games/fairness.py).
CLIENT_SEED_SCHEMA: dict[str, Any] = {
    "type": "string",
    "maxLength": 64,
    "pattern": "^[ -~]*$",
    "default": "",
    "description": "Your share of the match's randomness: up to 64 printable "
    "ASCII characters; blank or absent: the server generates one.",
}


def match_create_variants() -> dict[str, dict[str, Any]]:
    """Return the request body of POST /api/matches/ per game, by component name.

    Each states the game's seat range and its options exactly (no others),
    so a body valid by the schema is one the game accepts.
    """
    variants = {}
    for slug, entry in sorted(registry.GAMES.items()):
        info = entry.rules.info
        name = "MatchCreate" + "".join(part.title() for part in slug.split("-"))
        variants[name] = {
            "type": "object",
            "title": info.name,
            "properties": {
                # The creator's share of the randomness (issue 23).
                "client_seed": CLIENT_SEED_SCHEMA,
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
                "rated": {
                    "type": "boolean",
                    "default": True,
                    "description": "The match changes the ratings of the "
                    "people seated once it finishes (at least two people; "
                    "robots are not rated).",
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


# Each game's view, move and legal moves, from the types the rules declare
# (`Rules.view_type`, `Rules.move_type`): msgspec writes their JSON Schema
# (2020-12), `_openapi_30` says the same in OpenAPI 3.0, which the schema
# is written in (drf-spectacular's default).

_COMPONENTS = "#/components/schemas/"
# What a game that declares no type hands out: some object.
_UNDECLARED: dict[str, Any] = {"type": "object", "additionalProperties": {}}


def game_component_prefix(slug: str) -> str:
    """Return a game's component name prefix: "dice-stars" -> "DiceStars"."""
    return "".join(part.title() for part in slug.split("-"))


def game_type_components(slug: str, rules: Any) -> dict[str, dict[str, Any]]:
    """Return a game's declared types as OpenAPI components, by name.

    Always `<Game>Move` (one move, the union of the game's move records)
    and `<Game>View` (what `view` returns for a seat); the records they
    name are `<Game><Record>` (a name that starts with the game's already
    keeps it). An undeclared type (None) is any object.
    """
    prefix = game_component_prefix(slug)
    move_name, view_name = f"{prefix}Move", f"{prefix}View"
    declared = {
        name: kind
        for name, kind in ((move_name, rules.move_type), (view_name, rules.view_type))
        if kind is not None
    }
    components: dict[str, dict[str, Any]] = {
        name: dict(_UNDECLARED, description=f"{rules.info.name}: undeclared.")
        for name in (move_name, view_name)
        if name not in declared
    }
    if not declared:
        return components
    tops, found = msgspec.json.schema_components(
        list(declared.values()), ref_template=_COMPONENTS + "{name}"
    )
    names = _component_names(prefix, found)
    renamed: set[str] = set()
    for name, top in zip(declared, tops, strict=True):
        target = top.get("$ref", "").removeprefix(_COMPONENTS)
        if target in found and target not in renamed:
            # The type is one record: that record is the component.
            names[target] = name
            renamed.add(target)
        else:
            components[name] = top
    for original, schema in found.items():
        components[names[original]] = schema
    return {name: _openapi_30(schema, names) for name, schema in components.items()}


def _component_names(prefix: str, found: dict[str, Any]) -> dict[str, str]:
    """Return a unique component name for each of a game's records, by class name.

    `<Game><Record>`, or the record's own name when it starts with the game's;
    a record whose prefixed name another record already has (a move `Draw`
    beside a view part `DiceStarsDraw`) becomes `<Game><Record>Record`.
    Raises ValueError if even that is taken.
    """
    names: dict[str, str] = {}
    for name in sorted(found, key=lambda n: (not n.startswith(prefix), n)):
        candidate = name if name.startswith(prefix) else prefix + name
        if candidate in names.values() or (candidate != name and candidate in found):
            candidate = f"{prefix}{name}Record"
        if candidate in names.values():
            raise ValueError(f"two records of {prefix} are both named {candidate}")
        names[name] = candidate
    return names


def declared_component(declared: type[msgspec.Struct]) -> dict[str, Any]:
    """Return the OpenAPI component of one platform Struct (e.g. `Outcome`).

    For a Struct without nested records (their refs would dangle).
    """
    _tops, found = msgspec.json.schema_components(
        [declared], ref_template=_COMPONENTS + "{name}"
    )
    if len(found) != 1:
        raise ValueError(f"{declared.__name__} names other records")
    return cast(dict[str, Any], _openapi_30(found[declared.__name__], {}))


def _openapi_30(node: Any, names: dict[str, str]) -> Any:
    """Return JSON Schema 2020-12 `node` in OpenAPI 3.0, refs renamed by `names`.

    3.0 has no `{"type": "null"}` (a union with null is `nullable`), no
    `prefixItems` (a fixed tuple is an array of its item types with its
    length) and boolean `exclusiveMinimum`/`exclusiveMaximum`.
    """
    if isinstance(node, list):
        return [_openapi_30(item, names) for item in node]
    if not isinstance(node, dict):
        return node
    node = _null_as_nullable(node)
    node = {key: _openapi_30(value, names) for key, value in node.items()}
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith(_COMPONENTS):
        name = ref.removeprefix(_COMPONENTS)
        node["$ref"] = _COMPONENTS + names.get(name, name)
    mapping = node.get("discriminator", {}).get("mapping")
    if mapping:
        for tag, target in mapping.items():
            name = target.removeprefix(_COMPONENTS)
            mapping[tag] = _COMPONENTS + names.get(name, name)
    for bound in ("exclusiveMinimum", "exclusiveMaximum"):
        value = node.get(bound)
        if isinstance(value, int | float) and not isinstance(value, bool):
            node[bound.replace("exclusiveM", "m")] = value
            node[bound] = True
    if "prefixItems" in node:
        items = node.pop("prefixItems")
        node["items"] = items[0] if len(items) == 1 else {"anyOf": items}
        node.setdefault("minItems", len(items))
        node.setdefault("maxItems", len(items))
    return node


def _null_as_nullable(node: dict[str, Any]) -> dict[str, Any]:
    """Return `node` with a union that takes null written as `nullable`."""
    null = {"type": "null"}
    if node.get("type") == "null":
        # A lone null (a field that is always None).
        others = {key: value for key, value in node.items() if key != "type"}
        return {**others, "nullable": True, "enum": [None]}
    for key in ("anyOf", "oneOf"):
        variants = node.get(key)
        if not (isinstance(variants, list) and null in variants):
            continue
        node = {**node, "nullable": True}
        rest = [variant for variant in variants if variant != null]
        if len(rest) != 1 or "discriminator" in node:
            node[key] = rest
            continue
        del node[key]
        (only,) = rest
        if "$ref" in only:
            # 3.0 reads nothing beside a $ref: wrap it.
            node["allOf"] = [only]
        else:
            node = {**only, **node}
    return node
