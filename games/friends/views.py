"""The friends page and the invitation forms (issue 24, STYLE.md B6).

Each view parses its input, calls one service or selector, and renders or
redirects. A refusal is shown on the page it came from (Django's
messages, as the board's seat actions do); an invitation or match the person may not see is a 404,
as an unknown id.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from games import exceptions

from . import invitations, selectors


class AuthedRequest(HttpRequest):
    user: User


@never_cache
@require_GET
@login_required
def friends_page(request: AuthedRequest) -> HttpResponse:
    """The people I follow (online, their matches) and my pending invitations."""
    return render(
        request,
        "games/friends.html",
        {
            "friends": selectors.friends_list(user=request.user),
            "invitations": selectors.invitations_pending(user=request.user),
        },
    )


@require_POST
@login_required
def invitation_accept(request: AuthedRequest, invitation_id: int) -> HttpResponse:
    """Take a seat at the match of an invitation I received; then its board."""
    try:
        match = invitations.invitation_accept(
            invitation_id=invitation_id,
            user=request.user,
            client_seed=request.POST.get("client_seed", ""),
        )
    except (invitations.InvitationNotFound, exceptions.MatchNotFound):
        raise Http404 from None
    except exceptions.MatchError as refusal:
        return _refused(request, refusal)
    return redirect(match)


@require_POST
@login_required
def invitation_decline(request: AuthedRequest, invitation_id: int) -> HttpResponse:
    """Decline an invitation I received (its sender is told)."""
    return _answer(request, invitation_id, invitations.invitation_decline)


@require_POST
@login_required
def invitation_withdraw(request: AuthedRequest, invitation_id: int) -> HttpResponse:
    """Withdraw an invitation I sent."""
    return _answer(request, invitation_id, invitations.invitation_withdraw)


@require_POST
@login_required
def match_invite(request: AuthedRequest, match_id: int) -> HttpResponse:
    """Invite a person (by name, e.g. a friend from the board's list) to an open match."""
    name = request.POST.get("name", "").strip()
    url = reverse("games:match_detail", kwargs={"match_id": match_id})
    try:
        invitations.invitation_send_by_name(
            match_id=match_id, inviter=request.user, name=name
        )
    except exceptions.MatchNotFound:
        raise Http404 from None
    except exceptions.MatchError as refusal:
        return _refused(request, refusal, url)
    # The same words whether or not a block kept it back: a block is silent.
    messages.success(request, _("Invitation sent to %(name)s.") % {"name": name})
    return redirect(url)


# Helpers


def _answer(
    request: AuthedRequest,
    invitation_id: int,
    service: Callable[..., object],
) -> HttpResponse:
    try:
        service(invitation_id=invitation_id, user=request.user)
    except invitations.InvitationNotFound:
        raise Http404 from None
    except exceptions.MatchError as refusal:
        return _refused(request, refusal)
    return redirect("games:friends")


def _refused(
    request: AuthedRequest, refusal: exceptions.MatchError, url: str = ""
) -> HttpResponse:
    """Back to the page the form was on (`url`, else the friends page), which
    shows why (as the board's seat actions do)."""
    messages.error(request, str(refusal.message))
    return redirect(url or reverse("games:friends"))
