"""Top-level URLs: pages, accounts, API, admin, health."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from accounts import urls as account_urls
from games import profile_views
from games import views as game_views

urlpatterns = [
    path("", game_views.home, name="home"),
    path("healthz", game_views.healthz, name="healthz"),
    path("i18n/setlang/", set_language, name="set_language"),
    path("accounts/", include("allauth.urls")),
    # One `accounts` namespace: identity's pages, then the profile's doors
    # about play, which live in games (accounts imports nothing from games).
    path(
        "profile/",
        include(
            (
                account_urls.urlpatterns + profile_views.profile_urlpatterns,
                account_urls.app_name,
            )
        ),
    ),
    # Top-level and short: the address goes into every e-mail's headers.
    path("unsubscribe/<str:token>/", profile_views.unsubscribe, name="unsubscribe"),
    path("", include("games.urls")),
    path("api/", include("games.api_urls")),
    path("admin/", admin.site.urls),
]
