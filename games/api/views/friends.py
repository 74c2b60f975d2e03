"""Friends and invitations by the API (issue 24).

`GET /api/me/friends/`: the people the caller follows, whether each has a
page open now, and their open and running matches the caller may see
(games.friends.selectors). `GET /api/me/invitations/`: the caller's
pending invitations, received and sent (lapsed ones left out).
`POST /api/matches/{id}/invitations/` (`{"name": ...}`) invites a person;
`POST /api/invitations/{id}/accept/` and `.../decline/` answer one;
`DELETE /api/invitations/{id}/` withdraws one. All through
games.friends.invitations; a block is silent (the invitation answers as
sent), and an invitation neither sent to nor by the caller answers 404.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.serializers import StrictCharField
from games.friends import invitations, selectors
from games.friends.selectors import Friend
from games.models import Invitation, Match

from .base import (
    CSRF,
    JSON_ONLY,
    NO_MATCH,
    NOT_JSON_BODY,
    UNAUTHENTICATED,
    AuthedRequest,
    body_valid,
    error_responses,
)

NO_INVITATION = "There is no such invitation sent to or by you."


class FriendMatchSerializer(serializers.Serializer[Any]):
    """An open or running match of a friend, as a list shows it."""

    id = serializers.IntegerField()
    game = serializers.CharField(help_text="The game's slug.")
    status = serializers.CharField(
        help_text="`open` (waiting for players) or `active`."
    )
    private = serializers.BooleanField()
    seats = serializers.ListField(
        child=serializers.CharField(allow_null=True),
        help_text="Each seat's name in order (a robot's name; null: free).",
    )


class FriendSerializer(serializers.Serializer[Any]):
    """A person the caller follows."""

    name = serializers.CharField(help_text="Their public name.")
    online = serializers.BooleanField(help_text="They have a page open now.")
    matches = FriendMatchSerializer(many=True)


class InvitationSerializer(serializers.Serializer[Any]):
    """An invitation into an open match."""

    id = serializers.IntegerField()
    match = serializers.IntegerField(help_text="The match's id.")
    game = serializers.CharField(help_text="The game's slug.")
    inviter = serializers.CharField(help_text="Who invited (public name).")
    invitee = serializers.CharField(help_text="Who is invited (public name).")
    state = serializers.ChoiceField(choices=Invitation.State.values)
    lapsed = serializers.BooleanField(
        help_text="Still pending, but the match is no longer open."
    )
    created_at = serializers.DateTimeField(help_text="When it was sent (UTC).")


class InvitationsSerializer(serializers.Serializer[Any]):
    """The caller's pending invitations, newest first."""

    received = InvitationSerializer(many=True)
    sent = InvitationSerializer(many=True)


@extend_schema_field(
    {
        "type": "string",
        "minLength": 1,
        "maxLength": 150,
        # DRF's CharField refuses NUL (400): the schema says so, as the
        # report door's name does (games/api/views/reports.py).
        "pattern": "^[^\\x00]*$",
        "description": "The person's public name.",
    }
)
class _InviteeNameField(StrictCharField):
    """A person's public name as typed: 1-150 characters, no NUL."""


class InvitationCreateSerializer(serializers.Serializer[Any]):
    """Whom to invite."""

    name = _InviteeNameField(min_length=1, max_length=150, trim_whitespace=False)


class InvitationSentSerializer(serializers.Serializer[Any]):
    """The answer to an invitation sent: the same whatever became of it."""

    match = serializers.IntegerField()
    name = serializers.CharField()
    state = serializers.CharField(help_text="Always `pending`.")


def _friend_body(friend: Friend) -> dict[str, Any]:
    return {
        "name": friend.person.name,
        "online": friend.online,
        "matches": [_match_body(match) for match in friend.matches],
    }


def _match_body(match: Match) -> dict[str, Any]:
    return {
        "id": match.pk,
        "game": match.game_slug,
        "status": match.status,
        "private": match.private,
        "seats": [
            seat.user.name if seat.user is not None else (seat.robot or None)
            for seat in match.seats.all()
        ],
    }


def _invitation_body(invitation: Invitation) -> dict[str, Any]:
    return {
        "id": invitation.pk,
        "match": invitation.match_id,
        "game": invitation.match.game_slug,
        "inviter": invitation.inviter.name,
        "invitee": invitation.invitee.name,
        "state": invitation.state,
        "lapsed": invitations.invitation_lapsed(invitation),
        "created_at": invitation.created_at,
    }


class FriendListView(APIView):
    """The people you follow, who is online, and their visible matches."""

    @extend_schema(
        responses={
            200: FriendSerializer(many=True),
            **error_responses({401: UNAUTHENTICATED}),
        }
    )
    def get(self, request: AuthedRequest) -> Response:
        friends = selectors.friends_list(user=request.user)
        return Response([_friend_body(friend) for friend in friends])


class InvitationListView(APIView):
    """Your pending invitations, received and sent."""

    @extend_schema(
        responses={
            200: InvitationsSerializer,
            **error_responses({401: UNAUTHENTICATED}),
        }
    )
    def get(self, request: AuthedRequest) -> Response:
        pending = selectors.invitations_pending(user=request.user)
        return Response(
            {
                "received": [_invitation_body(i) for i in pending.received],
                "sent": [_invitation_body(i) for i in pending.sent],
            }
        )


class MatchInvitationView(APIView):
    """Invite a person to an open match you sit at.

    Answered alike for a new invitation, one already sent, and (silently)
    when a block stands between you: nothing tells a block.
    """

    parser_classes = JSON_ONLY

    @extend_schema(
        request=InvitationCreateSerializer,
        responses={
            200: InvitationSentSerializer,
            **error_responses(
                {
                    400: "Unreadable body, yourself, or a deleted account.",
                    401: UNAUTHENTICATED,
                    403: "You have no seat at this match, or are suspended "
                    "(or logged in by session without CSRF token).",
                    404: NO_MATCH + " Or there is no person of that name.",
                    409: "The match is not open, or the person already sits there.",
                    415: NOT_JSON_BODY,
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, match_id: int) -> Response:
        name = body_valid(InvitationCreateSerializer, request)["name"]
        invitations.invitation_send_by_name(
            match_id=match_id, inviter=request.user, name=name
        )
        return Response({"match": match_id, "name": name, "state": "pending"})


_ANSWER_ERRORS = error_responses(
    {
        401: UNAUTHENTICATED,
        403: CSRF,
        404: NO_INVITATION,
        409: "The invitation was already answered or withdrawn, or has lapsed "
        "(its match is no longer open).",
    }
)


class InvitationAcceptView(APIView):
    """Accept an invitation: take a seat at its match."""

    @extend_schema(
        request=None,
        responses={
            200: InvitationSerializer,
            **_ANSWER_ERRORS,
            **error_responses(
                {
                    409: "Answered, withdrawn or lapsed, or the match has no "
                    "free seat for you."
                }
            ),
        },
    )
    def post(self, request: AuthedRequest, invitation_id: int) -> Response:
        invitations.invitation_accept(invitation_id=invitation_id, user=request.user)
        return Response(_invitation_body(_reload(invitation_id)))


class InvitationDeclineView(APIView):
    """Decline an invitation (its sender is told)."""

    @extend_schema(
        request=None, responses={200: InvitationSerializer, **_ANSWER_ERRORS}
    )
    def post(self, request: AuthedRequest, invitation_id: int) -> Response:
        invitations.invitation_decline(invitation_id=invitation_id, user=request.user)
        return Response(_invitation_body(_reload(invitation_id)))


class InvitationDetailView(APIView):
    """Withdraw (`DELETE`) an invitation you sent."""

    @extend_schema(
        request=None,
        responses={
            200: InvitationSerializer,
            **_ANSWER_ERRORS,
            **error_responses(
                {
                    403: "You were invited: decline instead (or logged in by "
                    "session without CSRF token)."
                }
            ),
        },
    )
    def delete(self, request: AuthedRequest, invitation_id: int) -> Response:
        invitations.invitation_withdraw(invitation_id=invitation_id, user=request.user)
        return Response(_invitation_body(_reload(invitation_id)))


def _reload(invitation_id: int) -> Invitation:
    return Invitation.objects.select_related("match", "inviter", "invitee").get(
        pk=invitation_id
    )


__all__ = [
    "FriendListView",
    "InvitationAcceptView",
    "InvitationDeclineView",
    "InvitationDetailView",
    "InvitationListView",
    "MatchInvitationView",
]
