"""The report form under a profile or a match page (issue 24, "Reports").

`{% report_form person=profile.person %}` reports a profile or a display
name; `{% report_form board=board %}` reports a person seated at a match
(the viewer chooses whom). Nothing is shown to visitors who are not
logged in, to the person about themself, or where nobody else is seated.
"""

from __future__ import annotations

from typing import Any

from django import template

from accounts.models import User
from games.models import Report

register = template.Library()


@register.inclusion_tag("games/_report_form.html", takes_context=True)
def report_form(
    context: template.Context, *, person: User | None = None, board: Any = None
) -> dict[str, Any]:
    """Return the form's context: kinds, reasons, the persons one may report."""
    request = context.get("request")
    viewer = getattr(request, "user", None)
    if request is None or viewer is None or not viewer.is_authenticated:
        return {"shown": False}
    if person is not None:
        return {
            "shown": person.pk != viewer.pk,
            "kinds": [
                (Report.Kind.PROFILE, Report.Kind.PROFILE.label),
                (Report.Kind.DISPLAY_NAME, Report.Kind.DISPLAY_NAME.label),
            ],
            "players": [person.name],
            "reasons": Report.Reason.choices,
            "next": request.get_full_path(),
            "match_id": None,
        }
    players = [
        seat.name
        for seat in board.seats
        if not (seat.is_robot or seat.is_free or seat.is_viewer)
    ]
    return {
        "shown": bool(players),
        "kinds": [(Report.Kind.MATCH, Report.Kind.MATCH.label)],
        "players": players,
        "reasons": Report.Reason.choices,
        "next": request.get_full_path(),
        "match_id": board.match.id,
    }
