"""The websocket handshake's Origin check, and the program socket's exception.

Browsers send an `Origin` header with every websocket upgrade, and send the
session cookie with it whatever page opened the socket; Channels'
AllowedHostsOriginValidator refuses an upgrade whose Origin is missing or
not one of ALLOWED_HOSTS, so another site's page cannot act with a
visitor's session (CSRF for websockets). Programs (the `websockets`
package, curl) send no Origin. The program socket `/ws/play/` reads no
cookie: it authenticates by API token only (the `Authorization: Token`
header or an AUTH command). So an upgrade of `/ws/play/` that carries no
Cookie header and no Origin header is let through unchecked: there is no
session to forge, and no browser sends it. Every other upgrade (any other
path, a cookie, or an Origin header) is checked as before.
"""

from __future__ import annotations

from typing import Any

from channels.security.websocket import AllowedHostsOriginValidator

PROGRAM_PATH = "/ws/play/"


class ProgramOriginValidator:
    """ASGI middleware: AllowedHostsOriginValidator, but programs need no Origin.

    `application` is the websocket application behind the check. Refused
    upgrades are closed by Channels' validator before they are accepted
    (a 403 to the client).
    """

    def __init__(self, application: Any) -> None:
        self.application = application
        self.checked = AllowedHostsOriginValidator(application)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> Any:
        if _program_without_browser(scope):
            return await self.application(scope, receive, send)
        return await self.checked(scope, receive, send)


def _program_without_browser(scope: Any) -> bool:
    """Return whether `scope` upgrades /ws/play/ with neither Cookie nor Origin."""
    if scope.get("type") != "websocket" or scope.get("path") != PROGRAM_PATH:
        return False
    names = {name.lower() for name, _value in scope.get("headers") or []}
    return b"cookie" not in names and b"origin" not in names
