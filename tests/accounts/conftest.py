from __future__ import annotations

import email
import socket
import uuid
from email import policy

import pytest
from aiosmtpd.controller import Controller
from rest_framework.test import APIClient


@pytest.fixture
def api_for_token():
    def make(key):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return client

    return make


# Rate-limit counts live in the cache, which outlives a test (and, with
# Redis, a test run): each test gets addresses and accounts of its own.


@pytest.fixture
def new_address():
    """Return a maker of IPv4 addresses in 10.0.0.0/8 that no other test uses."""

    def make():
        n = uuid.uuid4().int
        return f"10.{n % 256}.{n // 256 % 256}.{n // 65536 % 256}"

    return make


@pytest.fixture
def anon_api(new_address):
    """Return a maker of anonymous APIClients, each with an address of its own."""

    def make():
        return APIClient(REMOTE_ADDR=new_address())

    return make


@pytest.fixture
def eve(make_user):
    """A verified player whose name no other test uses."""
    return make_user(f"eve{uuid.uuid4().hex[:10]}", display_name="Eve")


# A real SMTP server on loopback for the e-mail tests (issue 11).


class Inbox:
    """An aiosmtpd handler that keeps what arrives; it can refuse DATA first.

    `refuse`: how many messages to answer with a temporary failure (451)
    before accepting; -1 refuses all.
    """

    def __init__(self):
        self.messages: list[tuple[list[str], email.message.EmailMessage]] = []
        self.raw: list[bytes] = []
        self.refuse = 0
        self.attempts = 0

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's name)
        self.attempts += 1
        if self.refuse:
            self.refuse -= 1 if self.refuse > 0 else 0
            return "451 4.3.0 Try again later"
        self.raw.append(envelope.content)
        parsed = email.message_from_bytes(envelope.content, policy=policy.default)
        self.messages.append((list(envelope.rcpt_tos), parsed))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp(settings):
    """Run an SMTP server on loopback and point Django's SMTP backend at it."""
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = controller.port
    settings.EMAIL_HOST_USER = ""
    settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_USE_TLS = False
    settings.EMAIL_TIMEOUT = 5
    settings.SITE_URL = "https://spielpost.example"
    yield inbox
    controller.stop()
