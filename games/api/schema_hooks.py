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
