"""Fixtures of the platform tests: websocket clients and their channel layer."""

from __future__ import annotations

import uuid

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from config.asgi import application


@pytest.fixture
def own_channel_layer(settings):
    """A channel layer of the test's own, and no version poll."""
    # Only the group message may carry news here, not the version poll.
    settings.LIVE_POLL_SECONDS = 0
    if settings.REDIS_URL:
        # A prefix of its own: other test runs share this Redis and count
        # their matches from 1 too, so "match-1" would cross over.
        settings.CHANNEL_LAYERS = {
            "default": {
                # Production's layer (its socket timeout outlasts the
                # blocking receive: the default did not, a flaky test).
                "BACKEND": "games.channel_layers.ResilientRedisChannelLayer",
                "CONFIG": {
                    "hosts": [settings.REDIS_URL],
                    "prefix": f"test-{uuid.uuid4().hex}",
                },
            }
        }
    else:
        settings.CHANNEL_LAYERS = {
            "default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}
        }


@pytest.fixture
def socket_for():
    """Return a communicator for `path` as `user` (None = anonymous)."""

    def session_cookie(user):
        client = Client()
        client.force_login(user)
        return f"sessionid={client.cookies['sessionid'].value}".encode()

    async def make(path, user=None):
        headers = [(b"origin", b"http://testserver")]
        if user is not None:
            headers.append(
                (b"cookie", await database_sync_to_async(session_cookie)(user))
            )
        return WebsocketCommunicator(application, path, headers=headers)

    return make
