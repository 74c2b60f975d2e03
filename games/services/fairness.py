"""Client seeds at the doors: the services' side of games/fairness.py (issue 23)."""

from __future__ import annotations

from django.utils.translation import gettext

from games import exceptions, fairness


def client_seed_clean(value: str) -> str:
    """Return the client seed to store for `value` (`fairness.client_seed_clean`).

    Blank: a generated one. Raises InvalidMatchSettings (400) with a message
    that says what a client seed may be (at most 64 printable ASCII
    characters), so every door (form, API, socket) refuses alike.
    """
    try:
        return fairness.client_seed_clean(value)
    except ValueError:
        raise exceptions.InvalidMatchSettings(
            gettext(fairness.CLIENT_SEED_INVALID)
        ) from None
