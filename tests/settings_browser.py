"""The settings of the browser tests' stack: the site's own, plus the Toy.

tests/browser.py starts Daphne, the Celery worker and `manage.py` with
DJANGO_SETTINGS_MODULE set to this module, so that the platform's browser
tests (tests/e2e/) play the test-only Toy (tests/games/toy/) as the unit
tests do, never a real game. Everything else is config.settings unchanged:
the Toy's app only registers the game (tests/games/toy/apps.py) and lends
its templates (APP_DIRS). The site itself never lists this app.
"""

from __future__ import annotations

from config.settings import *  # noqa: F403
from config.settings import INSTALLED_APPS as SITE_APPS

INSTALLED_APPS = [*SITE_APPS, "tests.games.toy"]
