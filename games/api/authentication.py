"""The API's token authentication, its lookup's SQL built once (issue 27).

Every API request and every program socket's AUTH looks its token up with
its user. Through the ORM, building that query's SQL was about a quarter
of a gunicorn worker's CPU in `bench/load.py`'s turn loop (a `py-spy
--gil` profile): `TOKEN_WITH_USER` builds it once per database
(games/models/prepared.py). The checks and answers are accounts'
`CheckedTokenAuthentication`'s.
"""

from __future__ import annotations

from django.db.models import QuerySet
from rest_framework.authtoken.models import Token

from accounts.authentication import CheckedTokenAuthentication
from games.models.prepared import PreparedSelect


def _token_with_user(key: str) -> QuerySet[Token]:
    return Token.objects.select_related("user").filter(key=key)


# An API token by its key, with its user.
TOKEN_WITH_USER = PreparedSelect(_token_with_user, text=True)


class PreparedTokenAuthentication(CheckedTokenAuthentication):
    """`CheckedTokenAuthentication` whose lookup is `TOKEN_WITH_USER` (one query)."""

    def token_find(self, key: str) -> Token | None:
        """Return the token `key` with its user, or None (unknown key)."""
        found = TOKEN_WITH_USER.fetch(key)
        return found[0] if found else None
