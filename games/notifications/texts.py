"""What a notice says, in the active language (the bell's page and the e-mails).

A notice's `params` (written by `notify`'s callers) hold what was true when
it was written: `game` (the game's slug), `opponents` (the other seats'
names), and per kind what it needs (`version` of a turn, `rank` and
`winners` of a result, `name` of who joined (of who invited, of who
declined an invitation), `until` of a vacation, ISO
8601 UTC). The texts do not read the match again: a list of notices costs
no query per notice.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.models import Notification
from games.rules import registry

Kind = Notification.Kind


def match_label(notification: Notification) -> str:
    """Return e.g. "Race #12", or "" for a notice about no match."""
    if notification.match_id is None:
        return ""
    entry = registry.GAMES.get(str(notification.params.get("game", "")))
    name = entry.rules.info.name if entry is not None else _("Match")
    return f"{name} #{notification.match_id}"


def with_whom(notification: Notification) -> str:
    """Return ", with Bob and Carol" style text, or "" (no opponent named)."""
    names = [str(name) for name in notification.params.get("opponents", [])]
    if not names:
        return ""
    if len(names) == 1:
        return _("with %(name)s") % {"name": names[0]}
    return _("with %(names)s and %(last)s") % {
        "names": ", ".join(names[:-1]),
        "last": names[-1],
    }


def title(notification: Notification) -> str:
    """Return the notice's headline, e.g. "Your turn in Race #12"."""
    match = match_label(notification)
    kind = notification.kind
    if kind == Kind.YOUR_TURN:
        return _("Your turn in %(match)s") % {"match": match}
    if kind == Kind.TIME_LOW:
        return _("Your time is running out in %(match)s") % {"match": match}
    if kind == Kind.TIMED_OUT:
        return _("You timed out in %(match)s") % {"match": match}
    if kind == Kind.SEAT_LOST:
        return _("A robot now plays your seat in %(match)s") % {"match": match}
    if kind == Kind.MATCH_STARTED:
        return _("%(match)s has started") % {"match": match}
    if kind == Kind.MATCH_FINISHED:
        return _("%(match)s is over") % {"match": match}
    if kind == Kind.MATCH_CANCELLED:
        return _("%(match)s was cancelled") % {"match": match}
    if kind == Kind.PLAYER_JOINED:
        return _("%(name)s joined %(match)s") % {
            "name": notification.params.get("name", "?"),
            "match": match,
        }
    if kind == Kind.VACATION_ENDING:
        return _("Your vacation ends tomorrow")
    if kind == Kind.INVITED:
        return _("%(name)s invites you to %(match)s") % {
            "name": notification.params.get("name", "?"),
            "match": match,
        }
    if kind == Kind.INVITATION_DECLINED:
        return _("%(name)s declined your invitation to %(match)s") % {
            "name": notification.params.get("name", "?"),
            "match": match,
        }
    if kind == Kind.REPORT_HANDLED:
        return _("A moderator has handled your report")
    if kind == Kind.SANCTIONED:
        if notification.params.get("sanction") == "muted":
            return _("A moderator has muted you in chat")
        if notification.params.get("sanction") == "banned":
            return _("A moderator has closed your account")
        return _("A moderator has suspended your account")
    return _("Something happened at Spielpost")


def line(notification: Notification) -> str:
    """Return one more line of detail, or "" when the title says it all."""
    kind = notification.kind
    params = notification.params
    whom = with_whom(notification)
    if kind == Kind.MATCH_FINISHED:
        winners = [str(name) for name in params.get("winners", [])]
        if params.get("rank") == 1:
            return _("You won.") if len(winners) <= 1 else _("You won together.")
        if winners:
            return _("%(names)s won.") % {"names": ", ".join(winners)}
        return _("The game won.")
    if kind == Kind.TIMED_OUT:
        return _(
            "A robot played your turn. Your next move takes the seat back; after "
            "three timeouts in a row the robot plays it to the end."
        )
    if kind == Kind.SEAT_LOST:
        return _("Your clock ran out three turns in a row.")
    if kind == Kind.VACATION_ENDING:
        return _("Your clocks run again when it ends.")
    if kind == Kind.SANCTIONED and "until" not in params:
        return _("Why: %(reason)s") % {"reason": params.get("reason", "")}
    if kind == Kind.SANCTIONED:
        return _("Until %(until)s (UTC). Why: %(reason)s") % {
            "until": params.get("until", "?"),
            "reason": params.get("reason", ""),
        }
    if kind == Kind.INVITED:
        # Who sits there already, and what to do (issue 24).
        seated = _("Seated: %(names)s.") % {
            "names": ", ".join(str(n) for n in params.get("opponents", []))
        }
        return _(
            "%(seated)s Open the board to take a seat, or decline on your friends page."
        ) % {"seated": seated}
    if kind == Kind.INVITATION_DECLINED:
        return ""
    if kind == Kind.REPORT_HANDLED:
        return _("Thank you for telling us about %(name)s.") % {
            "name": params.get("name", "?")
        }
    return whom
