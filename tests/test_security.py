"""Security headers and settings: CSP, TLS behind a proxy, cookies, no Server header.

`manage.py check --deploy` runs in a subprocess with the README's
production block (Production layout) and must report nothing; Daphne
started as `make run` starts it sends no `Server` header.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from config.security import policy_for
from tests.sockets import free_port, http_head

ROOT = Path(__file__).resolve().parents[1]


def _readme_production_env() -> dict[str, str]:
    """Return the variables of the README's production block (sh, KEY=value)."""
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Production layout", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "no production settings block in the README"
    lines = [line.strip() for line in block.group(1).splitlines()]
    env = dict(line.split("=", 1) for line in lines if line)
    assert env["SECRET_KEY"].startswith("<")
    env["SECRET_KEY"] = secrets.token_urlsafe(50)
    return env


def _manage(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST_", "DJANGO_"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_check_deploy_is_clean_with_the_readmes_production_settings():
    result = _manage(
        ["check", "--deploy", "--fail-level", "WARNING"], _readme_production_env()
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_production_settings_read_the_tls_proxy_and_cookie_settings():
    code = (
        "from django.conf import settings as s; print(repr(("
        "s.SECURE_PROXY_SSL_HEADER, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS, "
        "s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD, "
        "s.LANGUAGE_COOKIE_SECURE, s.LANGUAGE_COOKIE_SAMESITE, "
        "s.LANGUAGE_COOKIE_HTTPONLY, s.SESSION_COOKIE_SECURE)))"
    )
    result = _manage(["shell", "--no-imports", "-c", code], _readme_production_env())

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == repr(
        (
            ("HTTP_X_FORWARDED_PROTO", "https"),
            True,
            31536000,
            True,
            True,
            True,
            "Lax",
            True,
            True,
        )
    )


@pytest.mark.django_db
def test_the_language_cookie_is_lax_and_not_for_scripts(client):
    response = client.post("/i18n/setlang/", {"language": "de", "next": "/"})

    cookie = response.cookies["django_language"]
    assert cookie["samesite"] == "Lax"
    assert cookie["httponly"] is True


@pytest.mark.django_db
def test_the_proxys_https_header_makes_a_request_secure(client, settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_SSL_REDIRECT = True

    plain = client.get("/", HTTP_X_FORWARDED_PROTO="http")
    behind_tls = client.get("/", HTTP_X_FORWARDED_PROTO="https")
    health = client.get("/healthz", HTTP_X_FORWARDED_PROTO="http")

    assert plain.status_code == 301
    assert plain["Location"].startswith("https://")
    assert behind_tls.status_code != 301
    assert health.status_code == 200


# ---------------------------------------------------------------------------
# The Content-Security-Policy that config/security.py adds


def _directives(policy: str) -> dict[str, list[str]]:
    parts = [part.split() for part in policy.split(";") if part.strip()]
    return {name: values for name, *values in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/play/", "/accounts/login/", "/api/games/"])
def test_every_answer_carries_the_policy(client, path):
    response = client.get(path)

    directives = _directives(response["Content-Security-Policy"])
    assert directives["script-src"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]


@pytest.mark.django_db
def test_the_api_docs_load_their_start_up_script_from_a_file(client):
    html = client.get("/api/docs/").content.decode()
    script = client.get("/api/docs/?script=")

    # No inline script: every <script> has a src.
    assert re.findall(r"<script(?![^>]*\ssrc=)[^>]*>", html) == []
    assert script.status_code == 200
    assert "SwaggerUIBundle" in script.content.decode()


def test_a_path_policy_overrides_the_default(settings):
    settings.CONTENT_SECURITY_POLICY = "default-src 'self'"
    settings.CONTENT_SECURITY_POLICY_BY_PATH = {
        "/api/": "default-src 'none'",
        "/api/docs/": "script-src 'self'",
    }

    assert policy_for("/play/") == "default-src 'self'"
    assert policy_for("/api/games/") == "default-src 'none'"
    assert policy_for("/api/docs/") == "script-src 'self'"


def test_templates_hold_no_inline_script_or_handler():
    found = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        found += [
            f"{path.name}: {m.group(0)[:60]}"
            for m in re.finditer(r"<script(?![^>]*\ssrc=)[^>]*>|\son[a-z]+=\S", text)
        ]
    assert found == []


# ---------------------------------------------------------------------------
# Daphne as `make run` starts it (Procfile.dev): no Server header.


def _procfile_daphne(port: int) -> list[str]:
    line = next(
        line
        for line in (ROOT / "Procfile.dev").read_text().splitlines()
        if line.startswith("web:")
    )
    args = line.removeprefix("web:").split()
    # Daphne's own arguments, after the embedded Redis's launcher (`run --`).
    args = args[args.index("--") + 1 :] if "--" in args else args
    args = [str(port) if arg.startswith("${SPIELPOST_PORT") else arg for arg in args]
    assert args[0].endswith("python")
    assert args[1:3] == ["-m", "config.wsserver"]
    # This test's own Python, whatever .venv holds.
    return [sys.executable, *args[1:]]


def test_daphne_as_make_run_starts_it_sends_no_server_header(tmp_path):
    port = free_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTEST_", "DJANGO_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )
    env.pop("REDIS_URL", None)
    process = subprocess.Popen(
        _procfile_daphne(port),
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/static/css/spielpost.css", timeout=5
                ) as response:
                    headers = response.headers
                    break
            except urllib.error.HTTPError as error:
                headers = error.headers
                break
            except OSError:
                assert process.poll() is None, "daphne exited"
                assert time.monotonic() < deadline, "daphne did not start"
                time.sleep(0.3)
        handshake = http_head(
            port,
            b"GET /ws/lobby/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Origin: http://127.0.0.1\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        )
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, 15)
        process.wait(timeout=30)
    assert "Server" not in headers
    assert "server:" not in handshake.lower(), handshake
    assert handshake.startswith("HTTP/1.1 ")
