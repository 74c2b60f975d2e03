"""The profile page: name, language, vacation and the API token."""

from __future__ import annotations

from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games import services as games_services

from . import services
from .exceptions import VacationRefused
from .forms import ProfileForm, VacationForm
from .models import User

# The length a vacation form offers unless fewer days are left.
VACATION_DAYS_DEFAULT = 7


class AuthedRequest(HttpRequest):
    user: User


@require_http_methods(["GET", "POST"])
@login_required
def profile(request: AuthedRequest) -> HttpResponse:
    """Show and change the signed-in player's profile."""
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        translation.activate(user.language)
        messages.success(request, _("Your profile has been saved."))
        return redirect("accounts:profile")
    return _profile_page(request, form=form)


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
    vacation_form: VacationForm | None = None,
) -> HttpResponse:
    """Render the profile page; 400 if a posted form has errors."""
    form = form or ProfileForm(instance=request.user)
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
            "token": token.key,
            "vacation": vacation,
            "vacation_form": vacation_form,
            "vacation_until": _when(vacation.until) if vacation.until else "",
        },
        status=400 if form.errors or vacation_form.errors else 200,
    )


def _when(moment: datetime) -> str:
    """Return `moment` as a date and time in the viewer's language, with its zone."""
    local = timezone.localtime(moment)
    return f"{date_format(local, 'DATETIME_FORMAT')} {date_format(local, 'T')}"
