"""What a game gives its board page and rules page besides the view: `BoardHelpers`.

Pure Python like the rest of the rules (no Django): a helper computes
display data from what the template has (the seat's view, its legal moves,
a card id) and returns plain data (str, int, dicts, dataclasses) or a
`Message`, which the platform translates when it renders. HTML stays in the
game's templates (templates/games/<slug>/), the game's CSS and JS in
static/games/<slug>/.

The platform's one template library (games/templatetags/boards.py) calls a
helper by name: `{{ card|board:"<slug>.name" }}` (one argument) or
`{% board_call "<slug>.combo" value as combo %}` (any number, or none).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

Helper = Callable[..., Any]


class OfferedMove(Protocol):
    """A legal move as the board has it (games.selectors.LegalMove): its JSON in `data`."""

    @property
    def data(self) -> Mapping[str, Any]: ...


Offered = TypeVar("Offered", bound=OfferedMove)


def moves_by_kind(moves: Iterable[Offered]) -> dict[str, list[Offered]]:
    """Group `moves` by their JSON's "kind" ("" for none), each group in their order.

    The board context's `moves_by_kind` for templates, and the games'
    helpers that take the legal moves, group the same way.
    """
    grouped: dict[str, list[Offered]] = {}
    for move in moves:
        grouped.setdefault(str(move.data.get("kind", "")), []).append(move)
    return grouped


@dataclass(frozen=True, slots=True)
class BoardHelpers:
    """A game's board and rules-page helpers and its static files.

    `board`: helpers the board templates call, by name; `rules_page`: those
    the rules pages call (the two share one namespace in templates: a name
    is looked up in `board` first). `stylesheets` and `scripts` are paths
    under the static root ("games/<slug>/board.css"), included in this
    order by the board page (both) and the rules page (stylesheets only);
    scripts load deferred, once per page, so they must listen on
    `document` for htmx swaps.
    """

    board: Mapping[str, Helper] = field(default_factory=dict)
    rules_page: Mapping[str, Helper] = field(default_factory=dict)
    stylesheets: tuple[str, ...] = ()
    scripts: tuple[str, ...] = ()

    def helper(self, name: str) -> Helper:
        """Return the helper `name` (board first, then rules page); KeyError if none."""
        if name in self.board:
            return self.board[name]
        return self.rules_page[name]
