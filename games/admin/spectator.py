"""What the admin shows of a match before its end: what a spectator sees.

A moderator reads a running match as a spectator does (STYLE.md B0.4):
the engine's `view(state, None)`, and of each move the events every seat
may see. The seed (it decides every future draw and throw), the raw state
(hidden hands, stack orders), the moves' payloads (a secret choice) and
their private events are shown once the match has ended.
"""

from __future__ import annotations

import json

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.models import Match, Move
from games.rules import Event, IllegalMove
from games.text import message_text


def match_ended(match: Match | None) -> bool:
    """Return whether `match` has ended: finished, cancelled or aborted, after
    which nothing is secret any more (None, the add form: nothing to hide)."""
    return match is None or match.is_over


def spectator_view_html(match: Match) -> SafeString | str:
    """Return the spectator's view of `match` as indented JSON in a <pre>.

    "-" while the match has no state (seats still open), and a note when the
    stored state cannot be read.
    """
    if match.state is None:
        return "-"
    try:
        view = match.rules.view(match.game_state(), None)
    except IllegalMove:
        return _("The stored state cannot be read.")
    return format_html(
        "<pre>{}</pre>", json.dumps(view, indent=2, ensure_ascii=False, default=str)
    )


def public_events_html(move: Move) -> SafeString | str:
    """Return the lines of `move`'s events that every seat may see, one per line.

    An event that cannot be read is left out (the log does the same by
    describing only what it can).
    """
    rules = move.match.rules
    lines = []
    for data in move.events:
        try:
            event = Event.from_json(data)
        except IllegalMove:
            # A malformed stored event (Event is a declared type).
            continue
        if event.visible_to is None:
            lines.append((message_text(rules.describe_event(event)),))
    if not lines:
        return "-"
    return format_html_join("\n", "<div>{}</div>", lines)
