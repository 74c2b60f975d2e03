"""API token authentication that refuses malformed tokens before the database.

DRF's TokenAuthentication looks any header value up; a NUL byte in it made
PostgreSQL refuse the query, a 500. A token is 40 hexadecimal characters
(rest_framework.authtoken makes them so): anything else is a 401 at once.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

_TOKEN = re.compile(r"[0-9a-f]{40}")


class CheckedTokenAuthentication(TokenAuthentication):
    """`Authorization: Token <40 hex characters>`; anything else is refused (401).

    Answers as DRF's TokenAuthentication: (the token's user, the token), or
    AuthenticationFailed (401) for an unknown token or an inactive user.
    A subclass may find the token another way (`token_find`).
    """

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        if _TOKEN.fullmatch(key) is None:
            raise AuthenticationFailed(_("Invalid token."))
        token = self.token_find(key)
        if token is None:
            raise AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        return token.user, token

    def token_find(self, key: str) -> Token | None:
        """Return the token `key` (40 hex characters) with its user, or None."""
        return Token.objects.select_related("user").filter(key=key).first()
