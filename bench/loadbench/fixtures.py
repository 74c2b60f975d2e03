"""Create the players of bench/load.py in the served tree's database.

Run by bench/load.py inside the served tree (its settings, its models):
`python -m loadbench.fixtures PAIRS ROWS`, with bench/ on PYTHONPATH.
Creates PAIRS pairs of players with verified e-mail addresses, an API
token and a logged-in session each, and the bench table of the minimal
commit (bench/loadbench/server_urls.py) with ROWS rows. Prints JSON:
`{"pairs": [[{"token", "cookie"}, {...}], ...]}`.
"""

from __future__ import annotations

import json
import sys
from importlib import import_module
from typing import Any

import django

django.setup()

from allauth.account.models import EmailAddress  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth import (  # noqa: E402
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
)
from django.db import connection, transaction  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402

from accounts.models import User  # noqa: E402
from loadbench.server_urls import BENCH_TABLE  # noqa: E402


def player_create(username: str) -> dict[str, str]:
    """Create a player who could log in; return its token and session cookie."""
    # No password: hashing one costs more than the rest of the setup.
    user = User(username=username, email=f"{username}@example.com")
    user.set_unusable_password()
    user.save()
    EmailAddress.objects.create(
        user=user, email=user.email, verified=True, primary=True
    )
    token = Token.objects.create(user=user)
    # The session a browser gets from logging in, as django.contrib.auth.login
    # stores it: the match socket authenticates with its cookie.
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return {
        "token": token.key,
        "cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}",
    }


def main() -> None:
    """Create the players and the bench table; print the players as JSON."""
    pairs, rows = int(sys.argv[1]), int(sys.argv[2])
    with transaction.atomic():
        result: list[list[dict[str, Any]]] = [
            [player_create(f"load-{n}-a"), player_create(f"load-{n}-b")]
            for n in range(pairs)
        ]
        with connection.cursor() as cursor:
            cursor.execute(
                f"CREATE TABLE {BENCH_TABLE} (id integer PRIMARY KEY, n integer)"
            )
            cursor.execute(
                f"INSERT INTO {BENCH_TABLE} SELECT i, 0 FROM generate_series(1, %s) i",
                [rows],
            )
    json.dump({"pairs": result}, sys.stdout)


if __name__ == "__main__":
    main()
