from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import broadcast

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("toy")]


def test_match_group_names_one_group_per_match():
    assert broadcast.match_group(42) == "match-42"


def test_the_match_changed_event_carries_ids_and_the_version_only(started_match):
    event = broadcast.match_changed_event(started_match, moved=True)

    assert event == {
        "type": "match.changed",
        "match_id": started_match.id,
        "version": started_match.version,
        "moved": True,
        "change": event["change"],
    }
    assert len(event["change"]) == 32
    # Channel layers serialise messages; Redis would refuse anything else.
    assert json.loads(json.dumps(event)) == event


def test_nothing_is_sent_before_commit(
    started_match, django_capture_on_commit_callbacks, group_sends
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        broadcast.match_changed_on_commit(started_match)

    assert group_sends == []
    assert len(callbacks) == 1


def test_the_event_names_the_version_at_the_time_of_the_call(
    started_match, django_capture_on_commit_callbacks, group_sends
):
    with django_capture_on_commit_callbacks(execute=True):
        broadcast.match_changed_on_commit(started_match)
        # The same object may change again before the commit.
        started_match.version = 99

    assert group_sends == [
        (
            f"match-{started_match.id}",
            {
                "type": "match.changed",
                "match_id": started_match.id,
                "version": 0,
                "moved": False,
            },
        )
    ]


def test_every_message_has_a_change_id_of_its_own(
    started_match, django_capture_on_commit_callbacks, group_sends
):
    # The consumers share one render per (change, view): two changes at the
    # same version (seats, then status) must not share one.
    with django_capture_on_commit_callbacks(execute=True):
        broadcast.match_changed_on_commit(started_match)
        broadcast.match_changed_on_commit(started_match)
        broadcast.lobby_changed_on_commit()

    assert len(set(group_sends.changes)) == 3


def test_a_broken_channel_layer_does_not_fail_the_commit(
    started_match, django_capture_on_commit_callbacks, monkeypatch
):
    def down(messages):
        raise ConnectionError("redis is down")

    monkeypatch.setattr(broadcast, "_send", down)

    # A committed move must not turn into an error page (robust on_commit).
    with django_capture_on_commit_callbacks(execute=True):
        broadcast.match_changed_on_commit(started_match)
        broadcast.lobby_changed_on_commit()


def test_group_send_reaches_a_channel_in_the_group(started_match):
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    group = broadcast.match_group(started_match.id)
    async_to_sync(layer.group_add)(group, channel)
    try:
        event = broadcast.match_changed_event(started_match, moved=False)
        broadcast._send([(group, event)])
        message = async_to_sync(layer.receive)(channel)
    finally:
        async_to_sync(layer.group_discard)(group, channel)

    assert message == event


@pytest.mark.skipif(
    not __import__("django.conf").conf.settings.REDIS_URL, reason="needs Redis"
)
def test_sends_from_sync_code_share_one_loop_and_its_connections(settings):
    # Through async_to_sync every send ran in a new event loop, and
    # channels-redis opened a new connection pool for each.
    import uuid

    from channels.layers import channel_layers

    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "games.channel_layers.ResilientRedisChannelLayer",
            "CONFIG": {
                "hosts": [settings.REDIS_URL],
                "prefix": f"test-{uuid.uuid4().hex}",
            },
        }
    }
    layer = channel_layers["default"]

    for n in range(3):
        broadcast._send([("match-1", {"type": "match.changed", "n": n})])

    assert len(layer._layers) == 1


def test_a_batch_sends_its_messages_together_in_order(
    started_match, django_capture_on_commit_callbacks, monkeypatch
):
    from django.db import transaction

    calls: list[list[tuple[str, dict]]] = []
    monkeypatch.setattr(broadcast, "_send", calls.append)

    with django_capture_on_commit_callbacks(execute=True), broadcast.batch():
        broadcast.match_changed_on_commit(started_match, moved=True)
        with broadcast.batch():  # joins the outer batch
            # As a move announces whose turn it is: to the pages only.
            broadcast.user_matches_changed_on_commit(
                started_match, [2, 1], pages_only=True
            )
        try:
            with transaction.atomic():
                broadcast.lobby_changed_on_commit()
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
        broadcast.user_notifications_changed_on_commit([2])

    # One send, in the order announced, without the rolled-back savepoint's.
    assert [[(group, event["type"]) for group, event in call] for call in calls] == [
        [
            (f"match-{started_match.id}", "match.changed"),
            ("user-1", "user.matches_changed"),
            ("user-2", "user.matches_changed"),
            ("user-2", "user.notifications_changed"),
        ]
    ]


def test_without_a_batch_each_announcement_is_sent_on_its_own(
    started_match, django_capture_on_commit_callbacks, monkeypatch
):
    calls: list[list[tuple[str, dict]]] = []
    monkeypatch.setattr(broadcast, "_send", calls.append)

    with django_capture_on_commit_callbacks(execute=True):
        broadcast.match_changed_on_commit(started_match)
        broadcast.lobby_changed_on_commit()

    assert [len(call) for call in calls] == [1, 1]


def test_a_move_sends_its_announcements_in_one_batch(
    started_match, alice, django_capture_on_commit_callbacks, monkeypatch
):
    from tests.games.helpers import first_move_submit

    calls: list[list[tuple[str, dict]]] = []
    monkeypatch.setattr(broadcast, "_send", calls.append)

    with django_capture_on_commit_callbacks(execute=True):
        first_move_submit(started_match, 0, alice)

    assert len(calls) == 1
    assert calls[0][0][0] == f"match-{started_match.id}"
    assert calls[0][0][1]["type"] == "match.changed"
