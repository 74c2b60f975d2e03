"""Pages of the lobby and the board (STYLE.md B6).

Each view parses its input, calls one service or selector, and renders.
Refusals from the services become a 4xx response that still shows the
current board, with the reason on top.
"""

from __future__ import annotations

from typing import Any, Protocol

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from accounts.models import User
from games import broadcast, exceptions, selectors, services
from games.forms import MatchCreateForm, MoveForm
from games.friends.invitations import invitation_send
from games.friends.selectors import followed_people
from games.health import health_report
from games.models import Match, Seat
from games.rules import registry

# The header a board page names itself with on its requests (its socket's `page`).
PAGE_HEADER = "X-Spielpost-Page"


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthedHtmxRequest(HtmxHttpRequest):
    user: User


class SeatAction(Protocol):
    """A seat service: `services.seat_claim` and friends."""

    def __call__(self, *, match_id: int, user: User) -> object: ...


@require_GET
def home(request: HtmxHttpRequest) -> HttpResponse:
    """Landing page for guests; the lobby for players."""
    if request.user.is_authenticated:
        return redirect("games:lobby")
    return render(request, "home.html", {"games": selectors.games()})


@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Report database, channel layer and broker: 200 if all are up, else 503."""
    report = health_report()
    return JsonResponse(report, status=200 if report["ok"] else 503)


# Live pages are never kept by a cache (nor the back/forward cache): back
# on one, the browser asks again and shows it as it is now.
@never_cache
@require_GET
@login_required
def lobby(request: AuthedHtmxRequest) -> HttpResponse:
    """Open matches per game, the create forms, and the player's own matches."""
    return render(request, "games/lobby.html", _lobby_context(request))


@require_POST
@login_required
def match_create(request: AuthedHtmxRequest, game_slug: str) -> HttpResponse:
    """Create a match of `game_slug` from the lobby's form."""
    entry = registry.GAMES.get(game_slug)
    if entry is None:
        raise Http404
    rules = entry.rules
    form = MatchCreateForm(
        request.POST, info=rules.info, friends=followed_people(user=request.user)
    )
    if not form.is_valid():
        return render(
            request,
            "games/lobby.html",
            _lobby_context(request, {game_slug: form}),
            status=400,
        )
    try:
        match = services.match_create(
            user=request.user,
            game_slug=game_slug,
            seats=form.cleaned_data["seats"],
            options=form.options,
            time_control=form.time_control,
            private=form.cleaned_data["private"],
            rated=form.cleaned_data["rated"],
        )
    except exceptions.MatchError as error:
        messages.error(request, str(error.message))
        return redirect("games:lobby")
    for person in form.invitees:
        # Issue 24: each one on its own; a refusal does not undo the match.
        try:
            invitation_send(match_id=match.pk, inviter=request.user, invitee=person)
        except exceptions.MatchError as error:
            messages.error(request, f"{person.name}: {error.message}")
    return redirect(match)


@require_POST
@login_required
def match_join(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Take a free seat; a private match needs its invitation secret.

    The secret comes from the form's `invite` field or, once the link was
    opened, from the session (`selectors.invite_keep`). The optional
    `client_seed` is the person's share of the match's randomness (issue
    23); a malformed one is refused with 400 and says why.
    """
    invite = request.POST.get("invite") or selectors.session_invite(
        request.session, match_id
    )
    client_seed = request.POST.get("client_seed", "")
    try:
        services.client_seed_clean(client_seed)
    except exceptions.MatchError as error:
        return _seat_refused(request, match_id, str(error.message))
    return _seat_action(
        request,
        match_id,
        lambda *, match_id, user: services.seat_claim(
            match_id=match_id, user=user, invite=invite, client_seed=client_seed
        ),
        invite=invite,
    )


@require_POST
@login_required
def match_robot_add(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Put a robot on a free seat."""
    robot = request.POST.get("robot", "")
    return _seat_action(
        request,
        match_id,
        lambda *, match_id, user: services.seat_robot_add(
            match_id=match_id, user=user, robot=robot
        ),
    )


@require_POST
@login_required
def match_leave(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Give up a seat at a match that has not started."""
    return _seat_action(request, match_id, services.seat_leave)


@require_POST
@login_required
def match_autoplay(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Let the system finish the match for the user (when the rules offer it)."""
    return _seat_action(request, match_id, services.seat_autoplay_start)


@require_POST
@login_required
def match_autoplay_decline(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Answer "no, I'll play on" to the offer to finish automatically."""
    return _seat_action(request, match_id, services.seat_autoplay_decline)


@require_POST
@login_required
def match_take_back(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Play the seat again instead of its robot stand-in."""
    return _seat_action(request, match_id, services.seat_take_back)


@require_POST
@login_required
def match_resign(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Resign from a running match (the board's confirmation sent it)."""
    return _seat_action(request, match_id, services.match_resign)


@require_POST
@login_required
def match_cancel(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Propose to cancel a running match, or agree to the standing proposal."""
    return _seat_action(request, match_id, services.match_cancel_agree)


@require_POST
@login_required
def match_back(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Say "I'm back" after a timeout: the seat's timeout mark is cleared."""
    return _seat_action(request, match_id, services.seat_back)


@never_cache
@require_GET
def match_detail(request: HtmxHttpRequest, match_id: int) -> HttpResponse:
    """The board page; an htmx request gets only the live part.

    A private match is shown to its seats, staff and whoever brought its
    secret (`selectors.match_visible_to`), else 404 as for no match. The
    invitation link `?invite=<secret>` keeps the secret in the session and
    redirects to the board's own address, which then shows the match.
    """
    invite = request.GET.get("invite")
    if invite is not None:
        match, seat = _match_or_404(request, match_id, invite=invite)
        if selectors.invite_valid(match=match, invite=invite):
            selectors.invite_keep(request.session, match.id, invite)
        return redirect(match)
    match, seat = _match_or_404(request, match_id)
    board = selectors.board_context(match=match, seat=seat)
    if request.htmx:
        return render(
            request, "games/match_detail.html#live", {"board": board, "oob": True}
        )
    static = selectors.board_static(match=match, seats=len(board.seats))
    context: dict[str, Any] = {"board": board, "board_static": static, "oob": False}
    # What the others did since the person's last move (issue 23).
    context["recap"] = selectors.board_recap(board)
    # The socket compares it on connect: a change made before it joins is pushed.
    context["socket_stamp"] = selectors.board_stamp(match)
    # Names the page to its socket and on its requests: the answer to its
    # own move shows the new board, which its socket then does not push.
    context["page_id"] = broadcast.page_id_new()
    if (
        seat is not None
        and isinstance(request.user, User)
        and match.status == Match.Status.OPEN
    ):
        # Issue 24: the seated people may invite a friend not seated yet.
        seated = {s.user_id for s in match.seats.all()}
        context["invite_friends"] = [
            person
            for person in followed_people(user=request.user)
            if person.pk not in seated
        ]
    if request.user.is_authenticated:
        # The tab title counts the other matches; the board shows this one.
        context["turn_count"] = selectors.turn_count_for_user(
            user_id=request.user.pk, excluding_match_id=match.id
        )
    return render(request, "games/match_detail.html", context)


@require_POST
@login_required
def move_create(request: AuthedHtmxRequest, match_id: int) -> HttpResponse:
    """Submit a move; answer with the re-rendered board (htmx) or a redirect.

    A board page names itself (header `X-Spielpost-Page`, its id from
    `match_detail`): its socket does not push the version this answer
    shows. A malformed id is ignored.

    The match is read before only when the move is refused or unreadable
    (404 if the viewer may not see it, whatever the refusal): a move
    played shows the mover is seated, so may see the match, and the board
    is rendered from the match and seats the move service left.
    """
    form = MoveForm(request.POST)
    error: str | None = None
    status = 200
    log_since = None
    match: Match | None = None
    if not form.is_valid():
        error, status = _("That move could not be read."), 400
    else:
        # The page shows the log up to the version it was rendered at.
        log_since = form.cleaned_data["expected_version"]
        try:
            match = services.move_submit(
                match_id=match_id,
                user=request.user,
                move_data=form.cleaned_data["move"],
                expected_version=form.cleaned_data["expected_version"],
                # A redirect's page is a new page, with a socket of its own.
                answered_page=(
                    broadcast.page_id_clean(request.headers.get(PAGE_HEADER))
                    if request.htmx
                    else None
                ),
            )
        except exceptions.MatchError as refusal:
            error, status = str(refusal.message), refusal.page_status_code
    if match is None:
        match, _seat = _match_or_404(request, match_id)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(match)
    # The match as the service left it (or as it is now, after a refusal):
    # its seats once, with their players.
    selectors.seats_load(match)
    seat = selectors.viewer_seat(match, request.user)
    board = selectors.board_context(match=match, seat=seat, log_since=log_since)
    return render(
        request,
        "games/match_detail.html#live",
        {"board": board, "oob": True, "error": error},
        status=status,
    )


@require_GET
def game_rules(request: HttpRequest, game_slug: str) -> HttpResponse:
    """The rules page of a game, in the active language (English fallback)."""
    if game_slug not in registry.GAMES:
        raise Http404
    rules = registry.rules_for(game_slug)
    language = translation.get_language() or "en"
    template = select_template(
        [
            f"games/{game_slug}/rules_{language[:2]}.html",
            f"games/{game_slug}/rules_en.html",
        ]
    )
    return HttpResponse(template.render({"info": rules.info}, request))


# ---------------------------------------------------------------------------
# Helpers


def _match_or_404(
    request: HttpRequest, match_id: int, invite: str = ""
) -> tuple[Match, Seat | None]:
    """Return the match if the viewer may see it and their seat; else Http404."""
    try:
        match = selectors.match_visible(
            match_id=match_id, user=request.user, invite=invite, session=request.session
        )
    except exceptions.MatchNotFound:
        raise Http404 from None
    return match, selectors.viewer_seat(match, request.user)


def _seat_refused(request: AuthedHtmxRequest, match_id: int, text: str) -> HttpResponse:
    # 400 with the reason: htmx follows HX-Redirect whatever the status and
    # the board shows the message; without htmx the reason is the answer.
    if request.htmx:
        messages.error(request, text)
        response = HttpResponseClientRedirect(
            reverse("games:match_detail", kwargs={"match_id": match_id})
        )
        response.status_code = 400
        return response
    return HttpResponse(text, status=400, content_type="text/plain; charset=utf-8")


def _seat_action(
    request: AuthedHtmxRequest, match_id: int, action: SeatAction, invite: str = ""
) -> HttpResponse:
    # A match the user may not see answers as no match at all, whatever
    # the action (`selectors.match_visible_to`).
    _match_or_404(request, match_id, invite)
    try:
        action(match_id=match_id, user=request.user)
    except exceptions.MatchNotFound:
        raise Http404 from None
    except exceptions.MatchError as error:
        messages.error(request, str(error.message))
    url = reverse("games:match_detail", kwargs={"match_id": match_id})
    try:
        _match_or_404(request, match_id, invite)
    except Http404:
        # Left a private match they hold no secret of: back to the lobby.
        url = reverse("games:lobby")
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def _lobby_context(
    request: AuthedHtmxRequest, forms: dict[str, MatchCreateForm] | None = None
) -> dict[str, Any]:
    forms = forms or {}
    friends = followed_people(user=request.user)
    my_matches = selectors.matches_for_user(user=request.user)
    return {
        "create_forms": [
            (info, forms.get(info.slug) or MatchCreateForm(info=info, friends=friends))
            for info in selectors.games()
        ],
        "open_matches": selectors.open_matches(),
        "my_matches": my_matches,
        # The tab title's count, from the list (no query of its own).
        "turn_count": sum(1 for _match, my_turn in my_matches if my_turn),
        "finished_matches": selectors.finished_matches_for_user(user=request.user),
    }
