"""ASGI entry point: HTTP through Django, websockets through Channels."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Django must be set up before importing consumers (they import models).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.gc_freeze import startup_freeze  # noqa: E402
from config.websocket_denial import install as install_denial  # noqa: E402
from games.consumers.origin import ProgramOriginValidator  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

# Under Daphne: a refused handshake answers with the application's status
# (404 for a path without a socket), see config/websocket_denial.py.
install_denial()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # The Origin check, except for programs on /ws/play/ (origin.py).
        "websocket": ProgramOriginValidator(
            # The Channels stubs want their type-check-only _ExtendedURLPattern,
            # which Django's path() (typed by django-stubs) never returns.
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))  # type: ignore[arg-type]
        ),
    }
)

# Last: what the import made stays out of the collector's full passes.
startup_freeze()
