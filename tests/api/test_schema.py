"""The OpenAPI schema says what the API does (test_schemathesis.py tries it)."""

from __future__ import annotations

import pytest

from games.models import Match
from games.rules import registry

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

# Every status each operation can answer, errors included.
STATUSES = {
    ("post", "/api/token/"): {"200", "400", "401", "415", "429", "503"},
    ("get", "/api/me/vacation/"): {"200", "401"},
    ("post", "/api/me/vacation/"): {"200", "400", "401", "403", "409", "415"},
    ("post", "/api/reports/"): {"201", "400", "401", "403", "404", "409", "415", "429"},
    ("get", "/api/me/notifications/"): {"200", "400", "401"},
    ("post", "/api/me/notifications/read/"): {"200", "400", "401", "403", "415"},
    ("get", "/api/me/history/"): {"200", "400", "401"},
    ("delete", "/api/me/"): {"204", "400", "401", "403", "415", "429", "503"},
    ("get", "/api/me/export/"): {"200", "401"},
    ("get", "/api/games/"): {"200", "401", "429"},
    ("get", "/api/games/{slug}/rankings/"): {"200", "400", "401", "404", "429"},
    ("get", "/api/players/{name}/"): {"200", "401", "404", "429"},
    ("get", "/api/matches/{match_id}/chat/"): {"200", "400", "401", "403", "404"},
    ("post", "/api/matches/{match_id}/chat/"): {
        "201",
        "400",
        "401",
        "403",
        "404",
        "415",
        "429",
        "503",
    },
    ("get", "/api/chat/"): {"200", "400", "401"},
    ("post", "/api/chat/"): {"201", "400", "401", "403", "415", "429", "503"},
    ("post", "/api/players/{name}/follow/"): {"200", "400", "401", "403", "404"},
    ("delete", "/api/players/{name}/follow/"): {"200", "400", "401", "403", "404"},
    ("post", "/api/players/{name}/mute/"): {"200", "400", "401", "403", "404"},
    ("delete", "/api/players/{name}/mute/"): {"200", "400", "401", "403", "404"},
    ("post", "/api/players/{name}/block/"): {"200", "400", "401", "403", "404"},
    ("delete", "/api/players/{name}/block/"): {"200", "400", "401", "403", "404"},
    ("get", "/api/matches/"): {"200", "400", "401"},
    ("post", "/api/matches/"): {"201", "400", "401", "403", "415"},
    ("get", "/api/matches/{match_id}/"): {"200", "400", "401", "404"},
    ("get", "/api/matches/{match_id}/record/"): {"200", "400", "401", "404", "409"},
    # What the match's state decides is a 409, never a 400: a request the
    # schema allows is not refused as malformed (test_schemathesis.py).
    ("post", "/api/matches/{match_id}/join/"): {
        "200",
        "400",
        "401",
        "403",
        "404",
        "409",
        "415",
    },
    ("post", "/api/matches/{match_id}/robots/"): {
        "200",
        "400",
        "401",
        "403",
        "404",
        "409",
        "415",
    },
    ("post", "/api/matches/{match_id}/autoplay/"): {
        "200",
        "401",
        "403",
        "404",
        "409",
    },
    ("post", "/api/matches/{match_id}/autoplay/decline/"): {
        "200",
        "401",
        "403",
        "404",
        "409",
    },
    ("post", "/api/matches/{match_id}/take-back/"): {
        "200",
        "401",
        "403",
        "404",
        "409",
    },
    ("post", "/api/matches/{match_id}/back/"): {"200", "401", "403", "404", "409"},
    ("post", "/api/matches/{match_id}/resign/"): {"200", "401", "403", "404", "409"},
    ("post", "/api/matches/{match_id}/cancel/"): {"200", "401", "403", "404", "409"},
    ("post", "/api/matches/{match_id}/moves/"): {
        "200",
        "400",
        "401",
        "403",
        "404",
        "409",
        "415",
    },  # Friends and invitations (issue 24).
    ("get", "/api/me/friends/"): {"200", "401"},
    ("get", "/api/me/invitations/"): {"200", "401"},
    ("post", "/api/matches/{match_id}/invitations/"): {
        "200",
        "400",
        "401",
        "403",
        "404",
        "409",
        "415",
    },
    ("post", "/api/invitations/{invitation_id}/accept/"): {
        "200",
        "401",
        "403",
        "404",
        "409",
    },
    ("post", "/api/invitations/{invitation_id}/decline/"): {
        "200",
        "401",
        "403",
        "404",
        "409",
    },
    ("delete", "/api/invitations/{invitation_id}/"): {
        "200",
        "401",
        "403",
        "404",
        "409",
    },
}


@pytest.fixture
def schema(api_for):
    response = api_for().get(
        "/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json"
    )
    assert response.status_code == 200
    return response.json()


def _resolve(schema, node):
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def test_the_schema_lists_exactly_the_api_operations(schema):
    operations = {
        (method, path)
        for path, item in schema["paths"].items()
        for method in item
        if method in {"get", "post", "put", "patch", "delete"}
    }

    # No catch-all 404, docs or schema view among them.
    assert operations == set(STATUSES)


@pytest.mark.parametrize(("method", "path"), sorted(STATUSES))
def test_each_operation_documents_every_status_it_answers(schema, method, path):
    responses = schema["paths"][path][method]["responses"]

    assert set(responses) == STATUSES[method, path]


@pytest.mark.parametrize(("method", "path"), sorted(STATUSES))
def test_every_error_body_is_a_detail_string(schema, method, path):
    responses = schema["paths"][path][method]["responses"]

    for code, response in responses.items():
        if code.startswith("2"):
            continue
        body = _resolve(schema, response["content"]["application/json"]["schema"])
        assert body["properties"] == {"detail": {"type": "string", **_extra(body)}}
        assert body["required"] == ["detail"]


def _extra(body):
    # A description may come along; nothing else.
    return {
        key: value
        for key, value in body["properties"]["detail"].items()
        if key == "description"
    }


def _create_variants(schema):
    body = schema["paths"]["/api/matches/"]["post"]["requestBody"]
    assert body["required"] is True
    variants = [
        _resolve(schema, variant)
        for variant in _resolve(schema, body["content"]["application/json"]["schema"])[
            "oneOf"
        ]
    ]
    return {
        _resolve(schema, variant["properties"]["game"])["enum"][0]: variant
        for variant in variants
    }


def test_each_game_states_its_seat_range_and_options(schema):
    # A body valid by the schema is one the game accepts: before, the seats
    # spanned every game and the options were any object (400s for both).
    variants = _create_variants(schema)

    assert set(variants) == set(registry.GAMES)
    for slug, entry in registry.GAMES.items():
        rules = entry.rules
        properties = variants[slug]["properties"]
        seats = properties["seats"]
        assert (seats["minimum"], seats["maximum"]) == (
            rules.info.min_seats,
            rules.info.max_seats,
        )
        options = properties["options"]
        assert options["additionalProperties"] is False
        assert set(options["properties"]) == {o.key for o in rules.info.options}
        for option in rules.info.options:
            stated = options["properties"][option.key]
            if option.kind == "int":
                assert (stated["minimum"], stated["maximum"]) == (
                    option.min_value,
                    option.max_value,
                )
            if option.kind == "choice":
                assert stated["enum"] == [value for value, _ in option.choices]


def test_a_custom_time_control_states_its_bounds(schema):
    control = _create_variants(schema)["toy"]["properties"]["time_control"]
    custom = control["oneOf"][1]["properties"]

    assert (custom["bank"]["minimum"], custom["bank"]["maximum"]) == (60, 30 * 86400)
    assert (custom["increment"]["minimum"], custom["increment"]["maximum"]) == (
        0,
        7 * 86400,
    )
    assert custom["cap"]["maximum"] == 30 * 86400


def test_a_vacation_start_requires_its_days(schema):
    body = schema["paths"]["/api/me/vacation/"]["post"]["requestBody"]
    assert body["required"] is True
    start, stop = (
        _resolve(schema, variant)
        for variant in _resolve(schema, body["content"]["application/json"]["schema"])[
            "oneOf"
        ]
    )

    assert start["required"] == ["action", "days"]
    assert start["properties"]["days"]["minimum"] == 1
    assert _resolve(schema, stop["properties"]["action"])["enum"] == ["stop"]


def test_the_list_filters_name_their_values(schema):
    parameters = {
        p["name"]: p["schema"]
        for p in schema["paths"]["/api/matches/"]["get"]["parameters"]
    }

    assert set(parameters) == {"status", "game", "mine"}
    assert parameters["status"]["enum"] == [*(s.value for s in Match.Status), ""]
    assert parameters["game"]["enum"] == [*sorted(registry.GAMES), ""]
    assert parameters["mine"]["enum"] == ["true", "1", "false", "0", ""]


@pytest.mark.parametrize("path", ["/api/matches/", "/api/matches/{match_id}/moves/"])
def test_object_bodies_are_json_only(schema, path):
    assert set(schema["paths"][path]["post"]["requestBody"]["content"]) == {
        "application/json"
    }


def test_the_notification_list_states_its_limits(schema):
    parameters = {
        p["name"]: p["schema"]
        for p in schema["paths"]["/api/me/notifications/"]["get"]["parameters"]
    }

    assert (parameters["limit"]["minimum"], parameters["limit"]["maximum"]) == (1, 100)
    assert parameters["offset"]["minimum"] == 0
    assert parameters["unread"]["enum"] == ["true", "1", "false", "0", ""]
    page = schema["components"]["schemas"]["NoticePage"]
    assert set(page["required"]) == {"count", "unread", "next", "previous", "results"}


def test_marking_read_takes_ids_or_all(schema):
    body = schema["paths"]["/api/me/notifications/read/"]["post"]["requestBody"]
    assert set(body["content"]) == {"application/json"}
    choices = [
        _resolve(schema, option)
        for option in _resolve(schema, body["content"]["application/json"]["schema"])[
            "oneOf"
        ]
    ]

    ids, everything = choices
    assert ids["required"] == ["ids"]
    assert (
        ids["properties"]["ids"]["minItems"],
        ids["properties"]["ids"]["maxItems"],
    ) == (1, 100)
    assert everything["required"] == ["all"]


def test_a_body_of_one_of_several_shapes_is_required(schema):
    # {"ids": [...]} or {"all": true}: without the hook the body was
    # documented as optional, and a request without one (valid by the
    # schema) got a 400 (schemathesis' positive_data_acceptance).
    body = schema["paths"]["/api/me/notifications/read/"]["post"]["requestBody"]
    assert body["required"] is True


def test_an_empty_invite_matches_one_variant_of_its_schema(schema):
    # A oneOf whose two variants both took "" made `?invite=` invalid by the
    # schema, while the server (rightly) reads it as no invite.
    import re

    (invite,) = (
        p["schema"]
        for p in schema["paths"]["/api/matches/{match_id}/"]["get"]["parameters"]
        if p["name"] == "invite"
    )
    takes_empty = [
        variant
        for variant in invite["oneOf"]
        if re.search(variant.get("pattern", ""), "") is not None
    ]
    assert len(takes_empty) == 1


def test_a_username_of_separators_is_blank_by_the_schema_too(schema, api_for):
    # DRF trims "\x1d" (Python's whitespace) to a blank username, a 400; the
    # schema's \s (ECMA-262) would have called it text.
    import re

    body = schema["paths"]["/api/token/"]["post"]["requestBody"]["content"]
    username = body["application/json"]["schema"]
    if "$ref" in username:
        name = username["$ref"].rsplit("/", 1)[1]
        username = schema["components"]["schemas"][name]
    pattern = username["properties"]["username"]["pattern"]
    answer = api_for().post(
        "/api/token/", {"username": "\x1d", "password": "x"}, format="json"
    )

    assert answer.status_code == 400
    assert re.search(pattern, "\x1d") is None
    assert re.search(pattern, " alice ") is not None
