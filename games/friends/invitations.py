"""Inviting a person into an open match, and answering (issue 24).

The one write path for `games.models.Invitation`. A person seated at an
open match invites another (`invitation_send`); the invitee gets a notice
(`Notification.Kind.INVITED`, e-mailed only when away: the notices'
e-mail plan) and may then see the match even when it is private
(`games.selectors.access.invited_to`) and take a seat by accepting
(`invitation_accept`, through `services.seat_claim`), or decline
(`invitation_decline`: the inviter gets an INVITATION_DECLINED notice);
the inviter may withdraw it (`invitation_withdraw`). An invitation still
pending when its match is no longer open has lapsed: nothing writes that,
every reader compares the match's status (`invitation_lapsed`).

A block between the two, either way (`accounts.models.Block`), is silent:
sending answers exactly as a success, but nothing is stored or told.
Refusals are `InvitationRefused` (400/409) or `InvitationNotFound` (404,
as an unknown id for a stranger); they are `games.exceptions.MatchError`s,
so every door answers them with their status and message. Times in UTC.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import Block, User
from games import exceptions
from games.models import Invitation, Match, Notification
from games.notifications.services import notify
from games.selectors.access import match_require_visible
from games.selectors.profiles import player_by_name
from games.services import core, seats
from games.services.suspensions import play_allowed_require

NO_SUCH_PERSON = _("There is no such player.")
NOT_YOURSELF = _("You cannot invite yourself.")
NO_SUCH_INVITATION = _("There is no such invitation.")
ALREADY_ANSWERED = _("This invitation has already been answered.")
LAPSED = _("This invitation has lapsed: the match is no longer open.")
ONLY_INVITER = _("Only the person who sent an invitation can withdraw it.")


class InvitationRefused(exceptions.MatchError):
    """An invitation refused: `message` says why (400; 409 for its state)."""

    default_message = NO_SUCH_PERSON
    status_code = 400
    page_status_code = 400


class PersonNotFound(InvitationRefused):
    """No active person of that name (404, as the API's players answer)."""

    default_message = NO_SUCH_PERSON
    status_code = 404


class InvitationAnswered(InvitationRefused):
    """The invitation is no longer pending, or its match no longer open (409)."""

    default_message = ALREADY_ANSWERED
    status_code = 409
    page_status_code = 409


class NotInviter(InvitationRefused):
    """The invitee tried to withdraw: only its sender may (403)."""

    default_message = ONLY_INVITER
    status_code = 403
    page_status_code = 403


class InvitationNotFound(exceptions.MatchError):
    """No invitation with that id sent to or by the caller (404, as unknown)."""

    default_message = NO_SUCH_INVITATION
    status_code = 404
    page_status_code = 404


def invitation_lapsed(invitation: Invitation) -> bool:
    """Return whether a pending `invitation` lapsed (its match is not open).

    Reads `invitation.match` (no query when it was selected with it).
    """
    return (
        invitation.state == Invitation.State.PENDING
        and invitation.match.status != Match.Status.OPEN
    )


def invitation_send_by_name(*, match_id: int, inviter: User, name: str) -> None:
    """`invitation_send` to the active person whose public name is `name`.

    Raises PersonNotFound (404) for no such person or a deactivated one;
    InvitationRefused (400) for a deleted one, as `invitation_send` does.
    """
    try:
        invitee = player_by_name(name=name)
    except User.DoesNotExist:
        raise PersonNotFound() from None
    invitation_send(match_id=match_id, inviter=inviter, invitee=invitee)


def invitation_send(*, match_id: int, inviter: User, invitee: User) -> None:
    """`inviter`, seated at the open match `match_id`, invites `invitee`.

    Writes a pending Invitation and an INVITED notice to `invitee` (params:
    `game`, `name` of the inviter, `opponents`: the people seated). Answers
    nothing: the same for a new invitation, for one already pending
    (idempotent), for one the invitee declined (it stays declined: asking
    again is not a way to pester) and, silently, when either of the two
    blocked the other (nothing is stored or told). A withdrawn invitation
    is sent anew. Raises MatchNotFound when `inviter` may not see the
    match, NotSeated when they have no seat, SeatUnavailable (MATCH_NOT_OPEN)
    when it is not open, Suspended for a suspended inviter,
    InvitationRefused for oneself or a deactivated or deleted invitee, and
    SeatUnavailable (ALREADY_SEATED_THERE) when the invitee already sits there.
    """
    if invitee.pk == inviter.pk:
        raise InvitationRefused(NOT_YOURSELF)
    if not invitee.is_active or invitee.deleted_at is not None:
        raise InvitationRefused(NO_SUCH_PERSON)
    play_allowed_require(inviter, reload=True)
    with transaction.atomic():
        match = core.match_lock(match_id)
        seated = list(match.seats.select_related("user"))
        if not any(seat.user_id == inviter.pk for seat in seated):
            # A private match one may not see is as unknown (access.py).
            match_require_visible(match=match, user=inviter)
            raise exceptions.NotSeated()
        if match.status != Match.Status.OPEN:
            raise exceptions.SeatUnavailable(exceptions.MATCH_NOT_OPEN)
        if any(seat.user_id == invitee.pk for seat in seated):
            raise exceptions.SeatUnavailable(exceptions.ALREADY_SEATED_THERE)
        if Block.objects.filter(
            Q(owner=inviter, other=invitee) | Q(owner=invitee, other=inviter)
        ).exists():
            # Silent (issue 24): the inviter is answered as for a success.
            return
        invitation = (
            Invitation.objects.select_for_update()
            .filter(match=match, invitee=invitee)
            .first()
        )
        now = timezone.now()
        if invitation is None:
            Invitation.objects.create(
                match=match, inviter=inviter, invitee=invitee, created_at=now
            )
        elif invitation.state == Invitation.State.WITHDRAWN:
            invitation.inviter = inviter
            invitation.state = Invitation.State.PENDING
            invitation.created_at = now
            invitation.answered_at = None
            invitation.save(
                update_fields=["inviter", "state", "created_at", "answered_at"]
            )
        else:
            # Pending, declined or accepted already: nothing new to tell.
            return
        notify(
            [invitee],
            Notification.Kind.INVITED,
            match=match,
            params={
                "game": match.game_slug,
                "name": inviter.name,
                "opponents": [s.user.name for s in seated if s.user is not None],
            },
            now=now,
        )


def invitation_accept(
    *, invitation_id: int, user: User, client_seed: str = ""
) -> Match:
    """The invitee `user` takes a seat at the invitation's match; return it.

    Through `services.seat_claim` (its rules all hold: a free seat, not
    suspended, nobody seated blocked them; `client_seed` as there); the
    invitation becomes accepted. Raises InvitationNotFound for an id not
    sent to `user`, InvitationAnswered when it is no longer pending or has
    lapsed, and seat_claim's refusals (then it stays pending).
    """
    with transaction.atomic():
        invitation = _invitation_lock(invitation_id, invitee=user)
        _require_pending(invitation)
        # While pending, the invitation lets `user` see a private match.
        seats.seat_claim(
            match_id=invitation.match_id, user=user, client_seed=client_seed
        )
        invitation.state = Invitation.State.ACCEPTED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["state", "answered_at"])
    return Match.objects.get(pk=invitation.match_id)


def invitation_decline(*, invitation_id: int, user: User) -> Invitation:
    """The invitee `user` declines; the inviter gets an INVITATION_DECLINED notice.

    Declining twice changes nothing more (no second notice). Raises
    InvitationNotFound for an id not sent to `user`, InvitationAnswered
    for an accepted, withdrawn or lapsed one.
    """
    with transaction.atomic():
        invitation = _invitation_lock(invitation_id, invitee=user)
        if invitation.state == Invitation.State.DECLINED:
            return invitation
        _require_pending(invitation)
        invitation.state = Invitation.State.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["state", "answered_at"])
        notify(
            [invitation.inviter],
            Notification.Kind.INVITATION_DECLINED,
            match=invitation.match,
            params={"game": invitation.match.game_slug, "name": user.name},
        )
    return invitation


def invitation_withdraw(*, invitation_id: int, user: User) -> Invitation:
    """The inviter `user` withdraws a pending invitation (nobody is told).

    Withdrawing twice changes nothing more. Raises InvitationNotFound for
    an id neither sent by nor to `user`, NotInviter (403) for the
    invitee, InvitationAnswered for an answered one.
    """
    with transaction.atomic():
        invitation = (
            Invitation.objects.select_for_update()
            .select_related("match", "inviter")
            .filter(Q(inviter=user) | Q(invitee=user), pk=invitation_id)
            .first()
        )
        if invitation is None:
            raise InvitationNotFound()
        if invitation.inviter_id != user.pk:
            raise NotInviter()
        if invitation.state == Invitation.State.WITHDRAWN:
            return invitation
        if invitation.state != Invitation.State.PENDING:
            raise InvitationAnswered()
        invitation.state = Invitation.State.WITHDRAWN
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["state", "answered_at"])
    return invitation


# Helpers


def _invitation_lock(invitation_id: int, *, invitee: User) -> Invitation:
    """Return invitation `invitation_id` sent to `invitee`, locked; precondition: in a transaction."""
    invitation = (
        Invitation.objects.select_for_update()
        .select_related("match", "inviter")
        .filter(pk=invitation_id, invitee=invitee)
        .first()
    )
    if invitation is None:
        raise InvitationNotFound()
    return invitation


def _require_pending(invitation: Invitation) -> None:
    if invitation.state != Invitation.State.PENDING:
        raise InvitationAnswered()
    if invitation_lapsed(invitation):
        raise InvitationAnswered(LAPSED)
