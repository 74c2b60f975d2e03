"""Declared JSON types for states and moves (msgspec Structs).

A game declares its `State` as a `Record` and its moves as `MoveRecord`
subclasses, one per move kind, joined in a tagged union (`kind` is the tag).
Encoding and validation come from the declarations: `to_json` gives plain
JSON (dicts and lists), and `parse` refuses anything that does not match the
declared type, including the consistency checks a record makes in
`__post_init__`, with IllegalMove. A malformed stored state or submitted
move therefore never reaches the rules as an IndexError or KeyError.

Records are frozen: `replace(record, field=value)` returns a changed copy
(and runs `__post_init__` again).
"""

from __future__ import annotations

from typing import Any, ClassVar, Self, TypeVar, cast

import msgspec
from msgspec.structs import replace

from .base import JSON, IllegalMove, gettext_noop

__all__ = [
    "MALFORMED_MOVE",
    "MALFORMED_STATE",
    "MoveRecord",
    "Record",
    "parse",
    "replace",
]

T = TypeVar("T")

MALFORMED_MOVE = gettext_noop("That move is not understood.")
MALFORMED_STATE = gettext_noop("That game state is not understood.")

_encoder = msgspec.json.Encoder()


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A frozen, JSON-shaped value: a state or a part of one.

    Fields are `str`, `int`, `bool`, `None`, tuples and nested records;
    `from_json(to_json(r)) == r` holds exactly.
    """

    # The IllegalMove message when `from_json` refuses data.
    malformed: ClassVar[str] = MALFORMED_STATE

    def to_json(self) -> Any:
        """Return plain JSON: dicts, lists, str, int, bool, None."""
        return msgspec.json.decode(_encoder.encode(self))

    @classmethod
    def from_json(cls, data: Any) -> Self:
        """Return the record stored as `data`; raise IllegalMove if malformed."""
        return cast(Self, parse(cls, data, cls.malformed))


class MoveRecord(Record, frozen=True, tag_field="kind", omit_defaults=True):
    """Base of one move kind: subclasses set `tag="<kind>"`.

    The JSON of a move is `{"kind": <tag>, ...fields}`; optional fields at
    their default are left out.
    """

    malformed: ClassVar[str] = MALFORMED_MOVE

    @property
    def kind(self) -> str:
        """Return the move's kind (its tag)."""
        return cast(str, self.__struct_config__.tag)

    def to_json(self) -> JSON:
        """Return `{"kind": <tag>, ...}`."""
        return cast(JSON, super().to_json())


def parse(declared: Any, data: Any, message: str = MALFORMED_STATE) -> Any:
    """Return `data` converted to the `declared` type (a record or a union).

    Strict: no coercion (a bool is not an int, "3" is not 3), unknown keys
    and missing required keys are refused. Raises IllegalMove(`message`)
    for anything that does not match, or that a record's `__post_init__`
    refuses with ValueError or TypeError.
    """
    try:
        return msgspec.convert(data, declared, strict=True)
    except msgspec.ValidationError as error:
        raise IllegalMove(message) from error
