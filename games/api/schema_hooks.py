"""Post-processing of the OpenAPI schema (SPECTACULAR_SETTINGS' hooks)."""

from __future__ import annotations

from typing import Any

_JSON = "application/json"
_COMPONENT = "#/components/schemas/"


def one_of_bodies_required(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Mark a request body required when its schema is one of several shapes.

    drf-spectacular reads "required" from a body's top-level properties; a
    body that is one of several variants (`{"ids": [...]}` or `{"all":
    true}`) has none, so it was documented as optional and a request
    without one, valid by the schema, was refused (schemathesis'
    positive_data_acceptance). `result`: the schema, changed in place and
    returned.
    """
    components = result.get("components", {}).get("schemas", {})
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if body is None or body.get("required"):
                continue
            schema = body.get("content", {}).get(_JSON, {}).get("schema", {})
            ref = schema.get("$ref", "")
            target = components.get(ref.removeprefix(_COMPONENT), schema)
            if "oneOf" in target:
                body["required"] = True
    return result


def game_types_declared(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Describe each game's view, move and legal moves by its declared types.

    Read from the registry when the schema is built (a game registered
    later, as a test's, is described too). Per game, components
    `<Game>Move` and `<Game>View` (serializers.schema.game_type_components);
    the match body (`Match`) says its `view` and `legal_moves` are one
    game's, and `oneOf` per game ties them to its `game`; a move sent
    (`MoveSubmit`) is any game's move (the match's game decides, a 409
    otherwise). A match's `outcome` is the declared `Outcome`. Runs after drf-spectacular's enum hook, which would
    rename the records' enums. `result`: changed in place and returned.
    """
    # Imported here: the hooks module is loaded by settings' import strings.
    from games.api.serializers.schema import (
        declared_component,
        game_component_prefix,
        game_type_components,
    )
    from games.rules import Outcome, registry

    components = result.setdefault("components", {}).setdefault("schemas", {})
    views, moves, variants = [], [], []
    for slug in sorted(registry.game_slugs()):
        rules = registry.rules_for(slug)
        components.update(game_type_components(slug, rules))
        prefix = game_component_prefix(slug)
        view = {"$ref": f"{_COMPONENT}{prefix}View"}
        move = {"$ref": f"{_COMPONENT}{prefix}Move"}
        views.append(view)
        moves.append(move)
        variants.append(
            {
                "title": rules.info.name,
                "properties": {
                    "game": {"type": "string", "enum": [slug]},
                    "view": {"allOf": [view], "nullable": True},
                    "legal_moves": {"type": "array", "items": move},
                },
            }
        )
    match = components.get("Match")
    if match is not None:
        properties = match["properties"]
        properties["view"] = {
            "anyOf": views,
            "nullable": True,
            "description": properties["view"].get("description", ""),
        }
        properties["legal_moves"] = {
            "type": "array",
            "items": {"anyOf": moves},
            "description": "The moves your seat may make now (empty when it is "
            "not to move), each as POST moves/ takes it.",
        }
        match["oneOf"] = variants
        components["Outcome"] = declared_component(Outcome)
        properties["outcome"] = {
            "allOf": [{"$ref": f"{_COMPONENT}Outcome"}],
            "nullable": True,
            "description": "How the match ranked the seats; null until it ends.",
        }
    submit = components.get("MoveSubmit")
    if submit is not None:
        submit["properties"]["move"] = {
            "anyOf": moves,
            "description": "One of the match's game's moves (legal_moves lists "
            "those your seat may make now).",
        }
    return result
