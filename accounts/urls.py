"""Profile URLs (sign-up, log-in etc. are allauth's, under /accounts/)."""

from __future__ import annotations

from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("", views.profile, name="profile"),
    path("token/", views.token_regenerate, name="token_regenerate"),
    path("vacation/start/", views.vacation_start, name="vacation_start"),
    path("vacation/end/", views.vacation_end, name="vacation_end"),
    path("notifications/", views.notifications, name="notifications"),
    path(
        "notifications/read/",
        views.notifications_read_all,
        name="notifications_read_all",
    ),
]
