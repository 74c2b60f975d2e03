"""Where other apps plug into accounts, which imports none of them (issue 22).

`accounts` is identity: sign-up, log-in, profile, tokens, names. Apps that
build on it (`games`) may import it; it never imports them. Where identity
needs to know something only such an app knows, it asks through one of the
lists below, which that app fills in its `AppConfig.ready()` (games/apps.py):

- `reserved_names`: callables returning labels no player may go by (the
  robots' labels, in their gettext msgids: `accounts.names` checks every
  language), read at call time, so a game registered later counts too.
- `email_kinds`: callables returning the kinds of notice a person may
  switch off by e-mail, as (value, label) pairs in the profile's order
  (games' `Notification.Kind`); `User.email_off` holds the values.
- `profile_sections`: callables returning context for the profile page
  (accounts/profile.html), one section each (the vacation's); read on every
  render, in order. A section whose form was posted with errors renders the
  page itself (`accounts.views.profile_page`, with its own context).
- `export_sections`: callables taking a person and returning their part
  of the person's data export (accounts.export), one JSON-ready mapping
  each, merged in order of registration (games': matches, moves, chat,
  ratings, notices, reports).
- `account_deleting`: callables `hook(user=..., now=...)` run by
  accounts.deletion.account_delete inside its transaction, before the
  person's row is emptied (games': seats to robots, open seats left,
  invitations withdrawn, chat lines hidden).

Plain lists, not signals: the order is the order of registration and a
reader sees every caller with one grep for the list's name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from django.http import HttpRequest

if TYPE_CHECKING:
    # Labels are lazy (gettext_lazy); the stubs-only alias says so.
    from django_stubs_ext import StrOrPromise

    from .models import User

ReservedNames: TypeAlias = Callable[[], Iterable[str]]
EmailKinds: TypeAlias = "Callable[[], Iterable[tuple[str, StrOrPromise]]]"
ProfileSection: TypeAlias = Callable[[HttpRequest], Mapping[str, Any]]
ExportSection: TypeAlias = "Callable[[User], Mapping[str, Any]]"


class AccountDeleting(Protocol):
    """A hook of `account_deleting`: take `user` out of the app, at `now` (UTC)."""

    def __call__(self, *, user: User, now: datetime) -> None: ...


reserved_names: list[ReservedNames] = []
email_kinds: list[EmailKinds] = []
profile_sections: list[ProfileSection] = []
export_sections: list[ExportSection] = []
account_deleting: list[AccountDeleting] = []


def seam_add(seam: list[Any], hook: Any) -> None:
    """Append `hook` to `seam` once (a second `ready()`, e.g. in tests, adds nothing)."""
    if hook not in seam:
        seam.append(hook)


def email_kinds_choices() -> list[tuple[str, StrOrPromise]]:
    """Return every (value, label) of `email_kinds`, in order of registration."""
    return [choice for source in email_kinds for choice in source()]
