"""Expected refusals of the account services, each with a message for people.

Each carries the status the API answers it with (`status_code`), with the
message as `detail`; none of them is logged as an error. SEND_CREDENTIALS
and REQUEST_TOO_LARGE answer requests that the token endpoint cannot read.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

WRONG_CREDENTIALS = _("Wrong username (or e-mail address) or password.")
TOO_MANY_FAILED_LOG_INS = _(
    "Too many failed log-ins from your address or for this account. "
    "Try again in a few minutes."
)
ACCOUNT_INACTIVE = _("This account is inactive.")
EMAIL_UNVERIFIED = _(
    "Confirm your e-mail address first: follow the link in the mail you got "
    "at sign-up, or log in on the website to get a new one."
)
LOG_IN_CODE_REQUIRED = _(
    "This account logs in with a code sent by e-mail, which the API cannot "
    "do: log in on the website."
)
SEND_CREDENTIALS = _("Send a JSON object (or form) with username and password.")
REQUEST_TOO_LARGE = _("The request is too large.")
ALREADY_ON_VACATION = _("You are already on vacation. End it before you start another.")
NO_VACATION_DAYS_LEFT = _("You have no whole vacation day left this year.")
# Formatted with `days`, the whole days left (games.services.vacations).
VACATION_DAYS_RANGE = ngettext_lazy(
    "You can take at most %(days)d day of vacation.",
    "You can take 1 to %(days)d days of vacation.",
    "days",
)


class LogInRefused(Exception):
    """A log-in was refused; `message` is shown to the person as it is.

    401: well-formed, but not credentials that log in (not a 400 for a
    request the schema allows).
    """

    status_code: int = 401

    def __init__(self, message: Promise | str) -> None:
        self.message = message
        super().__init__(str(message))


class LogInRateLimited(LogInRefused):
    """Too many failed log-ins for the address or account: not even tried."""

    status_code = 429


class VacationRefused(Exception):
    """A vacation cannot start; `message` is shown to the person as it is.

    409: the account's state decides, not the body.
    """

    status_code: int = 409

    def __init__(self, message: Promise | str) -> None:
        self.message = message
        super().__init__(str(message))
