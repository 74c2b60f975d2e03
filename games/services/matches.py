"""Creating, starting and aborting matches."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from games import broadcast, exceptions, fairness
from games.clocks import (
    DEFAULT_PRESET,
    PRESETS,
    TimeControl,
    TimeControlError,
    time_control_custom,
)
from games.models import Match, Seat
from games.rules import InvalidOptions, registry
from games.text import message_text

from .core import (
    match_finish,
    match_lock,
    match_seats,
    match_start,
)
from .fairness import client_seed_clean
from .suspensions import play_allowed_require


def match_create(
    *,
    user: User,
    game_slug: str,
    seats: int,
    options: dict[str, Any] | None = None,
    time_control: str | dict[str, Any] | None = None,
    private: bool = False,
    rated: bool = True,
    client_seed: str = "",
) -> Match:
    """Create an open match with `seats` seats; `user` takes seat 0.

    `time_control`: a preset name (`games.clocks.PRESETS`), a custom
    `{"bank", "increment", "cap"}` in whole seconds, or None for the
    default ("daily"). A one-seat (solo) match is always untimed, whatever
    is asked: nobody waits on it. An untimed match must have no strangers:
    a `private` one is not listed in the lobby and is joined by its link,
    which carries the match's random `invite_secret`;
    a public one is not listed either, and only robots may join it
    (`seat_claim` refuses people). `rated` False makes the match unrated
    (issue 23, Ratings; a rated one still needs two people when it
    finishes, see services.ratings).

    The match draws its secret server seed and publishes its commitment
    (games/fairness.py); `client_seed` is the creator's contribution to the
    match's randomness (blank: generated).

    A solo match starts at once. Raises InvalidMatchSettings for an unknown
    game, a seat count outside the game's range, options the game refuses,
    an unknown preset or a custom control out of bounds; nothing is created
    then. Raises Suspended (403) for a suspended person.
    """
    play_allowed_require(user, reload=True)
    try:
        rules = registry.rules_for(game_slug)
    except KeyError:
        raise exceptions.InvalidMatchSettings(exceptions.UNKNOWN_GAME) from None
    if isinstance(seats, bool) or not isinstance(seats, int):
        raise exceptions.InvalidMatchSettings(
            exceptions.InvalidMatchSettings.default_message
        )
    if options is not None and not isinstance(options, dict):
        raise exceptions.InvalidMatchSettings(
            exceptions.InvalidMatchSettings.default_message
        )
    if not isinstance(private, bool):
        raise exceptions.InvalidMatchSettings(exceptions.PRIVATE_NOT_A_FLAG)
    if not isinstance(rated, bool):
        raise exceptions.InvalidMatchSettings(exceptions.RATED_NOT_A_FLAG)
    control = _time_control_parse(time_control)
    client_seed = client_seed_clean(client_seed)
    if seats == 1:
        # Nobody waits on a solo match: no clock runs.
        control = PRESETS["untimed"]
    try:
        normalised = rules.validate_options(dict(options or {}), seats)
    except InvalidOptions as error:
        raise exceptions.InvalidMatchSettings(
            message_text(error.as_message())
        ) from error
    server_seed = fairness.server_seed_new()
    with transaction.atomic():
        match = Match.objects.create(
            game_slug=game_slug,
            options=normalised,
            # The robots' seed (and legacy matches' engine seed).
            seed=secrets.randbits(62),
            server_seed=server_seed,
            seed_commitment=fairness.commitment(server_seed),
            rules_version=rules.info.version,
            created_by=user,
            time_control=control.to_json() if control.timed else None,
            private=private,
            rated=rated,
            # The invitation link's secret: ids are sequential, so a private
            # match is found by its secret only (games.selectors.access).
            invite_secret=secrets.token_urlsafe(16) if private else "",
        )
        Seat.objects.bulk_create(
            Seat(
                match=match,
                position=position,
                user=user if position == 0 else None,
                joined_at=timezone.now() if position == 0 else None,
                client_seed=client_seed if position == 0 else "",
            )
            for position in range(seats)
        )
        if seats == 1:
            # A solo match is full as soon as its creator sits down.
            match_start(match, match_seats(match))
        else:
            broadcast.lobby_changed_on_commit()
            broadcast.user_matches_changed_on_commit(match, [user.id])
    return match


def match_abort(*, match_id: int) -> Match:
    """Abort an open or running match (moderation): nobody moves any more.

    Raises MatchNotActive (MATCH_OVER) when it is already finished or
    aborted. Open boards and the lobby are told on commit.
    """
    with transaction.atomic():
        match = match_lock(match_id)
        if match.status not in (Match.Status.OPEN, Match.Status.ACTIVE):
            raise exceptions.MatchNotActive(exceptions.MATCH_OVER)
        match_finish(match, status=Match.Status.ABORTED)
        broadcast.match_changed_on_commit(match)
        broadcast.lobby_changed_on_commit()
    return match


def _time_control_parse(value: str | dict[str, Any] | None) -> TimeControl:
    """Return the time control `value` asks for (None: the default preset).

    Raises InvalidMatchSettings for an unknown preset name ("custom" needs
    its values), a custom object without exactly `bank`, `increment` and
    `cap` as whole seconds, or values out of `time_control_custom`'s bounds.
    """
    if value is None:
        return PRESETS[DEFAULT_PRESET]
    if isinstance(value, str):
        if value not in PRESETS:
            raise exceptions.InvalidMatchSettings(exceptions.UNKNOWN_TIME_CONTROL)
        return PRESETS[value]
    if not isinstance(value, dict) or set(value) != {"bank", "increment", "cap"}:
        raise exceptions.InvalidMatchSettings(exceptions.CUSTOM_TIME_CONTROL_SHAPE)
    if any(isinstance(v, bool) or not isinstance(v, int) for v in value.values()):
        raise exceptions.InvalidMatchSettings(exceptions.CUSTOM_TIME_CONTROL_SHAPE)
    try:
        return time_control_custom(
            bank=value["bank"], increment=value["increment"], cap=value["cap"]
        )
    except TimeControlError as error:
        raise exceptions.InvalidMatchSettings(error.message) from error
