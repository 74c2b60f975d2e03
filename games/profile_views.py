"""The profile's doors about play: vacation, notification centre, unsubscribe.

They live in games because they call games' services (vacations,
notifications); `accounts` imports nothing from games (issue 22). Their URLs
keep their paths and names (`accounts:vacation_start`, `accounts:notifications`,
`unsubscribe`...): config/urls.py composes `profile_urlpatterns` below into
the `accounts` namespace. The vacation's part of the profile page is
`vacation_section`, which games/apps.py registers in
`accounts.seams.profile_sections`.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.exceptions import VacationRefused
from accounts.forms import VacationForm
from accounts.models import User
from accounts.views import AuthedRequest, moment_text, profile_page
from games import services as games_services
from games.notifications.emails import (
    email_topic,
    email_unsubscribe,
    unsubscribe_target,
)
from games.notifications.selectors import notice_page
from games.notifications.services import notifications_read
from games.notifications.tokens import DIGEST, UnsubscribeTokenInvalid

# The length a vacation form offers unless fewer days are left.
VACATION_DAYS_DEFAULT = 7


def vacation_section(
    request: HttpRequest, *, form: VacationForm | None = None
) -> dict[str, Any]:
    """Return the profile page's vacation context (a profile section).

    {"vacation": VacationState, "vacation_form", "vacation_until" (the
    viewer's date and time, "" if none), "vacation_left" (days, or "d h")}.
    `form` is a posted form with its errors; None offers a fresh one.
    """
    user = request.user
    assert isinstance(user, User), "the profile page is behind login_required"
    vacation = games_services.vacation_state(user=user)
    if form is None:
        form = VacationForm(
            initial={"days": min(VACATION_DAYS_DEFAULT, vacation.days_startable)},
            most=vacation.days_startable,
        )
    return {
        "vacation": vacation,
        "vacation_form": form,
        "vacation_until": moment_text(vacation.until) if vacation.until else "",
        "vacation_left": _days_and_hours(vacation.hours_left),
    }


@require_POST
@login_required
def vacation_start(request: AuthedRequest) -> HttpResponse:
    """Start a vacation of the posted number of days; 400 and the page if refused."""
    state = games_services.vacation_state(user=request.user)
    form = VacationForm(request.POST, most=state.days_startable)
    if form.is_valid():
        try:
            user = games_services.vacation_start(
                user=request.user, days=form.cleaned_data["days"]
            )
        except VacationRefused as refusal:
            form.add_error("days", str(refusal.message))
        else:
            assert user.vacation_until is not None
            messages.success(
                request,
                _("Your vacation has started: your clocks stand still until %(until)s.")
                % {"until": moment_text(user.vacation_until)},
            )
            return redirect("accounts:profile")
    return profile_page(
        request, section=vacation_section(request, form=form), invalid=True
    )


@require_POST
@login_required
def vacation_end(request: AuthedRequest) -> HttpResponse:
    """End the player's vacation (nothing to do if there is none)."""
    if games_services.vacation_state(user=request.user).on_vacation:
        games_services.vacation_end(user=request.user)
        messages.success(
            request,
            _(
                "Your vacation has ended and your clocks run again. The days "
                "you did not take are kept."
            ),
        )
    else:
        messages.info(request, _("You are not on vacation."))
    return redirect("accounts:profile")


def _days_and_hours(hours: int) -> str:
    """Return whole `hours` as "20" (days) or "20 d 23 h": vacations count hours."""
    days, rest = divmod(hours, 24)
    if not rest:
        return str(days)
    return _("%(days)s d %(hours)s h") % {"days": days, "hours": rest}


# The notification centre (issue 11). Never cached: back on it, the browser
# asks again and the page marks what is new since.
@never_cache
@require_GET
@login_required
def notifications(request: AuthedRequest) -> HttpResponse:
    """List the person's notices, newest first, 50 a page; mark them all read.

    All, not only the 50 shown: the bell counts what the person has not
    seen, and who opened the list has seen that there is news (older pages
    are a click away). The rows keep their unread mark for this one view;
    the bell (rendered after) and the person's other open pages (pushed)
    count them read.
    """
    notices = notice_page(user=request.user, number=request.GET.get("page"))
    if notices.page.paginator.count:
        notifications_read(user=request.user)
    return render(request, "accounts/notifications.html", {"notices": notices})


@require_POST
@login_required
def notifications_read_all(request: AuthedRequest) -> HttpResponse:
    """Mark every notice of the person read (all pages, not just the one shown)."""
    if notifications_read(user=request.user):
        messages.success(request, _("All your notifications are marked as read."))
    return redirect("accounts:notifications")


# One-click unsubscribe (issue 11): reached from e-mails, without logging in.

UNSUBSCRIBE_TEMPLATE = "notifications/unsubscribe.html"


@csrf_exempt
@never_cache
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """Stop one kind of e-mail for the person `token` names; no log-in needed.

    GET asks first and changes nothing (mail scanners open links). POST,
    from the page's button or a mail provider's RFC 8058 one-click (body
    `List-Unsubscribe=One-Click`, no cookies and no CSRF token: the signed
    token is what authenticates), switches it off and says so. The page is
    in the person's language. A bad or expired token: 400, nothing changed.
    """
    try:
        person, kind = unsubscribe_target(token=token)
    except UnsubscribeTokenInvalid as error:
        return render(
            request,
            UNSUBSCRIBE_TEMPLATE,
            {
                "invalid": True,
                "expired": error.expired,
                "settings_url": _email_settings(),
            },
            status=400,
        )
    done = request.method == "POST"
    if done:
        person = email_unsubscribe(user=person, kind=kind)
    with translation.override(person.language):
        return render(
            request,
            UNSUBSCRIBE_TEMPLATE,
            {
                "done": done,
                "digest": kind == DIGEST,
                "topic": email_topic(kind),
                "name": person.name,
                "settings_url": _email_settings(),
            },
        )


def _email_settings() -> str:
    """Return the path of the profile's e-mail settings (log-in comes first)."""
    return reverse("accounts:profile") + "#email"


# Composed into the `accounts` namespace under /profile/ (config/urls.py).
profile_urlpatterns = [
    path("vacation/start/", vacation_start, name="vacation_start"),
    path("vacation/end/", vacation_end, name="vacation_end"),
    path("notifications/", notifications, name="notifications"),
    path(
        "notifications/read/",
        notifications_read_all,
        name="notifications_read_all",
    ),
]
