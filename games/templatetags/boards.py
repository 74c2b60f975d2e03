"""The one template library for game boards and rules pages; it names no game.

A game's helpers are pure functions in its folder (games/rules/<slug>/board.py,
`BOARD`), found through `games.boards.board_for`. Templates call them by
"<slug>.<name>":

    {{ card|board:"<slug>.name" }}                   one argument
    {% board_call "<slug>.plan" attempt moves as plan %}  any number
    {% board_call "<slug>.numbers" as n %}           none

A helper that returns a `Message` gets it translated here (games/text.py);
other results pass unchanged. `{% game_assets slug as assets %}` gives the
game's declared stylesheets and scripts, and `{% render_partial ... as x %}`
renders a template (or partial, "file.html#name") into a variable, for
markup that must sit inside a translated sentence.
"""

from __future__ import annotations

from typing import Any, cast

from django import template
from django.template.loader import get_template
from django.utils.safestring import SafeString, mark_safe

from games.boards import board_for
from games.rules.base.board import BoardHelpers, Helper
from games.rules.base.messages import Message
from games.text import message_text

register = template.Library()


def _helper(path: str) -> Helper:
    """Return the helper named "<slug>.<name>"; TemplateSyntaxError if there is none."""
    slug, _, name = str(path).rpartition(".")
    try:
        return board_for(slug).helper(name)
    except KeyError:
        raise template.TemplateSyntaxError(f"no board helper {path!r}") from None


def _shown(value: Any) -> Any:
    return message_text(value) if isinstance(value, Message) else value


@register.filter
def board(value: Any, path: str) -> Any:
    """Return the game helper `path` ("<slug>.<name>") applied to `value`."""
    return _shown(_helper(path)(value))


@register.simple_tag
def board_call(path: str, *args: Any) -> Any:
    """Return the game helper `path` ("<slug>.<name>") called with `args`; use `as`."""
    return _shown(_helper(path)(*args))


@register.simple_tag
def game_assets(slug: str) -> BoardHelpers:
    """Return the helpers of game `slug`: `.stylesheets` and `.scripts` to include."""
    return board_for(str(slug))


@register.simple_tag(takes_context=True)
def render_partial(context: template.Context, name: str, **values: Any) -> SafeString:
    """Render template `name` (a partial: "file.html#part") with `values`; use `as`.

    It sees the page's context too (the request, the language), as an
    `{% include %}` would.
    """
    # The engine's own template (or partial) renders with this context.
    part: Any = cast(Any, get_template(name)).template
    with context.push(**values):
        # The part's own output is escaped by its autoescaping.
        return mark_safe(str(part.render(context)))  # noqa: S308
