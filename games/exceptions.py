"""Expected refusals of the match services, each with a message for players.

Each refusal carries the HTTP status every door answers it with, as class
attributes (the one status map; games/views.py and games/api/errors.py read
them): `status_code` for the API, `page_status_code` for the board's htmx
move form. None of them is logged as an error. `IllegalMove` (from the
rules) becomes InvalidMove in the services.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

STALE_MATCH = _(
    "The match has moved on since you loaded it. Here is the current board."
)
NOT_YOUR_TURN = _("It is not your turn.")
NOT_SEATED = _("You do not have a seat at this match.")
MATCH_NOT_ACTIVE = _("This match is not running.")
MATCH_NOT_OPEN = _("This match is no longer open for players.")
ALREADY_SEATED = _("You already have a seat at this match.")
NO_FREE_SEAT = _("There is no free seat left.")
UNKNOWN_GAME = _("There is no such game.")
UNKNOWN_ROBOT = _("There is no such robot for this game.")
MALFORMED_MOVE = _("That move could not be read.")
ONLY_CREATOR = _("Only the player who created the match can do that.")
MOVE_OVERTAKEN = _(
    "The match has moved on since you loaded it, and your move is no longer "
    "possible. Here is the current board."
)
STAND_IN_PLAYS = _(
    "A robot is playing this seat for you. Take the seat back to move yourself."
)
AUTOPLAY_NOT_OFFERED = _("Finishing automatically is not offered now.")
AUTOPLAY_ALREADY_ON = _("Spielpost is already finishing this match for you.")
AUTOPLAY_NOT_YET = _(
    "Finishing automatically is offered to you once the players asked first "
    "have answered."
)
AUTOPLAY_ALREADY_DECLINED = _("You have already declined to finish automatically.")
NO_STAND_IN = _("Nobody is standing in for you at this match.")
NO_PERSON_SEATED = _("Only a seat taken by a person can get a robot stand-in.")
MATCH_OVER = _("This match is already over.")
UNKNOWN_TIME_CONTROL = _("There is no such time control.")
CUSTOM_TIME_CONTROL_SHAPE = _(
    "A custom time control needs a bank, an increment and a cap, each a whole "
    "number of seconds."
)
UNTIMED_ROBOTS_ONLY = _("This untimed match is for its creator and robots only.")
PRIVATE_NOT_A_FLAG = _("Private must be true or false.")
RATED_NOT_A_FLAG = _("Rated must be true or false.")
STATE_UNREADABLE = _(
    "This match was saved under another version of the rules and cannot be continued."
)
MATCH_PAUSED = _("A moderator has paused this match. Moves wait until it resumes.")
NOT_TIMED_OUT = _("You have not timed out at this match.")
LEFT_FOR_GOOD = _("You have left this match: a robot plays your seat to the end.")
NOT_TIMED = _("This match has no clock.")
ALREADY_PAUSED = _("This match is already paused.")
NOT_PAUSED = _("This match is not paused.")
ALREADY_SEATED_THERE = _("That player already has a seat at this match.")
CANCEL_ALREADY_AGREED = _("You have already agreed to cancel this match.")
NO_SUCH_MATCH = _("There is no such match.")


class MatchError(Exception):
    """A refused request; `message` is shown to the player as it is.

    `status_code`: the API's answer (its OpenAPI schema documents it): 409,
    the match's state decides, unless a subclass says otherwise (400 for the
    settings of a new match, 403 for a caller without a seat or not to move,
    404 for a match one may not see). `page_status_code`: the board's htmx
    move form's answer: 400, what the form sent is refused, unless a
    subclass says otherwise (403 as in the API, 409 for a stale board).
    """

    default_message: Promise = _("That is not possible.")
    status_code: int = 409
    page_status_code: int = 400

    def __init__(self, message: Promise | str | None = None) -> None:
        self.message = message if message is not None else self.default_message
        super().__init__(str(self.message))


class StaleMatch(MatchError):
    """The submit named an old version, and its move cannot be taken over.

    A stale move is still applied when its seat has waited to move since
    that version and the move is legal now (simultaneous moves); otherwise
    this is raised, with STALE_MATCH or MOVE_OVERTAKEN.
    """

    default_message = STALE_MATCH
    status_code = 409
    page_status_code = 409


class NotYourTurn(MatchError):
    """The user has a seat, but that seat is not to move."""

    default_message = NOT_YOUR_TURN
    status_code = 403
    page_status_code = 403


class NotSeated(MatchError):
    """The user has no seat at the match."""

    default_message = NOT_SEATED
    status_code = 403
    page_status_code = 403


class MatchNotActive(MatchError):
    """The match is open or over, so no move can be made."""

    default_message = MATCH_NOT_ACTIVE


class MatchNotFound(MatchError):
    """No such match, or a private one the user may not see.

    Every door answers it exactly as an unknown id (404, `not_found`), so a
    match id reveals nothing (games.selectors.access).
    """

    default_message = NO_SUCH_MATCH
    # Pages answer Http404 before a form is judged.
    status_code = 404
    page_status_code = 404


class SeatUnavailable(MatchError):
    """Joining or adding a robot is not possible (full, already seated, closed)."""

    default_message = NO_FREE_SEAT


class InvalidMatchSettings(MatchError):
    """The game, seat count or options of a new match are not acceptable."""

    status_code = 400


class InvalidMove(MatchError):
    """The move is illegal or malformed; the message comes from the rules."""


SUSPENDED = _(
    "A moderator has suspended your account: you cannot play until the suspension ends."
)


class Suspended(MatchError):
    """The person is suspended (`User.suspended_until` in the future, issue 24).

    Raised by `suspensions.play_allowed_require`, which every playing service
    (moves, seats, new matches) asks, so page, API and socket refuse alike.
    """

    default_message = SUSPENDED
    status_code = 403
    page_status_code = 403
