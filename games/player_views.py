"""A player's public profile page: `/players/<name>/` (issue 23).

The profile is read by `games.selectors.profiles`; the page is open to
everyone, logged in or not. Private matches are listed only to a viewer
seated there, so the page differs per viewer and is never cached.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from accounts import community
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
    relations = None
    if request.user.is_authenticated and not is_self:
        assert isinstance(request.user, User)
        relations = community.relations(owner=request.user, other=person)
    return render(
        request,
        "games/player_profile.html",
        {"profile": profile, "is_self": is_self, "relations": relations},
    )


# The relations a profile's buttons set and unset (accounts.community).
_RELATION_SERVICES = {
    "follow": (community.follow, community.unfollow),
    "mute": (community.mute, community.unmute),
    "block": (community.block, community.unblock),
}


@require_POST
@login_required
def player_relation(request: HttpRequest, name: str) -> HttpResponse:
    """Set (`on=1`) or unset the posted `kind` (follow, mute, block) to `name`.

    The profile's buttons (a plain form, issue 24); back to the profile.
    404 for an unknown person, 400 for an unknown kind or oneself.
    """
    try:
        person = player_by_name(name=name)
    except User.DoesNotExist:
        raise Http404 from None
    services = _RELATION_SERVICES.get(request.POST.get("kind", ""))
    if services is None:
        return HttpResponseBadRequest()
    set_service, unset_service = services
    service = set_service if request.POST.get("on") == "1" else unset_service
    assert isinstance(request.user, User), "behind login_required"
    try:
        service(owner=request.user, other=person)
    except community.CommunityRefused:
        return HttpResponseBadRequest()
    return redirect("games:player_profile", name=person.name)
