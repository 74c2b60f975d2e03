"""The database side of the program socket (`/ws/play/`, see play.py).

Synchronous functions, run by the consumer through `database_call`.
They only read through the selectors and the API's bodies and write through
the services (`seat_claim`, `move_submit`): the socket has no write path of
its own. Each raises the services' refusals (games.exceptions), the rules'
(`RulesError`: an illegal move, a game command that stands for no move) or
`PlayError`, which the consumer turns into error answers.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import AuthenticationFailed

from accounts.models import User
from games import exceptions, fairness, selectors, services
from games.api.authentication import PreparedTokenAuthentication
from games.api.bodies import match_body, match_summary
from games.models import Match, Seat
from games.rules import registry

NO_SUCH_MATCH = _("There is no such match.")
BAD_MATCH_ID = _("Name the match by its id (a whole number).")
BAD_STATUS = _(
    "Unknown status filter. Use one of: open, active (STARTED), finished, cancelled, "
    "aborted."
)
BAD_GAME = _("There is no such game.")
BAD_FILTER = _('Send null, a status, or {"status": ..., "game": ..., "mine": ...}.')
BAD_VERSION = _("The version must be a whole number.")


class PlayError(Exception):
    """A refusal of the program socket: an error `code` and a translatable message.

    `params` fill the message's %(name)s placeholders when it is answered
    (`text`, in the player's language). `command`: the command's name when
    the consumer cannot read it from the message (a refused positional
    form). `details`: more keys of the answer's `error` (e.g. `board`).
    """

    def __init__(
        self,
        code: str,
        message: str | Promise,
        *,
        command: str | None = None,
        details: dict[str, Any] | None = None,
        **params: Any,
    ) -> None:
        self.code = code
        self.message = message
        self.command = command
        self.details = details or {}
        self.params = params
        super().__init__(str(message))

    def text(self) -> str:
        """Return the message, translated into the active language."""
        return str(self.message) % self.params if self.params else str(self.message)


# The seed's status names and Spielpost's, upper-cased: REQUEST_GAMES' filter.
# PREPARATION: the running matches whose `state` is PREPARATION (state_of).
STATUS_NAMES: dict[str, str] = {
    "OPEN": Match.Status.OPEN,
    "WAITING": Match.Status.OPEN,
    "PREPARATION": Match.Status.ACTIVE,
    "ACTIVE": Match.Status.ACTIVE,
    "STARTED": Match.Status.ACTIVE,
    "RUNNING": Match.Status.ACTIVE,
    "FINISHED": Match.Status.FINISHED,
    "ENDED": Match.Status.FINISHED,
    "CANCELLED": Match.Status.CANCELLED,
    "ABORTED": Match.Status.ABORTED,
}
GAMES_LIMIT = 100


def token_user(key: str) -> User:
    """Return the active user of API token `key`, as the REST API checks it.

    Raises PlayError("auth_failed") with DRF's message for a malformed or
    unknown token or an inactive account (`PreparedTokenAuthentication`, the API's).
    """
    try:
        user, _token = PreparedTokenAuthentication().authenticate_credentials(key)
    except AuthenticationFailed as error:
        raise PlayError("auth_failed", str(error.detail)) from None
    return user  # type: ignore[no-any-return]


def match_id_of(value: Any) -> int:
    """Return a match id from a command: an int or a string of digits (the seed's STRING).

    `{"match": id, "invite": secret}` names the match by its "match".
    """
    if isinstance(value, Mapping):
        value = value.get("match")
    if isinstance(value, str) and value.isdigit() and len(value) < 19:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    raise PlayError("bad_data", BAD_MATCH_ID)


def invite_of(message: Mapping[str, Any], data: Any) -> str:
    """Return the invitation secret a command brings ("" if none).

    Top level `"invite"`, or in the data `{"match": id, "invite": secret}`.
    """
    invite = message.get("invite")
    if invite is None and isinstance(data, Mapping):
        invite = data.get("invite")
    return invite if isinstance(invite, str) else ""


def games_list(user: User, data: Any) -> list[dict[str, Any]]:
    """REQUEST_GAMES: the matches `user` can see, newest first, as the API lists them.

    `data`: None, a status (Spielpost's or the seed's, see STATUS_NAMES) or
    `{"status", "game", "mine"}` (each optional). Others' private matches are
    left out, as in GET /api/matches/: they are found by their secret only.
    Each summary has the match's `state` too (`state_of`, read from the
    stored state).
    """
    filters: Mapping[str, Any]
    if data is None:
        filters = {}
    elif isinstance(data, str):
        filters = {"status": data}
    elif isinstance(data, Mapping):
        filters = data
    else:
        raise PlayError("bad_data", BAD_FILTER)
    matches = selectors.matches_visible_to(user=user)
    status = filters.get("status")
    state = None
    if status not in (None, ""):
        if not isinstance(status, str) or status.upper() not in STATUS_NAMES:
            raise PlayError("bad_data", BAD_STATUS)
        matches = matches.filter(status=STATUS_NAMES[status.upper()])
        state = "PREPARATION" if status.upper() == "PREPARATION" else None
    game = filters.get("game")
    if game not in (None, ""):
        if game not in registry.GAMES:
            raise PlayError("bad_data", BAD_GAME)
        matches = matches.filter(game_slug=game)
    if filters.get("mine") is True:
        matches = matches.filter(seats__user=user)
    if state is None:
        return [_summary(match) for match in matches[:GAMES_LIMIT]]
    # The phase is in the stored state only: read the running matches.
    found = (_summary(match) for match in matches.iterator(chunk_size=GAMES_LIMIT))
    return list(
        itertools.islice((s for s in found if s["state"] == state), GAMES_LIMIT)
    )


def _summary(match: Match) -> dict[str, Any]:
    """Return the API's summary of `match` and its protocol `state`."""
    summary = match_summary(match)
    summary["state"] = state_of(match.game_slug, match.status, match.state)
    return summary


# The protocol's `state` of a match: the seed's words for the statuses
# (Rat um Rad seed, "Der Spielablauf": STARTED, PREPARATION). A game's
# entry may refine it with `GameEntry.state_name(status, view)`.
STATES: dict[str, str] = {
    Match.Status.OPEN: "WAITING",
    Match.Status.ACTIVE: "STARTED",
    Match.Status.FINISHED: "FINISHED",
    Match.Status.CANCELLED: "CANCELLED",
    Match.Status.ABORTED: "ABORTED",
}


def seated_match_ids(user: User) -> list[int]:
    """Return the ids of `user`'s open and running matches."""
    return [match.id for match, _turn in selectors.matches_for_user(user=user)]


def running_match_ids(user: User) -> list[int]:
    """Return the ids of the running matches where `user` has a seat, ascending."""
    seats = Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE)
    return sorted(set(seats.values_list("match_id", flat=True)))


def is_seated(user: User, match_id: int) -> bool:
    """Return whether `user` has a seat at match `match_id`, open or running.

    An ended match is not watched again: its last view was pushed, and
    its end's "user.matches_changed" comes after it.
    """
    seats = Seat.objects.filter(match_id=match_id, user=user)
    return seats.exclude(match__status__in=Match.ENDED).exists()


def body(user: User, match_id: int, invite: str = "") -> dict[str, Any]:
    """Return the API's body of the match as `user`'s seat (or a spectator) sees it.

    Plus `state`, the status in the seed's words (`state_of`). Raises
    PlayError("not_found") for an unknown match and for a private one `user`
    may not see (no seat, not staff, no valid `invite`) alike.
    """
    try:
        match = selectors.match_visible(match_id=match_id, user=user, invite=invite)
    except exceptions.MatchNotFound:
        raise PlayError("not_found", NO_SUCH_MATCH) from None
    return _body_of(match, user)


def _body_of(match: Match, user: User) -> dict[str, Any]:
    """Return `match_body` plus `state`, for a match `user` may see."""
    found = match_body(match, user)
    found["state"] = state_of(found["game"], found["status"], found["view"])
    return found


def state_of(slug: str, status: str, view: Any) -> str:
    """Return the protocol's `state` of a match of game `slug` (see STATES).

    `view`: a seat's view or the stored state JSON (None while open); a
    game's `state_name` reads what both share (Rat um Rad: `phase`).
    """
    name = registry.game_entry(slug).state_name
    if name is not None:
        return str(name(status, view))
    return STATES.get(status, status.upper())


def client_seed_of(data: Any) -> str:
    """Return the client seed WANT_TO_JOIN_GAME brings ("" if none: generated).

    In the data `{"match": id, "client_seed": "..."}` (issue 23, provably
    fair randomness). Raises InvalidMatchSettings for one that is no string;
    `services.seat_claim` judges the string.
    """
    seed = data.get("client_seed", "") if isinstance(data, Mapping) else ""
    if not isinstance(seed, str):
        raise exceptions.InvalidMatchSettings(_(fairness.CLIENT_SEED_INVALID))
    return seed


def join(
    user: User, match_id: int, invite: str = "", client_seed: str = ""
) -> dict[str, Any]:
    """WANT_TO_JOIN_GAME: take the first free seat (`services.seat_claim`).

    A private match needs its invitation secret `invite`; `client_seed` is
    the person's share of the match's randomness. Joining a match
    where `user` has a seat already takes none and returns the body, so a
    client that joins again (after a reconnect) gets its seat.
    """
    current = body(user, match_id, invite)
    if current["your_seat"] is not None:
        return current
    try:
        services.seat_claim(
            match_id=match_id, user=user, invite=invite, client_seed=client_seed
        )
    except exceptions.MatchNotFound:
        raise PlayError("not_found", NO_SUCH_MATCH) from None
    return body(user, match_id)


def move(user: User, match_id: int, move_data: Any, version: Any) -> dict[str, Any]:
    """MOVE: play `move_data` through `services.move_submit`; return the body after.

    `version`: the version the move was made against; None: the current one.
    The body is the version the move made, built from what the service read
    under the match's lock (no second read of the match).
    """
    if version is None:
        version = body(user, match_id)["version"]
    elif isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise PlayError("bad_data", BAD_VERSION)
    try:
        match = services.move_submit(
            match_id=match_id, user=user, move_data=move_data, expected_version=version
        )
    except exceptions.StaleMatch as error:
        # The message says "Here is the current board": it comes along.
        current = body(user, match_id)
        raise PlayError("stale", error.message, details={"board": current}) from None
    return _body_of(match, user)


def game_commands(slug: str) -> dict[str, Any]:
    """Return game `slug`'s protocol commands (`GameEntry.commands`), or {}."""
    return dict(registry.game_entry(slug).commands)


def all_game_commands() -> frozenset[str]:
    """Return every registered game's command names."""
    return frozenset(
        name for entry in registry.GAMES.values() for name in entry.commands
    )


def game_command(user: User, match_id: int, name: str, data: Any) -> dict[str, Any]:
    """Play the move a game command stands for; return the body after.

    The game's protocol function sees the seat's view and legal moves only
    (never another seat's secrets); its move goes through `move` (the move
    service), made against the version it was read at. Raises PlayError
    ("unknown_command") when the match's game has no such command, the
    services' NotSeated / NotYourTurn before asking the game, and the
    game's ProtocolError (a RulesError) when the command stands for no move.
    """
    current = body(user, match_id)
    command = game_commands(current["game"]).get(name)
    if command is None:
        raise PlayError("unknown_command", UNKNOWN_FOR_GAME)
    if current["your_seat"] is None:
        raise exceptions.NotSeated()
    if current["status"] != Match.Status.ACTIVE:
        raise exceptions.MatchNotActive()
    if current["your_seat"] not in current["to_move"]:
        raise exceptions.NotYourTurn()
    move_data = command(current["view"], current["legal_moves"], data)
    return move(user, match_id, move_data, current["version"])


UNKNOWN_FOR_GAME = _("This match's game has no such command.")
