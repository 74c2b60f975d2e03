"""Games: matches, seats and moves on top of the pure rules engines."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.apps import AppConfig
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    # Labels are lazy (gettext_lazy); the stubs-only alias says so.
    from django_stubs_ext import StrOrPromise


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = _("Games")

    def ready(self) -> None:
        """Plug games into accounts' seams (accounts imports nothing from games)."""
        from accounts import seams

        seams.seam_add(seams.reserved_names, robot_labels)
        seams.seam_add(seams.email_kinds, notice_kinds)
        seams.seam_add(seams.profile_sections, vacation_section)
        seams.seam_add(seams.export_sections, account_export_section)
        seams.seam_add(seams.account_deleting, account_deleting)


def robot_labels() -> Iterator[str]:
    """Yield every registered robot's label (a gettext msgid): no player's name.

    Read from the registry at call time, so a game registered later (a test's)
    counts too.
    """
    from games.rules import registry

    for entry in registry.GAMES.values():
        for robot in entry.robots.values():
            yield robot.label


def vacation_section(request: HttpRequest) -> Mapping[str, Any]:
    """Return the profile page's vacation context (games.profile_views).

    Imported when called: at `ready()` the views' forms would import
    allauth's, which import accounts.forms back (ACCOUNT_SIGNUP_FORM_CLASS).
    """
    from games import profile_views

    return profile_views.vacation_section(request)


def notice_kinds() -> list[tuple[str, StrOrPromise]]:
    """Return the kinds of notice, as (value, label): each can be kept off e-mail."""
    from games.models import Notification

    return [(kind.value, kind.label) for kind in Notification.Kind]


def account_export_section(user: Any) -> Mapping[str, Any]:
    """Return games' part of `user`'s data export (games.selectors.account_export)."""
    from games.selectors.account_export import account_export_section as section

    return section(user)


def account_deleting(*, user: Any, now: datetime) -> None:
    """Take `user`, whose account is being deleted, out of play (services.departures).

    Imported when called, as the other hooks: models are not ready at `ready()`'s
    import time for every caller.
    """
    from games.services.departures import account_deleting as departure

    departure(user=user, now=now)
