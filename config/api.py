"""The API's settings: Django REST framework's and drf-spectacular's.

Called by config/settings.py, section 11.
"""

from __future__ import annotations

from typing import Any


def rest_framework(*, anon_rate: str, proxies: int) -> dict[str, Any]:
    """Return REST_FRAMEWORK: `anon_rate` anonymous requests (e.g. "30/minute").

    `proxies`: the reverse proxies before Spielpost (TRUSTED_PROXY_COUNT),
    from which DRF's throttles read the client's address.
    """
    return {
        "DEFAULT_AUTHENTICATION_CLASSES": [
            "games.api.authentication.PreparedTokenAuthentication",
            "rest_framework.authentication.SessionAuthentication",
        ],
        "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
        # DRF's defaults, but JSON nested deeper than games.parsers.MAX_DEPTH is
        # a 400 instead of a RecursionError (500). Views whose bodies hold JSON
        # objects take JSON only (games.api.views).
        "DEFAULT_PARSER_CLASSES": [
            "games.parsers.JSONParser",
            "rest_framework.parsers.FormParser",
            "rest_framework.parsers.MultiPartParser",
        ],
        "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
        "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
        # DRF's, answering 503 while its counters (Redis) are down.
        "DEFAULT_THROTTLE_CLASSES": ["accounts.ratelimits.AnonRateThrottle"],
        "DEFAULT_THROTTLE_RATES": {"anon": anon_rate},
        # DRF's default (None) would trust any X-Forwarded-For a client sends.
        "NUM_PROXIES": proxies,
    }


SPECTACULAR_SETTINGS: dict[str, Any] = {
    "TITLE": "Spielpost API",
    "DESCRIPTION": (
        "Play Spielpost matches from bots and other clients.\n\n"
        "**Websocket for programs: `/ws/play/`.** Authenticate with the same "
        "token (`Authorization: Token <key>` on the upgrade request, or a first "
        'message `{"command": "AUTH", "token": "<key>"}`), then send JSON '
        'commands `{"command", "data", "id", "match"}` and get answers `{"id", '
        '"command", "ok", "result"}` or `{..., "ok": false, "error": {"code", '
        '"message"}}`. Commands: REQUEST_GAMES, REQUEST_ALL_CONNECTED_PLAYERS, '
        "WHOAMI, WANT_TO_JOIN_GAME (WANT_JOIN_GAME), SELECT_GAME, WATCH, UNWATCH, "
        "VIEW, LEGAL_MOVES, "
        "MOVE (a move as in `POST /api/matches/{id}/moves/`), and each game's "
        "own (Rat um Rad: SHORT_DESTINATION_CARDS_SELECTED_IN_PREPARATION, "
        "TAKE_WHEEL, BUILD_ROAD, DRAW_DESTINATION_CARDS, KEEP_DESTINATION_CARDS, "
        'PASS). After every change of your matches it pushes `{"event": "view", '
        '"match", "version", "view", "legal_moves", "to_move", ...}` as your '
        'seat sees it. See the README, section "Programs: the /ws/play/ '
        'protocol".'
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI's files come from the pinned sidecar package, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema_hooks.one_of_bodies_required",
        # After the enum hook: it would rename the games' declared enums.
        "games.api.schema_hooks.game_types_declared",
    ],
}
