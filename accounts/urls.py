"""Profile URLs (sign-up, log-in etc. are allauth's, under /accounts/).

The profile's doors about play (vacation, notification centre) join this
`accounts` namespace in config/urls.py (they live in games/profile_views.py).
"""

from __future__ import annotations

from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("", views.profile, name="profile"),
    path("token/", views.token_regenerate, name="token_regenerate"),
    path("export/", views.account_export_download, name="export"),
    path("delete/", views.account_delete_page, name="delete"),
]
