"""The invitation services (issue 24): each rule, silent blocks, lapsing, private access."""

from __future__ import annotations

import pytest

from accounts import community
from games import exceptions, selectors, services
from games.friends import invitations
from games.friends.invitations import (
    InvitationAnswered,
    InvitationNotFound,
    InvitationRefused,
    invitation_accept,
    invitation_decline,
    invitation_send,
    invitation_send_by_name,
    invitation_withdraw,
)
from games.models import Invitation, Match, Notification

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]

Kind = Notification.Kind


def _sent(match, inviter, invitee):
    invitation_send(match_id=match.id, inviter=inviter, invitee=invitee)
    return Invitation.objects.get(match=match, invitee=invitee)


def test_an_invitation_is_stored_and_told_to_the_invitee(open_match, alice, bob):
    invitation = _sent(open_match, alice, bob)

    assert invitation.state == Invitation.State.PENDING
    assert invitation.inviter == alice
    notice = Notification.objects.get(user=bob)
    assert notice.kind == Kind.INVITED
    assert notice.match_id == open_match.id
    assert notice.params["name"] == "Alice"
    assert notice.params["game"] == "toy"


def test_sending_twice_is_answered_alike_and_stores_one(open_match, alice, bob):
    _sent(open_match, alice, bob)
    invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)

    assert Invitation.objects.count() == 1
    assert Notification.objects.filter(user=bob, kind=Kind.INVITED).count() == 1


def test_oneself_is_refused(open_match, alice):
    with pytest.raises(InvitationRefused):
        invitation_send(match_id=open_match.id, inviter=alice, invitee=alice)


def test_an_unknown_or_deleted_person_is_refused(open_match, alice, bob):
    with pytest.raises(InvitationRefused):
        invitation_send_by_name(match_id=open_match.id, inviter=alice, name="Nobody")
    bob.is_active = False
    bob.save()
    with pytest.raises(InvitationRefused):
        invitation_send_by_name(match_id=open_match.id, inviter=alice, name="Bob")
    with pytest.raises(InvitationRefused):
        invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)


def test_a_deleted_person_is_refused(open_match, alice, bob):
    from django.utils import timezone

    bob.deleted_at = timezone.now()
    bob.save()
    with pytest.raises(InvitationRefused):
        invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)
    assert not Invitation.objects.exists()


def test_only_a_seated_person_invites(open_match, bob, carol):
    with pytest.raises(exceptions.NotSeated):
        invitation_send(match_id=open_match.id, inviter=bob, invitee=carol)


def test_a_stranger_to_a_private_match_is_answered_as_for_no_match(private, bob, carol):
    with pytest.raises(exceptions.MatchNotFound):
        invitation_send(match_id=private.id, inviter=bob, invitee=carol)


def test_only_an_open_match_takes_invitations(started_match, alice, carol):
    with pytest.raises(exceptions.SeatUnavailable):
        invitation_send(match_id=started_match.id, inviter=alice, invitee=carol)


def test_someone_seated_is_not_invited(open_match, alice, bob):
    services.seat_claim(match_id=open_match.id, user=bob)
    with pytest.raises(exceptions.SeatUnavailable):
        invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)


@pytest.mark.parametrize("blocker", ["inviter", "invitee"])
def test_a_block_either_way_is_silent(open_match, alice, bob, blocker):
    if blocker == "inviter":
        community.block(owner=alice, other=bob)
    else:
        community.block(owner=bob, other=alice)

    # Answered exactly as a success: no refusal, nothing returned.
    assert invitation_send(match_id=open_match.id, inviter=alice, invitee=bob) is None
    assert not Invitation.objects.exists()
    assert not Notification.objects.filter(user=bob).exists()


def test_accepting_takes_a_seat(open_match, alice, bob):
    invitation = _sent(open_match, alice, bob)

    match = invitation_accept(invitation_id=invitation.id, user=bob)

    assert match.seats.filter(user=bob).exists()
    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.ACCEPTED
    assert invitation.answered_at is not None


def test_only_the_invitee_accepts_or_declines(open_match, alice, bob, carol):
    invitation = _sent(open_match, alice, bob)

    for person in (alice, carol):
        with pytest.raises(InvitationNotFound):
            invitation_accept(invitation_id=invitation.id, user=person)
        with pytest.raises(InvitationNotFound):
            invitation_decline(invitation_id=invitation.id, user=person)


def test_an_invitation_to_a_started_match_has_lapsed(open_match, alice, bob, carol):
    invitation = _sent(open_match, alice, bob)
    services.seat_claim(match_id=open_match.id, user=carol)
    services.seat_robot_add(match_id=open_match.id, user=alice)
    invitation.refresh_from_db()
    assert invitation.match.status == Match.Status.ACTIVE

    assert invitations.invitation_lapsed(invitation)
    with pytest.raises(InvitationAnswered):
        invitation_accept(invitation_id=invitation.id, user=bob)


def test_a_lapsed_invitation_opens_a_private_match_no_more(private, alice, bob, carol):
    _sent(private, alice, bob)
    services.seat_claim(match_id=private.id, user=carol, invite=private.invite_secret)
    services.seat_robot_add(match_id=private.id, user=alice)
    private.refresh_from_db()

    assert private.status == Match.Status.ACTIVE
    assert not selectors.match_visible_to(match=private, user=bob)


def test_a_lapsed_invitation_is_left_out_of_the_lists(open_match, alice, bob, carol):
    from games.friends.selectors import invitations_pending

    _sent(open_match, alice, bob)
    assert len(invitations_pending(user=bob).received) == 1
    assert len(invitations_pending(user=alice).sent) == 1

    services.seat_claim(match_id=open_match.id, user=carol)
    services.seat_robot_add(match_id=open_match.id, user=alice)

    assert invitations_pending(user=bob).received == []
    assert invitations_pending(user=alice).sent == []


def test_declining_tells_the_inviter_once(open_match, alice, bob):
    invitation = _sent(open_match, alice, bob)

    invitation_decline(invitation_id=invitation.id, user=bob)
    invitation_decline(invitation_id=invitation.id, user=bob)

    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.DECLINED
    notices = Notification.objects.filter(user=alice, kind=Kind.INVITATION_DECLINED)
    assert notices.count() == 1
    assert notices.get().params["name"] == "Bob"
    with pytest.raises(InvitationAnswered):
        invitation_accept(invitation_id=invitation.id, user=bob)
    # Asking again after a decline changes nothing and tells nobody.
    invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)
    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.DECLINED
    assert Notification.objects.filter(user=bob, kind=Kind.INVITED).count() == 1


def test_the_inviter_withdraws(open_match, alice, bob):
    invitation = _sent(open_match, alice, bob)

    with pytest.raises(InvitationRefused) as refusal:
        invitation_withdraw(invitation_id=invitation.id, user=bob)
    assert refusal.value.status_code == 403
    invitation_withdraw(invitation_id=invitation.id, user=alice)
    invitation_withdraw(invitation_id=invitation.id, user=alice)

    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.WITHDRAWN
    with pytest.raises(InvitationAnswered):
        invitation_accept(invitation_id=invitation.id, user=bob)
    # Sent again, it is pending again and told again.
    invitation_send(match_id=open_match.id, inviter=alice, invitee=bob)
    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.PENDING
    assert Notification.objects.filter(user=bob, kind=Kind.INVITED).count() == 2


def test_a_stranger_cannot_withdraw(open_match, alice, bob, carol):
    invitation = _sent(open_match, alice, bob)
    with pytest.raises(InvitationNotFound):
        invitation_withdraw(invitation_id=invitation.id, user=carol)
    with pytest.raises(InvitationNotFound):
        invitation_withdraw(invitation_id=invitation.id + 100, user=alice)


def test_the_invited_see_and_join_a_private_match_without_its_secret(
    private, alice, bob, carol
):
    assert not selectors.match_visible_to(match=private, user=bob)
    invitation = _sent(private, alice, bob)

    assert selectors.match_visible_to(match=private, user=bob)
    assert not selectors.match_visible_to(match=private, user=carol)
    invitation_accept(invitation_id=invitation.id, user=bob)
    assert private.seats.filter(user=bob).exists()


def test_the_invited_may_take_a_seat_by_the_join_door_too(private, alice, bob):
    _sent(private, alice, bob)

    services.seat_claim(match_id=private.id, user=bob)

    assert private.seats.filter(user=bob).exists()


def test_a_withdrawn_or_declined_invitation_opens_nothing(private, alice, bob):
    invitation = _sent(private, alice, bob)
    invitation_withdraw(invitation_id=invitation.id, user=alice)

    assert not selectors.match_visible_to(match=private, user=bob)
    with pytest.raises(exceptions.MatchNotFound):
        services.seat_claim(match_id=private.id, user=bob)


def test_the_link_of_a_private_match_still_works(private, bob):
    services.seat_claim(match_id=private.id, user=bob, invite=private.invite_secret)

    assert private.seats.filter(user=bob).exists()


def test_a_seat_refused_keeps_the_invitation_pending(open_match, alice, bob, carol):
    invitation = _sent(open_match, alice, bob)
    # carol, seated, blocked bob: his seat is refused as for a full match.
    services.seat_claim(match_id=open_match.id, user=carol)
    community.block(owner=carol, other=bob)

    with pytest.raises(exceptions.SeatUnavailable):
        invitation_accept(invitation_id=invitation.id, user=bob)
    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.PENDING


def test_a_suspended_person_neither_invites_nor_accepts(open_match, alice, bob, carol):
    from datetime import timedelta

    from django.utils import timezone

    invitation = _sent(open_match, alice, bob)
    for person in (alice, bob):
        person.suspended_until = timezone.now() + timedelta(days=1)
        person.save(update_fields=["suspended_until"])

    with pytest.raises(exceptions.Suspended):
        invitation_send(match_id=open_match.id, inviter=alice, invitee=carol)
    with pytest.raises(exceptions.Suspended):
        invitation_accept(invitation_id=invitation.id, user=bob)
    invitation.refresh_from_db()
    assert invitation.state == Invitation.State.PENDING


def test_deleted_and_inactive_friends_are_left_out(alice, bob, carol, make_user):
    from django.utils import timezone

    from games.friends.selectors import friends_list

    dave = make_user("dave", display_name="Dave")
    for person in (bob, carol, dave):
        community.follow(owner=alice, other=person)
    carol.deleted_at = timezone.now()
    carol.save(update_fields=["deleted_at"])
    dave.is_active = False
    dave.save(update_fields=["is_active"])

    assert [friend.person for friend in friends_list(user=alice)] == [bob]
