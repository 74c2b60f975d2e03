"""Follows, mutes and blocks by the API (issue 24).

`POST`/`DELETE /api/players/{name}/follow/`, `.../mute/`, `.../block/`:
each sets or unsets what the caller set about that person, through
accounts.community; each answers the caller's relations to them. A block
is silent: nothing tells the blocked person.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from django.http import Http404
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import community
from accounts.models import User
from games.api.errors import refusal_response
from games.selectors.profiles import player_by_name

from .base import CSRF, UNAUTHENTICATED, AuthedRequest, error_responses
from .players import NO_PLAYER

_RELATIONS = inline_serializer(
    "Relations",
    fields={
        "follow": serializers.BooleanField(help_text="You follow this person."),
        "mute": serializers.BooleanField(
            help_text="You muted this person: their chat lines are hidden for you."
        ),
        "block": serializers.BooleanField(
            help_text="You blocked this person (silently): they cannot join "
            "your matches, follow you or write to you."
        ),
    },
)

_ERRORS = error_responses(
    {
        400: "The person is yourself.",
        401: UNAUTHENTICATED,
        403: CSRF,
        404: NO_PLAYER,
    }
)

Service = Callable[..., bool]


class _RelationView(APIView):
    """Set (`POST`) or unset (`DELETE`) one relation to the person `name`."""

    set_service: ClassVar[Service]
    unset_service: ClassVar[Service]

    def _change(self, request: AuthedRequest, name: str, service: Service) -> Response:
        try:
            other = player_by_name(name=name)
        except User.DoesNotExist:
            raise Http404 from None
        try:
            service(owner=request.user, other=other)
        except community.CommunityRefused as refusal:
            return refusal_response(str(refusal.message), refusal.status_code)
        return Response(community.relations(owner=request.user, other=other))

    @extend_schema(request=None, responses={200: _RELATIONS, **_ERRORS})
    def post(self, request: AuthedRequest, name: str) -> Response:
        return self._change(request, name, type(self).set_service)

    @extend_schema(request=None, responses={200: _RELATIONS, **_ERRORS})
    def delete(self, request: AuthedRequest, name: str) -> Response:
        return self._change(request, name, type(self).unset_service)


class PlayerFollowView(_RelationView):
    """Follow (`POST`) or unfollow (`DELETE`) a person."""

    set_service = staticmethod(community.follow)
    unset_service = staticmethod(community.unfollow)


class PlayerMuteView(_RelationView):
    """Mute (`POST`) or unmute (`DELETE`) a person: their chat lines hidden for you."""

    set_service = staticmethod(community.mute)
    unset_service = staticmethod(community.unmute)


class PlayerBlockView(_RelationView):
    """Block (`POST`) or unblock (`DELETE`) a person, silently."""

    set_service = staticmethod(community.block)
    unset_service = staticmethod(community.unblock)


__all__ = ["PlayerBlockView", "PlayerFollowView", "PlayerMuteView"]
