"""Pages of an ended match's replay and records, and a person's history (issue 23).

Thin (STYLE.md B6): each view asks who may see the match
(`selectors.match_visible`, a private match is 404 to others), calls one
selector and renders. The record and the history are JSON downloads; the
API serves the same JSON (games/api/views/records.py).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from accounts.models import User
from games import exceptions, selectors
from games.models import Match, Seat
from games.selectors import records
from games.selectors.replays import ReplayUnavailable, replay_page


class AuthedRequest(HttpRequest):
    user: User


@require_GET
def match_replay(request: HttpRequest, match_id: int) -> HttpResponse:
    """The replay of an ended match as of `?move=N`, seen from seat `?seat=K`.

    A match that has not ended answers 404 with a page that says replays
    open at the end (no seat's secrets before); one that cannot be
    replayed says why (409).
    """
    match, seat = _match_or_404(request, match_id)
    if not match.is_over:
        return render(
            request, "games/match_replay_closed.html", {"match": match}, status=404
        )
    try:
        page = replay_page(
            match=match,
            viewer=seat,
            move=request.GET.get("move"),
            seat=request.GET.get("seat"),
        )
    except ReplayUnavailable as error:
        return render(
            request,
            "games/match_replay_closed.html",
            {"match": match, "problem": error.message},
            status=409,
        )
    static = selectors.board_static(match=match, seats=len(page.board.seats))
    query = urlencode({"move": page.seq, "seat": page.seat})
    share_url = f"{settings.SITE_URL.rstrip('/')}{request.path}?{query}"
    return render(
        request,
        "games/match_replay.html",
        {
            "replay": page,
            "board": page.board,
            "board_static": static,
            "share_url": share_url,
        },
    )


@require_GET
def match_record(request: HttpRequest, match_id: int) -> HttpResponse:
    """Download the record of an ended match (`records.match_record`) as JSON.

    404 for a private match the viewer may not see; 409 while the match is
    open or runs (its seeds and moves stay secret until the end).
    """
    match, _seat = _match_or_404(request, match_id)
    try:
        record = records.match_record(match)
    except records.RecordNotReady as error:
        return HttpResponse(
            str(error.message), status=409, content_type="text/plain; charset=utf-8"
        )
    return _download(record, f"spielpost-match-{match.id}.json")


@require_GET
@login_required
def my_history(request: AuthedRequest) -> HttpResponse:
    """Download the signed-in person's ended matches (`records.history`) as JSON."""
    entries = records.history(user=request.user)
    return _download(
        {"player": request.user.name, "matches": entries},
        "spielpost-history.json",
    )


# ---------------------------------------------------------------------------
# Helpers


def _match_or_404(request: HttpRequest, match_id: int) -> tuple[Match, Seat | None]:
    """Return the match if the viewer may see it and their seat; else Http404."""
    try:
        match = selectors.match_visible(
            match_id=match_id, user=request.user, session=request.session
        )
    except exceptions.MatchNotFound:
        raise Http404 from None
    return match, selectors.viewer_seat(match, request.user)


def _download(data: Any, filename: str) -> HttpResponse:
    """Return `data` as a JSON file download named `filename` (ASCII)."""
    response = HttpResponse(
        json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
