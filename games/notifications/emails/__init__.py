"""Composing and sending the notice e-mails (issue 11, "E-mails").

`schedule` decides when and to whom an e-mail goes; this package builds
what is sent and sends it:

- `turn_email` (`compose`): one e-mail for one or several notices of one
  person (those that fell due together go out as one);
- `digest_rows` and `digest_email` (`compose`): the daily digest, every
  match where the person is to move, most urgent first;
- `email_queue` (`delivery`): an e-mail recorded (`EmailDelivery`) by
  the sweeps, handed to a worker on commit;
- `email_deliver` (`delivery`): the one service the task calls (claim an
  attempt, compose, send, record delivered or the next attempt);
  `deliveries_resume` hands out again what is due and not delivered;
- `email_send` (`delivery`): through Django's configured backend
  (EMAIL_BACKEND: the console by default, SMTP by settings), recording
  failures on the person;
- `unsubscribe_target` and `email_unsubscribe` (`unsubscribe`): what an
  unsubscribe link does (tokens: `tokens`).

The shared layout and the headers are `render`'s, the absolute links
`links`'s. Callers import from here.

Every e-mail is rendered in the person's profile language, as plain text
and HTML (templates/notifications/email/, one shared layout), with absolute
links (settings.SITE_URL): a button to each board, the e-mail settings on
the profile, and a one-click unsubscribe for the kind it tells of, both as
a visible link and as RFC 8058 headers (`List-Unsubscribe` with the HTTPS
URL, `List-Unsubscribe-Post: List-Unsubscribe=One-Click`). A digest's
link stops the digest (tokens.DIGEST, see `email_unsubscribe`).

Only what the person's own seat may see goes into an e-mail: the lines of
the move that began their turn come from `games.selectors.board_context`
for their seat (the seat's `view` and the events visible to it), never
from the stored state or another seat's events.
"""

from __future__ import annotations

from .compose import TURN_KINDS, DigestRow, digest_email, digest_rows, turn_email
from .delivery import deliveries_resume, email_deliver, email_queue, email_send
from .links import settings_url
from .render import TEMPLATES, EmailItem, StopLink
from .unsubscribe import email_topic, email_unsubscribe, unsubscribe_target

__all__ = [
    "TEMPLATES",
    "TURN_KINDS",
    "DigestRow",
    "EmailItem",
    "StopLink",
    "digest_email",
    "digest_rows",
    "deliveries_resume",
    "email_deliver",
    "email_queue",
    "email_send",
    "email_topic",
    "email_unsubscribe",
    "settings_url",
    "turn_email",
    "unsubscribe_target",
]
