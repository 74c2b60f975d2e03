"""Follows, mutes and blocks between people (issue 24, Friends and Chat).

The one write path for `Follow`, `Mute` and `Block`: each relation is set
and unset idempotently (setting it twice, or unsetting one that is not
there, changes nothing). A block is silent: the blocked person is never
told. Blocking someone also ends the blocked person's follow of the
blocker (a blocked person may not follow them, issue 24). Times in UTC.
Imports nothing of `games`.
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .models import Block, Follow, Mute, User

NOT_YOURSELF = _("You cannot do that to yourself.")


class CommunityRefused(Exception):
    """A relation refused (to oneself): `message` is shown as it is (400)."""

    status_code = 400

    def __init__(self, message: object = NOT_YOURSELF) -> None:
        super().__init__(str(message))
        self.message = message


def _set(
    model: type[Follow] | type[Mute] | type[Block], owner: User, other: User
) -> bool:
    """Store `owner` -> `other` in `model`; return whether it is new."""
    if owner.pk == other.pk:
        raise CommunityRefused
    _, created = model.objects.get_or_create(
        owner=owner, other=other, defaults={"created_at": timezone.now()}
    )
    return bool(created)


def _unset(
    model: type[Follow] | type[Mute] | type[Block], owner: User, other: User
) -> bool:
    """Remove `owner` -> `other` from `model`; return whether one was there."""
    deleted, _ = model.objects.filter(owner=owner, other=other).delete()
    return deleted > 0


def follow(*, owner: User, other: User) -> bool:
    """`owner` follows `other`; return whether the follow is new.

    Raises CommunityRefused for oneself. Silently does nothing (returns
    False) when `other` blocked `owner`: a block is never revealed.
    """
    if owner.pk == other.pk:
        raise CommunityRefused
    if Block.objects.filter(owner=other, other=owner).exists():
        return False
    return _set(Follow, owner, other)


def unfollow(*, owner: User, other: User) -> bool:
    """`owner` no longer follows `other`; return whether they did."""
    return _unset(Follow, owner, other)


def mute(*, owner: User, other: User) -> bool:
    """`owner` mutes `other` (their chat lines hidden for `owner`); True if new."""
    return _set(Mute, owner, other)


def unmute(*, owner: User, other: User) -> bool:
    """`owner` unmutes `other`; return whether they had muted them."""
    return _unset(Mute, owner, other)


@transaction.atomic
def block(*, owner: User, other: User) -> bool:
    """`owner` blocks `other`, silently; return whether the block is new.

    `other`'s follow of `owner` ends (issue 24: a blocked person cannot
    follow the blocker). Raises CommunityRefused for oneself.
    """
    created = _set(Block, owner, other)
    Follow.objects.filter(owner=other, other=owner).delete()
    return created


def unblock(*, owner: User, other: User) -> bool:
    """`owner` unblocks `other`; return whether they had blocked them."""
    return _unset(Block, owner, other)


def relations(*, owner: User, other: User) -> dict[str, bool]:
    """Return what `owner` set about `other`: `follow`, `mute`, `block` flags.

    One query (the profile page reads it on every view).
    """
    row = (
        User.objects.filter(pk=other.pk)
        .annotate(
            follows=Exists(Follow.objects.filter(owner=owner, other=OuterRef("pk"))),
            mutes=Exists(Mute.objects.filter(owner=owner, other=OuterRef("pk"))),
            blocks=Exists(Block.objects.filter(owner=owner, other=OuterRef("pk"))),
        )
        .values("follows", "mutes", "blocks")
        .first()
    )
    if row is None:
        return {"follow": False, "mute": False, "block": False}
    return {
        "follow": bool(row["follows"]),
        "mute": bool(row["mutes"]),
        "block": bool(row["blocks"]),
    }


def blocked_between(*, owner_ids: list[int], other_id: int) -> bool:
    """Return whether any of `owner_ids` blocked `other_id` (one query)."""
    return Block.objects.filter(owner_id__in=owner_ids, other_id=other_id).exists()


def hidden_author_ids(*, viewer: User) -> set[int]:
    """Return the ids whose chat lines `viewer` does not see: muted or blocked."""
    muted = Mute.objects.filter(owner=viewer).values_list("other_id", flat=True)
    blocked = Block.objects.filter(owner=viewer).values_list("other_id", flat=True)
    return set(muted) | set(blocked)
