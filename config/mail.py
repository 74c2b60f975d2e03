"""The default e-mail backend: every e-mail a file in one folder, and one log line.

Under `make run` nothing is delivered: the sign-up confirmation, turn
e-mails and digests land as files in EMAIL_FILE_PATH (`var/mail/`), one
file per e-mail, whichever process (web or worker) sent it, and each is
announced by one INFO line on the console:

    e-mail to bob@example.com: [Spielpost] Please confirm ... (var/mail/....eml)

Production sets EMAIL_BACKEND to the SMTP backend (README, "Configuration").
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.mail.backends.filebased import EmailBackend
from django.utils import timezone

logger = logging.getLogger(__name__)


class FolderEmailBackend(EmailBackend):
    """Django's file-based backend, with one `.eml` file and one log line per e-mail.

    Django's own backend appends every message sent over one connection to
    one `.log` file; here each message gets a file of its own, named by the
    moment (UTC, microseconds) and the process id, and holding the message
    exactly as it would be sent (opens in a mail program). Returns the
    number of e-mails written; an unwritable folder raises OSError unless
    `fail_silently`.
    """

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        sent = 0
        for message in email_messages:
            if not message.recipients():
                continue
            path = Path(self.file_path) / (
                f"{timezone.now():%Y%m%d-%H%M%S-%f}-{os.getpid()}.eml"
            )
            try:
                with path.open("xb") as stream:
                    stream.write(message.message().as_bytes())
            except OSError:
                if not self.fail_silently:
                    raise
                continue
            sent += 1
            logger.info(
                "e-mail to %s: %s (%s)",
                ", ".join(message.recipients()),
                message.subject,
                _shown(path),
            )
        return sent


def _shown(path: Path) -> str:
    """Return `path` relative to the project folder when it lies inside it."""
    try:
        return str(path.relative_to(settings.BASE_DIR))
    except ValueError:
        return str(path)
