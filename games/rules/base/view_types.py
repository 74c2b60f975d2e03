"""Declared seat-view types: the building blocks every game's view shares.

A game declares the JSON of `Rules.view(state, seat)` as a tree of `View`
structs (msgspec, like the states of games.rules.structs) in its folder
(`games/rules/<slug>/view_types.py`) and names the root on its rules class
as `view_type`. The platform's OpenAPI schema describes the view from that
declaration, and the conformance suite checks that every view of seeded
random games decodes strictly into it (`view_check`), so the declaration
cannot drift from what the engine sends.

Views are plain JSON built by each game's seat_view.py; these types only
describe and check them. Strict: no coercion (a bool is not an int), unknown
keys are refused, and every declared key must be present (no field has a
default), so a declared type says exactly which keys a view has.
"""

from __future__ import annotations

from typing import Annotated, Any, Generic, TypeAlias, TypeVar

import msgspec
from msgspec import Meta

__all__ = [
    "Count",
    "MessageParam",
    "MessageView",
    "OutcomeView",
    "SeatIndex",
    "View",
    "view_check",
]

R = TypeVar("R")
V = TypeVar("V")

_encoder = msgspec.json.Encoder()

# A number of things (cards, dice, turns): never negative.
Count: TypeAlias = Annotated[int, Meta(ge=0)]
# A seat of the match: 0-based.
SeatIndex: TypeAlias = Annotated[int, Meta(ge=0)]


class View(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of every declared view type: a frozen JSON object, unknown keys refused."""


# A Message parameter in a view: a number, a word, or a nested Message
# (e.g. a colour name that is translated too), or a list of those.
MessageParam: TypeAlias = "int | str | MessageView | list[int | str | MessageView]"


class MessageView(View, frozen=True):
    """Player-facing text as the view sends it (`Message.to_json`).

    `text` is an English msgid the platform translates; `params` its
    %-format parameters (a `player` parameter is a seat number, shown as
    that seat's name).
    """

    text: str
    params: dict[str, MessageParam]


class OutcomeView(View, Generic[R], frozen=True):
    """How a finished match ranked the seats (`Outcome.to_json`), in the view once over.

    `ranks[seat]`: 1 = first, shared on a tie; `reason`: why the match
    ended, one of the game's end reasons `R`; `scores[seat]`: final points,
    or None for a game without points.
    """

    ranks: tuple[Annotated[int, Meta(ge=1)], ...]
    reason: R
    scores: tuple[int, ...] | None


def view_check(declared: type[V], view: Any) -> V:
    """Return `view` decoded strictly into its `declared` view type.

    Raises msgspec.ValidationError when a key is unknown or missing or a
    value has the wrong type (no coercion), and ValueError when the decoded
    view does not encode back to exactly `view` (e.g. a tag key left out,
    which msgspec accepts when decoding a single tagged struct).
    """
    decoded = msgspec.convert(view, declared, strict=True)
    if msgspec.json.decode(_encoder.encode(decoded)) != view:
        raise ValueError(f"the view does not encode back from {declared.__name__}")
    return decoded
