"""Spielpost's project package: settings, URLs, ASGI/WSGI and Celery."""

from __future__ import annotations

from .celery import app as celery_app

__all__ = ["celery_app"]
