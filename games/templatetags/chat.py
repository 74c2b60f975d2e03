"""`{% chat_panel match %}`: a match's chat panel, or the lobby's (None)."""

from __future__ import annotations

from typing import Any

from django import template

from games.chat.selectors import (
    chat_closed_for,
    chat_page,
    chat_readable,
    chat_writable,
    until_text,
)
from games.models import Match

register = template.Library()


@register.inclusion_tag("games/_chat.html", takes_context=True)
def chat_panel(context: template.Context, match: Match | None = None) -> dict[str, Any]:
    """Return the chat panel's context for the page's viewer (one query).

    Empty (no panel) when the viewer may not read `match`'s chat.
    """
    request = context.get("request")
    user = getattr(request, "user", None)
    if match is not None and not chat_readable(match=match, user=user):
        return {"chat_hidden": True}
    writable = chat_writable(match=match, user=user)
    # A muted or suspended writer reads why instead of the form.
    closed = chat_closed_for(user) if writable else None
    return {
        "chat_match": match,
        "chat_lines": chat_page(match=match, viewer=user).lines,
        "chat_writable": writable,
        "chat_closed": closed,
        "chat_until": until_text(closed.until, user) if closed and user else "",
        "chat_viewer_id": user.pk
        if user is not None and user.is_authenticated
        else None,
        "csrf_token": context.get("csrf_token"),
    }
