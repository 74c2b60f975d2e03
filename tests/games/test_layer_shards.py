"""The channel layer over several Redis hosts (CHANNEL_REDIS_URLS, issue 27).

channels-redis spreads groups and channels over its hosts by a hash of
their names. Two layers listing the same hosts (two Daphnes, two nodes)
must reach each other's sockets whichever host a name hashed to, and the
health check must notice any one host down.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.parse
import uuid
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync

from games import channel_layers

ROOT = Path(__file__).resolve().parent.parent.parent
REDIS_URL = os.environ.get("REDIS_URL", "")

needs_redis = pytest.mark.skipif(not REDIS_URL, reason="needs Redis")


def _settings_with(env: dict[str, str]) -> dict[str, object]:
    # Settings are read once per process: a fresh one reads this environment.
    script = (
        "import json; from django.conf import settings as s; import django;"
        "django.setup(); db = s.DATABASES['default'];"
        "layer = s.CHANNEL_LAYERS['default'].get('CONFIG', {});"
        "print(json.dumps({'hosts': layer.get('hosts'),"
        " 'no_server_cursors': db.get('DISABLE_SERVER_SIDE_CURSORS', False),"
        " 'prepare_threshold': db.get('OPTIONS', {}).get('prepare_threshold')}))"
    )
    # A production process: no xdist worker's own Redis database.
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in env and k != "PYTEST_XDIST_WORKER"
    }
    output = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return json.loads(output.splitlines()[-1])


def test_channel_redis_urls_become_the_layers_hosts_in_their_order():
    found = _settings_with(
        {
            "REDIS_URL": "redis://127.0.0.1:6379/0",
            "CHANNEL_REDIS_URLS": "redis://10.0.0.2:6379/0, redis://10.0.0.1:6379/0",
        }
    )

    assert [host["address"] for host in found["hosts"]] == [
        "redis://10.0.0.2:6379/0",
        "redis://10.0.0.1:6379/0",
    ]


def test_without_channel_redis_urls_the_layer_is_redis_url():
    found = _settings_with(
        {"REDIS_URL": "redis://127.0.0.1:6379/3", "CHANNEL_REDIS_URLS": ""}
    )

    assert [host["address"] for host in found["hosts"]] == ["redis://127.0.0.1:6379/3"]


@pytest.mark.parametrize("pgbouncer", ["1", "0"])
def test_pgbouncer_turns_server_side_cursors_off(pgbouncer):
    found = _settings_with(
        {
            "DATABASE_URL": "postgres://postgres@127.0.0.1:6432/spielpost",
            "REDIS_URL": "",
            "PGBOUNCER": pgbouncer,
        }
    )

    assert found["no_server_cursors"] is (pgbouncer == "1")
    # Django's own default, which PgBouncer's transaction mode needs too.
    assert found["prepare_threshold"] is None


def _shards() -> list[str]:
    url = urllib.parse.urlsplit(REDIS_URL)
    # Two database numbers of one server stand for two Redis hosts.
    return [url._replace(path=f"/{number}").geturl() for number in (11, 12)]


@needs_redis
def test_two_layers_over_the_same_hosts_reach_every_channel_of_a_group():
    prefix = f"test-{uuid.uuid4().hex}"
    sender = channel_layers.ResilientRedisChannelLayer(hosts=_shards(), prefix=prefix)
    receiver = channel_layers.ResilientRedisChannelLayer(hosts=_shards(), prefix=prefix)

    async def scenario() -> list[dict[str, object]]:
        channels = [await receiver.new_channel() for _ in range(20)]
        groups = [f"match-{n}" for n in range(20)]
        # The groups hash to both hosts (else this would test one).
        assert {receiver.consistent_hash(group) for group in groups} == {0, 1}
        for group, channel in zip(groups, channels, strict=True):
            await receiver.group_add(group, channel)
        for n, group in enumerate(groups):
            await sender.group_send(group, {"type": "match.changed", "n": n})
        received = [await receiver.receive(channel) for channel in channels]
        for group, channel in zip(groups, channels, strict=True):
            await receiver.group_discard(group, channel)
        await sender.flush()
        return received

    received = async_to_sync(scenario)()

    assert [message["n"] for message in received] == list(range(20))


@needs_redis
@pytest.mark.django_db
def test_health_fails_when_any_one_host_is_down(client, settings, monkeypatch):
    from channels.layers import get_channel_layer

    up, _ = _shards()
    down = "redis://127.0.0.1:1/0"
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "games.channel_layers.ResilientRedisChannelLayer",
            "CONFIG": {
                "hosts": [up, down],
                "prefix": f"test-{uuid.uuid4().hex}",
            },
        }
    }

    # The health check's own channel hashes to the host that is up: its
    # round trip passes, and only asking every host finds the other down.
    monkeypatch.setattr(get_channel_layer(), "consistent_hash", lambda name: 0)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json()["channel_layer"].startswith("error:")
