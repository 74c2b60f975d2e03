"""The pages' report form (issue 24, "Reports"): `POST /reports/`.

The small form under a profile and a match page (templates/games/
_report_form.html, rendered by the `report_form` tag) posts here; the
report goes through the same service as `POST /api/reports/`. The person
is sent back to the page they reported from, with a message.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.models import User
from games.exceptions import MatchError
from games.selectors.profiles import player_by_name
from games.services.moderation_reports import NO_SUCH_PERSON, report_file


@require_POST
@login_required
def report_submit(request: HttpRequest) -> HttpResponse:
    """File the posted report and go back to `next` (a page of this site) with a message."""
    assert isinstance(request.user, User)
    post = request.POST
    back = post.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = "/"
    try:
        reported = None
        if post.get("player"):
            try:
                reported = player_by_name(name=post["player"])
            except User.DoesNotExist:
                raise MatchError(NO_SUCH_PERSON) from None
        report_file(
            reporter=request.user,
            kind=post.get("kind", ""),
            reason=post.get("reason", ""),
            text=post.get("text", ""),
            reported=reported,
            chat_line_id=_int_or_none(post.get("chat_line")),
            match_id=_int_or_none(post.get("match")),
        )
    except MatchError as refusal:
        messages.error(request, str(refusal.message))
    else:
        messages.success(request, _("Thank you: a moderator will look at your report."))
    return redirect(back)


def _int_or_none(value: str | None) -> int | None:
    """Return `value` as a positive int, or None when it is not one."""
    return int(value) if value and value.isdigit() and len(value) < 12 else None
