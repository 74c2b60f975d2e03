"""What the API's views share: the request type, error docs and helpers.

`AuthedRequest` types a request behind the default `IsAuthenticated`
permission; the `UNAUTHENTICATED`, `CSRF`, ... descriptions and
`error_responses` document the error statuses in the schema; `JSON_ONLY` is
the parser list of views whose bodies are JSON objects; `body_valid`
validates a body against a serializer and `match_or_404` loads a match the
caller may see or answers 404.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

from accounts.models import User
from games import selectors
from games.api.serializers import ErrorSerializer
from games.models import Match
from games.models.prepared import MATCH_BY_ID
from games.parsers import JSONParser


class AuthedRequest(Request):
    """A request to a view behind the default `IsAuthenticated` permission."""

    user: User


# What each error status means, for the schema: every error body is
# ErrorSerializer's `{"detail": str}`.
UNAUTHENTICATED = "No valid `Authorization: Token <key>` header (or session)."
CSRF = "Logged in by session cookie without a valid CSRF token."
NOT_JSON_BODY = "The body is not `application/json`."
NO_MATCH = (
    "There is no such match, or it is private and you have no seat there "
    "nor its invitation secret (answered alike: ids reveal nothing)."
)
NOT_SEATED = (
    "You have no seat at this match (or logged in by session without CSRF token)."
)

# Bodies of JSON objects (a move, options): a form cannot write them the way
# the schema shows, so these views read JSON only.
JSON_ONLY = [JSONParser]


def error_responses(descriptions: Mapping[int, str]) -> dict[int, OpenApiResponse]:
    """Return drf-spectacular responses: ErrorSerializer for each status."""
    return {
        code: OpenApiResponse(ErrorSerializer, description=text)
        for code, text in descriptions.items()
    }


SEND_AN_OBJECT = _("Send a JSON object.")


def body_valid(
    serializer_class: type[serializers.Serializer[Any]], request: Request
) -> dict[str, Any]:
    """Return `request`'s body as validated by `serializer_class`.

    Raises ValidationError (400) for a body that is not a JSON object or
    that the serializer refuses.
    """
    if not isinstance(request.data, dict):
        raise ValidationError({"detail": SEND_AN_OBJECT})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def match_or_404(match_id: int, request: Request, invite: str = "") -> Match:
    """Return the match if the caller may see it; else Http404 as for no match.

    A private match needs a seat, staff or its invitation secret (`invite`,
    or one the session keeps): `selectors.match_visible_to`.
    """
    found = MATCH_BY_ID.fetch(match_id)
    if not found:
        raise Http404
    match = found[0]
    if not selectors.match_visible_to(
        match=match, user=request.user, invite=invite, session=request.session
    ):
        raise Http404
    return match
