"""The rankings page of a game: `/games/<slug>/rankings/` (issue 23, Rankings).

Thin: reads through `selectors.rankings_page` and `rankings_position`.
Query string: `page` (1-based), `all=1` (players not active in the last 90
days too), `me=1` (jump to the page with the viewer's row, `#me`).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET

from accounts.models import User
from games import selectors
from games.rules import registry


def _page_number(text: str | None) -> int:
    """Return the 1-based page a query asks for; 1 for anything unreadable."""
    try:
        return max(1, int(text or "1"))
    except ValueError:
        return 1


@require_GET
def rankings(request: HttpRequest, game_slug: str) -> HttpResponse:
    """One page of `game_slug`'s rankings; 404 for an unknown game."""
    entry = registry.GAMES.get(game_slug)
    if entry is None:
        raise Http404
    viewer = request.user if isinstance(request.user, User) else None
    show_all = request.GET.get("all") == "1"
    if request.GET.get("me") == "1" and viewer is not None:
        position = selectors.rankings_position(
            game_slug=game_slug, user=viewer, show_all=show_all
        )
        if position is not None:
            query = {"page": position.page, **({"all": 1} if position.show_all else {})}
            url = reverse("games:rankings", args=[game_slug])
            return HttpResponseRedirect(f"{url}?{urlencode(query)}#me")
    page = selectors.rankings_page(
        game_slug=game_slug,
        page=_page_number(request.GET.get("page")),
        show_all=show_all,
        viewer=viewer,
    )
    return render(
        request,
        "games/rankings.html",
        {
            "info": entry.rules.info,
            "ranking": page,
            "all_query": "&all=1" if show_all else "",
            "unranked": request.GET.get("me") == "1" and viewer is not None,
        },
    )
