"""The session store: Django's database sessions, with checked keys.

A session key is 32 lowercase letters and digits (Django makes them so). A
cookie carrying anything else, a NUL byte say, is no session: it is never
looked up, where PostgreSQL would refuse the NUL and the page would fail
with a 500 (SESSION_ENGINE = "accounts.sessions").
"""

from __future__ import annotations

import re

from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore

_SESSION_KEY = re.compile(r"[a-z0-9]{8,40}")


class SessionStore(DatabaseSessionStore):
    """Database sessions that ignore a malformed session key."""

    def _validate_session_key(self, key: str | None) -> bool:
        return key is not None and _SESSION_KEY.fullmatch(key) is not None
