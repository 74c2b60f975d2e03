"""The Toy as a test-only Django app, for the browser tests' stack.

Only tests/settings_browser.py installs it. `ready` registers the Toy in
the registry, as the `toy` fixture does for one unit test; its board and
rules pages are found in this package's templates/ (APP_DIRS).
"""

from __future__ import annotations

from django.apps import AppConfig


class ToyConfig(AppConfig):
    name = "tests.games.toy"
    label = "toy"
    verbose_name = "Push Your Luck (test-only)"

    def ready(self) -> None:
        from games.rules import registry

        from . import ENTRY, SLUG

        registry.GAMES[SLUG] = ENTRY
