"""The profile page: name, language, e-mail settings and the API token.

Sections about play (the vacation) come from other apps through
`seams.profile_sections`; their doors (vacation, notification centre,
unsubscribe) are in games/profile_views.py, under the same URL names
(`accounts:...`, composed in config/urls.py). Nothing here imports games.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import (
    require_GET,
    require_http_methods,
    require_POST,
)

from . import seams, services
from .deletion import account_delete
from .deletion_forms import AccountDeleteForm
from .export import account_export
from .forms import EmailSettingsForm, ProfileForm
from .models import User

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
    return profile_page(request, form=form)


def _email_settings_save(request: AuthedRequest) -> HttpResponse:
    """Save the posted e-mail settings and go back to them; 400 if invalid."""
    # A copy: a form that fails validation has still changed its instance,
    # and the page rendered with the errors shows `request.user`.
    user = User.objects.get(pk=request.user.pk)
    email_form = EmailSettingsForm(request.POST, instance=user)
    if not email_form.is_valid():
        return profile_page(request, email_form=email_form)
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


def profile_page(
    request: AuthedRequest,
    *,
    form: ProfileForm | None = None,
    email_form: EmailSettingsForm | None = None,
    section: Mapping[str, Any] | None = None,
    invalid: bool = False,
) -> HttpResponse:
    """Render the profile page; 400 if a posted form has errors.

    Each of `seams.profile_sections` adds its context; `section` (the
    context of a section whose posted form failed, from its own view)
    replaces that section's keys, and `invalid` says the form failed.
    """
    form = form or ProfileForm(instance=request.user)
    email_form = email_form or EmailSettingsForm(instance=request.user)
    token = services.api_token_get_or_create(user=request.user)
    context: dict[str, Any] = {
        "form": form,
        "email_form": email_form,
        "email_failures": _email_failures(request.user),
        "token": token.key,
    }
    for profile_section in seams.profile_sections:
        context.update(profile_section(request))
    context.update(section or {})
    return render(
        request,
        "accounts/profile.html",
        context,
        status=400 if form.errors or email_form.errors or invalid else 200,
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
        "last": moment_text(user.email_failed_at) if user.email_failed_at else "",
    }


def moment_text(moment: datetime) -> str:
    """Return `moment` as a date and time in the viewer's language, with its zone.

    Also the vacation's section (games/profile_views.py) says its end so.
    """
    local = timezone.localtime(moment)
    return f"{date_format(local, 'DATETIME_FORMAT')} {date_format(local, 'T')}"


@never_cache
@require_GET
@login_required
def account_export_download(request: AuthedRequest) -> HttpResponse:
    """Download the signed-in person's data as one JSON file (GDPR, issue 24)."""
    data = account_export(user=request.user, now=timezone.now())
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = (
        f'attachment; filename="spielpost-{request.user.pk}.json"'
    )
    return response


@never_cache
@require_http_methods(["GET", "POST"])
@login_required
def account_delete_page(request: AuthedRequest) -> HttpResponse:
    """Explain what deleting the account does, and do it on a confirmed POST.

    The export is offered first. The POST needs the password and the
    username typed again (AccountDeleteForm); a refused one answers 400
    with the page and its errors, nothing deleted. A done one logs the
    person out and goes to the front page.
    """
    form = AccountDeleteForm(request.POST or None, request=request, user=request.user)
    if request.method == "POST":
        if not form.is_valid():
            return render(request, "accounts/delete.html", {"form": form}, status=400)
        account_delete(user=request.user, now=timezone.now())
        logout(request)
        messages.success(request, _("Your account has been deleted. Goodbye."))
        return redirect("/")
    return render(request, "accounts/delete.html", {"form": form})
