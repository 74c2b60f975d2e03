"""A player's public profile page: `/players/<name>/` (issue 23).

The profile is read by `games.selectors.profiles`; the page is open to
everyone, logged in or not. Private matches are listed only to a viewer
seated there, so the page differs per viewer and is never cached.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from accounts.models import User
from games.selectors.profiles import player_by_name, player_profile


@never_cache
@require_GET
def player_profile_page(request: HttpRequest, name: str) -> HttpResponse:
    """The profile of the person whose public name is `name`; 404 for none.

    An unknown name and a deactivated account answer alike.
    """
    try:
        person = player_by_name(name=name)
    except User.DoesNotExist:
        raise Http404 from None
    profile = player_profile(person=person, viewer=request.user)
    is_self = request.user.is_authenticated and request.user.pk == person.pk
    return render(
        request,
        "games/player_profile.html",
        {"profile": profile, "is_self": is_self},
    )
