"""The verify page of provably fair randomness: `/matches/<id>/verify/` (issue 23).

Finished (or otherwise ended) matches: the server seed, the client seeds,
the commitment check and the replay check (games/fairness.py `verify`).
Running or open ones: only the commitment and what will be checkable at
the end; the server seed stays on the server.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games import exceptions, fairness, selectors
from games.selectors.fairness import verify_record


@dataclass(frozen=True)
class CheckLine:
    """One check as the page shows it: `ok` (True, False, None) and its text."""

    code: str
    ok: bool | None
    text: str


@require_GET
def match_verify(request: HttpRequest, match_id: int) -> HttpResponse:
    """Show `match_id`'s seeds and checks; 404 for a match the viewer may not see.

    Whoever may see the board may see this page (`selectors.match_visible`).
    """
    try:
        match = selectors.match_visible(
            match_id=match_id, user=request.user, invite="", session=request.session
        )
    except exceptions.MatchNotFound:
        raise Http404 from None
    record = verify_record(match)
    checks: list[CheckLine] = []
    if match.is_over:
        checks = [
            CheckLine(c.code, c.ok, _(c.message) % c.params)
            for c in fairness.verify(record)
        ]
    return render(
        request,
        "games/match_verify.html",
        {
            "match": match,
            "record": record,
            "client_seeds": record.get("client_seeds", []),
            "checks": checks,
            "verified": bool(checks) and all(c.ok for c in checks),
        },
    )
