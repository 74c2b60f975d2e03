"""The profile page: name, language, e-mail preferences and the API token."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from . import services
from .forms import ProfileForm
from .models import User


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
    token = services.api_token_get_or_create(user=request.user)
    return render(
        request,
        "accounts/profile.html",
        {"form": form, "token": token.key},
        status=400 if form.errors else 200,
    )


@require_POST
@login_required
def token_regenerate(request: AuthedRequest) -> HttpResponse:
    """Replace the player's API token."""
    services.api_token_regenerate(user=request.user)
    messages.success(
        request, _("You have a new API token. The old one no longer works.")
    )
    return redirect("accounts:profile")
