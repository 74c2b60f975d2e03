"""The chat's page doors: `POST /matches/<id>/chat/` and `POST /chat/` (lobby).

A plain form: without script the page is shown again (a refusal as a
message); with htmx the form's fresh fields (or the refusal in them) replace
the posted ones, and the socket brings the line (games.broadcast chat.line).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from accounts.models import User
from games import exceptions, selectors
from games.models import Match

from .services import ChatRefused, chat_post


def _post(request: HttpRequest, match: Match | None) -> HttpResponse:
    assert isinstance(request.user, User), "behind login_required"
    error = ""
    try:
        chat_post(user=request.user, match=match, text=request.POST.get("text", ""))
    except (ChatRefused, exceptions.NotSeated) as refusal:
        error = str(refusal.message)
    if request.headers.get("HX-Request"):
        return render(
            request,
            "games/_chat.html#chat-form-fields",
            {"chat_match": match, "chat_error": error},
        )
    if error:
        messages.error(request, error)
    if match is None:
        return redirect("games:lobby")
    return redirect("games:match_detail", match_id=match.id)


@require_POST
@login_required
def match_chat(request: HttpRequest, match_id: int) -> HttpResponse:
    """Write a line at a match (seated people); 404 for a match one may not see."""
    try:
        match = selectors.match_with_seats(match_id=match_id)
    except Match.DoesNotExist:
        raise Http404 from None
    if not selectors.match_visible_to(
        match=match, user=request.user, session=request.session
    ):
        raise Http404
    return _post(request, match)


@require_POST
@login_required
def lobby_chat(request: HttpRequest) -> HttpResponse:
    """Write a line in the lobby's chat."""
    return _post(request, None)
