"""The profile pages: the profile (name, language, e-mail settings, vacation,
the API token) and the notification list."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from accounts.notifications.emails import (
    email_topic,
    email_unsubscribe,
    unsubscribe_target,
)
from accounts.notifications.selectors import notice_page
from accounts.notifications.services import notifications_read
from accounts.notifications.tokens import DIGEST, UnsubscribeTokenInvalid
from games import services as games_services

from . import services
from .exceptions import VacationRefused
from .forms import EmailSettingsForm, ProfileForm, VacationForm
from .models import User

# The length a vacation form offers unless fewer days are left.
VACATION_DAYS_DEFAULT = 7
# The POST field that says the e-mail section's form was sent (it shares
# the profile's URL: e-mail footers link to /profile/#email).
EMAIL_SECTION = "email"


class AuthedRequest(HttpRequest):
    user: User


@require_http_methods(["GET", "POST"])
@login_required
def profile(request: AuthedRequest) -> HttpResponse:
    """Show and change the signed-in player's profile.

    A POST with `section=email` changes the e-mail settings (400 and the
    page with the errors if invalid, nothing saved); any other POST the
    name and language.
    """
    if request.POST.get("section") == EMAIL_SECTION:
        return _email_settings_save(request)
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        translation.activate(user.language)
        messages.success(request, _("Your profile has been saved."))
        return redirect("accounts:profile")
    return _profile_page(request, form=form)


def _email_settings_save(request: AuthedRequest) -> HttpResponse:
    """Save the posted e-mail settings and go back to them; 400 if invalid."""
    # A copy: a form that fails validation has still changed its instance,
    # and the page rendered with the errors shows `request.user`.
    user = User.objects.get(pk=request.user.pk)
    email_form = EmailSettingsForm(request.POST, instance=user)
    if not email_form.is_valid():
        return _profile_page(request, email_form=email_form)
    email_form.save()
    messages.success(request, _("Your e-mail settings have been saved."))
    return redirect(reverse("accounts:profile") + f"#{EMAIL_SECTION}")


@require_POST
@login_required
def token_regenerate(request: AuthedRequest) -> HttpResponse:
    """Replace the player's API token."""
    services.api_token_regenerate(user=request.user)
    messages.success(
        request, _("You have a new API token. The old one no longer works.")
    )
    return redirect("accounts:profile")


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
                % {"until": _when(user.vacation_until)},
            )
            return redirect("accounts:profile")
    return _profile_page(request, vacation_form=form)


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


def _profile_page(
    request: AuthedRequest,
    *,
    form: ProfileForm | None = None,
    email_form: EmailSettingsForm | None = None,
    vacation_form: VacationForm | None = None,
) -> HttpResponse:
    """Render the profile page; 400 if a posted form has errors."""
    form = form or ProfileForm(instance=request.user)
    email_form = email_form or EmailSettingsForm(instance=request.user)
    vacation = games_services.vacation_state(user=request.user)
    if vacation_form is None:
        vacation_form = VacationForm(
            initial={"days": min(VACATION_DAYS_DEFAULT, vacation.days_startable)},
            most=vacation.days_startable,
        )
    token = services.api_token_get_or_create(user=request.user)
    return render(
        request,
        "accounts/profile.html",
        {
            "form": form,
            "email_form": email_form,
            "email_failures": _email_failures(request.user),
            "token": token.key,
            "vacation": vacation,
            "vacation_form": vacation_form,
            "vacation_until": _when(vacation.until) if vacation.until else "",
            "vacation_left": _days_and_hours(vacation.hours_left),
        },
        status=400 if form.errors or email_form.errors or vacation_form.errors else 200,
    )


def _email_failures(user: User) -> dict[str, object] | None:
    """Return what the failed-mail warning says, or None below the threshold.

    {"address", "count", "last"}: the address, the failures in a row and
    when the last was (the viewer's date and time, "" if unknown).
    """
    if user.email_failures < settings.EMAIL_FAILURES_SHOWN:
        return None
    return {
        "address": user.email,
        "count": user.email_failures,
        "last": _when(user.email_failed_at) if user.email_failed_at else "",
    }


def _days_and_hours(hours: int) -> str:
    """Return whole `hours` as "20" (days) or "20 d 23 h": vacations count hours."""
    days, rest = divmod(hours, 24)
    if not rest:
        return str(days)
    return _("%(days)s d %(hours)s h") % {"days": days, "hours": rest}


def _when(moment: datetime) -> str:
    """Return `moment` as a date and time in the viewer's language, with its zone."""
    local = timezone.localtime(moment)
    return f"{date_format(local, 'DATETIME_FORMAT')} {date_format(local, 'T')}"


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
