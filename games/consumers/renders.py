"""The HTML fragments the consumers push, rendered off the event loop.

Each function renders one fragment (a board's live part, the lobby's lists,
a board page's turn count, the navigation's bell) in the viewer's language,
with `"oob": True` for the htmx ws extension; the consumers run them through
`database_call`, and share the board's and the lobby's renders
between sockets (`RENDERS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.utils import translation

from accounts.models import User
from games import selectors
from games.chat.selectors import chat_closed_for, chat_entry_for, until_text
from games.models import Match
from games.notifications.services import unread_count


@dataclass(frozen=True, slots=True)
class PushViewer:
    """All a pushed fragment may know of its viewer, besides the seat.

    Passed as the template's `user`: a shared render cannot show one
    viewer's name or details to another.
    """

    is_authenticated: bool


def board_render(
    match_id: int,
    position: int | None,
    authenticated: bool,
    language: str,
    log_since: int,
) -> tuple[str, int]:
    """Return (the live part of the board as `position` sees it, its version).

    `position` None is a spectator. The log holds the entries after
    `log_since` (the page has the rest).
    """
    match = selectors.match_with_seats(match_id=match_id)
    seat = next((s for s in match.seats.all() if s.position == position), None)
    with translation.override(language):
        board = selectors.board_context(match=match, seat=seat, log_since=log_since)
        # No request here: the seat panel needs to know whether the viewer
        # is logged in, and nothing else of them (the render is shared).
        html = render_to_string(
            "games/match_detail.html#live",
            {"board": board, "oob": True, "user": PushViewer(authenticated)},
        )
    return html, match.version


def lobby_render(language: str) -> str:
    """Return the lobby's open-matches list in `language`."""
    with translation.override(language):
        return render_to_string(
            "games/lobby.html#open-matches",
            {"open_matches": selectors.open_matches(), "oob": True},
        )


def my_matches_render(user_id: int, language: str) -> str:
    """Return the person's own matches (and turn count) in `language`."""
    my_matches = selectors.matches_for_user(user=user_id)
    with translation.override(language):
        return render_to_string(
            "games/lobby.html#my-matches",
            {
                "my_matches": my_matches,
                "turn_count": sum(1 for _match, my_turn in my_matches if my_turn),
                "oob": True,
            },
        )


def turn_count_render(user_id: int, excluding_match_id: int) -> str:
    """Return the turn-count element of a board page (one query).

    It counts the person's other matches; the board shows its own.
    """
    count = selectors.turn_count_for_user(
        user_id=user_id, excluding_match_id=excluding_match_id
    )
    return render_to_string(
        "_partials/turn_count.html", {"turn_count": count, "oob": True}
    )


def bell_render(user_id: int, language: str) -> str:
    """Return the navigation's bell with the person's unread count (one query).

    Per person, not shared: the count is theirs. In `language` for the
    bell's label ("Notifications, 3 unread").
    """
    count = unread_count(user_id=user_id)
    with translation.override(language):
        return render_to_string(
            "_partials/bell.html", {"bell_count": count, "oob": True}
        )


def chat_line_render(line_id: int, viewer_id: int | None) -> str:
    """Return chat line `line_id` as an append to the viewer's `#chat-lines`.

    "" when the viewer may not read it (games.chat.selectors.chat_entry_for).
    Never the board: a chat line does not re-render it (issue 24).
    """
    line = chat_entry_for(line_id=line_id, viewer_id=viewer_id)
    if line is None:
        return ""
    html = render_to_string(
        "games/_chat.html#chat-line", {"line": line, "chat_viewer_id": viewer_id}
    )
    return f'<div hx-swap-oob="beforeend:#chat-lines">{html}</div>'


def chat_hidden_render(line_id: int) -> str:
    """Return the removal of chat line `line_id` from a page (htmx's oob delete).

    The same for every viewer: a page without the line removes nothing.
    """
    return f'<li id="chat-line-{int(line_id)}" hx-swap-oob="delete"></li>'


def sanction_render(user_id: int, language: str, match_id: int | None) -> str:
    """Return the person's sanction notice and their closed chat form, or "".

    Read from the person's row (the event names nobody's sanction): "" once
    it has ended. `match_id` is the board's match (None: the lobby); the
    chat form is closed only where the person could write.
    """
    user = User.objects.filter(pk=user_id).first()
    closed = chat_closed_for(user)
    if user is None or closed is None:
        return ""
    with translation.override(language):
        context = {
            "chat_closed": closed,
            "chat_until": until_text(closed.until, user),
            "oob": True,
        }
        html = render_to_string("games/_chat.html#sanction-notice", context)
        seated = (
            match_id is None
            or Match.objects.filter(id=match_id, seats__user_id=user_id).exists()
        )
        if seated:
            html += render_to_string("games/_chat.html#chat-closed", context)
    return html
