"""The schema describes each game's view, move and legal moves by its declared types.

`Rules.move_type` (the union of the game's move records) and
`Rules.view_type` (a Struct, or None: undeclared) become components
`<Game>Move` and `<Game>View`, read from the registry when the schema is
built, so a game registered by a test is described as well.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Annotated, Literal

import msgspec
import pytest
from jsonschema import Draft202012Validator

from games.api.serializers.schema import game_type_components
from games.rules import registry
from tests.games.toy import engine as toy
from tests.games.toy import register

pytestmark = pytest.mark.django_db

_REF = "#/components/schemas/"


class ToyView(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The Toy's view as a declared type (the Toy itself declares none)."""

    scores: tuple[int, ...]
    to_move: tuple[int, ...]
    current: int | None
    pending: Annotated[int, msgspec.Meta(ge=0)]
    turns: int
    target: Literal[20, 40]


def _schema(api_for):
    response = api_for().get(
        "/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json"
    )
    assert response.status_code == 200
    return response.json()


@pytest.fixture
def toy_declared(monkeypatch):
    """Register the Toy with its moves and a view declared."""
    register(monkeypatch)
    monkeypatch.setattr(toy.TOY, "move_type", toy.Move, raising=False)
    monkeypatch.setattr(toy.TOY, "view_type", ToyView, raising=False)
    return toy.TOY


def _json_schema(node):
    """Return OpenAPI 3.0 `node` as JSON Schema (nullable: or null)."""
    if isinstance(node, list):
        return [_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _json_schema(value) for key, value in node.items()}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def _validator(schema, name):
    root = {
        "$ref": _REF + name,
        "components": {"schemas": _json_schema(schema["components"]["schemas"])},
    }
    return Draft202012Validator(root)


def test_each_registered_game_has_its_move_and_view_components(api_for):
    schema = _schema(api_for)
    components = schema["components"]["schemas"]
    match = components["Match"]

    games = [variant["properties"]["game"]["enum"] for variant in match["oneOf"]]
    assert games == [[slug] for slug in sorted(registry.game_slugs())]
    for variant in match["oneOf"]:
        view = variant["properties"]["view"]["allOf"][0]["$ref"]
        move = variant["properties"]["legal_moves"]["items"]["$ref"]
        assert view.removeprefix(_REF) in components
        assert move.removeprefix(_REF) in components
        # A declared move type: one record per kind, by its tag.
        assert "discriminator" in components[move.removeprefix(_REF)]
    sent = components["MoveSubmit"]["properties"]["move"]["anyOf"]
    assert sent == [v["properties"]["legal_moves"]["items"] for v in match["oneOf"]]


def test_a_game_registered_later_is_described_by_its_declared_types(
    api_for, toy_declared
):
    schema = _schema(api_for)
    components = schema["components"]["schemas"]

    assert set(components["ToyMove"]["discriminator"]["mapping"]) == {"roll", "bank"}
    view = components["ToyView"]
    assert view["required"] == [
        "scores",
        "to_move",
        "current",
        "pending",
        "turns",
        "target",
    ]
    assert view["properties"]["current"] == {"type": "integer", "nullable": True}
    assert view["properties"]["pending"]["minimum"] == 0
    assert "toy" in [
        v["properties"]["game"]["enum"][0] for v in components["Match"]["oneOf"]
    ]


def test_the_toys_views_and_legal_moves_match_their_schema(api_for, toy_declared):
    schema = _schema(api_for)
    views, moves = _validator(schema, "ToyView"), _validator(schema, "ToyMove")
    rules = toy_declared
    state = rules.new_state(seats=2, options={"target": "short"}, seed=3)

    for _ in range(12):
        for seat in (None, 0, 1):
            views.validate(rules.view(state, seat))
        if state.current is None:
            break
        legal = rules.legal_moves(state, state.current)
        for move in legal:
            moves.validate(move.to_json())
        state, _events = rules.apply(state, state.current, legal[-1])

    assert not moves.is_valid({"kind": "fly"})
    assert not moves.is_valid({"kind": "roll", "times": 2})
    assert not views.is_valid({**rules.view(state, 0), "pending": -1})


def test_an_undeclared_view_is_any_object(api_for, toy_declared, monkeypatch):
    monkeypatch.setattr(toy_declared, "view_type", None)
    monkeypatch.setattr(toy_declared, "move_type", None)

    components = _schema(api_for)["components"]["schemas"]

    for name in ("ToyView", "ToyMove"):
        assert components[name]["type"] == "object"
        assert components[name]["additionalProperties"] == {}


class Pair(msgspec.Struct, frozen=True):
    first: Annotated[int, msgspec.Meta(gt=0)]
    second: tuple[int, str]
    note: str | None = None


class Seen(msgspec.Struct, frozen=True):
    pair: Pair | None
    pairs: tuple[Pair, ...]
    nothing: None = None


def test_json_schema_2020_is_said_in_openapi_3_0():
    rules = SimpleNamespace(
        move_type=None, view_type=Seen, info=SimpleNamespace(name="Demo")
    )

    components = game_type_components("demo-game", rules)

    assert set(components) == {"DemoGameMove", "DemoGameView", "DemoGamePair"}
    view = components["DemoGameView"]["properties"]
    assert view["pair"] == {
        "allOf": [{"$ref": _REF + "DemoGamePair"}],
        "nullable": True,
    }
    assert view["pairs"]["items"] == {"$ref": _REF + "DemoGamePair"}
    assert view["nothing"]["enum"] == [None]
    pair = components["DemoGamePair"]["properties"]
    assert (pair["first"]["minimum"], pair["first"]["exclusiveMinimum"]) == (0, True)
    assert pair["second"] == {
        "type": "array",
        "items": {"anyOf": [{"type": "integer"}, {"type": "string"}]},
        "minItems": 2,
        "maxItems": 2,
    }
    assert pair["note"]["nullable"] is True
    assert "null" not in str(components).replace("'nullable'", "")


def test_a_matchs_outcome_is_the_declared_outcome(api_for):
    components = _schema(api_for)["components"]["schemas"]

    outcome = components["Match"]["properties"]["outcome"]
    assert outcome["allOf"] == [{"$ref": _REF + "Outcome"}]
    assert outcome["nullable"] is True
    assert components["Outcome"]["required"] == ["ranks", "reason"]
    assert components["Outcome"]["additionalProperties"] is False


@pytest.mark.parametrize("slug", sorted(registry.game_slugs()))
def test_a_declared_move_type_is_what_the_game_parses(slug):
    # The schema says a game's moves are its move_type: every legal move
    # of a seeded robot game is one, and parses back to itself.
    from games.rules.rng import Rng

    rules = registry.rules_for(slug)
    if rules.move_type is None:
        pytest.skip("undeclared")
    robot = registry.default_robot(slug)
    seats = rules.info.max_seats
    options = rules.validate_options({}, seats)
    state = rules.new_state(seats=seats, options=options, seed=7)
    for step in range(60):
        to_move = sorted(rules.to_move(state))
        if not to_move:
            break
        seat = to_move[0]
        legal = rules.legal_moves(state, seat)
        for move in legal:
            data = move.to_json()
            assert msgspec.convert(data, rules.move_type, strict=True) == move
            assert rules.move_from_json(data) == move
        move = robot.choose(rules.view(state, seat), legal, Rng(7, step))
        state, _events = rules.apply(state, seat, move)


def test_every_record_of_every_game_gets_its_own_component_name():
    # Dice Stars has a move `Draw` and a view part `DiceStarsDraw`: both
    # named DiceStarsDraw, one would silently replace the other.
    for slug in registry.game_slugs():
        rules = registry.rules_for(slug)
        declared = [t for t in (rules.move_type, rules.view_type) if t is not None]
        _tops, found = msgspec.json.schema_components(declared)
        components = game_type_components(slug, rules)
        assert len(components) >= len(found), slug
