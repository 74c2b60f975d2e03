"""Which notices become e-mails, and when (issue 11, "E-mail rules").

`email_plan` decides, when a notice is written, what becomes of its e-mail;
two sweeps of the beat act on it (composing and sending is
`games.tasks.send_notification_emails`'s, after commit):

- `emails_send_due` (every 30 s): a notice's e-mail is pending for a grace
  period (NOTIFY_EMAIL_GRACE seconds) and then goes out only if the person
  had no page of Spielpost open since the notice was written (presence) and
  it still matters (their turn at that version, the match still running
  for "started"...). A person's notices go out together, as one e-mail;
  at most one e-mail tells of a match's turn. During the person's quiet
  hours the e-mail waits for their end, and is checked again then.
- `digests_send` (every 5 minutes): who chose the daily digest gets, at
  their hour in their time zone, one e-mail listing every match where they
  are to move; none when there is nothing to do.

Every kind of notice may be e-mailed, and each can be switched off on the
profile (`User.email_off`). Only "your turn" goes to the digest: a "time
is running out" warning that waited up to a day would come too late.
Persons on vacation get no turn e-mails (their clocks stand still). Mail
goes only to a verified address (allauth's `EmailAddress`); that is
checked when an e-mail is due, not when the notice is written, so that
writing a notice costs no query inside the game's locked transaction.

Local times (digest hour, quiet hours) are wall-clock times in the
person's `time_zone` (IANA, via zoneinfo; an unknown name counts as UTC).
A wall time the clocks skip (spring) means the moment they jump; one that
occurs twice (autumn) its first occurrence.

Modules: `plan` (`email_plan`), `sweeps` (the two sweeps and their
per-person steps), `relevance` (what still matters, one e-mail per turn,
verified address, vacation); `accounts.local_time` (time zone, digest day, quiet
hours). Callers import from here.
"""

from __future__ import annotations

from accounts.local_time import (
    digest_day,
    local_instant,
    quiet_end,
    quiet_now,
    user_zone,
)

from .plan import DIGEST_KINDS, email_plan
from .relevance import TURN_KINDS
from .sweeps import digests_send, emails_send_due

__all__ = [
    "DIGEST_KINDS",
    "TURN_KINDS",
    "digest_day",
    "digests_send",
    "email_plan",
    "emails_send_due",
    "local_instant",
    "quiet_end",
    "quiet_now",
    "user_zone",
]
