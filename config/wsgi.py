"""WSGI entry point: production HTTP runs here under gunicorn (README)."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

from config.gc_freeze import startup_freeze

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# Last: what the import made stays out of the collector's full passes.
startup_freeze()
