"""Who is to move, and how a match ended: one answer for every door (issue 21).

The engine's state of a match that ended early (a resignation, a cancel by
consent, a moderator's abort) stays where play stopped, so `rules.to_move`
still names the seats that were to move then. Boards, lists, the API and
the program socket ask `to_move_now` instead: nobody is to move unless the
match runs. `match_ending` says in one word how a match ended, and
`ending_text` in one sentence.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext

from games.models import LeaveReason, Match, Seat
from games.rules import Outcome

# Outcome.reason of a match that ended because a person resigned
# (games.services.endings.RESIGNED; selectors do not import services).
RESIGNED = "resigned"

# `match_ending`'s words, besides "" while the match is open or running.
FINISHED = "finished"  # played to its end: the rules ranked the seats
ENDED_BY_RESIGNATION = "resigned"  # a person resigned, and that ended it
CANCELLED = "cancelled"  # its players agreed to cancel it: no winner
ABORTED = "aborted"  # a moderator aborted it (or every person left it open)


def to_move_now(match: Match, state: Any) -> frozenset[int]:
    """Return the positions of the seats to move in `match` now.

    `state` is the match's engine state (`match.game_state()`), or None
    while it has none. Nobody is to move unless the match runs: a finished,
    cancelled or aborted match has nobody to move, whatever its state says.
    """
    if state is None or not match.is_running:
        return frozenset()
    return match.rules.to_move(state)


def view_at_end(match: Match, view: dict[str, Any]) -> dict[str, Any]:
    """Return the engine's `view`, with nobody to move once `match` has ended.

    An engine that reaches its own end already says so (`to_move` empty,
    `current` None); a match ended early says the same through this: its
    `to_move` is [] and its `current` None (each only where the view has
    it). The rest is the view as play left it. A running match's view is
    returned as it is.
    """
    if match.is_running:
        return view
    ended: dict[str, Any] = {"to_move": [], "current": None}
    return {**view, **{key: value for key, value in ended.items() if key in view}}


def match_ending(match: Match, outcome: Outcome | None) -> str:
    """Return how `match` ended: one of the words above, "" while it has not.

    `outcome` is the match's (`Outcome.from_json(match.outcome)`), None
    when it has none.
    """
    if match.status == Match.Status.CANCELLED:
        return CANCELLED
    if match.status == Match.Status.ABORTED:
        return ABORTED
    if match.status != Match.Status.FINISHED:
        return ""
    if outcome is not None and outcome.reason == RESIGNED:
        return ENDED_BY_RESIGNATION
    return FINISHED


def ending_text(match: Match, seats: Iterable[Seat]) -> str:
    """Return one sentence that says how `match` ended ("" while it runs).

    For lists of matches: reads the match's status and outcome and the
    seats' names (load them with the players first: no query per seat).
    """
    outcome = Outcome.from_json(match.outcome) if match.outcome else None
    ending = match_ending(match, outcome)
    seats = sorted(seats, key=lambda seat: seat.position)
    if ending == CANCELLED:
        return gettext("Cancelled by agreement, no winner.")
    if ending == ABORTED and match.started_at is None:
        return gettext("Aborted before it started.")
    if ending == ABORTED:
        return gettext("Aborted by a moderator, no winner.")
    if not ending or outcome is None:
        return ""
    resigned = [s.name for s in seats if s.left_reason == LeaveReason.RESIGNED]
    if ending == ENDED_BY_RESIGNATION and resigned:
        # Only a table of one or two ends by a resignation: one name.
        return gettext("%(player)s resigned.") % {"player": ", ".join(resigned)}
    winners = [s.name for s in seats if outcome.ranks[s.position] == 1]
    if len(seats) == 1 and not winners:
        return gettext("The game won.")
    if len(winners) > 1:
        return gettext("%(names)s won together.") % {"names": ", ".join(winners)}
    return gettext("%(names)s won.") % {"names": ", ".join(winners)}
