"""Follows, mutes and blocks: accounts.community (issue 24)."""

from __future__ import annotations

import pytest

from accounts import community
from accounts.models import Block, Follow, Mute

pytestmark = pytest.mark.django_db


def test_each_relation_is_set_and_unset_idempotently(alice, bob):
    for set_, unset, model in (
        (community.follow, community.unfollow, Follow),
        (community.mute, community.unmute, Mute),
        (community.block, community.unblock, Block),
    ):
        assert set_(owner=alice, other=bob) is True
        assert set_(owner=alice, other=bob) is False
        assert model.objects.filter(owner=alice, other=bob).count() == 1
        assert unset(owner=alice, other=bob) is True
        assert unset(owner=alice, other=bob) is False
        assert not model.objects.exists()


@pytest.mark.parametrize("service", [community.follow, community.mute, community.block])
def test_nobody_relates_to_themselves(alice, service):
    with pytest.raises(community.CommunityRefused):
        service(owner=alice, other=alice)


def test_a_block_ends_the_blocked_persons_follow_and_refuses_a_new_one(alice, bob):
    community.follow(owner=bob, other=alice)
    community.block(owner=alice, other=bob)

    assert not Follow.objects.filter(owner=bob, other=alice).exists()
    # Silent: no refusal, just nothing stored.
    assert community.follow(owner=bob, other=alice) is False
    assert not Follow.objects.exists()


def test_the_hidden_authors_are_the_muted_and_the_blocked(alice, bob, carol):
    community.mute(owner=alice, other=bob)
    community.block(owner=alice, other=carol)

    assert community.hidden_author_ids(viewer=alice) == {bob.pk, carol.pk}
    assert community.hidden_author_ids(viewer=bob) == set()
    assert community.relations(owner=alice, other=bob) == {
        "follow": False,
        "mute": True,
        "block": False,
    }
